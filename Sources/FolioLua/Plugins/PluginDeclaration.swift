import CLua
import CLuaHost
import FolioCore

/// One call of a declaring `folio.*` function while `plugin.lua` ran — `folio.command{…}`,
/// `folio.menu{…}`, … — as plain values: what the declaration cache stores and replays.
///
/// Functions in the arguments are kept only as the fact that one was there (a reference
/// that names no function); the stand-ins registered from the cache run `plugin.lua` before
/// any of them is called.
struct PluginDeclaration: Equatable {
  /// The function's name in the `folio` table: `command`, `menu`, `contribute`, …
  var function: String
  /// The arguments it was given, copied.
  var arguments: [LuaData]
  /// The `FILE:LINE: ` of the call, for the errors of registering it.
  var location: String

  /// The reference standing for a function of a cached declaration.
  static let functionPlaceholder = LuaFunctionReference(reference: 0)
}

/// What the declaration cache stores for a plugin: its manifest's fields and the
/// declarations of its `plugin.lua`, as bytes that end with their own XXH64, so a damaged
/// entry is told from a good one.
struct PluginDeclarationEntry: Equatable {
  /// The manifest's `version`.
  var version: String?
  /// The manifest's `description`.
  var summary: String?
  /// The declarations, in the order `plugin.lua` made them.
  var declarations: [PluginDeclaration]

  /// The first bytes of an entry, naming its format.
  private static let magic: [UInt8] = Array("folio-declarations 1\n".utf8)
  /// How deep decoded values may nest.
  private static let depthLimit = 64

  /// The entry as bytes: the same entry always gives the same bytes (fields sorted by key).
  var encoded: [UInt8] {
    var bytes = Self.magic
    Self.append(optional: version, to: &bytes)
    Self.append(optional: summary, to: &bytes)
    Self.append(count: declarations.count, to: &bytes)
    for declaration in declarations {
      Self.append(string: declaration.function, to: &bytes)
      Self.append(string: declaration.location, to: &bytes)
      Self.append(count: declaration.arguments.count, to: &bytes)
      for argument in declaration.arguments { Self.append(argument, to: &bytes) }
    }
    let hash = bytes.withUnsafeBytes { ContentHasher.hash($0) }
    withUnsafeBytes(of: hash.littleEndian) { bytes.append(contentsOf: $0) }
    return bytes
  }

  /// Reads bytes made by `encoded`; nil when they are not such bytes (damaged, cut short, or
  /// of another format).
  init?(decoding bytes: [UInt8]) {
    guard bytes.count >= Self.magic.count + 8, bytes.starts(with: Self.magic) else { return nil }
    let body = bytes.count - 8
    let stored = bytes[body...].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    guard
      bytes.withUnsafeBytes({ ContentHasher.hash(UnsafeRawBufferPointer(rebasing: $0[..<body])) }) == stored
    else { return nil }
    var reader = Reader(bytes: bytes, position: Self.magic.count, end: body)
    guard let version = reader.optionalString(), let summary = reader.optionalString(),
      let count = reader.count()
    else { return nil }
    var declarations: [PluginDeclaration] = []
    for _ in 0..<count {
      guard let function = reader.string(), let location = reader.string(), let arguments = reader.count()
      else { return nil }
      var values: [LuaData] = []
      for _ in 0..<arguments {
        guard let value = reader.value(depth: Self.depthLimit) else { return nil }
        values.append(value)
      }
      declarations.append(PluginDeclaration(function: function, arguments: values, location: location))
    }
    guard reader.position == body else { return nil }
    self.init(version: version, summary: summary, declarations: declarations)
  }

  init(version: String?, summary: String?, declarations: [PluginDeclaration]) {
    self.version = version
    self.summary = summary
    self.declarations = declarations
  }

  private static func append(count: Int, to bytes: inout [UInt8]) {
    withUnsafeBytes(of: UInt32(clamping: count).littleEndian) { bytes.append(contentsOf: $0) }
  }

  private static func append(string: String, to bytes: inout [UInt8]) {
    append(count: string.utf8.count, to: &bytes)
    bytes.append(contentsOf: string.utf8)
  }

