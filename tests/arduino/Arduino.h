// Host stand-in for the Arduino core (ESP32 flavour): just enough of the
// public API for the library's Arduino code and the example sketches to
// compile and run on Linux. Not a simulator: time is real time, the network
// is the host's.
#pragma once

#ifndef ARDUINO
#define ARDUINO 10819
#endif
#define EHC_ARDUINO_HOST_STANDIN 1

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Client.h"
#include "Esp.h"
#include "IPAddress.h"
#include "Print.h"
#include "Stream.h"
#include "WString.h"

typedef bool boolean;
typedef uint8_t byte;

unsigned long millis();
unsigned long micros();
void delay(unsigned long ms);
void yield();

// Pins: nothing to drive on the host; the last level written is kept.
#define LOW 0x0
#define HIGH 0x1
#define OUTPUT 0x03
#ifndef LED_BUILTIN
#define LED_BUILTIN 2
#endif
void pinMode(uint8_t pin, uint8_t mode);
void digitalWrite(uint8_t pin, uint8_t level);
int digitalRead(uint8_t pin);

// Serial: prints to stdout; nothing ever arrives on it.
class HardwareSerial : public Stream {
 public:
  void begin(unsigned long /*baud*/) {}
  void end() {}
  using Print::write;
  size_t write(uint8_t c) override;
  size_t write(const uint8_t* buf, size_t size) override;
  int available() override { return 0; }
  int read() override { return -1; }
  int peek() override { return -1; }
  void flush() override;
  operator bool() const { return true; }
};
extern HardwareSerial Serial;

// Sketch entry points, called by the host's main().
void setup();
void loop();
