#if canImport(Glibc)
  import Glibc
#endif

/// One document's unsaved content as the recovery journal keeps it: enough to rebuild the
/// document after the session that edited it ended without saving.
public struct JournalEntry: Equatable, Sendable {
  /// The journal file.
  public var file: String
  /// The document's file; nil for an untitled document.
  public var path: String?
  /// The title when it was written.
  public var title: String
  /// How `content` is encoded.
  public var format: DocumentFormat
  /// The process that wrote it and its host.
  public var pid: Int32
  public var host: String
  /// When it was written, in seconds since 1970.
  public var time: Int
  /// The content hash of the file the unsaved changes were made to; nil when untitled.
  public var baseHash: UInt64?
  /// The document's content, encoded in `format`.
  public var content: [UInt8]

  static let magic = "folio-journal 1"

  /// The bytes of the journal file: a header of `name: value` lines, a blank line, then the
  /// content.
  var encoded: [UInt8] {
    var header = [
      Self.magic, "title: \(Self.escaped(title))", "format: \(format.rawValue)", "pid: \(pid)",
      "host: \(host)",
      "time: \(time)", "length: \(content.count)",
    ]
    if let path { header.insert("path: \(Self.escaped(path))", at: 1) }
    if let baseHash { header.append("base: \(String(baseHash, radix: 16))") }
    return Array((header.joined(separator: "\n") + "\n\n").utf8) + content
  }

  /// Reads a journal file's bytes; nil when they are not a complete journal.
  init?(file: String, bytes: [UInt8]) {
    guard let blank = Self.headerEnd(bytes) else { return nil }
    let lines = String(decoding: bytes[..<blank], as: UTF8.self).split(separator: "\n")
    guard lines.first == Substring(Self.magic) else { return nil }
    var fields: [Substring: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { return nil }
      fields[line[..<colon]] = Self.unescaped(line[line.index(after: colon)...].dropFirst())
    }
    let content = Array(bytes[(blank + 2)...])
    guard let title = fields["title"], let format = fields["format"].flatMap(DocumentFormat.init(rawValue:)),
      let pid = fields["pid"].flatMap({ Int32($0) }), let host = fields["host"],
      let time = fields["time"].flatMap({ Int($0) }), fields["length"] == String(content.count)
    else { return nil }
    self.init(
      file: file, path: fields["path"], title: title, format: format, pid: pid, host: host, time: time,
      baseHash: fields["base"].flatMap { UInt64($0, radix: 16) }, content: content)
  }

  init(
    file: String, path: String?, title: String, format: DocumentFormat, pid: Int32, host: String, time: Int,
    baseHash: UInt64?, content: [UInt8]
  ) {
    self.file = file
    self.path = path
    self.title = title
    self.format = format
    self.pid = pid
    self.host = host
    self.time = time
    self.baseHash = baseHash
    self.content = content
  }

  /// A value on one header line: `%` and line breaks percent-encoded.
  private static func escaped(_ value: String) -> String {
    value.replacing("%", with: "%25").replacing("\n", with: "%0A").replacing("\r", with: "%0D")
  }

  private static func unescaped(_ value: Substring) -> String {
    String(value).replacing("%0A", with: "\n").replacing("%0D", with: "\r").replacing("%25", with: "%")
  }

  /// The offset of the blank line that ends the header.
  private static func headerEnd(_ bytes: [UInt8]) -> Int? {
    var index = 0
    while index + 1 < bytes.count {
      if bytes[index] == 0x0A, bytes[index + 1] == 0x0A { return index }
      index += 1
    }
    return nil
  }

  /// Whether the process that wrote it is still running here (an untitled document's
  /// journal then belongs to it).
  var isWriterAlive: Bool {
    host == DocumentLock.hostName && (kill(pid, 0) == 0 || errno == EPERM)
  }

  /// "pid 123 on host, 2025-01-02 03:04:05 UTC".
  var origin: String {
    "pid \(pid) on \(host), \(DocumentInfo.formatTime(time))"
  }
}
