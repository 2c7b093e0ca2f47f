# Runs a sketch binary and compares its output with the expected text
# (line endings normalised: Serial.println writes CR LF like the real core).
execute_process(COMMAND ${EXE} OUTPUT_VARIABLE out RESULT_VARIABLE rc TIMEOUT 50)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "sketch exited with ${rc}:\n${out}")
endif()
string(REPLACE "\r\n" "\n" out "${out}")
file(READ ${EXPECTED} expected)
if(NOT out STREQUAL expected)
  message(FATAL_ERROR "sketch output differs.\n--- expected\n${expected}\n--- got\n${out}")
endif()
