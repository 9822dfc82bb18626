/// What Folio knew about a document's file when it last read or wrote it, to tell whether
/// someone else changed the file since.
public struct FileSnapshot: Equatable, Sendable {
  /// The file's size in bytes.
  public var size: Int
  /// The modification time, in seconds and nanoseconds since 1970.
  public var modifiedSeconds: Int
  public var modifiedNanoseconds: Int
  /// The status change time (ctime), in seconds and nanoseconds since 1970: the system sets
  /// it at every change of the file, its content or its times, and no program can set it
  /// back, so a change that restores the modification time (`touch -r`) still shows here.
  public var changedSeconds: Int
  public var changedNanoseconds: Int
  /// The device and inode: a different file put in its place changes them.
  public var device: UInt64
  public var inode: UInt64
  /// The permission bits, kept when the file is saved again.
  public var mode: UInt32
  /// The content's hash: `contentHash(of:)`, XXH64.
  public var contentHash: UInt64
  /// When the status above was taken: this machine's boot clock (`CLOCK_BOOTTIME`, which
  /// counts time asleep too and is never set) read just before it, in nanoseconds. Only the
  /// time elapsed since counts: the file system's clock at that moment is reckoned from a time
  /// it gives later, less that time (see `DocumentFile.check(_:against:)`).
  public var takenOnBootClock: Int
  /// This machine's own clock (`CLOCK_REALTIME`, which can be set) when the status was
  /// taken, in nanoseconds since 1970: the check compares the time it says elapsed with the
  /// boot clock's, to find a clock that was stepped meanwhile.
  public var takenOnRealClock: Int

  /// The hash a snapshot keeps of a file's content: XXH64 (`ContentHasher`), which is fast
  /// enough to check a large file before every save.
  public static func contentHash(of bytes: [UInt8]) -> UInt64 {
    bytes.withUnsafeBytes { ContentHasher.hash($0) }
  }

  /// Whether two snapshots describe the same file with the same status and content; when
  /// they were taken does not count.
  func isSameState(as other: FileSnapshot) -> Bool {
    var other = other
    other.takenOnBootClock = takenOnBootClock
    other.takenOnRealClock = takenOnRealClock
    return self == other
  }

  /// The hash of no bytes, where a running hash starts.
  public static let emptyHash: UInt64 = 0xcbf2_9ce4_8422_2325

  /// The FNV-1a hash of some bytes, or of `bytes` following those `previous` hashed: short
  /// keys such as the names of journal files (contents use `contentHash(of:)`).
  public static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes, continuing previous: UInt64 = emptyHash)
    -> UInt64
  {
    var hash = previous
    for byte in bytes {
      hash ^= UInt64(byte)
      hash &*= 0x100_0000_01b3
    }
    return hash
  }
}
