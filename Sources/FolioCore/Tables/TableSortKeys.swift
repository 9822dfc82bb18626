/// Every row's sort key as one run of bytes, made once before sorting, so that comparing two
/// rows by all the keys of a sort is one byte-wise comparison of their runs (`memcmp` order,
/// a shorter run first when it is the other's beginning).
///
/// Each key of the sort adds one part to a row's run:
/// - an empty cell: `02`, after every value whichever the direction;
/// - a number: `01` and the 8 bytes of the `Double` in an order-keeping form (big-endian,
///   the sign bit set for a positive number, every bit flipped for a negative one, -0 as 0);
/// - text: `01`, the case-folded text, `00`, the text itself, `00`. Both are UTF-8 in
///   normalization form C — the order of Swift's `String` comparison, which compares NFC
///   scalars — with each `00` byte of the text written as `01 01` and each `01` as `01 02`,
///   so that a text never reads past its end;
/// - text of a column that is all ASCII: `01`, the text with capitals lowered (escaped the
///   same way), `00`, then a bit a byte of the text, 1 for a small letter, 8 to a byte. Two
///   texts equal but for case have the same length, and their first difference is a capital
///   in one (a smaller byte) where the other has a small letter: the bits order them as the
///   texts themselves, in a part half as long;
/// - text in `standard` collation of a column that is all ASCII: `01`, the primary weights,
///   `00`, a code for each run of digits of how many leading zeros it has, then the case bits
///   as above — in the order of the three levels of `standard` text, about half as long (see
///   `appendLeadingZeros`).
///
/// A descending key has every byte after its tag complemented, and text ends with `FF`
/// instead of `00`. No part is the beginning of another of the same key, so no run is the
/// beginning of another, and rows compare equal only when every key is equal.
struct TableSortKeys {
  /// The runs of every row, one after the other.
  private var bytes: [UInt8] = []
  /// Where each row's run starts in `bytes`: 4 bytes a row while the runs take under 4 GiB.
  private var starts: [UInt32] = []
  /// Where each row's run starts, once the runs pass 4 GiB; `starts` is then empty.
  private var wideStarts: [Int]?

  /// What one key of the sort compares.
  enum Kind {
    /// The cells as numbers: every non-empty one reads as a finite number.
    case number
    /// The cells of a column declared as numbers: those that read as finite numbers by value,
    /// the others with the empty cells, last.
    case declaredNumber
    /// The cells as text, case folded first, then exactly; every cell is ASCII.
    case asciiText
    /// The cells as text, case folded first, then exactly.
    case text
    /// The cells as text in `standard` collation, in the shorter form every cell being ASCII
    /// allows; orders as `standardText`.
    case standardASCIIText
    /// The cells as text in `standard` collation: base letters with numbers by value, then
    /// accents and case folded, then exactly.
    case standardText

    /// The kind to try when a cell does not fit this one under `collation`.
    func wider(_ collation: TableCollation) -> Kind {
      switch self {
      case .number: collation == .standard ? .standardASCIIText : .asciiText
      case .declaredNumber: .declaredNumber
      case .asciiText, .text: .text
      case .standardASCIIText, .standardText: .standardText
      }
    }
  }

  /// The tag of a part holding a value.
  static let valueTag: UInt8 = 0x01
  /// The tag of an empty cell's part.
  static let emptyTag: UInt8 = 0x02
  /// The byte that writes a text's `00` and `01` bytes as `01 01` and `01 02`.
  private static let escape: UInt8 = 0x01

  /// An empty set of runs, for rows to be added one at a time.
  ///
  /// - Parameters:
  ///   - keys: each key's kind and direction, in the order they apply.
  ///   - rowCount: how many rows will be added.
  ///   - estimatedSize: about how many bytes the runs take, reserved up front.
  init(keys: [(kind: Kind, isDescending: Bool)], rowCount: Int, estimatedSize: Int) {
    self.keys = keys
    bytes.reserveCapacity(estimatedSize)
    starts.reserveCapacity(rowCount + 1)
  }

  /// Each key's kind and direction.
  private let keys: [(kind: Kind, isDescending: Bool)]

  /// Starts the next row's run; its keys' cells follow with `append(_:key:)`, in order.
  mutating func beginRow() {
    appendStart(bytes.count)
  }