  private static func append(optional: String?, to bytes: inout [UInt8]) {
    guard let optional else { return bytes.append(0) }
    bytes.append(1)
    append(string: optional, to: &bytes)
  }

  private static func append(_ value: LuaData, to bytes: inout [UInt8]) {
    switch value {
    case .nil: bytes.append(UInt8(ascii: "n"))
    case .boolean(let flag): bytes.append(UInt8(ascii: flag ? "T" : "F"))
    case .integer(let number):
      bytes.append(UInt8(ascii: "i"))
      withUnsafeBytes(of: Int64(number).littleEndian) { bytes.append(contentsOf: $0) }
    case .number(let number):
      bytes.append(UInt8(ascii: "d"))
      withUnsafeBytes(of: number.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    case .string(let text):
      bytes.append(UInt8(ascii: "s"))
      append(string: text, to: &bytes)
    case .function: bytes.append(UInt8(ascii: "f"))
    case .table(let table):
      bytes.append(UInt8(ascii: "t"))
      append(count: table.array.count, to: &bytes)
      for item in table.array { append(item, to: &bytes) }
      append(count: table.fields.count, to: &bytes)
      for key in table.fields.keys.sorted() {
        append(string: key, to: &bytes)
        append(table.fields[key] ?? .nil, to: &bytes)
      }
    }
  }

  /// Reads the encoded values, every length checked against the bytes left.
  private struct Reader {
    let bytes: [UInt8]
    var position: Int
    let end: Int

    mutating func count() -> Int? {
      guard let word = integer(4) else { return nil }
      let count = Int(word)
      return count <= end - position ? count : nil
    }

    mutating func integer(_ size: Int) -> UInt64? {
      guard end - position >= size else { return nil }
      var value: UInt64 = 0
      for index in (position..<position + size).reversed() { value = value << 8 | UInt64(bytes[index]) }
      position += size
      return value
    }

    mutating func string() -> String? {
      guard let length = count() else { return nil }
      defer { position += length }
      return String(decoding: bytes[position..<position + length], as: UTF8.self)
    }

    /// A string that may be absent: nil when unreadable, else the string or `.some(nil)`.
    mutating func optionalString() -> String?? {
      guard position < end else { return nil }
      position += 1
      switch bytes[position - 1] {
      case 0: return .some(nil)
      case 1: return string().map { .some($0) }
      default: return nil
      }
    }

    mutating func value(depth: Int) -> LuaData? {
      guard depth > 0, position < end else { return nil }
      position += 1
      switch bytes[position - 1] {
      case UInt8(ascii: "n"): return .nil
      case UInt8(ascii: "T"): return .boolean(true)
      case UInt8(ascii: "F"): return .boolean(false)
      case UInt8(ascii: "i"): return integer(8).map { .integer(Int(Int64(bitPattern: $0))) }
      case UInt8(ascii: "d"): return integer(8).map { .number(Double(bitPattern: $0)) }
      case UInt8(ascii: "s"): return string().map(LuaData.string)
      case UInt8(ascii: "f"): return .function(PluginDeclaration.functionPlaceholder)
      case UInt8(ascii: "t"):
        guard let items = count() else { return nil }
        var table = LuaTable()
        table.array.reserveCapacity(items)
        for _ in 0..<items {
          guard let item = value(depth: depth - 1) else { return nil }
          table.array.append(item)
        }
        guard let fields = count() else { return nil }
        table.fields.reserveCapacity(fields)
        for _ in 0..<fields {
          guard let key = string(), let item = value(depth: depth - 1) else { return nil }
          table.fields[key] = item
        }
        return .table(table)
      default: return nil
      }
    }
  }
}

extension LuaArguments {
  /// The argument at a 0-based position copied for the declaration cache: like
  /// `self[index]`, but a function is kept only as `PluginDeclaration.functionPlaceholder`
  /// (no registry reference is made) and a table past the copy limits is cut short the same
  /// way.
  func declarationCopy(_ index: Int) -> LuaData {
    guard index < count else { return .nil }
    var budget = LuaArguments.copyLimit
    return LuaState.copy(
      at: Int32(index + 1), depth: LuaArguments.copyDepth,
      functions: .placeholder(PluginDeclaration.functionPlaceholder),
      on: state, budget: &budget)
  }
}
