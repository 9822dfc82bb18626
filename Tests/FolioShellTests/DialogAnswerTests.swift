import FolioCore
import FolioPresentation
import Foundation
import Testing

@testable import FolioSession
@testable import FolioShell

/// How a dialog is answered from the shell: the forms its messages suggest work typed back,
/// a text field's Cancel cancels, and a batch run never lets a line answer a dialog it was
/// not written for.
@Suite struct DialogAnswerTests {
  private static func keepGoing() -> ShellOptions {
    var options = ShellOptions()
    options.keepGoing = true
    return options
  }

  /// The command lines an error's text suggests: each `'…'` that starts with `choose`, read
  /// up to the `'` that ends the span (one followed by a blank, a comma or the end).
  private static func suggestions(in text: String) -> [String] {
    var found: [String] = []
    var rest = text[...]
    while let start = rest.range(of: "'choose ") {
      var end = start.upperBound
      while end < rest.endIndex {
        let next = rest.index(after: end)
        if rest[end] == "'", next == rest.endIndex || " ,\n".contains(rest[next]) { break }
        end = next
      }
      guard end < rest.endIndex else { break }
      found.append(String(rest[rest.index(after: start.lowerBound)..<end]))
      rest = rest[rest.index(after: end)...]
    }
    return found
  }

  @Test("at a rename dialog 'choose Cancel' and 'cancel' keep the title and the file")
  func textFieldCancel() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.write("Places.csv", "name\nA\n")
    for answer in ["choose Cancel", "cancel", "choose cancel"] {
      let shell = CapturedShell()
      let result = shell.run("open \(directory.path("Places.csv"))\nrename\n\(answer)")
      #expect(result.status == 0, "\(answer): \(result.errors)")
      #expect(result.output.hasSuffix("Kept Places as it is.\n"), "\(answer)")
      #expect(shell.shell.workspace.active?.title == "Places")
      #expect(shell.shell.session.pendingDialog == nil)
      #expect(FileManager.default.fileExists(atPath: directory.path("Places.csv")), "\(answer)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["Places.csv"])
  }

