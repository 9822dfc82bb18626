import FolioCore

extension Shell {
  /// Puts text on the terminal's clipboard with an OSC 52 sequence (`share clipboard`,
  /// `folio.copy`).
  ///
  /// - Throws: `FolioError.disabled` saying why when standard output is not a terminal or
  ///   `TERM` is unset or `dumb`: there is no terminal to ask then.
  func copyToTerminalClipboard(_ text: String) throws(FolioError) {
    guard isTerminalOutput else {
      throw FolioError(
        .disabled,
        "standard output is not a terminal (it is a pipe or a file), so there is no terminal to put text on "
          + "the clipboard (OSC 52); 'share stdout' prints the text instead")
    }
    let term = environment["TERM"] ?? ""
    guard !term.isEmpty, term != "dumb" else {
      throw FolioError(
        .disabled,
        "the terminal cannot take an OSC 52 clipboard sequence (TERM is \(term.isEmpty ? "not set" : "'dumb'")); "
          + "'share stdout' prints the text instead")
    }
    console.writeControlSequence(TerminalClipboard.sequence(for: text))
  }
}
