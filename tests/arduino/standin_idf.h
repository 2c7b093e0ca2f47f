// Test hooks of the ESP-IDF stand-in's host side (idf_host.cpp).
#pragma once

// Forgets what esp_crt_bundle_set() was given: the firmware bundle
// (EHC_STANDIN_BUNDLE) again.
void ehcStandinResetBundle();
