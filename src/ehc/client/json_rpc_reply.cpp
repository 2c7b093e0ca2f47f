#include "json_rpc_reply.h"

#include <string.h>

EHC_BEGIN_NAMESPACE

namespace {

bool present(BindStatus s) {
  return s != BindStatus::Missing && s != BindStatus::Invalid;
}
bool isNull(BindStatus s) {
  return s == BindStatus::Null;
}

bool versionOk(const RpcReplySeen& r) {
  if (r.version == BindStatus::Missing) return true;
  return r.version == BindStatus::Found && strcmp(r.versionText, "2.0") == 0;
}

bool idMatches(const RpcReplySeen& r, const RpcId& sent) {
  switch (sent.kind) {
    case RpcId::Kind::Number: return r.idNumber == BindStatus::Found && r.idValue == sent.number;
    case RpcId::Kind::Text:
      return r.idText == BindStatus::Found && strcmp(r.idTextValue, sent.text) == 0;
    case RpcId::Kind::Null: return isNull(r.idText);
  }
  return false;
}

}  // namespace

RpcVerdict judgeRpcReply(const RpcReplySeen& r, const RpcId& sent) {
  if (!versionOk(r)) return RpcVerdict::InvalidReply;
  bool hasResult = present(r.result), hasError = present(r.error);
  if (hasResult && hasError) {  // JSON-RPC 1.0 style: the other one null
    if (isNull(r.error))
      hasError = false;
    else if (isNull(r.result))
      hasResult = false;
    else
      return RpcVerdict::InvalidReply;
  }
  if (hasResult == hasError) return RpcVerdict::InvalidReply;  // neither
  if (hasError && (r.errorCode != BindStatus::Found || (r.errorMessage != BindStatus::Found &&
                                                        r.errorMessage != BindStatus::Truncated)))
    return RpcVerdict::InvalidReply;
  if (!present(r.idText) && !present(r.idNumber)) return RpcVerdict::InvalidReply;  // no id
  if (idMatches(r, sent)) return hasError ? RpcVerdict::Error : RpcVerdict::Result;
  if (hasError && isNull(r.idText)) return RpcVerdict::Error;  // e.g. -32700: no id was read
  return RpcVerdict::IdMismatch;
}

EHC_END_NAMESPACE
