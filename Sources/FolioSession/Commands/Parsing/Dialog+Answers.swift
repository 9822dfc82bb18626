import FolioCore

extension Dialog {
  /// The button a typed answer names: its 1-based number or its title (ignoring case).
  public func button(named answer: String) -> DialogButton? {
    if let number = Parameter.integer(answer), let button = Position.element(number, of: buttons) {
      return button
    }
    // Lowercased once: a long answer against many buttons is not lowercased for each.
    let lowered = answer.lowercased()
    return buttons.first { $0.title.lowercased() == lowered }
  }

  /// How many buttons an error suggests answers for by name; a dialog with more suggests
  /// the first ones and `choose N-OR-TITLE`, so a message stays short whatever a plugin made.
  public static let suggestedAnswerLimit = 10

  /// The answers an error about this dialog suggests, as remedies a front end phrases: one
  /// `choose` per button, by its title — or by its position when its title would name another
  /// button (a title "2") — the last saying that they answer it. A dialog of more than
  /// `suggestedAnswerLimit` buttons suggests the first few and `choose` with its blank.
  public var answerRemedies: [Remedy] {
    let shown =
      buttons.count > Self.suggestedAnswerLimit ? buttons.prefix(Self.suggestedAnswerLimit - 1) : buttons[...]
    var remedies = shown.enumerated().map { position, button in
      let item = self.button(named: button.title) == button ? button.title : String(position + 1)
      return Remedy.run(SessionCommandID.choose, ["item": .string(item)])
    }
    if shown.count < buttons.count {
      remedies.append(Remedy.run(SessionCommandID.choose, blanks: ["item"]))
    }
    if !remedies.isEmpty { remedies[remedies.count - 1].effect = "answers it" }
    return remedies
  }
}
