/// Finds where each message of a MessagePack stream ends by reading only its headers, and
/// checks every count and length they hold before anything is set aside for it.
///
/// It reads each value's first byte, the length or count after it (1, 2 or 4 bytes,
/// big-endian), and skips the payload of strings, bin, ext and numbers; arrays and maps
/// open a level on a stack of the values still to come in each. A count or length that would
/// take the message over `limit` bytes — each value still owed takes at least one byte, a map
/// entry two — is refused when its header has arrived, before any of its elements, and so is
/// a level deeper than `maximumDepth`. Only a message the framing has found whole is decoded
/// (`MessagePackDecoder`), so what is set aside for its arrays and maps is at most in
/// proportion to its bytes.
///
/// It is incremental: `scan` goes on from where the last call stopped, in a value's header
/// or its payload, so each byte is looked at once, however the stream is cut into chunks.
/// Its state is plain integers (it runs on every request), the stack a fixed block of
/// `maximumDepth` counts it owns.
struct MessagePackFraming: ~Copyable {
  /// What the framing found in the bytes given to `scan`.
  enum Step: Equatable {
    /// The bytes ended inside a message (or between two).
    case needsMore
    /// A message ended; it was `byteCount` bytes long.
    case ended(byteCount: Int)
    /// A count or length takes the message over the limit: it is at least `byteCount` long.
    case tooLong(byteCount: Int)
    /// An array or map opens deeper than `maximumDepth`.
    case tooDeep
    /// A byte that starts no MessagePack value (0xC1).
    case notMessagePack
  }

  /// What the next byte is of the value being read.
  private enum Position {
    /// Its first byte.
    case header
    /// A byte of its length field.
    case length
    /// A byte of its payload.
    case payload
  }

  /// What a length field counts.
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

  /// The longest message, in bytes.
  let limit: Int
  /// How many arrays and maps may be open at once.
  let maximumDepth: Int
  /// How many bytes of the message not yet ended were read.
  private(set) var byteCount = 0
  private var position = Position.header
  /// In `.payload`, the bytes still to come; in `.length`, the value read so far.
  private var pending = 0
  /// In `.length`, the bytes of the field still to come, and what it counts.
  private var lengthLeft = 0
  private var counted = Counted.bytes
  /// The values still to come in each open array or map, outermost first; `depth` of the
  /// `maximumDepth` are in use.
  private let remaining: UnsafeMutablePointer<Int>
  private var depth = 0
  /// The sum of the values still to come in the open arrays and maps: at least as many
  /// bytes of the message are still to come.
  private var owed = 0

  init(limit: Int, maximumDepth: Int) {
    self.limit = limit
    self.maximumDepth = maximumDepth
    remaining = .allocate(capacity: maximumDepth)
  }

  deinit {
    remaining.deallocate()
  }

  /// Reads `bytes` from `index` until a message ends (leaving `index` after it), the bytes
  /// end, or the stream breaks.
  ///
  /// One pass of the loop reads a value's header, a byte of its length field, or its
  /// payload; a header's checks and the end of a value follow in line. The state lives in
  /// locals while it runs (it runs on every request: stored properties would be loaded and
  /// stored at each byte) and goes back into the stored properties at the end.
  mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, from index: inout Int) -> Step {
    let end = bytes.count
    var next = index
    var count = byteCount
    var owed = self.owed
    var depth = self.depth
    var pending = self.pending
    var step = Step.needsMore
    scanning: while next < end {
      // What the header (or length field) just read declared: bytes to skip, or keys and
      // elements to come; neither for a value that is whole already.
      var payload = -1
      var values = -1
      switch position {
      case .payload:
        let taken = min(pending, end &- next)
        next &+= taken
        count &+= taken
        pending &-= taken
        guard pending == 0 else { break scanning }
        position = .header
      case .length:
        pending = pending &<< 8 | Int(bytes[next])
        next &+= 1
        count &+= 1
        lengthLeft &-= 1
        guard lengthLeft == 0 else { continue scanning }
        position = .header
        switch counted {
        case .bytes: payload = pending
        case .extBytes: payload = pending &+ 1
        case .elements: values = pending
        case .entries: values = pending &<< 1
        }
        pending = 0
      case .header:
        let byte = bytes[next]
        next &+= 1
        count &+= 1
        if depth > 0 {
          // Read, then set: a compound assignment through the pointer's subscript makes
          // swift 6.3's ThreadSanitizer instrumentation emit invalid IR (`make sanitize`).
          remaining[depth &- 1] = remaining[depth &- 1] &- 1
          owed &-= 1
        }
        switch byte {
        case 0x00...0x7F, 0xE0...0xFF, 0xC0, 0xC2, 0xC3: break
        case 0xA0...0xBF: payload = Int(byte & 0x1F)
        case 0x80...0x8F: values = Int(byte & 0x0F) &<< 1
        case 0x90...0x9F: values = Int(byte & 0x0F)
        case 0xCA: payload = 4
        case 0xCB: payload = 8
        case 0xCC...0xCF: payload = 1 << Int(byte - 0xCC)
        case 0xD0...0xD3: payload = 1 << Int(byte - 0xD0)
        // fixext 1–16: a type byte and 1–16 bytes.
        case 0xD4...0xD8: payload = 1 + (1 << Int(byte - 0xD4))
        case 0xC1:
          step = .notMessagePack
          break scanning
        default:
          // A length field of 1, 2 or 4 bytes follows.
          (counted, lengthLeft) =
            switch byte {
            case 0xC4...0xC6: (.bytes, 1 << Int(byte - 0xC4))
            case 0xC7...0xC9: (.extBytes, 1 << Int(byte - 0xC7))
            case 0xD9...0xDB: (.bytes, 1 << Int(byte - 0xD9))
            case 0xDC, 0xDD: (.elements, byte == 0xDC ? 2 : 4)
            default: (.entries, byte == 0xDE ? 2 : 4)  // 0xDE, 0xDF
            }
          position = .length
          continue scanning
        }
      }
      if payload >= 0 {
        let least = count &+ payload &+ owed
        guard least <= limit else {
          step = .tooLong(byteCount: least)
          break scanning
        }
        // Skip what of the payload is here; wait for the rest.
        let taken = min(payload, end &- next)
        next &+= taken
        count &+= taken
        if taken < payload {
          pending = payload &- taken
          position = .payload
          break scanning
        }
      } else if values >= 0 {
        guard depth < maximumDepth else {
          step = .tooDeep
          break scanning
        }
        let least = count &+ values &+ owed
        guard least <= limit else {
          step = .tooLong(byteCount: least)
          break scanning
        }
        if values > 0 {
          remaining[depth] = values
          depth &+= 1
          owed &+= values
          continue scanning
        }
      }
      // A value ended: and the arrays and maps it was the last of, and the message when it
      // was its outermost value.
      while depth > 0, remaining[depth &- 1] == 0 { depth &-= 1 }
      if depth == 0 {
        step = .ended(byteCount: count)
        count = 0
        break scanning
      }
    }
    index = next
    byteCount = count
    self.owed = owed
    self.depth = depth
    self.pending = pending
    return step
  }
}
