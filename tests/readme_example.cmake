# The README's example is examples/QuickStart/QuickStart.ino, from its first
# #include on, word for word: the sketch the tests compile and run.
file(READ ${README} readme)
file(READ ${SKETCH} sketch)
string(FIND "${sketch}" "#include" start)
string(SUBSTRING "${sketch}" ${start} -1 code)
string(FIND "${readme}" "${code}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "README.md does not show ${SKETCH} as it is:\n${code}")
endif()
