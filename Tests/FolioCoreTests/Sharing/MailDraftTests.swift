import Foundation
import Testing

@testable import FolioCore

@Suite struct MailDraftTests {
  /// One draft to write and read back.
  private struct Case {
    var title: String
    var fileName: String
    var mediaType: String? = nil
    var bytes: [UInt8]
  }

  private static let allBytes = [UInt8]((0...255).map { UInt8($0) }) + (0...255).reversed().map { UInt8($0) }

  private static let cases: [Case] = [
    Case(
      title: "Places", fileName: "Places.csv",
      bytes: DelimitedFormat.encode(ShareTestSupport.places, dialect: .csv)),
    Case(
      title: "Café Zürich — Orte 🗺", fileName: "Café Zürich — Orte 🗺.json",
      bytes: JSONTableFormat.encode(ShareTestSupport.places, style: .pretty(indent: 2))),
    Case(
      title: String(repeating: "Überschrift für Straßen ", count: 8),
      fileName: String(repeating: "Straße ", count: 20) + ".txt",
      bytes: Array(String(repeating: "ä", count: 500).utf8)),
    Case(title: "=?UTF-8?B?QQ==?= literal", fileName: "say \"hi\" \\ now.txt", bytes: Array("hi\n".utf8)),
    Case(title: "Binary", fileName: "Binary.bin", mediaType: "application/octet-stream", bytes: allBytes),
    Case(title: "Empty", fileName: "Empty.txt", bytes: []),
    Case(title: "One", fileName: "One.txt", bytes: [0xC3]),
    Case(title: "Two", fileName: "Two.txt", bytes: [0xC3, 0xA4]),
    Case(title: "Line", fileName: "Line.txt", bytes: Array(repeating: 0x41, count: 57)),
    Case(title: "Line and one", fileName: "Line and one.txt", bytes: Array(repeating: 0x41, count: 58)),
    Case(title: "  spaced  out ", fileName: "spaced.txt", bytes: Array("x".utf8)),
  ]

