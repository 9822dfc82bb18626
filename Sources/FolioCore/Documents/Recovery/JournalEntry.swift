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
  /// The identity of the process that wrote it (`ProcessIdentity`): its boot and start
  /// time, so that the journal is tied to that process, not to whichever has its pid now;
  /// nil in journals of earlier versions.
  var process: String?
  /// When it was written, in seconds since 1970.
  public var time: Int
  /// The content hash of the file the unsaved changes were made to; nil when untitled.
  public var baseHash: UInt64?
  /// The document's content, encoded in `format`.
  public var content: [UInt8]
  /// The id of the log that continues the journal (`JournalLog`); nil for a journal without
  /// one.
  var logID: String?

  /// The first line of a journal file as Folio writes it.
  static let magic = "folio-journal 2"
  /// The first line of the journals of earlier versions, which still read: their content's
  /// length is a header line, and nothing follows the content.
  static let firstVersionMagic = "folio-journal 1"

  /// The journal file of the document this entry describes, with `content` streamed as its
  /// content (the entry's own `content` is not written): a header of `name: value` lines, a
  /// blank line, the content a chunk at a time as it is made, then a trailer line
  /// `length: N` with the content's length, known only once it is all written. A file cut
  /// short anywhere lacks the trailer or fails its length, so it is not read as a journal.
  func encoded(content: SaveContent) -> SaveContent {
    var lines = [
      Self.magic, "title: \(Self.escaped(title))", "format: \(format.rawValue)", "pid: \(pid)",
      "host: \(host)",
      "time: \(time)",
    ]
    if let process { lines.append("process: \(process)") }
    if let path { lines.insert("path: \(Self.escaped(path))", at: 1) }
    if let baseHash { lines.append("base: \(String(baseHash, radix: 16))") }
    if let logID { lines.append("log: \(logID)") }
    let header = Array((lines.joined(separator: "\n") + "\n\n").utf8)
    return SaveContent { (sink) throws(FolioError) in
      try header.withUnsafeBufferPointer { (bytes) throws(FolioError) in try sink(bytes) }
      var length = 0
      try content.write { (chunk) throws(FolioError) in
        length += chunk.count
        try sink(chunk)
      }
      let trailer = Array("\n\(Self.lengthField)\(length)\n".utf8)
      try trailer.withUnsafeBufferPointer { (bytes) throws(FolioError) in try sink(bytes) }
    }
  }

  /// How the line giving the content's length starts.
  private static let lengthField = "length: "

  /// Reads a journal file's bytes, of this version or the first; nil when they are not a
  /// complete journal. The content is cut out of `bytes` in place, not copied.
  init?(file: String, bytes: consuming [UInt8]) {
    guard let blank = Self.headerEnd(bytes) else { return nil }
    let lines = String(decoding: bytes[..<blank], as: UTF8.self).split(separator: "\n")
    guard let version = lines.first, version == Self.magic || version == Self.firstVersionMagic else {
      return nil
    }
    var fields: [Substring: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { return nil }
      fields[line[..<colon]] = Self.unescaped(line[line.index(after: colon)...].dropFirst())
    }
    let contentStart = blank + 2
    var contentEnd = bytes.count
    if version == Self.magic {
      guard let trailer = Self.trailerStart(bytes, contentStart: contentStart) else { return nil }
      let line = String(decoding: bytes[(trailer + 1)..<(bytes.count - 1)], as: UTF8.self)
      guard line.hasPrefix(Self.lengthField) else { return nil }
      fields["length"] = String(line.dropFirst(Self.lengthField.count))
      contentEnd = trailer
    }
    guard let title = fields["title"], let format = fields["format"].flatMap(DocumentFormat.init(rawValue:)),
      let pid = fields["pid"].flatMap({ Int32($0) }), let host = fields["host"],
      let time = fields["time"].flatMap({ Int($0) }), fields["length"] == String(contentEnd - contentStart)
    else { return nil }
    bytes.removeSubrange(contentEnd...)
    bytes.removeSubrange(..<contentStart)
    self.init(
      file: file, path: fields["path"], title: title, format: format, pid: pid, host: host, time: time,
      baseHash: fields["base"].flatMap { UInt64($0, radix: 16) }, content: bytes, logID: fields["log"],
      process: fields["process"])
  }

  init(
    file: String, path: String?, title: String, format: DocumentFormat, pid: Int32, host: String, time: Int,
    baseHash: UInt64?, content: [UInt8], logID: String? = nil, process: String? = nil
  ) {
    self.file = file
    self.path = path
    self.title = title
    self.format = format
    self.pid = pid
    self.host = host
    self.process = process
    self.time = time
    self.baseHash = baseHash
    self.content = content
    self.logID = logID
  }

  /// A value on one header line: `%` and line breaks percent-encoded.
  private static func escaped(_ value: String) -> String {
    value.replacingText("%", with: "%25").replacingText("\n", with: "%0A").replacingText("\r", with: "%0D")
  }

  private static func unescaped(_ value: Substring) -> String {
    value.replacingText("%0A", with: "\n").replacingText("%0D", with: "\r")
      .replacingText("%25", with: "%")
  }

  /// The offset of the line break that starts the trailer: the last one before the one that
  /// ends the file, at `contentStart` or after; nil when there is none.
  private static func trailerStart(_ bytes: [UInt8], contentStart: Int) -> Int? {
    guard bytes.count > contentStart, bytes[bytes.count - 1] == 0x0A else { return nil }
    var index = bytes.count - 2
    while index >= contentStart {
      if bytes[index] == 0x0A { return index }
      index -= 1
    }
    return nil
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

  /// Whether the process that wrote it is still running here (the journal then belongs to
  /// it): its pid is alive and, when the journal gives the writer's identity, it is the same
  /// process.
  var isWriterAlive: Bool { writer.isAlive }

  /// Who wrote it.
  var writer: Writer { Writer(pid: pid, host: host, process: process, time: time) }

  /// The process that wrote a journal, from its header.
  struct Writer: Equatable {
    var pid: Int32
    var host: String
    var process: String?
    /// When it wrote the journal, in seconds since 1970.
    var time: Int

    /// Whether that process is still running here.
    var isAlive: Bool {
      host == DocumentLock.hostName && ProcessIdentity.isAlive(pid: pid, identity: process)
    }

    /// Whether it is this process.
    var isThisProcess: Bool {
      host == DocumentLock.hostName && pid == getpid()
        && (process == nil || process == ProcessIdentity.current)
    }
  }

  /// The writer a journal file's header names, read from its first bytes only (not its
  /// content); nil when there is no file or its header cannot be read.
  static func writer(ofFile file: String) -> Writer? {
    let descriptor = open(file, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    // A header is a few short lines, a path and a title: 64 KiB holds any.
    var bytes = [UInt8](repeating: 0, count: 65_536)
    var count = 0
    while count < bytes.count {
      let read = bytes.withUnsafeMutableBytes { buffer in
        pread(descriptor, buffer.baseAddress.map { $0 + count }, buffer.count - count, off_t(count))
      }
      if read > 0 {
        count += read
      } else if read < 0, errno == EINTR {
        continue
      } else {
        break
      }
    }
    guard let blank = headerEnd(Array(bytes[..<count])) else { return nil }
    let lines = String(decoding: bytes[..<blank], as: UTF8.self).split(separator: "\n")
    guard let version = lines.first, version == magic || version == firstVersionMagic else { return nil }
    var fields: [Substring: Substring] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { return nil }
      fields[line[..<colon]] = line[line.index(after: colon)...].dropFirst()
    }
    guard let pid = fields["pid"].flatMap({ Int32($0) }), let host = fields["host"],
      let time = fields["time"].flatMap({ Int($0) })
    else { return nil }
    return Writer(pid: pid, host: String(host), process: fields["process"].map(String.init), time: time)
  }

  /// "pid 123 on host, 2025-01-02 03:04:05 UTC".
  var origin: String {
    "pid \(pid) on \(host), \(DocumentInfo.formatTime(time))"
  }
}
