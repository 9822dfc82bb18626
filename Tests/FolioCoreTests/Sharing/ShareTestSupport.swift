import Foundation

@testable import FolioCore

/// A temporary folder for one sharing test, removed (permissions restored first) when released.
final class ShareTestFolder {
  let path: String

  init() throws {
    let base = FileManager.default.temporaryDirectory.path
    path = "\(base)/folio-share-tests-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
  }

  deinit {
    chmod(path, 0o700)
    try? FileManager.default.removeItem(atPath: path)
  }

  /// The path of `name` inside the folder.
  func file(_ name: String) -> String { "\(path)/\(name)" }

  /// Every name in the folder, hidden ones too, sorted.
  var names: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
  }

  func write(_ bytes: [UInt8], to name: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: file(name)))
  }

  func bytes(_ name: String) -> [UInt8]? {
    FileManager.default.contents(atPath: file(name)).map { [UInt8]($0) }
  }
}

/// Helpers shared by the sharing tests.
enum ShareTestSupport {
  /// Whether the tests run as root, for whom file permissions do not apply.

  /// A table of places with non-ASCII text, a quoted comma and a line far longer than 76
  /// characters.
  static let places = TableContent(
    columns: ["name", "country", "note"],
    rows: [
      [.string("Zürich"), .string("Schweiz"), .string("Grüezi 🇨🇭, \"quoted\"")],
      [.string("Kraków"), .string("Polska"), .string(String(repeating: "długa linia ", count: 40))],
      [.string("東京"), .string("日本"), .string("")],
    ],
    dialect: .delimited(.csv))

  /// A source offering exactly `offered`, whose items carry `bytes` and are counted.
  static func source(
    title: String = "Places", offered: [Representation], bytes: [UInt8] = Array("a,b\n".utf8),
    made: MadeCounter = MadeCounter()
  ) -> ShareSource {
    ShareSource(title: title, offered: offered) { representation in
      made.increment()
      let name = title + "." + (representation.fileExtension ?? "csv")
      return ShareItem(title: title, fileName: name, representation: representation, bytes: bytes)
    }
  }
}

/// Counts how often a source made an item.
final class MadeCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0

  func increment() {
    lock.lock()
    defer { lock.unlock() }
    value += 1
  }

  var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return value
  }
}

/// Python's `email` package, the reference reader for the drafts we write.
enum MailPythonReader {
  /// What Python makes of one `.eml` file.
  struct Parsed: Decodable {
    var contentType: String
    var subject: String
    var date: String
    var dateSeconds: Double
    var mimeVersion: String?
    var unsent: String?
    var messageID: String?
    var from: String?
    var to: String?
    var defects: [String]
    var parts: [String]
    var note: String
    var attachments: Int
    var filename: String?
    var nameParameter: String?
    var attachmentType: String
    var attachmentCharset: String?
    var payloadHex: String

    var payload: [UInt8] {
      var bytes: [UInt8] = []
      var index = payloadHex.startIndex
      while index < payloadHex.endIndex {
        let next = payloadHex.index(index, offsetBy: 2)
        bytes.append(UInt8(payloadHex[index..<next], radix: 16) ?? 0)
        index = next
      }
      return bytes
    }
  }

  private static let script = """
    import email, email.utils, json, sys
    from email import policy
    results = []
    for path in sys.argv[1:]:
        with open(path, "rb") as f:
            m = email.message_from_binary_file(f, policy=policy.default)
        parts = list(m.iter_parts())
        attachments = list(m.iter_attachments())
        a = attachments[0]
        defects = [repr(d) for part in m.walk() for d in part.defects]
        results.append({
            "contentType": m.get_content_type(),
            "subject": str(m["subject"]),
            "date": str(m["date"]),
            "dateSeconds": email.utils.parsedate_to_datetime(str(m["date"])).timestamp(),
            "mimeVersion": m["mime-version"],
            "unsent": m["x-unsent"],
            "messageID": m["message-id"],
            "from": m["from"],
            "to": m["to"],
            "defects": defects,
            "parts": [p.get_content_type() for p in parts],
            "note": parts[0].get_content(),
            "attachments": len(attachments),
            "filename": a.get_filename(),
            "nameParameter": a["content-type"].params.get("name"),
            "attachmentType": a.get_content_type(),
            "attachmentCharset": a["content-type"].params.get("charset"),
            "payloadHex": a.get_payload(decode=True).hex(),
        })
    print(json.dumps(results))
    """

  /// Parses the `.eml` files with Python.
  static func parse(_ paths: [String]) throws -> [Parsed] {
    guard let output = run(["-c", script] + paths) else { throw CocoaError(.fileReadCorruptFile) }
    return try JSONDecoder().decode([Parsed].self, from: output)
  }

  /// Runs python3 and returns its standard output, or nil when it failed.
  private static func run(_ arguments: [String]) -> Data? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3"] + arguments
    let output = Pipe()
    process.standardOutput = output
    do { try process.run() } catch { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return process.terminationStatus == 0 ? data : nil
  }
}
