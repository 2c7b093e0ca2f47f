# The ESP-IDF component (included by the top CMakeLists.txt when ESP-IDF's
# build runs it). Every source named (scripts/board-check.sh checks that this
# list is src/'s .cpp files, no more, no less).
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
set(EHC_IDF_SOURCES
    src/ehc/client/client_error.cpp
    src/ehc/client/connection.cpp
    src/ehc/client/cookie_jar.cpp
    src/ehc/client/json_body.cpp
    src/ehc/client/rest_client.cpp
    src/ehc/client/rest_request.cpp
    src/ehc/client/user_headers.cpp
    src/ehc/core/number_format.cpp
    src/ehc/http/http_error.cpp
    src/ehc/http/request_writer.cpp
    src/ehc/http/response_parser.cpp
    src/ehc/http/text.cpp
    src/ehc/http/url.cpp
    src/ehc/json/decimal_number.cpp
    src/ehc/json/json_binder.cpp
    src/ehc/json/json_error.cpp
    src/ehc/json/json_path.cpp
    src/ehc/json/json_writer.cpp
    src/ehc/json/utf8.cpp
    src/ehc/net/mbedtls_transport.cpp
    src/ehc/net/net_error.cpp
    src/ehc/net/posix_transport.cpp
    src/ehc/platform/clock.cpp
    src/ehc/platform/heap_stats.cpp
    src/ehc/platform/random.cpp
    src/ehc/platform/trust_store.cpp)

set(ehc_arduino "")
if(CONFIG_ENABLE_ARDUINO_DEPENDS)
  if(NOT DEFINED EHC_ARDUINO_COMPONENT)
    set(EHC_ARDUINO_COMPONENT arduino-esp32)
  endif()
  set(ehc_arduino ${EHC_ARDUINO_COMPONENT})
endif()

idf_component_register(SRCS ${EHC_IDF_SOURCES}
                       INCLUDE_DIRS "src"
                       REQUIRES ${ehc_arduino}
                       PRIV_REQUIRES mbedtls lwip esp_hw_support esp_timer)
