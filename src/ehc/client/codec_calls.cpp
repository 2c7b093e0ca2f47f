// The inflater as a request calls it (body_options.h, InflateCalls): in a
// file of its own, so that only a program that opts in (acceptEncoding,
// setInflater) links it.
#include "../codec/inflate.h"
#include "body_options.h"

EHC_BEGIN_NAMESPACE

const InflateCalls kInflateCalls = {
    [](Inflater& i, bool gzip, ByteSink out) {
      i.begin(gzip ? InflateFormat::Gzip : InflateFormat::ZlibOrRaw, out);
    },
    [](Inflater& i, const char* d, size_t n) { return i.feed(d, n); },
    [](Inflater& i) { return i.finish(); },
    [](const Inflater& i) { return i.error(); },
};

EHC_END_NAMESPACE
