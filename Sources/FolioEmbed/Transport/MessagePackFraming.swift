/// Finds where each message of a MessagePack stream ends by reading only its headers, and
/// checks every count and length they hold before anything is set aside for it.
///
/// It reads each value's first byte, the length or count after it (1, 2 or 4 bytes,
/// big-endian), and skips the payload of strings, bin, ext and numbers; arrays and maps
/// open a level on a stack of the values still to come in each. A count or length that would
/// take the message over `limit` bytes — each value still owed takes at least one byte, a map
/// entry two — is refused when its header has arrived, before any of its elements, and so is
/// a level deeper than `maximumDepth`. What it refuses is what msgpack-c's unpacker would
/// set memory aside for at the header (24 bytes an element): once the framing has found the
/// whole of a message, what msgpack-c sets aside is at most in proportion to its bytes.
///
/// It is incremental: `scan` goes on from where the last call stopped, in a value's header
/// or its payload, so each byte is looked at once, however the stream is cut into chunks.
struct MessagePackFraming {
  /// What the framing found in the bytes given to `scan`.
  enum Step: Equatable {
    /// The bytes ended inside a message (or between two).
    case needsMore
    /// A message ended; it was `byteCount` bytes long.
    case ended(byteCount: Int)
    /// The stream broke: nothing more can be read.
    case failed(MessageReader.Failure)
  }

  /// What the length field being read counts.
  private enum Counted {
    /// A str's or bin's bytes.
    case bytes
    /// An ext's bytes, after its type byte.
    case extBytes
    /// An array's elements.
    case elements
    /// A map's entries, each a key and a value.
    case entries
  }

  /// Where in a value the next byte is.
  private enum Position {
    /// Its first byte.
    case header
    /// Its length field of `width` bytes, `read` of them read so far into `value`.
    case length(Counted, width: Int, value: Int, read: Int)
    /// Its payload, `left` bytes of it still to come.
    case payload(left: Int)
  }

  /// The longest message, in bytes.
  let limit: Int
  /// How many arrays and maps may be open at once.
  let maximumDepth: Int
  /// How many bytes of the message not yet ended were read.
  private(set) var byteCount = 0
  private var position = Position.header
  /// The values still to come in each open array or map, outermost first; `depth` of them
  /// are in use.
  private var remaining: [Int]
  private var depth = 0
  /// The sum of the values still to come in the open arrays and maps: at least as many
  /// bytes of the message are still to come.
  private var owed = 0

  init(limit: Int, maximumDepth: Int) {
    self.limit = limit
    self.maximumDepth = maximumDepth
    remaining = Array(repeating: 0, count: maximumDepth)
  }

  /// Reads `bytes` from `index` until a message ends (leaving `index` after it), the bytes
  /// end, or the stream breaks.
  mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, from index: inout Int) -> Step {
    while index < bytes.count {
      switch position {
      case .header:
        let byte = bytes[index]
        index += 1
        byteCount += 1
        if depth > 0 {
          remaining[depth - 1] -= 1
          owed -= 1
        }
        if let step = header(byte) { return step }
      case .payload(let left):
        let taken = min(left, bytes.count - index)
        index += taken
        byteCount += taken
        guard taken == left else {
          position = .payload(left: left - taken)
          return .needsMore
        }
        position = .header
        if let step = endValue() { return step }
      case .length(let counted, let width, var value, var read):
        while read < width, index < bytes.count {
          value = value << 8 | Int(bytes[index])
          index += 1
          read += 1
          byteCount += 1
        }
        guard read == width else {
          position = .length(counted, width: width, value: value, read: read)
          return .needsMore
        }
        position = .header
        if let step = counting(counted, value) { return step }
      }
    }
    return .needsMore
  }

  /// Takes a value's first byte: a whole value, or what is still to come of it.
  private mutating func header(_ byte: UInt8) -> Step? {
    switch byte {
    case 0x00...0x7F, 0xE0...0xFF, 0xC0, 0xC2, 0xC3: return endValue()
    case 0x80...0x8F: return open(values: 2 * Int(byte & 0x0F))
    case 0x90...0x9F: return open(values: Int(byte & 0x0F))
    case 0xA0...0xBF: return payload(Int(byte & 0x1F))
    case 0xC4...0xC6: return length(.bytes, width: 1 << Int(byte - 0xC4))
    case 0xC7...0xC9: return length(.extBytes, width: 1 << Int(byte - 0xC7))
    case 0xCA: return payload(4)
    case 0xCB: return payload(8)
    case 0xCC...0xCF: return payload(1 << Int(byte - 0xCC))
    case 0xD0...0xD3: return payload(1 << Int(byte - 0xD0))
    // fixext 1–16: a type byte and 1–16 bytes.
    case 0xD4...0xD8: return payload(1 + (1 << Int(byte - 0xD4)))
    case 0xD9...0xDB: return length(.bytes, width: 1 << Int(byte - 0xD9))
    case 0xDC, 0xDD: return length(.elements, width: byte == 0xDC ? 2 : 4)
    case 0xDE, 0xDF: return length(.entries, width: byte == 0xDE ? 2 : 4)
    default: return failing(.unreadable("the bytes are not MessagePack"))  // 0xC1
    }
  }

  private mutating func length(_ counted: Counted, width: Int) -> Step? {
    position = .length(counted, width: width, value: 0, read: 0)
    return nil
  }

  /// Takes a length field just read.
  private mutating func counting(_ counted: Counted, _ value: Int) -> Step? {
    switch counted {
    case .bytes: payload(value)
    case .extBytes: payload(1 + value)
    case .elements: open(values: value)
    case .entries: open(values: 2 * value)
    }
  }

  /// Starts a payload of `count` bytes, if the message can hold them.
  private mutating func payload(_ count: Int) -> Step? {
    let least = byteCount + count + owed
    guard least <= limit else { return failing(.tooLong(byteCount: least)) }
    guard count > 0 else { return endValue() }
    position = .payload(left: count)
    return nil
  }

  /// Opens an array or map of `values` keys and elements, if the message can hold them.
  private mutating func open(values: Int) -> Step? {
    guard depth < maximumDepth else {
      return failing(.unreadable("a message nests deeper than \(maximumDepth) levels"))
    }
    let least = byteCount + values + owed
    guard least <= limit else { return failing(.tooLong(byteCount: least)) }
    guard values > 0 else { return endValue() }
    remaining[depth] = values
    depth += 1
    owed += values
    return nil
  }

  /// Ends a value: and the arrays and maps it was the last of, and the message when it was
  /// its outermost value.
  private mutating func endValue() -> Step? {
    while depth > 0, remaining[depth - 1] == 0 { depth -= 1 }
    guard depth == 0 else { return nil }
    let count = byteCount
    byteCount = 0
    return .ended(byteCount: count)
  }

  private mutating func failing(_ failure: MessageReader.Failure) -> Step {
    byteCount = 0
    return .failed(failure)
  }
}
