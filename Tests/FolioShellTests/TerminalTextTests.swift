import FolioCore
import Testing

@testable import FolioSession
@testable import FolioShell

/// The console's one escaping: every control character but line breaks, tabs and the style's
/// colours is shown as table cells show it.
@Suite struct TerminalTextTests {
  @Test("line feeds, CRLF and tabs are kept; other controls, a lone CR and C1 are escaped")
  func escaping() {
    #expect("plain text\n\tindented".escapedForTerminal == "plain text\n\tindented")
    #expect(
      "a\u{1B}]0;x\u{7}\nb\tc\r\nd\re\u{9B}2J\u{7F}".escapedForTerminal
        == "a\\u{1B}]0;x\\u{07}\nb\tc\r\nd⏎e\\u{9B}2J\\u{7F}")
  }

  @Test("with colour on the style's colour sequences pass; with it off none does")
  func colours() {
    let style = TextStyle(usesColor: true)
    let text = style.heading("Title") + " \u{1B}[2J " + style.error("error:") + " \u{1B}[38;5;1m"
    #expect(
      text.escapedForTerminal(keepingStyles: { true })
        == "\u{1B}[1mTitle\u{1B}[0m \\u{1B}[2J \u{1B}[1;31merror:\u{1B}[0m \\u{1B}[38;5;1m")
    #expect(
      text.escapedForTerminal
        == "\\u{1B}[1mTitle\\u{1B}[0m \\u{1B}[2J \\u{1B}[1;31merror:\\u{1B}[0m \\u{1B}[38;5;1m")
  }

  @Test("the console escapes standard output and standard error; the prompt escapes the title")
  func console() throws {
    let captured = CapturedShell(options: ShellOptions())
    let result = captured.run("echo \"x\\u{1B}[2Jy\"; echo \"\\e[1;31mred\"; open \"gone\\u{7}.csv\"")
    // Colour is off, so even the style's own sequences are escaped.
    #expect(result.output == "x\\u{1B}[2Jy\n\\u{1B}[1;31mred\n")
    #expect(result.errors.contains("gone\\u{07}.csv"), "\(result.errors)")
    let document = try captured.shell.session.workspace.newDocument(kind: .text, columns: [])
    try captured.shell.session.workspace.rename(document, to: "t\u{1B}]0;x\u{7}")
    #expect(captured.shell.prompt.hasPrefix("t\\u{1B}]0;x\\u{07}"), "\(captured.shell.prompt)")
  }

  @Test("the byte scan finds exactly the scalars that are escaped, alone and among others")
  func scan() {
    func isEscaped(_ value: UInt32) -> Bool {
      (value < 0x20 && value != 0x0A && value != 0x09) || (0x7F...0x9F).contains(value)
        || (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }
    let values = Array(0...0x3000) + [0xFEFF, 0xFFFD, 0x1_F600, 0x10_FFFF]
    for value in values {
      guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }
      let expected = isEscaped(UInt32(value))
      for text in ["\(scalar)", "aé\(scalar)", "\(scalar)€b", "\u{2027}\(scalar)\u{C2}"] {
        #expect(text.holdsEscapedScalar == expected, "U+\(String(value, radix: 16))")
      }
      // At every place in and across the eight-byte words the scan reads at once.
      for before in 0..<9 {
        let text = String(repeating: "a", count: before) + "\(scalar)" + "0123456789abcdef"
        #expect(text.holdsEscapedScalar == expected, "U+\(String(value, radix: 16)) after \(before)")
      }
    }
  }

  @Test("JSON escapes C1 controls like C0 ones")
  func json() {
    #expect(JSONValue.string("\u{9B}\u{85}\u{7F}\u{1B}").serialized == #""\u009b\u0085\u007f\u001b""#)
  }

  @Test("bidirectional controls are escaped everywhere the terminal shows text; JSON escapes them")
  func bidirectionalControls() throws {
    let controls: [Unicode.Scalar] = [
      "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}",
      "\u{2069}",
    ]
    for control in controls {
      let hex = String(control.value, radix: 16, uppercase: true)
      // Long enough that the search for escaped scalars reads words of eight bytes too.
      let text = "file name \(control)gpj.exe, and then some"
      #expect(text.escapedForTerminal == "file name \\u{\(hex)}gpj.exe, and then some", "\(hex)")
      #expect(text.displayedOnOneLine == "file name \\u{\(hex)}gpj.exe, and then some", "\(hex)")
      #expect(
        JSONValue.string(text).serialized == "\"file name \\u\(hex.lowercased())gpj.exe, and then some\"")
      #expect(Word.quoted("a\(control)b") == "\"a\\u{\(hex)}b\"")
    }
    // Marks that only join or separate (U+200E, U+200F) and ordinary right-to-left text stay.
    #expect("שלום \u{200F}x".escapedForTerminal == "שלום \u{200F}x")
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.write("t\u{202E}vsc.txt", "cell \u{2066}x\u{2069}\n")
    let result = CapturedShell().run("open \"\(directory.path("t\u{202E}vsc.txt"))\"; show; docs")
    #expect(!result.output.unicodeScalars.contains { controls.contains($0) }, "\(result.output)")
    #expect(result.output.contains("t\\u{202E}vsc"))
    #expect(result.output.contains("cell \\u{2066}x\\u{2069}"))
    let table = try CapturedShell().run(
      "new table columns=\"a\u{202E}b\"; add \"a\u{202E}b=c\u{2067}d\"; show")
    #expect(!table.output.unicodeScalars.contains { controls.contains($0) }, "\(table.output)")
    #expect(table.output.contains("a\\u{202E}b") && table.output.contains("c\\u{2067}d"), "\(table.output)")
  }
}
