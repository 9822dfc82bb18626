/// Reads one JSON value (RFC 8259) from bytes into a `JSONValue`: the embedding protocol's
/// messages, and the text plugins decode with `folio.json.decode` or keep in `folio.state`.
///
/// Objects keep their keys in order and refuse a key twice; numbers without a fraction or an
/// exponent that fit an `Int` become `.int`, others `.number`; nesting deeper than the depth
/// given (`maximumDepth` by default) is refused, so hostile text cannot exhaust the stack.
public enum JSONText {
  /// The deepest nesting of arrays and objects a message may have unless a caller says
  /// otherwise.
  public static let maximumDepth = 64

  /// Why bytes are not one JSON value: what was expected, and the byte offset where.
  public struct SyntaxError: Error, Equatable, Sendable {
    /// What is wrong, for people.
    public var message: String
    /// The offset of the byte where reading stopped, from 0.
    public var offset: Int
  }

  /// Parses `bytes` as exactly one JSON value with optional whitespace around it.
  ///
  /// - Throws: `SyntaxError` for invalid UTF-8, malformed JSON, a duplicate key or nesting
  ///   deeper than `maximumDepth`.
  public static func parse(_ bytes: [UInt8], maximumDepth: Int = maximumDepth) throws(SyntaxError)
    -> JSONValue
  {
    // Messages are mostly ASCII, which is valid UTF-8: only other text is read scalar by scalar.
    if !bytes.allSatisfy({ $0 < 0x80 }) {
      var utf8 = UTF8.ForwardParser()
      var iterator = bytes.makeIterator()
      var offset = 0
      loop: while true {
        switch utf8.parseScalar(from: &iterator) {
        case .valid(let scalar): offset += scalar.count
        case .emptyInput: break loop
        case .error:
          throw SyntaxError(message: "the text is not valid UTF-8", offset: offset)
        }
      }
    }
    var scanner = Scanner(bytes: bytes, maximumDepth: maximumDepth)
    scanner.skipWhitespace()
    let value = try scanner.value(depth: 0)
    scanner.skipWhitespace()
    guard scanner.offset == bytes.count else { throw scanner.error("unexpected text after the value") }
    return value
  }

  private struct Scanner {
    let bytes: [UInt8]
    let maximumDepth: Int
    var offset = 0

    var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    func error(_ message: String) -> SyntaxError { SyntaxError(message: message, offset: offset) }

    func expected(_ what: String) -> SyntaxError {
      guard let current else { return error("expected \(what), found the end of the text") }
      let found = current < 0x20 || current >= 0x7F ? "byte \(current)" : "'\(Unicode.Scalar(current))'"
      return error("expected \(what), found \(found)")
    }

    mutating func skipWhitespace() {
      while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { offset += 1 }
    }

    mutating func value(depth: Int) throws(SyntaxError) -> JSONValue {
      guard let byte = current else { throw expected("a value") }
      switch byte {
      case UInt8(ascii: "{"): return try object(depth: depth + 1)
      case UInt8(ascii: "["): return try array(depth: depth + 1)
      case UInt8(ascii: "\""): return .string(try string())
      case UInt8(ascii: "t"):
        try literal("true")
        return .bool(true)
      case UInt8(ascii: "f"):
        try literal("false")
        return .bool(false)
      case UInt8(ascii: "n"):
        try literal("null")
        return .null
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
      default: throw expected("a value")
      }
    }

    mutating func object(depth: Int) throws(SyntaxError) -> JSONValue {
      var pairs: [(String, JSONValue)] = []
      pairs.reserveCapacity(4)
      // Messages' objects are small: a set of keys pays only for large ones. It is inserted
      // into in place (a copy taken out of an optional and put back copied the whole set at
      // each key, which made a large object quadratic).
      var keys: Set<String> = []
      try elements(depth: depth, closedBy: UInt8(ascii: "}")) { (scanner) throws(SyntaxError) in
        guard scanner.current == UInt8(ascii: "\"") else { throw scanner.expected("a string key") }
        let keyOffset = scanner.offset
        let key = try scanner.string()
        let isRepeated: Bool
        if pairs.count > 16 {
          isRepeated = !keys.insert(key).inserted
        } else {
          isRepeated = pairs.contains { $0.0 == key }
          if pairs.count == 16 { keys = Set(pairs.map(\.0) + [key]) }
        }
        guard !isRepeated else {
          throw SyntaxError(message: "the key \"\(key)\" appears twice in an object", offset: keyOffset)
        }
        scanner.skipWhitespace()
        guard scanner.current == UInt8(ascii: ":") else { throw scanner.expected("':'") }
        scanner.offset += 1
        scanner.skipWhitespace()
        pairs.append((key, try scanner.value(depth: depth)))
      }
      return .object(pairs)
    }