  @Test(
    "Python's email package reads the draft: multipart/mixed, the subject, the file name and the exact bytes")
  func pythonReadsDrafts() throws {
    let folder = try ShareTestFolder()
    let registry = ShareRegistry()
    var paths: [String] = []
    let before = Date().timeIntervalSince1970
    for (index, testCase) in Self.cases.enumerated() {
      let subfolder = folder.file("\(index)")
      try FileManager.default.createDirectory(atPath: subfolder, withIntermediateDirectories: false)
      let item = ShareItem(
        title: testCase.title, fileName: testCase.fileName, representation: .file,
        mediaType: testCase.mediaType,
        bytes: testCase.bytes)
      let source = ShareSource(title: testCase.title, offered: [.file]) { _ in item }
      let outcome = try registry.share(source, with: "mail", to: subfolder)
      paths.append(try #require(outcome.writtenPath))
    }
    let after = Date().timeIntervalSince1970
    let parsed = try MailPythonReader.parse(paths)
    try #require(parsed.count == Self.cases.count)
    for (testCase, mail) in zip(Self.cases, parsed) {
      let expectedType = MediaType.forFileName(testCase.fileName).split(separator: ";")[0]
      #expect(mail.contentType == "multipart/mixed")
      #expect(mail.subject == testCase.title)
      #expect(mail.filename == testCase.fileName)
      #expect(mail.nameParameter == testCase.fileName)
      #expect(mail.payload == testCase.bytes, "\(testCase.title)")
      #expect(mail.parts == ["text/plain", String(expectedType)])
      #expect(mail.attachmentType == String(expectedType))
      #expect(mail.attachments == 1)
      #expect(mail.note.trimmingCharacters(in: .whitespacesAndNewlines) == "Attached: \(testCase.fileName)")
      #expect(mail.mimeVersion == "1.0")
      #expect(mail.unsent == "1")
      #expect(mail.from == nil)
      #expect(mail.to == nil)
      #expect(mail.defects.isEmpty, "\(mail.defects)")
      #expect(mail.dateSeconds >= before.rounded(.down) && mail.dateSeconds <= after.rounded(.up))
      #expect(mail.messageID?.hasSuffix("@folio.invalid>") == true)
    }
    #expect(parsed[0].attachmentCharset == "utf-8")
    #expect(Set(parsed.compactMap(\.messageID)).count == parsed.count)
  }

  @Test("a draft is exactly the message we mean: headers, note, base64 attachment, CRLF lines")
  func golden() throws {
    let draft = MailDraft(
      subject: "Places",
      attachment: ShareItem(
        title: "Places", fileName: "Places.csv", representation: .csv, bytes: Array("a,b\n1,2\n".utf8)),
      date: 1_795_962_000, messageID: "id-1@folio.invalid", boundary: "=_folio_0")
    let expected = [
      "Date: Sun, 29 Nov 2026 14:20:00 +0000",
      "Subject: Places",
      "Message-ID: <id-1@folio.invalid>",
      "MIME-Version: 1.0",
      "X-Unsent: 1",
      "Content-Type: multipart/mixed; boundary=\"=_folio_0\"",
      "",
      "This is a multi-part message in MIME format.",
      "",
      "--=_folio_0",
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: 7bit",
      "",
      "Attached: Places.csv",
      "",
      "--=_folio_0",
      "Content-Type: text/csv; charset=utf-8; name=\"Places.csv\"",
      "Content-Disposition: attachment; filename=\"Places.csv\"",
      "Content-Transfer-Encoding: base64",
      "",
      "YSxiCjEsMgo=",
      "",
      "--=_folio_0--",
      "",
    ].joined(separator: "\r\n")
    #expect(String(decoding: try draft.encoded(), as: UTF8.self) == expected)
  }

  @Test(
    "every line ends in CRLF, header and base64 lines fit 78 characters, the boundary delimits only the parts"
  )
  func structure() throws {
    for testCase in Self.cases {
      let item = ShareItem(
        title: testCase.title, fileName: testCase.fileName, representation: .file,
        mediaType: testCase.mediaType,
        bytes: testCase.bytes)
      let draft = MailDraft.make(subject: testCase.title, attachment: item)
      let bytes = try draft.encoded()
      for (index, byte) in bytes.enumerated() {
        if byte == 0x0A { #expect(index > 0 && bytes[index - 1] == 0x0D) }
        if byte == 0x0D { #expect(index + 1 < bytes.count && bytes[index + 1] == 0x0A) }
      }
      let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0.dropLast()) }
      // The note names the file and may be as long as a name (RFC 5322's hard limit is 998).
      let note = Array("Attached: ".utf8)
      #expect(lines.allSatisfy { $0.count <= 998 })
      for line in lines where line.count > 78 && !line.starts(with: note) {
        Issue.record("\(line.count) characters: \(String(decoding: line, as: UTF8.self))")
      }
      let delimiters = lines.filter { $0.starts(with: Array("--\(draft.boundary)".utf8)) }
      #expect(
        delimiters.map { String(decoding: $0, as: UTF8.self) } == [
          "--\(draft.boundary)", "--\(draft.boundary)", "--\(draft.boundary)--",
        ])
      let text = String(decoding: bytes, as: UTF8.self)
      #expect(text.components(separatedBy: draft.boundary).count == 5)
      #expect(!text.contains("\r\nFrom:") && !text.contains("\r\nTo:"))
    }
  }

  @Test("a title with a line break cannot add a header")
  func headerInjection() throws {
    let title = "Evil\r\nBcc: someone@example.com"
    let draft = MailDraft.make(
      subject: title,
      attachment: ShareItem(title: title, fileName: "x\r\nBcc: b.txt", representation: .text, bytes: []))
    let text = String(decoding: try draft.encoded(), as: UTF8.self)
    #expect(!text.contains("\nBcc"))
    #expect(text.contains("Attached: x  Bcc: b.txt\r\n"))
  }

