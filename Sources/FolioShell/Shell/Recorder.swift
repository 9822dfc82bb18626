import FolioCore
import FolioPresentation
import FolioSession

#if canImport(Glibc)
  import Glibc
#endif

/// Writes the commands of a session to a file that replays it (`record FILE`) to the same
/// state, in `folio run` and with `--keep-going`.
///
/// Each command is written as soon as it succeeded, so the file is complete up to the last
/// command even if the session ends abruptly. A dialog is recorded by what its answer did,
/// never by the answer: the line that showed it waits for the answer, which is recorded as
/// the button's `replay` (`delete 3 --yes`; nothing for Cancel) — scripts would otherwise
/// act without asking, or ask where the session did not. A dialog that records answers (a
/// plugin's `ctx:confirm`, which asks in scripts too) is written as the line that asked and
/// `choose 'TITLE'`. A dialog with a text field is written as the command its text filled
/// in (`rename 'Final Spots'`).
final class Recorder {
  /// The file being written, as the user named it.
  let path: String
  /// The file's canonical path, which `source` refuses to run while it is being written.
  let canonicalPath: String?
  /// The include depth whose commands are recorded: those typed, not those of sourced files.
  let depth: Int
  private let descriptor: Int32
  /// The line that showed the dialog waiting now, until its answer says what to record.
  private var asking: String?
  /// The lines that only read, run while that dialog waited: written with its answer, in
  /// the order they ran.
  private var readWhileAsking: [String] = []
  /// Writes the buttons' effects as command lines.
  private let writer: CommandLineWriter

  /// Creates the file and writes its header.
  ///
  /// - Throws: `FolioError.io` when the file exists (unless `overwrite`) or cannot be written.
  init(path: String, depth: Int, overwrite: Bool, registry: CommandRegistry) throws(FolioError) {
    // A FIFO, a device or a folder at the path is refused as such, never waited on.
    let descriptor = try DocumentFile.openRegularFileForWriting(
      path, flags: O_WRONLY | O_CREAT | (overwrite ? O_TRUNC : O_EXCL), mode: 0o644, verb: "record")
    guard descriptor >= 0 else {
      if errno == EEXIST {
        throw .io(path, "already exists; use 'record \(path) --force' to replace it")
      }
      throw .io(path, "cannot record: \(Paths.lastErrorDescription)")
    }
    self.path = path
    canonicalPath = Paths.canonical(path)
    self.depth = depth
    writer = CommandLineWriter(registry: registry)
    self.descriptor = descriptor
    try append("# Recorded by folio; replay with: folio run \(path)")
  }

  deinit { close(descriptor) }

  /// Records a command that succeeded.
  ///
  /// - Parameters:
  ///   - text: the command as typed.
  ///   - answered: the dialog the command answered (`choose`, `cancel`) and the button.
  ///   - asks: whether a dialog waits for an answer after it.
  ///   - waited: whether a dialog waited as it ran; it then only read, or answered.
  func record(_ text: String, answering answered: DialogAnswer?, asks: Bool, waited: Bool = false)
    throws(FolioError)
  {
    guard let answered else {
      if waited, asks, asking != nil {
        readWhileAsking.append(text)
      } else if asks {
        asking = text
        readWhileAsking = []
      } else {
        try append(text)
      }
      return
    }
    let (dialog, button) = (answered.dialog, answered.button)
    let asked = asking
    let reads = readWhileAsking
    asking = nil
    readWhileAsking = []
    if let field = dialog.textField, let invocation = dialog.responder.invocation {
      for line in reads { try append(line) }
      // A text entered in a dialog (Rename…) is recorded as the command it filled in,
      // `rename 'Final Spots'`; a Cancel, or the text it started with, as nothing. A text
      // that only led to the next dialog (Replace…'s Find, then Replace With) is recorded
      // with the last one's answer, which carries both.
      guard button.role != .cancel, invocation.arguments[field.parameter] != .string(field.text), !asks else {
        return
      }
      try append(writer.line(invocation))
    } else if dialog.recordsAnswers, let field = dialog.textField {
      // A plugin's `ctx:prompt`: the line that asked, then its answer with the text.
      if let asked { try append(asked) }
      for line in reads { try append(line) }
      try append(
        button.role == .cancel ? "cancel" : "choose \(Word.quoted(button.title)) \(Word.quoted(field.text))")
    } else if dialog.recordsAnswers {
      if let asked { try append(asked) }
      for line in reads { try append(line) }
      // By title, unless the title would name another button on replay (a title "2" is
      // read as the second button); then by position.
      let position = dialog.buttons.firstIndex(of: button).map { String($0 + 1) } ?? button.title
      try append(
        "choose " + Word.quoted(dialog.button(named: button.title) == button ? button.title : position))
    } else {
      for line in reads { try append(line) }
      if !button.replay.isEmpty { try append(button.replay.map { writer.line($0) }.joined(separator: "; ")) }
    }
  }

  /// Records what a `quit` that ended the session did, and nothing of the `quit` itself, so
  /// that a script that `source`s the recording goes on after it: a `save` for each document
  /// it saved (`quit --save`, Save All), after `focus 'TITLE'` when several are open.
  ///
  /// - Parameters:
  ///   - saved: the titles of the documents the quit saved.
  ///   - isOnlyDocument: whether one document is open, which `save` alone saves.
  func recordQuit(saved: [String], isOnlyDocument: Bool) throws(FolioError) {
    asking = nil
    readWhileAsking = []
    for title in saved {
      try append(isOnlyDocument ? "save" : "focus \(Word.quoted(title)); save")
    }
  }

  /// Records the line that showed the dialog waiting now when the session dismissed it on
  /// its own (its row went away): the line ran, and what it set off — a plugin's handler
  /// deleting the row — happens again on replay.
  func recordDismissal() throws(FolioError) {
    guard let asked = asking else { return }
    let reads = readWhileAsking
    asking = nil
    readWhileAsking = []
    try append(asked)
    for line in reads { try append(line) }
  }

  /// Appends one command line.
  private func append(_ line: String) throws(FolioError) {
    var text = line + "\n"
    let complete = text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { return false }
        offset += written
      }
      return true
    }
    guard complete else { throw .io(path, "cannot record: \(Paths.lastErrorDescription)") }
  }
}
