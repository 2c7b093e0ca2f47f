# Compiler discipline for library code: every warning that finds real bugs in
# a parser, as errors, and no exceptions or RTTI (they cost flash on an MCU
# and the library reports errors by value).
set(EHC_STRICT_FLAGS -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion -Werror)
set(EHC_EMBEDDED_FLAGS -fno-exceptions -fno-rtti)

# ehc_add_layer(name sources...): one static library per layer of src/ehc.
function(ehc_add_layer name)
  add_library(${name} STATIC ${ARGN})
  target_include_directories(${name} PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/src>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/ESP32HTTPClient>)
  target_compile_features(${name} PUBLIC cxx_std_17)
  target_compile_options(${name} PRIVATE ${EHC_STRICT_FLAGS} ${EHC_EMBEDDED_FLAGS})
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
endfunction()
