// A POSIX file descriptor as a download target or an upload source, in the
// shape of an Arduino Stream (write / read), so that RestRequest's
// downloadTo() takes it as it takes a File:
//
//   int fd = open("out.bin", O_WRONLY | O_CREAT | O_TRUNC, 0644);
//   ehc::FdStream file{fd};
//   client.get("/big.bin").downloadTo(file).send();
//
// Also ESP-IDF's VFS descriptors (SPIFFS, FAT, LittleFS).
#pragma once

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <unistd.h>

#include "../config.h"

EHC_BEGIN_NAMESPACE

struct FdStream {
  int fd;

  // All of it, or what went before a failure (a short count is a write error).
  size_t write(const uint8_t* data, size_t length) {
    size_t done = 0;
    while (done < length) {
      const ssize_t n = ::write(fd, data + done, length - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      done += static_cast<size_t>(n);
    }
    return done;
  }
  // Up to length bytes; 0 at the end; -1 on an error.
  int read(uint8_t* data, size_t length) {
    for (;;) {
      const ssize_t n = ::read(fd, data, length);
      if (n < 0 && errno == EINTR) continue;
      return static_cast<int>(n);
    }
  }
};

EHC_END_NAMESPACE
