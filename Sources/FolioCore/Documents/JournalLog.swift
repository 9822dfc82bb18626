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
/// `folio-journal-log 1 ID` naming the journal it continues (its `log` header), then
/// records: the payload's length (8 bytes, little-endian), the payload (`JournalDelta`'s
/// encoding) and its FNV-1a hash (8 bytes). Reading stops at the first record cut short or
/// failing its hash, so a torn last record is ignored.
enum JournalLog {
  /// The log of a journal file.
  static func path(ofJournal file: String) -> String { file + ".log" }

  /// Starts the log of a journal just written with the log id `id`, replacing any other.
  ///
  /// - Returns: the log's size in bytes.
  /// - Throws: `FolioError.io` when it cannot be written.
  static func start(journal file: String, id: String) throws(FolioError) -> Int {
    try write(Array("\(magic) \(id)\n".utf8), to: path(ofJournal: file), truncating: true, step: nil)
  }

  /// Appends a change to the log of a journal.
  ///
  /// - Returns: the number of bytes appended.
  /// - Throws: `FolioError.io` when it cannot be written whole; the log must then be started
  ///   again, since a torn record ends what is read of it.
  static func append(_ delta: JournalDelta, journal file: String) throws(FolioError) -> Int {
    let payload = JournalDeltaCoding.encoded(delta)
    var record = littleEndian(UInt64(payload.count))
    record += payload
    record += littleEndian(FileSnapshot.hash(payload))
    return try write(record, to: path(ofJournal: file), truncating: false, step: "journal.append")
  }

  /// The changes in the log of a journal whose log id is `id`, in order: none when there is
  /// no log, or it continues another journal; up to the first damaged record.
  static func deltas(journal file: String, id: String) -> [JournalDelta] {
    let log = path(ofJournal: file)
    guard DocumentFile.exists(log), let bytes = try? DocumentFile.read(log).bytes else { return [] }
    let header = Array("\(magic) \(id)\n".utf8)
    guard bytes.starts(with: header) else { return [] }
    var deltas: [JournalDelta] = []
    var offset = header.count
    while bytes.count - offset >= 16 {
      let length = readLittleEndian(bytes, at: offset)
      guard length <= UInt64(bytes.count - offset - 16) else { break }
      let payload = Array(bytes[(offset + 8)..<(offset + 8 + Int(length))])
      let end = offset + 8 + Int(length)
      guard readLittleEndian(bytes, at: end) == FileSnapshot.hash(payload),
        let delta = JournalDeltaCoding.decoded(payload)
      else { break }
      deltas.append(delta)
      offset = end + 8
    }
    return deltas
  }

  private static let magic = "folio-journal-log 1"

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
