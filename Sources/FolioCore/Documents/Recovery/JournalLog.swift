#if canImport(Glibc)
  import Glibc
#endif

/// The append-only log beside a recovery journal file (`FILE.log`): the changes made since
/// the journal was written, one record a command, so that a finished command reaches the
/// file with one small write however large the document.
///
/// Records are appended with plain `write` and no `fsync`: the kernel holds what a process
/// wrote in its page cache, so a process killed (`kill -9`) or crashing right after a
/// command loses none of it; only the machine losing power can. The file is a line
/// `folio-journal-log 2 ID` naming the journal it continues (its `log` header), then
/// records: the payload's length (8 bytes, little-endian), the payload and its FNV-1a hash
/// (8 bytes). The first record is the content's `JournalShape` when the journal was
/// written — what its deltas apply to, which the journal's bytes may not decode back to —
/// and each one after it a command's `JournalDelta`s (both in `JournalDeltaCoding`'s
/// encoding).
/// Reading stops at the first record cut short or failing its hash, so a torn last record
/// is ignored; a log without its shape is not applied at all.
enum JournalLog {
  /// The log of a journal file.
  static func path(ofJournal file: String) -> String { file + ".log" }

  /// Starts the log of a journal just written with the log id `id`, replacing any other,
  /// for content of `shape`.
  ///
  /// - Returns: the log's size in bytes.
  /// - Throws: `FolioError.io` when it cannot be written.
  static func start(journal file: String, id: String, shape: JournalShape) throws(FolioError) -> Int {
    let bytes = Array("\(magic) \(id)\n".utf8) + record(JournalDeltaCoding.encoded(shape))
    return try write(bytes, to: path(ofJournal: file), truncating: true, step: nil)
  }

  /// Appends a command's changes to the log of a journal, as one record: recovery replays
  /// all of them or, the record torn, none.
  ///
  /// - Returns: the number of bytes appended.
  /// - Throws: `FolioError.io` when it cannot be written whole; the log must then be started
  ///   again, since a torn record ends what is read of it.
  static func append(_ deltas: [JournalDelta], journal file: String) throws(FolioError) -> Int {
    try write(
      record(JournalDeltaCoding.encoded(deltas)), to: path(ofJournal: file), truncating: false,
      step: "journal.append")
  }

  /// A payload framed as a record: its length, itself, its hash.
  private static func record(_ payload: [UInt8]) -> [UInt8] {
    var record = littleEndian(UInt64(payload.count))
    record += payload
    record += littleEndian(FileSnapshot.hash(payload))
    return record
  }

  /// The shape of the content the log of a journal whose log id is `id` continues, and its
  /// changes in order, up to the first damaged record; nil when there is no log, it
  /// continues another journal, or its shape cannot be read.
  static func read(journal file: String, id: String) -> (shape: JournalShape, deltas: [JournalDelta])? {
    let log = path(ofJournal: file)
    guard DocumentFile.exists(log), let bytes = try? DocumentFile.read(log).bytes else { return nil }
    let header = Array("\(magic) \(id)\n".utf8)
    guard bytes.starts(with: header) else { return nil }
    var offset = header.count
    guard let first = payload(in: bytes, at: &offset), let shape = JournalDeltaCoding.decodedShape(first)
    else {
      return nil
    }
    var deltas: [JournalDelta] = []
    while let payload = payload(in: bytes, at: &offset), let decoded = JournalDeltaCoding.decoded(payload) {
      deltas += decoded
    }
    return (shape, deltas)
  }

  /// The payload of the whole, undamaged record at `offset`, moving `offset` past it; nil
  /// when there is none.
  private static func payload(in bytes: [UInt8], at offset: inout Int) -> [UInt8]? {
    guard bytes.count - offset >= 16 else { return nil }
    let length = readLittleEndian(bytes, at: offset)
    guard length <= UInt64(bytes.count - offset - 16) else { return nil }
    let end = offset + 8 + Int(length)
    let payload = Array(bytes[(offset + 8)..<end])
    guard readLittleEndian(bytes, at: end) == FileSnapshot.hash(payload) else { return nil }
    offset = end + 8
    return payload
  }

  private static let magic = "folio-journal-log 2"

  private static func littleEndian(_ value: UInt64) -> [UInt8] {
    (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }

  private static func readLittleEndian(_ bytes: [UInt8], at offset: Int) -> UInt64 {
    (0..<8).reduce(0) { $0 | UInt64(bytes[offset + $1]) << (8 * $1) }
  }

  /// Writes `bytes` to the end of a file (mode 0600), or in place of it, reaching the fault
  /// point `step` half-way.
  private static func write(_ bytes: [UInt8], to path: String, truncating: Bool, step: String?)
    throws(FolioError) -> Int
  {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | (truncating ? O_TRUNC : O_APPEND), 0o600)
    guard descriptor >= 0 else { throw .io(path, "cannot write: \(DocumentFile.describe(errno))") }
    defer { close(descriptor) }
    return try DocumentFile.writeAll(SaveContent(bytes), to: descriptor, path: path, step: step).size
  }
}