  /// Notes where a run starts (or the last one ends), in `starts` while it fits 4 bytes.
  private mutating func appendStart(_ offset: Int) {
    if wideStarts == nil, let narrow = UInt32(exactly: offset) {
      starts.append(narrow)
      return
    }
    if wideStarts == nil {
      wideStarts = starts.map(Int.init)
      starts = []
    }
    wideStarts?.append(offset)
  }

  /// Appends the part of key `key` for the current row: its cell's UTF-8 text, empty for an
  /// empty cell.
  ///
  /// - Returns: false, having appended nothing, when the text does not fit the key's kind —
  ///   a `number` that does not read as a finite number, `asciiText` that is not ASCII: the
  ///   runs must then be made again with the kind `wider`.
  mutating func append(_ text: UnsafeBufferPointer<UInt8>, key: Int) -> Bool {
    append(text, kind: keys[key].kind, isDescending: keys[key].isDescending)
  }

  /// The number of rows added.
  var rowCount: Int { wideStarts?.count ?? starts.count }

  /// The runs of every row added, one after the other: of a single row, its run.
  var runBytes: [UInt8] { bytes }

  /// Sorts the rows by their runs (`ByteRunSorter.sort`), then frees the runs, which the
  /// sorted rows no longer need: no rows can be added after.
  ///
  /// - Returns: the sorted rows; nil when `isCancelled` said yes.
  mutating func sortRows(isCancelled: () -> Bool) -> ByteRunSorter.Sorted? {
    appendStart(bytes.count)
    let sorted = bytes.withUnsafeBufferPointer { bytes in
      if let wideStarts {
        wideStarts.withUnsafeBufferPointer {
          ByteRunSorter.sort(runs: bytes, starts: $0, isCancelled: isCancelled)
        }
      } else {
        starts.withUnsafeBufferPointer {
          ByteRunSorter.sort(runs: bytes, starts: $0, isCancelled: isCancelled)
        }
      }
    }
    bytes = []
    starts = []
    wideStarts = nil
    return sorted
  }

  /// Appends the part of one cell.
  ///
  /// - Returns: false, having appended nothing of the value, when the text does not fit the
  ///   kind.
  private mutating func append(_ text: UnsafeBufferPointer<UInt8>, kind: Kind, isDescending: Bool) -> Bool {
    guard !text.isEmpty else {
      bytes.append(Self.emptyTag)
      return true
    }
    let start = bytes.count + 1
    switch kind {
    case .number, .declaredNumber:
      guard let number = Self.number(text), number.isFinite else {
        guard kind == .declaredNumber else { return false }
        bytes.append(Self.emptyTag)
        return true
      }
      let bits = number == 0 ? 0 : number.bitPattern
      let ordered = bits & (1 << 63) == 0 ? bits | (1 << 63) : ~bits
      bytes.append(Self.valueTag)
      withUnsafeBytes(of: ordered.bigEndian) { bytes.append(contentsOf: $0) }
    case .asciiText:
      var union: UInt8 = 0
      for byte in text { union |= byte }
      guard union < 0x80 else { return false }
      bytes.append(Self.valueTag)
      appendEscaped(text, lowercasingASCII: true)
      bytes.append(0)
      appendCaseBits(text)
    case .standardASCIIText:
      var union: UInt8 = 0
      for byte in text { union |= byte }
      guard union < 0x80 else { return false }
      bytes.append(Self.valueTag)
      appendPrimary(ascii: text)
      bytes.append(0)
      appendLeadingZeros(ascii: text)
      appendCaseBits(text)
    case .standardText:
      bytes.append(Self.valueTag)
      var union: UInt8 = 0
      for byte in text { union |= byte }
      if union < 0x80 {
        appendPrimary(ascii: text)
        bytes.append(0)
        appendEscaped(text, lowercasingASCII: true)
        bytes.append(0)
        appendEscaped(text, lowercasingASCII: false)
      } else {
        let string = String(decoding: text, as: UTF8.self)
        let lowered = string.lowercased()
        appendPrimary(lowered)
        bytes.append(0)
        lowered._nfcCodeUnits.withUnsafeBufferPointer { appendEscaped($0, lowercasingASCII: false) }
        bytes.append(0)
        string._nfcCodeUnits.withUnsafeBufferPointer { appendEscaped($0, lowercasingASCII: false) }
      }
      bytes.append(0)
    case .text:
      bytes.append(Self.valueTag)
      var union: UInt8 = 0
      for byte in text { union |= byte }
      if union < 0x80 {
        appendEscaped(text, lowercasingASCII: true)
        bytes.append(0)
        appendEscaped(text, lowercasingASCII: false)
      } else {
        let string = String(decoding: text, as: UTF8.self)
        // NFC code units: the form Swift's String comparison orders by.
        string.lowercased()._nfcCodeUnits.withUnsafeBufferPointer {
          appendEscaped($0, lowercasingASCII: false)
        }
        bytes.append(0)
        string._nfcCodeUnits.withUnsafeBufferPointer { appendEscaped($0, lowercasingASCII: false) }
      }
      bytes.append(0)
    }
    if isDescending {
      bytes.withUnsafeMutableBufferPointer { buffer in
        for index in start..<buffer.count { buffer[index] = ~buffer[index] }
      }
    }
    return true
  }

