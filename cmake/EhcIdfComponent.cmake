# The ESP-IDF component (included by the top CMakeLists.txt when ESP-IDF's
# build runs it). Its sources are cmake/EhcSources.cmake's lists, the same as
# the host build's (scripts/board-check.sh checks they are src/'s .cpp files).
#
# PRIV_REQUIRES: the components our .cpp files use; no public header of ours
# includes theirs (mbedTLS types stay inside mbedtls_transport.cpp and the
# trust store). freertos and esp_system are common components (always there).
#
# Arduino-ESP32 as a component (CONFIG_ENABLE_ARDUINO_DEPENDS, set by its
# Kconfig): our sources REQUIRE it, so they are compiled with the ARDUINO,
# ARDUINO_ARCH_ESP32 definitions its target publishes, the same view as the
# sketch's files (a mismatch would change ESP32HTTPClient's layout between
# translation units). Its component name is arduino-esp32 (registry and
# components/arduino-esp32); set EHC_ARDUINO_COMPONENT to another name (e.g.
# "arduino" for a components/arduino checkout).
include(${CMAKE_CURRENT_LIST_DIR}/EhcSources.cmake)

set(ehc_arduino "")
if(CONFIG_ENABLE_ARDUINO_DEPENDS)
  if(NOT DEFINED EHC_ARDUINO_COMPONENT)
    set(EHC_ARDUINO_COMPONENT arduino-esp32)
  endif()
  set(ehc_arduino ${EHC_ARDUINO_COMPONENT})
endif()

idf_component_register(SRCS ${EHC_ALL_SOURCES}
                       INCLUDE_DIRS "src"
                       REQUIRES ${ehc_arduino}
                       PRIV_REQUIRES mbedtls lwip esp_hw_support esp_timer)
