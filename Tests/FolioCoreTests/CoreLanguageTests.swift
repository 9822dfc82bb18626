import Foundation
import Testing

/// The core speaks no command language: its messages carry remedies as data and the front
/// ends phrase them, so no string literal in `Sources/FolioCore` quotes a command line.
@Suite struct CoreLanguageTests {
  /// The package root, found from this file's place in `Tests/FolioCoreTests`.
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The `.swift` files under a folder of the package, by path.
  static func swiftFiles(under folder: String) throws -> [URL] {
    let root = packageRoot.appendingPathComponent(folder)
    guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
      return []
    }
    return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
      .sorted { $0.path < $1.path }
  }

  /// Every verb registered anywhere in the sources (`verb: "save"`).
  static func verbs() throws -> Set<String> {
    var verbs: Set<String> = []
    for file in try swiftFiles(under: "Sources") {
      let text = try String(contentsOf: file, encoding: .utf8)
      for match in text.matches(of: #/verb: "([a-z][a-z-]*)"/#) { verbs.insert(String(match.output.1)) }
    }
    return verbs
  }

  /// The string literals of each line of Swift source, with interpolations blanked out and
  /// `//` comments skipped: (line number from 1, literal text).
  static func literals(in source: String) -> [(line: Int, text: String)] {
    var found: [(line: Int, text: String)] = []
    var inMultiline = false
    for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let characters = Array(line)
      var position = 0
      var current = ""
      if !inMultiline, line.trimmingCharacters(in: .whitespaces).hasPrefix("//") { continue }
      func starts(_ text: String, at offset: Int) -> Bool {
        let pattern = Array(text)
        return offset + pattern.count <= characters.count
          && Array(characters[offset..<offset + pattern.count]) == pattern
      }
      while position < characters.count {
        if inMultiline {
          if starts("\"\"\"", at: position) {
            inMultiline = false
            position += 3
            found.append((index + 1, current))
            current = ""
            continue
          }
          current.append(characters[position])
          position += 1
          continue
        }
        if starts("//", at: position) { break }
        if starts("\"\"\"", at: position) {
          inMultiline = true
          position += 3
          continue
        }
        guard characters[position] == "\"" else {
          position += 1
          continue
        }
        // A one-line literal: read to its closing quote, blanking out interpolations.
        position += 1
        var literal = ""
        while position < characters.count, characters[position] != "\"" {
          if starts("\\(", at: position) {
            position = Self.endOfInterpolation(characters, from: position + 2)
            literal.append("\u{1}")
          } else if characters[position] == "\\" {
            literal.append(contentsOf: characters[position..<min(position + 2, characters.count)])
            position += 2
          } else {
            literal.append(characters[position])
            position += 1
          }
        }
        position += 1
        found.append((index + 1, literal))
      }
      if inMultiline, !current.isEmpty { found.append((index + 1, current)) }
    }
    return found
  }

  /// Where an interpolation that began before `start` ends: past its closing parenthesis,
  /// stepping over nested parentheses and string literals.
  private static func endOfInterpolation(_ characters: [Character], from start: Int) -> Int {
    var depth = 1
    var position = start
    while position < characters.count, depth > 0 {
      switch characters[position] {
      case "(": depth += 1
      case ")": depth -= 1
      case "\"":
        position += 1
        while position < characters.count, characters[position] != "\"" {
          position += characters[position] == "\\" ? 2 : 1
        }
      default: break
      }
      position += 1
    }
    return position
  }

  /// The literals in `source` that quote command syntax: `'VERB …'` for a registered verb,
  /// or `--flag` text.
  static func violations(in source: String, verbs: Set<String>) -> [(line: Int, text: String)] {
    literals(in: source).filter { literal in
      if literal.text.contains(#/--[a-z]/#) { return true }
      return literal.text.matches(of: #/'([a-z][a-z-]*)( [^']*)?'/#).contains {
        verbs.contains(String($0.output.1))
      }
    }
  }

  @Test("no string literal in FolioCore quotes a command line or an option")
  func noCommandSyntax() throws {
    let verbs = try Self.verbs()
    #expect(verbs.contains("save"))
    var problems: [String] = []
    let files = try Self.swiftFiles(under: "Sources/FolioCore")
    #expect(!files.isEmpty)
    for file in files {
      let source = try String(contentsOf: file, encoding: .utf8)
      let relative = file.path.dropFirst(Self.packageRoot.path.count + 1)
      for violation in Self.violations(in: source, verbs: verbs) {
        problems.append("\(relative):\(violation.line): \(violation.text)")
      }
    }
    #expect(
      problems.isEmpty,
      "command syntax in core messages; give the error remedies instead:\n\(problems.joined(separator: "\n"))"
    )
  }

  @Test("the check finds a quoted command and a flag, but not comments, titles or interpolations")
  func checkFindsSyntax() {
    let verbs: Set<String> = ["save", "revert"]
    let source = """
      throw FolioError(.conflict, "x; 'save --force' replaces it")
      // 'save --force' in a comment
      let title = "'\\(document.title)' has no file yet" // 'revert' here too
      let flag = "add --force to replace it"
      let name = "field 'name' must be a string"
      let nested = "\\(a ?? "'save'") is fine"
      """
    let found = Self.violations(in: source, verbs: verbs)
    #expect(found.map(\.line) == [1, 4])
  }

  /// The signatures of the public functions and initializers in `source`: from `public`
  /// to the opening brace, on one line.
  static func publicSignatures(in source: String) -> [String] {
    source.matches(of: #/public (?:static )?(?:func [^{]*|init[^{]*)\{/#).map {
      String($0.output).split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        .joined(separator: " ")
    }
  }

  /// Whether a signature takes command-language text: a parameter named `selector` or
  /// `entry`, or a `String` labelled `rows:`, `columns:` or `window:`.
  static func takesSelectorText(_ signature: String) -> Bool {
    signature.contains(#/[(,] *(?:\w+ +)?(?:selector|entry) *:/#)
      || signature.contains(#/[(,] *(?:rows|columns|window)(?: +\w+)? *: *String\b/#)
  }

  @Test("no public function of the documents or tables takes a selector as text")
  func noSelectorText() throws {
    var problems: [String] = []
    for folder in ["Sources/FolioCore/Documents", "Sources/FolioCore/Tables"] {
      for file in try Self.swiftFiles(under: folder) {
        let source = try String(contentsOf: file, encoding: .utf8)
        let relative = file.path.dropFirst(Self.packageRoot.path.count + 1)
        for signature in Self.publicSignatures(in: source) where Self.takesSelectorText(signature) {
          problems.append("\(relative): \(signature)")
        }
      }
    }
    #expect(
      problems.isEmpty, "parse these at the edge and take typed values:\n\(problems.joined(separator: "\n"))")
  }

  @Test("the selector check finds text parameters but not typed ones")
  func checkFindsSelectors() {
    let flagged = [
      "public func focus(_ selector: String) throws -> Document {",
      "public func openRecent(_ entry: String) throws -> CommandOutput {",
      "public func view(of document: Document, rows selector: String?, metrics: TableMetrics) {",
      "public func tableView(of document: Document, positions: [Int]?, columns: String?) {",
      "public func focus(window: String) {",
    ]
    let typed = [
      "public func focus(windowID: Int) throws -> Document {",
      "public func view(of document: Document, positions: [Int]?, columns: [TableViewColumn]?) {",
      "public func recover(journal reference: JournalReference) throws -> Document {",
      "public func newDocument(kind: DocumentKind, columns: [String]) throws -> Document {",
    ]
    #expect(flagged.filter { !Self.takesSelectorText($0) } == [])
    #expect(typed.filter(Self.takesSelectorText) == [])
    // A signature over several lines is read whole; a typed one among them is left alone.
    let source = """
      public func view(
        of document: Document,
        rows: String?, compact: Bool
      ) throws -> DocumentView {
        public init(parsing selector: String) throws {
        public func sort(_ document: Document, by keys: [TableSortKey]) throws -> Int {
      """
    let signatures = Self.publicSignatures(in: source)
    #expect(signatures.count == 3)
    #expect(signatures.filter(Self.takesSelectorText).count == 2)
  }
}