  /// Appends the primary weights of ASCII text: capitals lowered, each run of digits as
  /// its number (`appendDigitRun`: how many digits it has without leading zeros, the digits).
  private mutating func appendPrimary(ascii text: UnsafeBufferPointer<UInt8>) {
    var index = 0
    while index < text.count {
      let byte = text[index]
      guard byte &- 0x30 >= 10 else {
        var end = index
        while end < text.count, text[end] &- 0x30 < 10 { end += 1 }
        appendDigitRun(text[index..<end])
        index = end
        continue
      }
      appendPrimaryByte(byte &- 0x41 < 26 ? byte | 0x20 : byte)
      index += 1
    }
  }

  /// Appends a bit for each byte of ASCII text, 1 for a small letter, 8 to a byte: of two
  /// texts equal but for case (so of one length), the one with a capital where the other has
  /// a small letter first comes first by its bytes and by its bits.
  private mutating func appendCaseBits(_ text: UnsafeBufferPointer<UInt8>) {
    var bits: UInt8 = 0
    for (index, byte) in text.enumerated() {
      bits = bits << 1 | (byte &- UInt8(ascii: "a") < 26 ? 1 : 0)
      if index % 8 == 7 {
        bytes.append(bits)
        bits = 0
      }
    }
    if text.count % 8 != 0 { bytes.append(bits << (8 - text.count % 8)) }
  }

  /// Appends, for each run of digits of ASCII text, a code of how many leading zeros it has:
  /// the second level of `standard` collation in a byte a run.
  ///
  /// Two texts with the same primary weights differ only in case and in the leading zeros of
  /// their runs of digits, which have the same significant digits and are followed by the
  /// same character. Their lowered texts, which the second level compares, first differ in
  /// the first run whose zeros differ: where the one with fewer zeros has its first
  /// significant digit, or, for a run of zeros only, the character after it. A digit is
  /// greater than `0`, so more zeros come first; so they do before a character greater than
  /// `0` (a letter, `:`); before a smaller one (a space, `/`) or the end of the text fewer
  /// zeros come first. The code orders the zeros that way: `255 - zeros` or `zeros` below
  /// 250, and above that a marker below or above every such byte followed by four bytes.
  private mutating func appendLeadingZeros(ascii text: UnsafeBufferPointer<UInt8>) {
    let zero = UInt8(ascii: "0")
    var index = 0
    while index < text.count {
      guard text[index] &- zero < 10 else {
        index += 1
        continue
      }
      var end = index
      while end < text.count, text[end] == zero { end += 1 }
      let zeros = end - index
      while end < text.count, text[end] &- zero < 10 { end += 1 }
      let moreZerosFirst = end - index > zeros || (end < text.count && text[end] > zero)
      let count = UInt32(clamping: zeros)
      if zeros < 250 {
        bytes.append(moreZerosFirst ? UInt8(255 - zeros) : UInt8(zeros))
      } else {
        bytes.append(moreZerosFirst ? 5 : 250)
        withUnsafeBytes(of: (moreZerosFirst ? UInt32.max - count : count).bigEndian) {
          bytes.append(contentsOf: $0)
        }
      }
      index = end
    }
  }

