import FolioCore

/// One option of `folio` as `folio --help` documents it, read back from `LaunchOptions.usage`
/// so the manual page and the shell completions list exactly what `--help` lists.
struct LaunchOptionSummary: Equatable, Sendable {
  /// What an option's value is, for completion.
  enum Value: Equatable, Sendable {
    /// The option takes no value.
    case none
    /// A folder (`DIR`).
    case folder
    /// A file (`FILE`, `PATH`, `SCRIPT`).
    case file
    /// One of these words (`--platform NAME`, or a placeholder written `a|b|c`).
    case choice([String])
    /// Anything (`N`, `TEXT`).
    case free
  }

  /// The option's names as written, e.g. `["-c", "--command"]` or `["--json"]`.
  var names: [String]
  /// The placeholder of its value (`DIR`, `N`), or nil when it takes none.
  var placeholder: String?
  /// The one-line summary `--help` prints beside it.
  var summary: String
  /// What its value is.
  var value: Value

  /// Whether a value is written after `=` (`--color=WHEN`) rather than as the next word.
  var takesValueAfterEquals: Bool

  /// The options listed under `options:` in `usage`: each line that starts with `-` after the
  /// indentation, its names and placeholder, then two or more spaces, then its summary.
  static func parse(usage: String) -> [LaunchOptionSummary] {
    var options: [LaunchOptionSummary] = []
    var inOptions = false
    for line in usage.split(separator: "\n", omittingEmptySubsequences: false) {
      if line == "options:" {
        inOptions = true
        continue
      }
      guard inOptions else { continue }
      let text = line.drop { $0 == " " }
      guard text.hasPrefix("-") else {
        if line.isEmpty { inOptions = false }
        continue
      }
      guard let gap = text.range(ofText: "  ") else { continue }
      let form = text[..<gap.lowerBound]
      let summary = text[gap.upperBound...].drop { $0 == " " }
      options.append(LaunchOptionSummary(form: String(form), summary: String(summary)))
    }
    return options
  }

  /// Reads `--plugins DIR`, `-c, --command TEXT` or `--color=auto|always|never`.
  private init(form: String, summary: String) {
    var names: [String] = []
    var placeholder: String?
    var afterEquals = false
    for word in form.split(separator: " ") {
      let word = word.hasSuffix(",") ? word.dropLast() : word
      if word.hasPrefix("-") {
        if let equals = word.firstIndex(of: "=") {
          names.append(String(word[..<equals]))
          placeholder = String(word[word.index(after: equals)...])
          afterEquals = true
        } else {
          names.append(String(word))
        }
      } else {
        placeholder = String(word)
      }
    }
    self.names = names
    self.placeholder = placeholder
    self.summary = summary
    takesValueAfterEquals = afterEquals
    value = Self.value(names: names, placeholder: placeholder)
  }

  private static func value(names: [String], placeholder: String?) -> Value {
    guard let placeholder else { return .none }
    if placeholder.contains("|") { return .choice(placeholder.split(separator: "|").map(String.init)) }
    if names.contains("--platform") { return .choice(MenuPlatform.allCases.map(\.rawValue)) }
    switch placeholder {
    case "DIR", "FOLDER": return .folder
    case "FILE", "PATH", "SCRIPT": return .file
    default: return .free
    }
  }

  /// The long name, else the first.
  var longName: String { names.first { $0.hasPrefix("--") } ?? names[0] }

  /// The one-letter name without its dash, if the option has one (`c` for `-c`).
  var shortLetter: String? {
    names.first { !$0.hasPrefix("--") && $0.count == 2 }.map { String($0.dropFirst()) }
  }
}
