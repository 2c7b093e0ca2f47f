// SOAP endpoints for the fault server: what the SoapRequest tests and the
// SOAP sketches talk to. The SOAP version is the request's Content-Type's
// (application/soap+xml: 1.2, else 1.1), and so is the answer's.
//
//   POST /webservicesserver/numberconversion.wso
//        NumberToWords as www.dataaccess.com answers it: the ubiNum element's
//        number in words, with the service's trailing space
//        ("forty two "), in NumberToWordsResponse/NumberToWordsResult.
//        A missing or bad number: a Client / Sender fault, 500.
//   POST /soap-endpoint, /soap/fault
//        a fault (500) for the operation the action names: SOAP 1.1
//        faultcode soap:Client, faultstring, faultactor, detail; SOAP 1.2
//        Code/Value env:Sender (with a Subcode), Reason/Text, Node, Detail.
//   POST /soap/echo
//        200: what came, as elements: ContentType, SoapAction (the header;
//        "(none)" without one) and Body (the request body as text).
//   POST /soap/malformed
//        200 with an answer whose end tags do not match.
// Host/test code: exceptions and the heap are fine here.
#pragma once

#include <string>
#include <string_view>

namespace ehc_fault {

struct SoapReply {
  int status = 200;
  std::string contentType;
  std::string body;
};

// The answer to a request on `path` (one of the above), or status 404.
SoapReply soapReply(std::string_view path, std::string_view head, std::string_view body);

}  // namespace ehc_fault
