// The Server-Sent Events splitter against the WHATWG event stream rules,
// every stream fed whole, byte by byte and at many splits.
#include "ehc/codec/sse.h"

#include <gtest/gtest.h>
#include <stdint.h>

#include <string>
#include <vector>

#include "split_feed.h"

using ehc::SseError;
using std::string_literals::operator""s;
using ehc_test::feedPieces;
using ehc_test::splitPatterns;

namespace {

struct Event {
  std::string type, id, data;
  bool typeTruncated = false, idTruncated = false;
  bool operator==(const Event& o) const {
    return type == o.type && id == o.id && data == o.data && typeTruncated == o.typeTruncated &&
           idTruncated == o.idTruncated;
  }
};
std::ostream& operator<<(std::ostream& os, const Event& e) {
  return os << "{" << e.type << (e.typeTruncated ? "(cut)" : "") << " id=" << e.id
            << (e.idTruncated ? "(cut)" : "") << " data=" << testing::PrintToString(e.data) << "}";
}

struct Outcome {
  std::vector<Event> events;
  int discarded = 0;
  SseError error = SseError::Ok;
  std::string lastId;
  bool lastIdTruncated = false;
  bool hasRetry = false;
  uint32_t retry = 0;
  bool operator==(const Outcome& o) const {
    return events == o.events && discarded == o.discarded && error == o.error &&
           lastId == o.lastId && lastIdTruncated == o.lastIdTruncated && hasRetry == o.hasRetry &&
           retry == o.retry;
  }
};

// Records the callbacks and checks their order: begin, data..., end or
// discard; no data outside an event; dataLength as delivered.
struct Recorder {
  Outcome* out = nullptr;
  bool open = false;
  std::string data;
  int stopAfter = -1;  // end returns false after this many events
  std::vector<const char*> piecePointers;
};

const ehc::SseVisitor kRecorder = {
    [](void* u) {
      auto* r = static_cast<Recorder*>(u);
      EXPECT_FALSE(r->open) << "begin twice";
      r->open = true;
      r->data.clear();
      return true;
    },
    [](void* u, const char* d, size_t n) {
      auto* r = static_cast<Recorder*>(u);
      EXPECT_TRUE(r->open) << "data outside an event";
      EXPECT_GT(n, 0u) << "an empty data piece";
      r->data.append(d, n);
      r->piecePointers.push_back(d);
      return true;
    },
    [](void* u, const ehc::SseEvent& e) {
      auto* r = static_cast<Recorder*>(u);
      EXPECT_TRUE(r->open) << "end without begin";
      EXPECT_EQ(e.dataLength, r->data.size());
      r->open = false;
      r->out->events.push_back({e.type, e.id, r->data, e.typeTruncated, e.idTruncated});
      return r->stopAfter < 0 || static_cast<int>(r->out->events.size()) < r->stopAfter;
    },
    [](void* u) {
      auto* r = static_cast<Recorder*>(u);
      EXPECT_TRUE(r->open) << "discard without begin";
      r->open = false;
      ++r->out->discarded;
    }};

// A parser's callbacks recorded into `out`.
struct Recording {
  Outcome out;
  Recorder rec;
  explicit Recording(ehc::SseParser& p, int stopAfter = -1) {
    rec.out = &out;
    rec.stopAfter = stopAfter;
    p.setVisitor(&kRecorder, &rec);
  }
};

Outcome runOnce(ehc::SseParser& p, const std::string& stream, const std::vector<size_t>& pieces,
                int stopAfter = -1) {
  p.reset();
  Recording recording(p, stopAfter);
  Outcome& out = recording.out;
  Recorder& rec = recording.rec;
  feedPieces(stream, pieces, [&](const char* d, size_t n) { return p.feed(d, n); });
  out.error = p.finish();
  out.lastId = p.lastEventId();
  out.lastIdTruncated = p.lastEventIdTruncated();
  out.hasRetry = p.hasRetry();
  out.retry = p.retryMs();
  EXPECT_FALSE(rec.open) << "an event neither ended nor discarded";
  return out;
}

// Every split pattern must give the outcome of the whole stream.
Outcome runAllWays(ehc::SseParser& p, const std::string& stream, int stopAfter = -1) {
  const Outcome whole = runOnce(p, stream, {}, stopAfter);
  for (const auto& pattern : splitPatterns(stream.size())) {
    const Outcome split = runOnce(p, stream, pattern.pieces, stopAfter);
    EXPECT_TRUE(split == whole) << "split " << pattern.name << " differs for "
                                << testing::PrintToString(stream.substr(0, 120));
  }
  return whole;
}

Outcome runAllWays(const std::string& stream, int stopAfter = -1) {
  ehc::StaticSseParser<> p;
  return runAllWays(p, stream, stopAfter);
}

std::vector<Event> messages(std::vector<std::string> data, const std::string& id = "") {
  std::vector<Event> out;
  for (auto& d : data) out.push_back({"message", id, d});
  return out;
}

TEST(Sse, DataLinesJoinedWithLineFeed) {
  const auto r = runAllWays("data: YHOO\ndata: +2\ndata: 10\n\n");
  EXPECT_EQ(r.events, messages({"YHOO\n+2\n10"}));
  EXPECT_EQ(r.error, SseError::Ok);
}

TEST(Sse, CommentsIdsAndOneLeadingSpace) {
  const auto r = runAllWays(
      ": test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\n"
      "data:  third event\n\n");
  ASSERT_EQ(r.events.size(), 3u);
  EXPECT_EQ(r.events[0], (Event{"message", "1", "first event"}));
  EXPECT_EQ(r.events[1], (Event{"message", "", "second event"}));  // "id" alone clears it
  EXPECT_EQ(r.events[2], (Event{"message", "", " third event"}));
}

TEST(Sse, EmptyDataAndTheUnfinishedLastEvent) {
  // A field name alone has an empty value; "data" twice is one LF; the last
  // block has no blank line after it and is not dispatched.
  const auto r = runAllWays("data\n\ndata\ndata\n\ndata:");
  EXPECT_EQ(r.events, messages({"", "\n"}));
  EXPECT_EQ(r.discarded, 1);
  EXPECT_EQ(r.error, SseError::Incomplete);
}

TEST(Sse, SpaceAfterColonIsOptional) {
  EXPECT_EQ(runAllWays("data:test\n\ndata: test\n\n").events, messages({"test", "test"}));
  EXPECT_EQ(runAllWays("data:\ttab\n\ndata:a:b\n\n").events, messages({"\ttab", "a:b"}));
}

TEST(Sse, EventTypesResetAfterEachEvent) {
  const auto r = runAllWays(
      "event: add\ndata: 73857293\n\nevent: remove\ndata: 2153\n\ndata: plain\n\n"
      "data: late type\nevent: add\n\nevent: ignored\n\ndata: x\n\n");
  ASSERT_EQ(r.events.size(), 5u);
  EXPECT_EQ(r.events[0], (Event{"add", "", "73857293"}));
  EXPECT_EQ(r.events[1], (Event{"remove", "", "2153"}));
  EXPECT_EQ(r.events[2], (Event{"message", "", "plain"}));
  EXPECT_EQ(r.events[3], (Event{"add", "", "late type"}));  // the type may follow the data
  EXPECT_EQ(r.events[4], (Event{"message", "", "x"}));      // a data-less event's type is dropped
}

TEST(Sse, EveryLineEnding) {
  EXPECT_EQ(runAllWays("data: a\r\ndata: b\rdata: c\n\r\n").events, messages({"a\nb\nc"}));
  EXPECT_EQ(runAllWays("data: a\r\rdata: b\n\ndata: c\r\n\r\n").events, messages({"a", "b", "c"}));
  // CR LF is one line end, LF CR is two.
  EXPECT_EQ(runAllWays("data: a\n\rdata: b\r\n\r\n").events, messages({"a", "b"}));
  EXPECT_EQ(runAllWays(": comment\r\ndata: a\r: another\rdata: b\r\r").events, messages({"a\nb"}));
}

TEST(Sse, CarriageReturnAtAPieceEndAndLineFeedAtTheNext) {
  ehc::StaticSseParser<> p;
  const Outcome r = runOnce(p, "data: a\r\ndata: b\r\n\r\ndata: c\r\r\n", {8, 1, 8, 1, 1, 1, 8});
  EXPECT_EQ(r.events, messages({"a\nb", "c"}));
  // A CR that dispatches at once: the event is out before its LF arrives.
  p.reset();
  Recording recording(p);
  const Outcome& out = recording.out;
  p.feed("data: now\r\r", 11);
  EXPECT_EQ(out.events.size(), 1u);
  p.feed("\ndata: next\n\n", 13);
  EXPECT_EQ(out.events, messages({"now", "next"}));
}

TEST(Sse, OneLeadingByteOrderMarkIsDropped) {
  EXPECT_EQ(runAllWays("\xEF\xBB\xBF"
                       "data: x\n\n")
                .events,
            messages({"x"}));
  // A second one is part of the first field's name (unknown: ignored).
  EXPECT_EQ(runAllWays("\xEF\xBB\xBF\xEF\xBB\xBF"
                       "data: x\n\ndata: y\n\n")
                .events,
            messages({"y"}));
  // Only at the start of the stream.
  EXPECT_EQ(runAllWays("data: a\n\n\xEF\xBB\xBF"
                       "data: b\n\n")
                .events,
            messages({"a"}));
}

TEST(Sse, IdPersistsAndIsIgnoredWithNul) {
  const auto r = runAllWays(
      "id: 1\ndata: a\n\ndata: b\n\nid: 2\0x\ndata: c\n\nid: 3\nid: 4\0\ndata: d\n\nid: 5\n\n"s);
  ASSERT_EQ(r.events.size(), 4u);
  EXPECT_EQ(r.events[0].id, "1");
  EXPECT_EQ(r.events[1].id, "1");  // kept across events
  EXPECT_EQ(r.events[2].id, "1");  // the NUL field is ignored
  EXPECT_EQ(r.events[3].id, "3");  // a later NUL field does not undo an earlier one
  EXPECT_EQ(r.lastId, "5");        // a blank line sets it without an event
}

TEST(Sse, RetryTakesDigitsOnly) {
  auto retry = [](const std::string& s) {
    const auto r = runAllWays(s);
    return r.hasRetry ? static_cast<int64_t>(r.retry) : -1;
  };
  EXPECT_EQ(retry("retry: 1500\n"), 1500);
  EXPECT_EQ(retry("retry:0\n"), 0);
  EXPECT_EQ(retry("retry: 15a\n"), -1);
  EXPECT_EQ(retry("retry: -5\n"), -1);
  EXPECT_EQ(retry("retry:  15\n"), -1);  // " 15" after the one space
  EXPECT_EQ(retry("retry: \n"), -1);
  EXPECT_EQ(retry("retry\n"), -1);
  EXPECT_EQ(retry("retry: 10\nretry: x\n"), 10);  // an invalid one keeps the last
  EXPECT_EQ(retry("retry: 10\nretry: 20\n"), 20);
  EXPECT_EQ(retry("retry: 99999999999999999999\n"), UINT32_MAX);
  EXPECT_EQ(retry("retry: 4294967295\n"), UINT32_MAX);
  EXPECT_EQ(retry("retry: 4294967294\n"), 4294967294);
}

TEST(Sse, UnknownFieldsAndNamesAreIgnored) {
  const auto r = runAllWays(
      "datax: 1\ndat: 2\nDATA: 3\n data: 4\nevents: e\nidx: 9\nretry2: 7\n"
      "averyveryverylongfieldname: v\ndata: 5\n\n");
  EXPECT_EQ(r.events, messages({"5"}));
  EXPECT_FALSE(r.hasRetry);
}

TEST(Sse, FieldNameAloneHasAnEmptyValue) {
  const auto r = runAllWays("event\ndata\n\nid: 7\nid\ndata: z\n\n");
  EXPECT_EQ(r.events, messages({"", "z"}));
}

TEST(Sse, InvalidUtf8BecomesReplacementCharacters) {
  const std::string fffd = "\xEF\xBF\xBD";
  EXPECT_EQ(runAllWays("data: a\xFF"
                       "b\n\n")
                .events,
            messages({"a" + fffd + "b"}));
  // A sequence cut by the line end is one U+FFFD, the LF still ends the line.
  EXPECT_EQ(runAllWays("data: \xE2\x82\n\n").events, messages({fffd}));
  EXPECT_EQ(runAllWays("data: \xC0\xAF\n\n").events, messages({fffd + fffd}));  // overlong
  EXPECT_EQ(runAllWays("data: \xED\xA0\x80\n\n").events,
            messages({fffd + fffd + fffd}));  // a surrogate
  EXPECT_EQ(runAllWays("data: \xF4\x90\x80\x80!\n\n").events,
            messages({fffd + fffd + fffd + fffd + "!"}));  // past U+10FFFF
  const std::string valid = "\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80";
  EXPECT_EQ(runAllWays("event: " + valid + "\ndata: " + valid + "\n\n").events,
            (std::vector<Event>{{valid, "", valid}}));
  // A broken sequence at the end of the stream, on an unfinished line.
  const auto r = runAllWays("data: ok\n\ndata: \xF0\x9F");
  EXPECT_EQ(r.events, messages({"ok"}));
  EXPECT_EQ(r.error, SseError::Incomplete);
}

TEST(Sse, LongTypeAndIdAreCutAndFlagged) {
  ehc::StaticSseParser<4, 6> p;
  const auto r = runAllWays(p,
                            "event: abcdef\nid: 1234567\ndata: a\n\n"
                            "event: ab\xE2\x82\xAC\nid: 12345\xC3\xA9\ndata: b\n\n"
                            "event: abcd\nid: 123456\ndata: c\n\n");
  ASSERT_EQ(r.events.size(), 3u);
  EXPECT_EQ(r.events[0], (Event{"abcd", "123456", "a", true, true}));
  // Never cut inside a UTF-8 sequence.
  EXPECT_EQ(r.events[1], (Event{"ab", "12345", "b", true, true}));
  // Exactly full is not cut.
  EXPECT_EQ(r.events[2], (Event{"abcd", "123456", "c", false, false}));
  EXPECT_FALSE(r.lastIdTruncated);
  const auto cut = runAllWays(p, "id: 1234567\n\n");
  EXPECT_EQ(cut.lastId, "123456");
  EXPECT_TRUE(cut.lastIdTruncated);
}

TEST(Sse, DataOfAnySizeStreamsWhereItLies) {
  const std::string big(1 << 20, 'x');
  ehc::StaticSseParser<> p;
  Recording recording(p);
  const Outcome& out = recording.out;
  const Recorder& rec = recording.rec;
  const std::string stream = "data: " + big + "\ndata: " + big + "\n\n";
  EXPECT_TRUE(p.feed(stream.data(), stream.size()));
  ASSERT_EQ(out.events.size(), 1u);
  EXPECT_EQ(out.events[0].data, big + "\n" + big);
  // Three pieces (value, LF, value), the values pointing into the input.
  ASSERT_EQ(rec.piecePointers.size(), 3u);
  EXPECT_EQ(rec.piecePointers[0], stream.data() + 6);
  EXPECT_EQ(rec.piecePointers[2], stream.data() + 6 + big.size() + 7);
  EXPECT_LT(sizeof p, 400u);
  const std::string longLine(70000, 'y');  // longer than any buffer of the library
  EXPECT_EQ(runAllWays("data: " + longLine + "\n\n").events, messages({longLine}));
}

TEST(Sse, EndOfStreamInsideAnEventDiscardsIt) {
  auto r = runAllWays("data: a\n\ndata: b\n");
  EXPECT_EQ(r.events, messages({"a"}));
  EXPECT_EQ(r.discarded, 1);
  EXPECT_EQ(r.error, SseError::Incomplete);
  // Not inside an event: nothing lost.
  r = runAllWays("data: a\n\nevent: x\nid: 9\n: comment");
  EXPECT_EQ(r.error, SseError::Ok);
  EXPECT_EQ(r.discarded, 0);
  EXPECT_EQ(r.lastId, "");  // the id was not dispatched
}

TEST(Sse, CallbackStopsTheStream) {
  const auto r = runAllWays("data: 1\n\ndata: 2\n\ndata: 3\n\n", 2);
  EXPECT_EQ(r.events, messages({"1", "2"}));
  EXPECT_EQ(r.error, SseError::Stopped);
  ehc::StaticSseParser<> p;
  const ehc::SseVisitor stopAtData = {nullptr, [](void*, const char*, size_t) { return false; },
                                      nullptr, nullptr};
  p.setVisitor(&stopAtData, nullptr);
  EXPECT_FALSE(p.feed("data: 1\n\n", 9));
  EXPECT_FALSE(p.feed("data: 2\n\n", 9));
  EXPECT_EQ(p.finish(), SseError::Stopped);
  EXPECT_EQ(p.eventCount(), 0u);
}

TEST(Sse, ANewStreamKeepsLastEventIdAndRetry) {
  ehc::StaticSseParser<> p;
  Recording recording(p);
  const Outcome& out = recording.out;
  const std::string first = "retry: 3000\nid: 41\ndata: a\n\nid: 42\ndata: b";  // dropped mid-event
  p.feed(first.data(), first.size());
  p.begin();  // reconnected: the unfinished event is discarded
  EXPECT_EQ(out.discarded, 1);
  EXPECT_STREQ(p.lastEventId(), "41");
  EXPECT_EQ(p.retryMs(), 3000u);
  const std::string second =
      "\xEF\xBB\xBF"
      "data: c\n\n";  // a new stream may start with a BOM
  p.feed(second.data(), second.size());
  EXPECT_EQ(p.finish(), SseError::Ok);
  ASSERT_EQ(out.events.size(), 2u);
  EXPECT_EQ(out.events[1], (Event{"message", "41", "c"}));
  p.reset();
  EXPECT_STREQ(p.lastEventId(), "");
  EXPECT_FALSE(p.hasRetry());
}

TEST(SseErrors, EveryErrorHasItsOwnNameAndAMessage) {
  EXPECT_STREQ(ehc::sseErrorName(SseError::Ok), "ok");
  EXPECT_STREQ(ehc::sseErrorName(SseError::Stopped), "stopped");
  EXPECT_STREQ(ehc::sseErrorName(SseError::Incomplete), "incomplete");
  EXPECT_STREQ(ehc::sseErrorMessage(SseError::Incomplete),
               "the event stream ended inside an event (its data was discarded)");
  EXPECT_STREQ(ehc::sseErrorName(static_cast<SseError>(9)), "unknown");
}

}  // namespace
