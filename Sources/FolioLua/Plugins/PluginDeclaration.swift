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

  /// The first bytes of an entry, naming its format; part of the cache key too, so that a
  /// build writing another format never reads this one's entries.
  static let magic: [UInt8] = Array("folio-declarations 1\n".utf8)
  /// How deep decoded values may nest.
  static let depthLimit = 64

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
    guard let checked = CheckedDeclarationEntry(bytes), let declarations = checked.declarations() else {
      return nil
    }
    self.init(version: checked.version, summary: checked.summary, declarations: declarations)
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
}

/// A stored entry whose checksum and header were read, its declarations not yet: registering
/// from the cache reads them in one pass (`DeclarationReader`), with no `PluginDeclaration`
/// made for a plain command.
struct CheckedDeclarationEntry {
  /// The whole entry, as stored.
  let bytes: [UInt8]
  /// The manifest's `version`.
  let version: String?
  /// The manifest's `description`.
  let summary: String?
  /// How many declarations follow the header.
  let count: Int
  /// Where the first declaration starts.
  private let start: Int

  /// Checks the format and the checksum and reads the header; nil when the bytes are not an
  /// entry of this format or are damaged.
  init?(_ bytes: [UInt8]) {
    let magic = PluginDeclarationEntry.magic
    guard bytes.count >= magic.count + 8, bytes.starts(with: magic) else { return nil }
    let body = bytes.count - 8
    let stored = bytes[body...].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    guard
      bytes.withUnsafeBytes({ ContentHasher.hash(UnsafeRawBufferPointer(rebasing: $0[..<body])) }) == stored
    else { return nil }
    var reader = DeclarationReader(bytes: bytes, position: magic.count, end: body)
    guard let version = reader.optionalString(), let summary = reader.optionalString(),
      let count = reader.count()
    else { return nil }
    self.bytes = bytes
    self.version = version
    self.summary = summary
    self.count = count
    start = reader.position
  }

  /// A reader at the first declaration.
  var reader: DeclarationReader {
    DeclarationReader(bytes: bytes, position: start, end: bytes.count - 8)
  }

  /// Every declaration, decoded; nil when they cannot be read.
  func declarations() -> [PluginDeclaration]? {
    var reader = reader
    var declarations: [PluginDeclaration] = []
    for _ in 0..<count {
      guard let header = reader.declarationHeader(), let values = reader.values(header.arguments) else {
        return nil
      }
      declarations.append(
        PluginDeclaration(function: header.function, arguments: values, location: header.location))
    }
    guard reader.isAtEnd else { return nil }
    return declarations
  }
}

/// The fields of a plain action command — a `folio.command{…}` with `run` and no `state` —
/// read from an entry by `DeclarationReader.actionCommand`.
struct CachedActionCommand {
  var id = ""
  var title = ""
  var subtitle: String?
  var icon: String?
  var role: CommandRole?
  var dismiss = DismissBehavior.automatic
  var summary: String?
  var parameters: [Parameter] = []
  /// Whether it has an `enabled` predicate.
  var hasEnabled = false
  /// Whether it has a `visible` predicate.
  var hasVisible = false
}

/// Reads the encoded declarations, every length checked against the bytes left.
struct DeclarationReader {
  let bytes: [UInt8]
  var position: Int
  let end: Int

  /// Whether every declaration was read.
  var isAtEnd: Bool { position == end }

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

  /// The start of a declaration: its function, location and how many arguments follow.
  mutating func declarationHeader() -> (function: String, location: String, arguments: Int)? {
    guard let function = string(), let location = string(), let arguments = count() else { return nil }
    return (function, location, arguments)
  }

  /// The strings of the last declaration header read, with their bytes.
  struct LastHeader {
    var function: (bytes: Range<Int>, text: String) = (0..<0, "")
    var location: (bytes: Range<Int>, text: String) = (0..<0, "")
  }

  /// `declarationHeader()`, handing out the last header's strings where the bytes are the
  /// same (a loop of `folio.command` calls repeats both) instead of decoding them again.
  mutating func declarationHeader(last: inout LastHeader) -> (
    function: String, location: String, arguments: Int
  )? {
    guard let function = string(last: &last.function), let location = string(last: &last.location),
      let arguments = count()
    else { return nil }
    return (function, location, arguments)
  }

