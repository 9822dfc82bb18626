import FolioCore

/// The manual page `folio(1)` in roff, written by `folio --man` from the same declarations
/// `help` and `folio --help` read, so the page cannot drift from the program.
enum ManualPage {
  /// The page.
  ///
  /// - Parameters:
  ///   - sections: the commands by category, as `help` lists them.
  ///   - usage: the text of `folio --help`, whose synopsis, options and exit status it gives.
  ///   - version: the version named in the page's footer.
  static func render(sections: [HelpSection], usage: String, version: String) -> String {
    var page = [
      #".TH FOLIO 1 "" "folio \#(escaped(version))" "User Commands""#,
      ".SH NAME",
      #"folio \- menus, toolbars and documents, headless: a REPL, batch scripts and Lua plugins"#,
      ".SH SYNOPSIS",
      ".nf",
    ]
    page += synopsis(usage).map(escaped)
    page += [
      ".fi",
      ".SH DESCRIPTION",
      "Folio is a headless document-editor core. It opens text and table documents "
        + "(.txt, .md, .csv, .tsv, .json), edits, saves, prints and shares them, and drives menus, "
        + "toolbars, context menus and dialogs as an app would, from a REPL with line editing, "
        + "history and completion, from command files, or from Lua 5.4 plugins.",
      ".PP",
      "Commands are separated by newlines or semicolons; words are quoted with single or double "
        + "quotes. Each command below is also reachable by its id with "
        + #"\fBrun\fR \fIID\fR, and \fBhelp\fR \fICOMMAND\fR prints its usage."#,
      ".SH OPTIONS",
    ]
    for option in LaunchOptionSummary.parse(usage: usage) {
      let names = option.names.map { #"\fB"# + escaped($0) + #"\fR"# }.joined(separator: ", ")
      let value = option.placeholder.map {
        (option.takesValueAfterEquals ? "=" : " ") + #"\fI"# + escaped($0) + #"\fR"#
      }
      page += [".TP", names + (value ?? ""), escaped(option.summary)]
    }
    page.append(".SH COMMANDS")
    for section in sections {
      page += [".SS " + escaped(section.category)]
      for command in section.commands {
        page += [".TP", #"\fB"# + escaped(command.usage) + #"\fR"#, escaped(command.summary)]
        if let details = command.details { page += [".IP", escaped(details)] }
        page += [
          ".IP", "id: " + escaped(command.id) + (command.shortcut.map { "; shortcut: " + escaped($0) } ?? ""),
        ]
      }
    }
    page += [
      ".PP",
      "Plugins add commands of their own; with plugins loaded, \\fBhelp\\fR lists them too.",
      ".SH EXIT STATUS",
      escaped(exitStatus(usage)),
      ".SH EXAMPLES",
      ".TP",
      ".B folio notes.txt",
      "Opens a document in the REPL.",
      ".TP",
      #".B folio \-c 'open stock.csv; sort count:desc; show' | less"#,
      "Runs commands and prints their results; the exit status says whether every command succeeded.",
      ".TP",
      #".B folio \-\-json \-c 'open stock.csv; print \-\-to stock.pdf'"#,
      "The same as JSON, one object a line.",
      ".TP",
      ".B folio report.folio",
      "Runs a command file, a command a line.",
      ".TP",
      #".B folio \-\-embed"#,
      "Serves the embedding protocol on standard input and output.",
      ".TP",
      #".B folio \-\-completion bash > ~/.local/share/bash\-completion/completions/folio"#,
      "Installs bash completion (zsh and fish likewise).",
      ".SH ENVIRONMENT",
      ".TP",
      ".B COLUMNS",
      "The window width when standard output is not a terminal that says (20 to 10000).",
      ".TP",
      ".B FOLIO_HISTORY",
      #"The REPL's history file, or \fBoff\fR to keep none; else \fIhistory\fR in the state folder."#,
      ".TP",
      ".B FOLIO_PLUGINS_DIR",
      "The folder of the plugins shipped with Folio, instead of the installed one (empty: none).",
      ".TP",
      ".B FOLIO_STATE_DIR",
      "The state folder: recent documents, plugin state, recovery journals, history.",
      ".TP",
      ".B FOLIO_FAULT",
      "For tests only: arms one fault point (see the reliability guide).",
      ".TP",
      ".B HOME",
      "The home folder, for ~ and the default folders; when unset, the password database's.",
      ".TP",
      ".B LC_ALL\\fR, \\fBLC_PAPER\\fR, \\fBLANG",
      #"The first set names the locale, whose territory chooses A4 or Letter for \fBprint\fR; the character set decides whether the REPL reads UTF-8."#,
      ".TP",
      ".B NO_COLOR",
      #"When set and not empty, no colour with \fB\-\-color=auto\fR; an explicit \fB\-\-color=always\fR wins."#,
      ".TP",
      ".B PAGER",
      #"The pager for long output in the REPL, else \fBless \-SRFX\fR; blank for none."#,
      ".TP",
      ".B TERM",
      #"\fBdumb\fR turns colour off like \fBNO_COLOR\fR and refuses the clipboard (OSC 52)."#,
      ".TP",
      ".B TMPDIR",
      #"Where \fBplugin test\fR makes its scratch folders, else \fI/tmp\fR."#,
      ".TP",
      ".B XDG_CONFIG_HOME",
      #"Your plugins are in \fI$XDG_CONFIG_HOME/folio/plugins\fR, else \fI~/.config/folio/plugins\fR."#,
      ".TP",
      ".B XDG_STATE_HOME",
      #"Without \fBFOLIO_STATE_DIR\fR, the state folder is \fI$XDG_STATE_HOME/folio\fR, else \fI~/.local/state/folio\fR."#,
      ".SH FILES",
      ".TP",
      #".I PREFIX/share/folio/plugins"#,
      #"The plugins shipped with Folio, found beside the \fIbin\fR folder of the executable."#,
      ".TP",
      ".I ~/.local/state/folio",
      "The state folder (see ENVIRONMENT).",
      ".SH SEE ALSO",
      #"The guides in the \fIdocs/\fR folder of Folio's source: commands, documents, scripting, "#
        + "the REPL, plugins, JSON output.",
    ]
    return page.joined(separator: "\n") + "\n"
  }

  /// The lines of the synopsis: each form of `usage: folio …` without its explanation.
  private static func synopsis(_ usage: String) -> [String] {
    var lines: [String] = []
    for line in usage.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.isEmpty { break }
      let form = line.hasPrefix("usage: ") ? line.dropFirst("usage: ".count) : line.drop { $0 == " " }
      let end = form.range(ofText: "   ")?.lowerBound ?? form.endIndex
      lines.append(String(form[..<end]))
    }
    return lines
  }

  /// The `exit status:` sentence of `usage`, over as many lines as it takes (`… 130
  /// interrupted,` then `141 standard output closed.`).
  private static func exitStatus(_ usage: String) -> String {
    let lines = usage.split(separator: "\n")
    guard let first = lines.firstIndex(where: { $0.hasPrefix("exit status: ") }) else { return "" }
    var text = String(lines[first].dropFirst("exit status: ".count))
    for line in lines[(first + 1)...] where !text.hasSuffix(".") {
      text += " " + line.drop { $0 == " " }
    }
    return text.prefix(1).uppercased() + text.dropFirst()
  }

  /// Text as roff reads it literally: backslashes and hyphens escaped, other characters than
  /// ASCII written as `\[uXXXX]` (so no input encoding is assumed), and a line that would
  /// start with a control character (`.` or `'`) protected.
  static func escaped(_ text: String) -> String {
    var result = ""
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if !result.isEmpty { result += "\n" }
      if line.hasPrefix(".") || line.hasPrefix("'") { result += #"\&"# }
      for scalar in line.unicodeScalars {
        switch scalar {
        case "\\": result += #"\e"#
        case "-": result += #"\-"#
        case _ where scalar.isASCII: result.unicodeScalars.append(scalar)
        default: result += #"\[u"# + hexadecimal(scalar.value) + "]"
        }
      }
    }
    return result
  }

  /// Four or more uppercase hexadecimal digits, as roff's `\[uXXXX]` wants them.
  private static func hexadecimal(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