    mutating func array(depth: Int) throws(SyntaxError) -> JSONValue {
      var values: [JSONValue] = []
      try elements(depth: depth, closedBy: UInt8(ascii: "]")) { (scanner) throws(SyntaxError) in
        values.append(try scanner.value(depth: depth))
      }
      return .array(values)
    }

    /// Reads an array's or an object's elements, separated by commas, from its opening
    /// bracket past `close`: `element` reads each from its first byte. Nesting deeper than
    /// `maximumDepth` is refused.
    mutating func elements(
      depth: Int, closedBy close: UInt8, _ element: (inout Scanner) throws(SyntaxError) -> Void
    ) throws(SyntaxError) {
      guard depth <= maximumDepth else {
        throw error("nesting deeper than \(maximumDepth) arrays and objects")
      }
      offset += 1
      skipWhitespace()
      if current == close {
        offset += 1
        return
      }
      while true {
        skipWhitespace()
        try element(&self)
        skipWhitespace()
        if current == close {
          offset += 1
          return
        }
        guard current == UInt8(ascii: ",") else { throw expected("',' or '\(Unicode.Scalar(close))'") }
        offset += 1
      }
    }

    mutating func literal(_ word: String) throws(SyntaxError) {
      let expectedBytes = Array(word.utf8)
      guard offset + expectedBytes.count <= bytes.count,
        bytes[offset..<(offset + expectedBytes.count)].elementsEqual(expectedBytes)
      else { throw expected(word) }
      offset += expectedBytes.count
    }

    mutating func digits() -> Int {
      let start = offset
      while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { offset += 1 }
      return offset - start
    }

    mutating func number() throws(SyntaxError) -> JSONValue {
      let start = offset
      if current == UInt8(ascii: "-") { offset += 1 }
      if current == UInt8(ascii: "0") {
        offset += 1
      } else if digits() == 0 {
        throw expected("a digit")
      }
      var isInteger = true
      if current == UInt8(ascii: ".") {
        offset += 1
        isInteger = false
        guard digits() > 0 else { throw expected("a digit after '.'") }
      }
      if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
        offset += 1
        isInteger = false
        if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
        guard digits() > 0 else { throw expected("a digit in the exponent") }
      }
      // An integer of up to 18 digits (any id) is summed from its bytes.
      let negative = bytes[start] == UInt8(ascii: "-")
      if isInteger, offset - start - (negative ? 1 : 0) <= 18 {
        var integer = 0
        for byte in bytes[(negative ? start + 1 : start)..<offset] {
          integer = integer * 10 + Int(byte &- 0x30)
        }
        return .int(negative ? -integer : integer)
      }
      let text = String(decoding: bytes[start..<offset], as: UTF8.self)
      if isInteger, let integer = Int(text) { return .int(integer) }
      guard let double = Double(text), double.isFinite else {
        throw SyntaxError(message: "the number \(text) is out of range", offset: start)
      }
      return .number(double)
    }

