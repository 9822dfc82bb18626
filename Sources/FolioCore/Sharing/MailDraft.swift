import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// An unsent mail with one attachment, as an RFC 5322 message (an `.eml` file) that mail
/// clients open as a draft: no sender or recipients, `X-Unsent: 1`.
///
/// The body is `multipart/mixed`: a short UTF-8 note naming the attachment, then the
/// attachment in base64. Every line ends in CRLF.
struct MailDraft {
  /// The subject: the document's title.
  var subject: String
  /// The attached file.
  var attachment: ShareItem
  /// When the draft was made, in seconds since 1970 (UTC).
  var date: Int
  /// The `Message-ID` without its angle brackets.
  var messageID: String
  /// The multipart boundary; it occurs nowhere in the parts.
  var boundary: String

  /// A draft made now, with a fresh message id and boundary.
  static func make(subject: String, attachment: ShareItem) -> MailDraft {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    var draft = MailDraft(
      subject: subject, attachment: attachment, date: Int(now.tv_sec),
      messageID: makeMessageID(seconds: Int(now.tv_sec), nanoseconds: Int(now.tv_nsec)), boundary: "")
    repeat {
      draft.boundary = "=_folio_" + randomHex()
    } while !draft.isBoundaryFree(draft.boundary)
    return draft
  }

  /// The text part: which file is attached.
  var note: String {
    // A control character in a caller's file name must not break the CRLF lines.
    let name = String(
      attachment.fileName.unicodeScalars.map {
        $0.properties.generalCategory == .control ? " " : Character($0)
      })
    return "Attached: \(name)"
  }

  /// The message, ready to be written to an `.eml` file.
  ///
  /// - Throws: `FolioError.interrupted` once `cancellation` is cancelled, checked while the
  ///   attachment is encoded.
  func encoded(cancellation: CancellationToken? = nil) throws(FolioError) -> [UInt8] {
    let isASCIINote = note.utf8.allSatisfy { $0 < 0x80 }
    let mediaType = MIMEHeader.isSafe(attachment.mediaType) ? attachment.mediaType : MediaType.octetStream
    var head = "Date: \(MailDate.format(secondsSince1970: date))\r\n"
    head += MIMEHeader.unstructured("Subject", subject)
    head += "Message-ID: <\(messageID)>\r\n"
    head += "MIME-Version: 1.0\r\n"
    head += "X-Unsent: 1\r\n"
    head += MIMEHeader.field(
      "Content-Type", "multipart/mixed", parameters: MIMEHeader.parameter("boundary", boundary))
    head += "\r\n"
    head += "This is a multi-part message in MIME format.\r\n"
    head += "\r\n--\(boundary)\r\n"
    head += "Content-Type: \(MediaType.plainText)\r\n"
    head += "Content-Transfer-Encoding: \(isASCIINote ? "7bit" : "8bit")\r\n"
    head += "\r\n"
    head += "\(note)\r\n"
    head += "\r\n--\(boundary)\r\n"
    head += MIMEHeader.field(
      "Content-Type", mediaType, parameters: MIMEHeader.parameter("name", attachment.fileName))
    head += MIMEHeader.field(
      "Content-Disposition", "attachment", parameters: MIMEHeader.parameter("filename", attachment.fileName))
    head += "Content-Transfer-Encoding: base64\r\n"
    head += "\r\n"
    var bytes = Array(head.utf8)
    bytes += try Base64.encodeLines(attachment.bytes, cancellation: cancellation)
    bytes += Array("\r\n--\(boundary)--\r\n".utf8)
    return bytes
  }

  /// Whether `boundary` can delimit the parts: base64 never holds `=_`, so only the note
  /// (which names the file) could contain it.
  private func isBoundaryFree(_ boundary: String) -> Bool {
    !note.containsText(boundary) && !boundary.isEmpty
  }

  private static let counter = Atomic<Int>(0)

  /// A message id no other draft gets: the time, the process, a counter and a random part,
  /// at `folio.invalid` (a domain that exists nowhere, so no host name is revealed). Numbers
  /// are in base 36 to keep the header on one line.
  private static func makeMessageID(seconds: Int, nanoseconds: Int) -> String {
    let count = counter.add(1, ordering: .relaxed).newValue
    let time = String(seconds &* 1_000_000_000 &+ nanoseconds, radix: 36)
    let random = String(UInt64.random(in: 0...UInt64.max), radix: 36)
    return "\(time).\(String(getpid(), radix: 36)).\(String(count, radix: 36)).\(random)@folio.invalid"
  }

  private static func randomHex() -> String {
    let value = UInt64.random(in: 0...UInt64.max)
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
