// The benchmarks' instruction counts on the host (json_bench, http_bench):
// the program runs itself once more under callgrind with collection off at
// the start, and the run toggles it (CALLGRIND_TOGGLE_COLLECT) around the
// work, so only that is counted.
#pragma once

#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <string>
#include <vector>

namespace bench {

// Instructions counted in `self args...` run under callgrind; -1 if it failed.
inline double callgrindInstructions(const char* self, const std::vector<std::string>& args) {
  char out[] = "/tmp/ehc-callgrind-XXXXXX";
  const int fd = mkstemp(out);
  if (fd < 0) return -1;
  close(fd);
  const std::string file = std::string("--callgrind-out-file=") + out;
  std::vector<const char*> argv = {"valgrind", "--tool=callgrind", "--collect-atstart=no",
                                   file.c_str(), self};
  for (const std::string& a : args) argv.push_back(a.c_str());
  argv.push_back(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    if (!freopen("/dev/null", "w", stderr)) _exit(126);
    execvp("valgrind", const_cast<char* const*>(argv.data()));
    _exit(127);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  double ir = -1;
  std::ifstream in(out);
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("totals:", 0) == 0 || line.rfind("summary:", 0) == 0)
      ir = atof(line.c_str() + line.find(':') + 1);
  unlink(out);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? ir : -1;
}

}  // namespace bench
