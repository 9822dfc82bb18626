import FolioCore
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
/// `choose 'TITLE'`.
final class Recorder {
  /// The file being written, as the user named it.
  let path: String
  /// The include depth whose commands are recorded: those typed, not those of sourced files.
  let depth: Int
  private let descriptor: Int32
  /// The line that showed the dialog waiting now, until its answer says what to record.
  private var asking: String?
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
  func record(_ text: String, answering answered: DialogAnswer?, asks: Bool)
    throws(FolioError)
  {
    guard let answered else {
      if asks { asking = text } else { try append(text) }
      return
    }
    let (dialog, button) = (answered.dialog, answered.button)
    let asked = asking
    asking = nil
    if dialog.recordsAnswers {
      if let asked { try append(asked) }
      // By title, unless the title would name another button on replay (a title "2" is
      // read as the second button); then by position.
      let position = dialog.buttons.firstIndex(of: button).map { String($0 + 1) } ?? button.title
      try append(
        "choose " + Word.quoted(dialog.button(named: button.title) == button ? button.title : position))
    } else if !button.replay.isEmpty {
      try append(button.replay.map { writer.line($0) }.joined(separator: "; "))
    }
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