  /// A string; `last`'s when the bytes are the same, and else it becomes `last`.
  private mutating func string(last: inout (bytes: Range<Int>, text: String)) -> String? {
    guard let length = count() else { return nil }
    let range = position..<position + length
    position += length
    if length == last.bytes.count, bytes[range].elementsEqual(bytes[last.bytes]) { return last.text }
    last = (range, String(decoding: bytes[range], as: UTF8.self))
    return last.text
  }

  /// `count` values.
  mutating func values(_ count: Int) -> [LuaData]? {
    var values: [LuaData] = []
    values.reserveCapacity(count)
    for _ in 0..<count {
      guard let value = value(depth: PluginDeclarationEntry.depthLimit) else { return nil }
      values.append(value)
    }
    return values
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

  // MARK: Plain commands read in place

  /// The parameters last read by `actionCommand`, with the bytes they were read from: the
  /// next command with the same bytes shares the array.
  struct LastParameters {
    var bytes: Range<Int> = 0..<0
    var parameters: [Parameter] = []
  }

  /// Reads the options table of a `folio.command{…}` straight into a command's fields when
  /// it is a plain action command whose every field is of the type `makeCommand` accepts;
  /// nil for any other (the caller reads it again as `LuaData`, and `makeCommand` reports
  /// what is wrong). What it accepts, `makeCommand` makes into the same fields.
  mutating func actionCommand(last: inout LastParameters) -> CachedActionCommand? {
    guard byte() == UInt8(ascii: "t"), count() == 0, let fields = count() else { return nil }
    var command = CachedActionCommand()
    var (hasID, hasTitle, hasRun) = (false, false, false)
    for _ in 0..<fields {
      guard let key = key(among: Self.commandFields) else { return nil }
      switch key {
      case 0:  // dismiss
        guard let text = stringValue(), let dismiss = DismissBehavior(rawValue: text) else { return nil }
        command.dismiss = dismiss
      case 1: guard byte() == UInt8(ascii: "f") else { return nil }; command.hasEnabled = true
      case 2: guard let icon = stringValue() else { return nil }; command.icon = icon
      case 3:  // id
        guard let id = stringValue(), Self.isDottedID(id) else { return nil }
        (command.id, hasID) = (id, true)
      case 4:
        guard let parameters = parameters(last: &last) else { return nil }
        command.parameters = parameters
      case 5:  // role
        guard let text = stringValue(), let role = CommandRole(rawValue: text) else { return nil }
        command.role = role
      case 6: guard byte() == UInt8(ascii: "f") else { return nil }; hasRun = true
      case 7: guard let subtitle = stringValue() else { return nil }; command.subtitle = subtitle
      case 8: guard let summary = stringValue() else { return nil }; command.summary = summary
      case 9:  // title
        guard let title = stringValue(), !title.isEmpty else { return nil }
        (command.title, hasTitle) = (title, true)
      case 10: guard byte() == UInt8(ascii: "f") else { return nil }; command.hasVisible = true
      default: return nil
      }
    }
    return hasID && hasTitle && hasRun ? command : nil
  }

  /// Whether `id` passes `makeCommand`'s check (a dot, no space): over the bytes when they
  /// are all ASCII (each a character then), else over the characters.
  private static func isDottedID(_ id: String) -> Bool {
    guard id.utf8.allSatisfy({ $0 < 0x80 }) else { return id.contains(".") && !id.contains(" ") }
    return id.utf8.contains(UInt8(ascii: ".")) && !id.utf8.contains(UInt8(ascii: " "))
  }

  /// The fields `actionCommand` reads, by index; `state` is not among them.
  private static let commandFields: [StaticString] = [
    "dismiss", "enabled", "icon", "id", "params", "role", "run", "subtitle", "summary", "title", "visible",
  ]

  /// The fields of a parameter.
  private static let parameterFields: [StaticString] = ["choices", "name", "optional", "summary", "type"]

  /// A `params` list: read again only when its bytes differ from the last one's.
  private mutating func parameters(last: inout LastParameters) -> [Parameter]? {
    let start = position
    guard skipValue(depth: 4) else { return nil }
    let range = start..<position
    if range.count == last.bytes.count, bytes[range].elementsEqual(bytes[last.bytes]) {
      return last.parameters
    }
    position = start
    guard byte() == UInt8(ascii: "t"), let items = count() else { return nil }
    var parameters: [Parameter] = []
    parameters.reserveCapacity(items)
    for _ in 0..<items {
      guard let parameter = parameter() else { return nil }
      parameters.append(parameter)
    }
    guard count() == 0 else { return nil }
    last = LastParameters(bytes: range, parameters: parameters)
    return parameters
  }

  /// One item of `params`, as `makeParameter` makes it.
  private mutating func parameter() -> Parameter? {
    guard byte() == UInt8(ascii: "t"), count() == 0, let fields = count() else { return nil }
    var name: String?
    var type = "string"
    var choices: [String]?
    var isOptional = false
    var summary = ""
    for _ in 0..<fields {
      guard let key = key(among: Self.parameterFields) else { return nil }
      switch key {
      case 0:  // choices: read only for a choice; any value is allowed on other types
        let start = position
        choices = stringList()
        if choices == nil {
          position = start
          guard skipValue(depth: 3) else { return nil }
        }
      case 1: guard let text = stringValue(), !text.isEmpty else { return nil }; name = text
      case 2:
        switch byte() {
        case UInt8(ascii: "T"): isOptional = true
        case UInt8(ascii: "F"): isOptional = false
        default: return nil
        }
      case 3: guard let text = stringValue() else { return nil }; summary = text
      case 4: guard let text = stringValue() else { return nil }; type = text
      default: return nil
      }
    }
    guard let name else { return nil }
    let kind: Parameter.Kind
    switch type {
    case "string": kind = .string
    case "int": kind = .int
    case "number": kind = .number
    case "bool": kind = .bool
    case "path": kind = .path
    case "choice":
      guard let choices, !choices.isEmpty else { return nil }
      kind = .choice(choices)
    default: return nil
    }
    return Parameter(name, kind, isOptional: isOptional, summary: summary)
  }

  /// A list of strings with no other keys; nil for anything else.
  private mutating func stringList() -> [String]? {
    guard byte() == UInt8(ascii: "t"), let items = count() else { return nil }
    var texts: [String] = []
    for _ in 0..<items {
      guard let text = stringValue() else { return nil }
      texts.append(text)
    }
    return count() == 0 ? texts : nil
  }

  /// The next byte; nil at the end.
  private mutating func byte() -> UInt8? {
    guard position < end else { return nil }
    position += 1
    return bytes[position - 1]
  }

  /// A value that is a string.
  private mutating func stringValue() -> String? {
    guard byte() == UInt8(ascii: "s") else { return nil }
    return string()
  }

  /// A field name, as its index among `names`; nil for another name.
  private mutating func key(among names: [StaticString]) -> Int? {
    guard let length = count() else { return nil }
    let start = position
    position += length
    let key = bytes[start..<position]
    return names.firstIndex { name in
      name.utf8CodeUnitCount == length
        && UnsafeBufferPointer(start: name.utf8Start, count: length).elementsEqual(key)
    }
  }

  /// Steps over one value; false when it cannot be read.
  private mutating func skipValue(depth: Int) -> Bool {
    guard depth > 0, let tag = byte() else { return false }
    switch tag {
    case UInt8(ascii: "n"), UInt8(ascii: "T"), UInt8(ascii: "F"), UInt8(ascii: "f"): return true
    case UInt8(ascii: "i"), UInt8(ascii: "d"): return integer(8) != nil
    case UInt8(ascii: "s"):
      guard let length = count() else { return false }
      position += length
      return true
    case UInt8(ascii: "t"):
      guard let items = count() else { return false }
      for _ in 0..<items where !skipValue(depth: depth - 1) { return false }
      guard let fields = count() else { return false }
      for _ in 0..<fields {
        guard let length = count() else { return false }
        position += length
        guard skipValue(depth: depth - 1) else { return false }
      }
      return true
    default: return false
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
    var budget = owner.copyBudget()
    let copy = LuaState.copy(
      at: Int32(index + 1), depth: LuaArguments.copyDepth,
      functions: .placeholder(PluginDeclaration.functionPlaceholder),
      on: state, budget: &budget)
    owner.noteArguments(budget)
    return copy
  }
}
