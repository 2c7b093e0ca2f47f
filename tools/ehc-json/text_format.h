// Formatting shared by the host tools.
#pragma once

#include <string>

// Appends `s` as a JSON string literal (quotes, escapes; UTF-8 kept).
void appendJsonString(std::string& out, const char* s, size_t n);