  /// Appends the primary weights of lowercased text: each letter's base letter without
  /// accents (`CollationFolding.baseLetters`), combining accents left out, runs of digits as
  /// numbers.
  private mutating func appendPrimary(_ lowered: String) {
    var digits: [UInt8] = []
    for scalar in lowered.unicodeScalars {
      if scalar.value &- 0x30 < 10 {
        digits.append(UInt8(scalar.value))
        continue
      }
      if !digits.isEmpty {
        digits.withUnsafeBufferPointer { appendDigitRun($0[...]) }
        digits.removeAll(keepingCapacity: true)
      }
      // Combining diacritical marks weigh nothing at this level.
      if scalar.value &- 0x300 < 0x70 { continue }
      if let base = CollationFolding.baseLetters[scalar.value] {
        for byte in base.utf8 { appendPrimaryByte(byte) }
      } else {
        for byte in String(scalar).utf8 { appendPrimaryByte(byte) }
      }
    }
    if !digits.isEmpty { digits.withUnsafeBufferPointer { appendDigitRun($0[...]) } }
  }

  /// Marks a run of digits in primary weights: `0` plus how many significant digits it
  /// has, up to `9`, which a length byte follows. Digits never appear there otherwise, and
  /// every other byte of primary weights is below `0` or above `9`, so a run orders against
  /// other text as its first digit did.
  private static let digitRunTag = UInt8(ascii: "0")

  /// Appends a run of ASCII digits so that runs compare by value: for fewer than 9 digits
  /// without leading zeros, `0` plus their number in one byte; for more, `9` and their number
  /// (at most 255); then those digits.
  private mutating func appendDigitRun(_ run: Slice<UnsafeBufferPointer<UInt8>>) {
    var significant = run.startIndex
    while significant < run.endIndex, run[significant] == UInt8(ascii: "0") { significant += 1 }
    let digits = run.endIndex - significant
    if digits < 9 {
      bytes.append(Self.digitRunTag + UInt8(digits))
    } else {
      bytes.append(Self.digitRunTag + 9)
      bytes.append(UInt8(min(digits, 255)))
    }
    bytes.append(contentsOf: run[significant...])
  }

  /// Appends one byte of primary weights, escaping `00` and `01`.
  private mutating func appendPrimaryByte(_ byte: UInt8) {
    if byte <= Self.escape {
      bytes.append(Self.escape)
      bytes.append(byte + 1)
    } else {
      bytes.append(byte)
    }
  }

  /// Appends text with its `00` and `01` bytes escaped, ASCII capitals lowered if asked.
  private mutating func appendEscaped(_ text: UnsafeBufferPointer<UInt8>, lowercasingASCII: Bool) {
    let start = bytes.count
    bytes.append(contentsOf: text)
    var needsEscapes = false
    bytes.withUnsafeMutableBufferPointer { buffer in
      for index in start..<buffer.count {
        let byte = buffer[index]
        if byte <= Self.escape { needsEscapes = true }
        if lowercasingASCII, byte &- 0x41 < 26 { buffer[index] = byte | 0x20 }
      }
    }
    guard needsEscapes else { return }
    let written = Array(bytes[start...])
    bytes.removeSubrange(start...)
    for byte in written {
      if byte <= Self.escape {
        bytes.append(Self.escape)
        bytes.append(byte + 1)
      } else {
        bytes.append(byte)
      }
    }
  }

  /// A cell's number, as `Double(String)` reads it.
  ///
  /// A plain decimal of at most 15 digits and 22 decimals is worked out exactly without
  /// making a string: its digits and the power of ten are exact doubles, and one division
  /// rounds correctly, as the parser does.
  static func number(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
    var index = 0
    var isNegative = false
    if let sign = text.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
      isNegative = sign == UInt8(ascii: "-")
      index = 1
    }
    var mantissa: UInt64 = 0
    var digits = 0
    var decimals = 0
    var seenPoint = false
    var isPlain = index < text.count
    while index < text.count, isPlain {
      let byte = text[index]
      if byte &- 0x30 < 10 {
        mantissa = mantissa &* 10 &+ UInt64(byte &- 0x30)
        digits += 1
        if seenPoint { decimals += 1 }
      } else if byte == UInt8(ascii: "."), !seenPoint {
        seenPoint = true
      } else {
        isPlain = false
      }
      index += 1
    }
    if isPlain, digits > 0, digits <= 15, decimals < powersOfTen.count {
      let magnitude = Double(mantissa) / powersOfTen[decimals]
      return isNegative ? -magnitude : magnitude
    }
    return Double(String(decoding: text, as: UTF8.self))
  }

  /// 10⁰ through 10²², each exact as a `Double`.
  private static let powersOfTen: [Double] = (0...22).reduce(into: []) { powers, exponent in
    powers.append(exponent == 0 ? 1 : powers[exponent - 1] * 10)
  }
}
