// The client's outcome does not depend on how the server's bytes are split
// into reads: the client fuzzer's findings (../shared/testdata/regressions)
// replayed through its scenario with every read size from 1 to 64.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "../../fuzz/client_scenario.h"

namespace {

std::vector<uint8_t> regression(const char* name) {
  std::ifstream in(std::string(EHC_SHARED_DIR) + "/testdata/regressions/" + name, std::ios::binary);
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {});
}

// The input as the fuzzer takes it: its first byte picks a read size, the
// rest is what the server sends; sent, and polled.
void expectOneOutcomeForEveryReadSize(const std::vector<uint8_t>& input,
                                      ehc_fuzz::ClientOutcome* first) {
  ASSERT_GT(input.size(), 1u);
  ehc_fuzz::runClient(input.data() + 1, input.size() - 1, 1, first);
  for (size_t maxRead = 2; maxRead <= 64; ++maxRead) {
    ehc_fuzz::ClientOutcome other;
    ehc_fuzz::runClient(input.data() + 1, input.size() - 1, maxRead, &other);
    EXPECT_TRUE(ehc_fuzz::sameOutcome(*first, other))
        << "reads of " << maxRead << ": status " << other.status[0] << " error " << other.error[0]
        << ", with reads of 1: status " << first->status[0] << " error " << first->error[0];
    // Polled, the input's bytes as the polls' budgets (as the fuzzer does).
    const ehc_fuzz::PollSchedule schedule{input.data(), input.size()};
    ehc_fuzz::ClientOutcome polled;
    ehc_fuzz::runClient(input.data() + 1, input.size() - 1, maxRead, &polled, &schedule);
    EXPECT_TRUE(ehc_fuzz::sameOutcome(*first, polled))
        << "polled, reads of " << maxRead << ": status " << polled.status[0] << " error "
        << polled.error[0];
  }
}

// A chunked 200 whose JSON breaks (a raw CR inside a string), then whose
// chunk framing breaks a byte later. The JSON error comes first in the
// bytes, so it is the answer (-20 on the 200) whichever read holds the bad
// framing: what follows the point where the client had its answer only
// decides whether the connection can be kept.
TEST(ClientReadSize, TheFuzzFindingHasOneOutcome) {
  ehc_fuzz::ClientOutcome o;
  expectOneOutcomeForEveryReadSize(regression("client-readsize.bin"), &o);
  EXPECT_EQ(o.status[0], 200);
  EXPECT_EQ(o.error[0], ehc::EHC_ERROR_INVALID_JSON);
  EXPECT_TRUE(o.flag);  // read whole before the JSON broke
}

// The same shape, written out: the value before the break is kept, the
// framing error after it is not the answer.
TEST(ClientReadSize, AFramingErrorAfterTheJsonBrokeIsNotTheAnswer) {
  const std::string input = std::string(1, '\0') +
                            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                            "15\r\n{\"flag\":true,\"o\":\"\x01\"}\r\nzz\r\n";
  ehc_fuzz::ClientOutcome o;
  expectOneOutcomeForEveryReadSize(std::vector<uint8_t>(input.begin(), input.end()), &o);
  EXPECT_EQ(o.status[0], 200);
  EXPECT_EQ(o.error[0], ehc::EHC_ERROR_INVALID_JSON);
  EXPECT_TRUE(o.flag);
}

}  // namespace
