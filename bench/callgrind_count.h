// The benchmarks' instruction counts on the host (json_bench, http_bench):
// the program runs itself once more under callgrind with collection off at
// the start, and the run toggles it (CALLGRIND_TOGGLE_COLLECT) around the
// work, so only that is counted.
#pragma once

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <string>
#include <vector>

namespace bench {

// The inclusive count of each function named (0 when it never ran), from
// callgrind_annotate's listing of a callgrind output file. A name matches
// the end of a qualified name, before its parameters ("JsonBinder::feed").
inline std::vector<double> inclusiveCounts(const char* file,
                                           const std::vector<std::string>& names) {
  std::vector<double> counts(names.size(), 0);
  const std::string command =
      std::string("callgrind_annotate --inclusive=yes --threshold=100 ") + file + " 2>/dev/null";
  FILE* p = popen(command.c_str(), "r");
  if (!p) return counts;
  char line[4096];
  while (fgets(line, sizeof line, p)) {
    std::string l(line), digits;
    for (size_t k = 0; k < names.size(); ++k) {
      const size_t at = l.find(":" + names[k]);
      const char after = at == std::string::npos ? 0 : l[at + 1 + names[k].size()];
      if (at == std::string::npos || !strchr(" ('\n", after)) continue;
      for (char c : l.substr(0, l.find('('))) {
        if (c >= '0' && c <= '9') digits += c;
      }
      if (counts[k] == 0) counts[k] = atof(digits.c_str());  // the largest: the function whole
    }
  }
  pclose(p);
  return counts;
}

// Instructions counted in `self args...` run under callgrind; -1 if it failed.
// With `inclusive`, *parts gets those functions' inclusive counts.
inline double callgrindInstructions(const char* self, const std::vector<std::string>& args,
                                    const std::vector<std::string>* inclusive = nullptr,
                                    std::vector<double>* parts = nullptr) {
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
  if (inclusive && parts) *parts = inclusiveCounts(out, *inclusive);
  // EHC_CALLGRIND_KEEP=DIR keeps each output file there, for callgrind_annotate.
  static int kept = 0;
  const char* keep = getenv("EHC_CALLGRIND_KEEP");
  const std::string keptAs = keep ? std::string(keep) + "/callgrind." + std::to_string(++kept) : "";
  if (!keep || rename(out, keptAs.c_str()) != 0) unlink(out);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? ir : -1;
}

}  // namespace bench
