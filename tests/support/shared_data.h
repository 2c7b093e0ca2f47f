// Files of the read-only shared folder (../shared: test data, regression
// inputs), found through EHC_SHARED_DIR, which every test target defines.
#pragma once

#include <fstream>
#include <sstream>
#include <string>

namespace ehc_test {

// The whole file at EHC_SHARED_DIR/relative, binary; "" if it cannot be read.
inline std::string sharedFile(const std::string& relative) {
  std::ifstream in(std::string(EHC_SHARED_DIR) + "/" + relative, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace ehc_test