  @Test("dates are RFC 5322 dates in UTC")
  func dates() {
    #expect(MailDate.format(secondsSince1970: 1_795_962_000) == "Sun, 29 Nov 2026 14:20:00 +0000")
    #expect(MailDate.format(secondsSince1970: 0) == "Thu, 01 Jan 1970 00:00:00 +0000")
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
    var seconds = 0
    while seconds < 4_200_000_000 {
      let expected = formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
      #expect(MailDate.format(secondsSince1970: seconds) == expected)
      seconds += 86_400 * 37 + 3_671
    }
    #expect(MailDate.format(secondsSince1970: 951_782_400) == "Tue, 29 Feb 2000 00:00:00 +0000")
  }

  @Test("message ids and boundaries are never repeated")
  func uniqueness() {
    let item = ShareItem(title: "P", fileName: "P.txt", representation: .text, bytes: [])
    let drafts = (0..<500).map { _ in MailDraft.make(subject: "P", attachment: item) }
    #expect(Set(drafts.map(\.messageID)).count == drafts.count)
    #expect(Set(drafts.map(\.boundary)).count == drafts.count)
    #expect(drafts.allSatisfy { $0.messageID.hasSuffix("@folio.invalid") })
  }

  @Test("the draft is named after the title and never replaces a file")
  func naming() throws {
    let folder = try ShareTestFolder()
    try folder.write(Array("keep".utf8), to: "Places.eml")
    let registry = ShareRegistry()
    let source = ShareTestSupport.source(offered: [.text, .csv])
    let outcome = try registry.share(source, with: "mail", to: folder.path)
    #expect(outcome.writtenPath == folder.file("Places 2.eml"))
    #expect(outcome.delivery == .mailDraft)
    #expect(outcome.fileName == "Places.csv")
    #expect(outcome.output == nil)
    #expect(folder.bytes("Places.eml") == Array("keep".utf8))
    let slashed = try registry.share(
      ShareTestSupport.source(title: "a/b", offered: [.text]), with: "mail", to: folder.path)
    #expect(slashed.writtenPath == folder.file("a-b.eml"))
    #expect(folder.names == ["Places 2.eml", "Places.eml", "a-b.eml"])
    #expect(
      throws: FolioError(
        .invalidArgument, "'mail' needs a folder to write into",
        remedies: [.run("document.share", ["target": .string("mail")], blanks: ["to"], effect: "names one")])
    ) {
      try registry.share(source, with: "mail")
    }
  }

  @Test("subjects and file names are encoded only when they must be, in pieces that fit a line")
  func headers() {
    #expect(MIMEHeader.unstructured("Subject", "Places") == "Subject: Places\r\n")
    #expect(MIMEHeader.unstructured("Subject", "Café") == "Subject: =?UTF-8?B?Q2Fmw6k=?=\r\n")
    let long = MIMEHeader.unstructured("Subject", String(repeating: "ü", count: 60))
    let words = long.dropFirst("Subject: ".count).dropLast().components(separatedBy: "\r\n ")
    #expect(words.count == 4)
    #expect(words.allSatisfy { $0.hasPrefix("=?UTF-8?B?") && $0.hasSuffix("?=") && $0.count <= 75 })
    #expect(MIMEHeader.parameter("filename", "Places.csv") == ["filename=\"Places.csv\""])
    #expect(MIMEHeader.parameter("filename", "a \"b\" \\c") == ["filename=\"a \\\"b\\\" \\\\c\""])
    #expect(MIMEHeader.parameter("filename", "Café 1.csv") == ["filename*=UTF-8''Caf%C3%A9%201.csv"])
    let name = String(repeating: "é", count: 30)
    let pieces = MIMEHeader.parameter("filename", name)
    #expect(pieces.count == 4)
    #expect(pieces.allSatisfy { $0.utf8.count + 2 <= 76 })
    #expect(pieces.first?.hasPrefix("filename*0*=UTF-8''%C3%A9") == true)
    let values = pieces.enumerated().map { index, piece in
      piece.dropFirst("filename*\(index)*=".count + (index == 0 ? "UTF-8''".count : 0))
    }
    #expect(values.joined().removingPercentEncoding == name)
  }
}
