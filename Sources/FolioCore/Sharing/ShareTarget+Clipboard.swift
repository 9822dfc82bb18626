extension ShareTarget {
  /// `clipboard` — Clipboard: the item's text goes to `copy`, which the front end supplies
  /// (a terminal front end writes it as an OSC 52 sequence) and which throws, saying why,
  /// when there is no clipboard to write to.
  public static func clipboard(copy: @escaping (String) throws(FolioError) -> Void) -> ShareTarget {
    ShareTarget(id: "clipboard", title: "Clipboard", accepts: [.text, .csv, .json]) {
      (item, destination) throws(FolioError) -> ShareOutcome in
      if let destination {
        throw .invalidArgument("'clipboard' takes no destination (got '\(destination)')")
      }
      guard let text = String(validating: item.bytes, as: UTF8.self) else {
        throw FolioError(.format, "\(item.fileName) is not UTF-8 text; the clipboard takes text only")
      }
      try copy(text)
      return ShareOutcome(.clipboard, item: item)
    }
  }
}

/// The OSC 52 control sequence that asks a terminal to put text on the system clipboard:
/// `ESC ] 52 ; c ; BASE64 BEL`.
public enum TerminalClipboard {
  /// The sequence for `text`.
  public static func sequence(for text: String) -> String {
    "\u{1B}]52;c;" + Base64.encodedString(Array(text.utf8)) + "\u{07}"
  }
}