  @Test("'choose Don't Stop' at a text field takes the words as written")
  func textAsItReads() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.write("Places.csv", "name\nA\n")
    let shell = CapturedShell()
    let result = shell.run("open \(directory.path("Places.csv"))\nrename\nchoose Don't Stop")
    #expect(result.status == 0, "\(result.errors)")
    #expect(shell.shell.workspace.active?.title == "Don't Stop")
    #expect(FileManager.default.fileExists(atPath: directory.path("Don't Stop.csv")))
  }

  @Test("'choose Don't Save', the title as it reads, answers in a script")
  func titleAsItReads() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.write("notes.txt", "one\n")
    let result = CapturedShell().run(
      "open \(directory.path("notes.txt"))\nappend two\nclose\nchoose Don't Save\ndocs")
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains("Closed notes without saving.\nNo documents are open.\n"))
    #expect(try String(contentsOfFile: directory.path("notes.txt"), encoding: .utf8) == "one\n")
  }

  @Test("every answer an error suggests lexes back to a 'choose' that names that button")
  func suggestionsTypeBack() throws {
    let titles = ["Don't Save", #"Say "hi""#, "2", #"back\slash"#, "x\u{202E}y", "it's \"both\"", "Keep"]
    let shell = CapturedShell(options: Self.keepGoing(), isInteractive: true)
    let dialog = Dialog(
      title: "Pick", buttons: titles.map { DialogButton($0) }, recordsAnswers: true,
      responder: .pluginConfirmation(1))
    shell.shell.session.pendingDialog = dialog
    let result = shell.run("choose nope\nundo")
    let lines = result.errors.split(separator: "\n").map(String.init)
    #expect(lines.count == 2, "\(result.errors)")
    #expect(lines.first?.hasPrefix("<command-line>:1: error: no button 'nope'; ") == true, "\(result.errors)")
    #expect(
      lines.last?.hasPrefix("<command-line>:2: error: a dialog is waiting — Pick; ") == true,
      "\(result.errors)")
    for line in lines {
      let suggested = Self.suggestions(in: line)
      #expect(suggested.count == dialog.buttons.count, "\(line)")
      for (text, button) in zip(suggested, dialog.buttons) {
        guard case .complete(let commands) = try Lexer.lex(text), let command = commands.first,
          commands.count == 1, command.words.count == 2
        else {
          Issue.record("'\(text)' is not one 'choose' with one word")
          continue
        }
        #expect(dialog.button(named: command.words[1].text) == button, "\(text)")
      }
    }
  }

  @Test("a dialog of 100,000 buttons is suggested in a few answers, within the message bound")
  func manyButtons() throws {
    let shell = CapturedShell(options: Self.keepGoing(), isInteractive: true)
    shell.shell.session.pendingDialog = Dialog(
      title: "Pick", buttons: (1...100_000).map { DialogButton("Button \($0)") }, recordsAnswers: true,
      responder: .pluginConfirmation(1))
    let result = shell.run("choose nope\nchoose " + String(repeating: "x", count: 1_000_000))
    #expect(result.errors.utf8.count < 2048, "\(result.errors.utf8.count) bytes")
    #expect(result.errors.contains("no button '" + String(repeating: "x", count: 79) + "…'"))
    #expect(Self.suggestions(in: result.errors).count == 2 * Dialog.suggestedAnswerLimit)
    #expect(
      result.errors.contains(#"'choose "Button 9"' or 'choose N-OR-TITLE' answers it"#), "\(result.errors)")
  }

  @Test("a dialog's numbers are checked: an answer out of range names it and changes nothing")
  func numbersOutOfRange() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.write("notes.txt", "one\n")
    let shell = CapturedShell(options: Self.keepGoing(), isInteractive: true)
    let result = shell.run(
      "open \(directory.path("notes.txt"))\nappend two\nclose\nchoose -9223372036854775808\nchoose 9223372036854775807"
    )
    #expect(
      result.errors.contains(": error: no button '-9223372036854775808'; 'choose Save' or "),
      "\(result.errors)")
    #expect(
      result.errors.contains(": error: no button '9223372036854775807'; 'choose Save' or "),
      "\(result.errors)")
    #expect(shell.shell.session.pendingDialog?.title == "Save changes to “notes” before closing?")
  }

  @Test(
    "after a failed answer a batch run stops at the dialog, --keep-going too: exit 1, nothing saved",
    arguments: ["choose Maybe", "choose \"Don't Save", "choose Don't Sav", "choose 4"])
  func failedAnswerStops(_ answer: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.write("notes.txt", "one\n")
    for options in [ShellOptions(), Self.keepGoing()] {
      let shell = CapturedShell(options: options)
      // Without the stop, the File menu's `choose Save` would answer the waiting Close dialog.
      let result = shell.run(
        "open \(directory.path("notes.txt"))\nappend two\nclose\n\(answer)\nmenu open File\nchoose Save\necho after"
      )
      shell.shell.finishBatch()
      shell.shell.console.flush()
      #expect(shell.shell.exitStatus == 1, "\(answer)")
      #expect(!result.output.contains("after"), "\(answer): \(result.output)")
      #expect(
        try String(contentsOfFile: directory.path("notes.txt"), encoding: .utf8) == "one\n", "\(answer)")
      #expect(shell.shell.session.pendingDialog == nil)
      #expect(
        shell.errors.hasSuffix(
          "folio: error: the run stopped: the answer to a waiting dialog failed, and no later line answers it — Save changes to “notes” before closing?\n"
        ), "\(answer): \(shell.errors)")
    }
  }

  @Test("a failed answer in a sourced file stops the files that sourced it too")
  func failedAnswerStopsSourcingFiles() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.write("notes.txt", "one\n")
    try directory.write(
      "inner.folio", "open \(directory.path("notes.txt"))\nappend two\nclose\nchoose Maybe\n")
    let shell = CapturedShell(options: Self.keepGoing())
    let result = shell.run("source \(directory.path("inner.folio"))\nchoose Save\necho after")
    #expect(!result.output.contains("after"))
    #expect(try String(contentsOfFile: directory.path("notes.txt"), encoding: .utf8) == "one\n")
  }
}
