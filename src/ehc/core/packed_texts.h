// A column of a constexpr table of texts, packed at compile time into one
// array of its own: the texts one after the other, each ended by '\0'.
//
// Why: GCC puts all of a file's string literals in one section, so with
// --gc-sections a table of literals links every text it holds as soon as one
// is read, and a pointer per row besides. The rows written as a constexpr
// table are not emitted; each column read is one named array (a section of
// its own under -fdata-sections), so a program links only the columns it
// reads, and no pointers.
#pragma once

#include <stddef.h>

#include "../config.h"

EHC_BEGIN_NAMESPACE

// The index-th of the '\0'-ended texts that follow each other from `packed`.
const char* packedText(const char* packed, size_t index);

namespace packed_texts {

template <size_t Size>
struct Column {
  char chars[Size];
};

template <typename Row, size_t N>
constexpr size_t columnSize(const Row (&rows)[N], const char* Row::*field) {
  size_t size = 0;
  for (const Row& row : rows) {
    for (const char* c = row.*field; *c; ++c) ++size;
    ++size;
  }
  return size;
}

template <size_t Size, typename Row, size_t N>
constexpr Column<Size> pack(const Row (&rows)[N], const char* Row::*field) {
  Column<Size> column{};
  size_t at = 0;
  for (const Row& row : rows) {
    for (const char* c = row.*field; *c; ++c) column.chars[at++] = *c;
    column.chars[at++] = '\0';
  }
  return column;
}

template <const auto& Rows, auto Field>
constexpr Column<columnSize(Rows, Field)> kColumn = pack<columnSize(Rows, Field)>(Rows, Field);

}  // namespace packed_texts

// Rows[index].*Field, from the column's packed array (index < the row count).
template <const auto& Rows, auto Field>
const char* packedColumnText(size_t index) {
  return packedText(packed_texts::kColumn<Rows, Field>.chars, index);
}

EHC_END_NAMESPACE