    /// Reads the string at `offset`. One without escapes, most of them, is made straight from
    /// its bytes (checked as UTF-8 already); one with escapes is collected as bytes.
    mutating func string() throws(SyntaxError) -> String {
      let opening = offset
      offset += 1
      // Most strings: the closing quote comes before any escape or control character.
      let start = offset
      let plainEnd = bytes.withUnsafeBufferPointer { buffer -> Int? in
        var index = start
        while index < buffer.count {
          let byte = buffer[index]
          if byte == UInt8(ascii: "\"") { return index }
          if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
          index += 1
        }
        return nil
      }
      if let plainEnd {
        let text = bytes.withUnsafeBufferPointer {
          String(decoding: UnsafeBufferPointer(rebasing: $0[start..<plainEnd]), as: UTF8.self)
        }
        offset = plainEnd + 1
        return text
      }
      var plainStart = offset
      var collected: [UInt8]?
      while let byte = current {
        switch byte {
        case UInt8(ascii: "\""):
          let end = offset
          offset += 1
          guard var text = collected else { return String(decoding: bytes[plainStart..<end], as: UTF8.self) }
          text.append(contentsOf: bytes[plainStart..<end])
          return String(decoding: text, as: UTF8.self)
        case UInt8(ascii: "\\"):
          var text = collected ?? []
          text.append(contentsOf: bytes[plainStart..<offset])
          UTF8.encode(try escape()) { text.append($0) }
          collected = text
          plainStart = offset
        case 0..<0x20:
          throw error("a control character in a string must be escaped")
        default:
          offset += 1
        }
      }
      throw SyntaxError(message: "a string is not closed", offset: opening)
    }

    /// Reads the escape at `offset` (a backslash); a surrogate pair is one character.
    mutating func escape() throws(SyntaxError) -> Unicode.Scalar {
      let start = offset
      do {
        return try readEscape()
      } catch {
        throw SyntaxError(message: error.message, offset: start)
      }
    }

    private mutating func readEscape() throws(SyntaxError) -> Unicode.Scalar {
      guard offset + 1 < bytes.count else { throw error("a string is not closed") }
      let letter = bytes[offset + 1]
      offset += 2
      switch letter {
      case UInt8(ascii: "\""): return "\""
      case UInt8(ascii: "\\"): return "\\"
      case UInt8(ascii: "/"): return "/"
      case UInt8(ascii: "b"): return "\u{08}"
      case UInt8(ascii: "f"): return "\u{0C}"
      case UInt8(ascii: "n"): return "\n"
      case UInt8(ascii: "r"): return "\r"
      case UInt8(ascii: "t"): return "\t"
      case UInt8(ascii: "u"):
        let first = try hex()
        if (0xDC00...0xDFFF).contains(first) { throw error("an unpaired UTF-16 surrogate in a string") }
        guard (0xD800...0xDBFF).contains(first) else {
          guard let scalar = Unicode.Scalar(first) else { throw error("an invalid \\u escape") }
          return scalar
        }
        guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"),
          bytes[offset + 1] == UInt8(ascii: "u")
        else { throw error("an unpaired UTF-16 surrogate in a string") }
        offset += 2
        let second = try hex()
        guard (0xDC00...0xDFFF).contains(second),
          let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
        else { throw error("an unpaired UTF-16 surrogate in a string") }
        return scalar
      default:
        throw error("an unknown escape in a string")
      }
    }

    mutating func hex() throws(SyntaxError) -> UInt32 {
      var value: UInt32 = 0
      for _ in 0..<4 {
        guard let byte = current else { throw error("\\u must be followed by four hex digits") }
        let digit: UInt8
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
        default: throw error("\\u must be followed by four hex digits")
        }
        value = value << 4 | UInt32(digit)
        offset += 1
      }
      return value
    }
  }
}

extension JSONValue {
  /// Reads JSON text (RFC 8259) as a value, nested at most `maximumDepth` deep: integers that
  /// fit an `Int` as `.int`, other numbers as `.number`, object keys in the order written (a key
  /// twice is refused).
  ///
  /// - Throws: `FolioError` with code `.format` and a message starting "line L, column C: ".
  public static func parse(_ text: String, maximumDepth: Int = JSONText.maximumDepth) throws(FolioError)
    -> JSONValue
  {
    let bytes = Array(text.utf8)
    do {
      return try JSONText.parse(bytes, maximumDepth: maximumDepth)
    } catch {
      throw bytes.withUnsafeBufferPointer { buffer in
        FolioError.format(error.message, at: min(error.offset, bytes.count), in: buffer, from: 0)
      }
    }
  }
}
