extension String {
  /// The text cut to `PluginHost.messageLimit` bytes of UTF-8 (between two Unicode scalars),
  /// followed by a note of how many bytes were cut; shorter text comes back unchanged.
  func cutToMessageLimit() -> String {
    guard utf8.count > PluginHost.messageLimit else { return self }
    var end = utf8.index(startIndex, offsetBy: PluginHost.messageLimit)
    while end.samePosition(in: unicodeScalars) == nil { end = utf8.index(before: end) }
    let kept = utf8.distance(from: startIndex, to: end)
    return String(self[..<end]) + "… (\(utf8.count - kept) more bytes cut)"
  }
}
