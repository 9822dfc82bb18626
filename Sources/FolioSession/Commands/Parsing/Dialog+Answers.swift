import FolioCore

extension Dialog {
  /// The button a typed answer names: its 1-based number or its title (ignoring case).
  public func button(named answer: String) -> DialogButton? {
    if let number = Parameter.integer(answer), let button = Position.element(number, of: buttons) {
      return button
    }
    return buttons.first { $0.title.lowercased() == answer.lowercased() }
  }
}
