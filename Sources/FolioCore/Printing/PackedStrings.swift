/// Strings kept as one buffer of UTF-8 and the offsets where each ends.
///
/// Printing a table of a million rows holds its cells and its laid-out lines this way rather
/// than as a `String` (and an array) per row, so that building them allocates a few large
/// arrays and giving them up, when Ctrl-C stops a print, frees those few arrays at once
/// instead of millions of small ones. Even a few large arrays take the kernel tens of
/// milliseconds to unmap, so a buffer of a megabyte or more is freed on a thread of its own
/// (see `Storage`): a cancelled print answers at once.
struct PackedStrings: Sendable, Equatable {
  /// The buffers, shared between copies until one of them changes.
  private var storage = Storage()

  /// No strings.
  init() {}

  /// The strings given, in order.
  init(_ strings: some Sequence<String>) {
    for string in strings { append(string) }
  }

  /// The strings' UTF-8, one after another.
  var bytes: [UInt8] { storage.bytes }

  /// The number of strings.
  var count: Int { storage.ends.count }

  /// Where string `index` is in `bytes`.
  func range(of index: Int) -> Range<Int> {
    (index == 0 ? 0 : storage.ends[index - 1])..<storage.ends[index]
  }

  /// String `index`.
  subscript(index: Int) -> String {
    String(decoding: storage.bytes[range(of: index)], as: UTF8.self)
  }

  /// Appends a string.
  mutating func append(_ string: String) {
    var string = string
    append(writing: { bytes in string.withUTF8 { bytes.append(contentsOf: $0) } })
  }

  /// Appends a string made of UTF-8 bytes.
  mutating func append(utf8: UnsafeBufferPointer<UInt8>) {
    append(writing: { $0.append(contentsOf: utf8) })
  }

  /// Appends the string `body` writes at the end of the buffer it is given.
  mutating func append(writing body: (inout [UInt8]) -> Void) {
    makeUnique()
    body(&storage.bytes)
    storage.ends.append(storage.bytes.count)
  }

  /// Sets aside room for `count` more strings of `size` bytes in all.
  mutating func reserve(strings count: Int, bytes size: Int) {
    makeUnique()
    storage.ends.reserveCapacity(storage.ends.count + count)
    storage.bytes.reserveCapacity(storage.bytes.count + size)
  }

  static func == (lhs: PackedStrings, rhs: PackedStrings) -> Bool {
    lhs.storage === rhs.storage
      || (lhs.storage.ends == rhs.storage.ends && lhs.storage.bytes == rhs.storage.bytes)
  }

  private mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&storage) { storage = Storage(bytes: storage.bytes, ends: storage.ends) }
  }

  /// The two buffers, freed on a thread of their own when they are large.
  private final class Storage: @unchecked Sendable {
    // Only a uniquely referenced storage is changed (`makeUnique`), so sharing one between
    // threads shares only reads.
    var bytes: [UInt8]
    var ends: [Int]

    /// Buffers of at least this many bytes are freed on a thread of their own.
    static let releasedApart = 1 << 20

    init(bytes: [UInt8] = [], ends: [Int] = []) {
      self.bytes = bytes
      self.ends = ends
    }

    deinit {
      guard bytes.capacity + ends.capacity * MemoryLayout<Int>.size >= Self.releasedApart else { return }
      let buffers = Buffers()
      swap(&buffers.bytes, &bytes)
      swap(&buffers.ends, &ends)
      // The thread holds the only reference once this one goes: the arrays are freed there.
      startDetachedThread { withExtendedLifetime(buffers) {} }
    }
  }

  /// Buffers handed to the thread that frees them.
  private final class Buffers: @unchecked Sendable {
    var bytes: [UInt8] = []
    var ends: [Int] = []
  }
}
