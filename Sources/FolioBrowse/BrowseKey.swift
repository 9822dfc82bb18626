/// A key the browser reacts to, decoded from the terminal's input by `CursesTerminal`.
public enum BrowseKey: Sendable, Equatable {
  case up
  case down
  case left
  case right
  case pageUp
  case pageDown
  case home
  case end
  case enter
  case escape
  case backspace
  case tab
  /// A function key, F1 to F12.
  case function(Int)
  /// A character typed as itself (`q`, `s`, a space).
  case character(Character)
  /// A control character typed with Ctrl (`r` for Ctrl-R).
  case control(Character)

  /// The key a byte of ASCII stands for when a terminal sends it alone: Enter, Tab, Escape,
  /// Backspace, a control character, or the character itself.
  static func ascii(_ byte: UInt8) -> BrowseKey {
    switch byte {
    case 10, 13: .enter
    case 9: .tab
    case 27: .escape
    case 8, 127: .backspace
    case 1...26: .control(Character(Unicode.Scalar(byte + 96)))
    default: .character(Character(Unicode.Scalar(byte)))
    }
  }
}
