extension Sequence {
  /// The elements' texts with `separator` between them, what `map(text).joined(separator:)`
  /// gives, appended in place.
  ///
  /// Inlinable, so that it is specialized where it is called: the standard library's
  /// `joined(separator:)` is generic code that looks its witnesses up at run time the first
  /// time a process calls it (about 0.13 M instructions), which a start or a command that
  /// joins once would pay for that alone.
  @inlinable
  public func joinedText(separator: String, _ text: (Element) -> String) -> String {
    var joined = ""
    var isFirst = true
    for element in self {
      if !isFirst { joined += separator }
      joined += text(element)
      isFirst = false
    }
    return joined
  }
}
