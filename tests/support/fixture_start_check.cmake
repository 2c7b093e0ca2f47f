# Runs a test binary where no shared fixture can start (TMPDIR names no
# folder: neither the certificates nor nginx get their temp dir) and checks
# that its suites FAIL rather than skip (tests/support/suite_start.h): exit
# status not 0, failed tests that say why, not one skipped.
#   cmake -DTEST=<binary> -DFILTER=<gtest filter> -P fixture_start_check.cmake
execute_process(COMMAND ${CMAKE_COMMAND} -E env TMPDIR=/nonexistent/ehc-fixture-check
                        ${TEST} --gtest_filter=${FILTER}
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
set(problems "")
if(status EQUAL 0)
  string(APPEND problems "exit status 0; ")
endif()
if(out MATCHES "\\[  SKIPPED \\]")
  string(APPEND problems "tests reported as skipped; ")
endif()
if(NOT out MATCHES "\\[  FAILED  \\]")
  string(APPEND problems "no failed test; ")
endif()
if(NOT out MATCHES "shared fixture did not start: mkdtemp failed")
  string(APPEND problems "no test says why; ")
endif()
if(problems)
  message(FATAL_ERROR "${TEST} --gtest_filter=${FILTER} without its fixture: ${problems}\n${out}")
endif()
