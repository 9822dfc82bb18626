import FolioCore

extension Session {
  /// Registers the `clipboard` share target, which hands the text to `clipboard`.
  func registerClipboardTarget() {
    // Sessions sharing a workspace share its targets: the first registers it.
    guard workspace.shareTargets.target(id: "clipboard") == nil else { return }
    do {
      try workspace.shareTargets.register(
        .clipboard { [unowned self] text throws(FolioError) in try copyToClipboard(text) })
    } catch {
      preconditionFailure("the clipboard target's id must be free: \(error)")
    }
  }

  /// Puts text on the clipboard through the front end's `clipboard`.
  ///
  /// - Throws: `FolioError.disabled` when the front end has none, or what it throws.
  public func copyToClipboard(_ text: String) throws(FolioError) {
    guard let clipboard else {
      throw FolioError(.disabled, "there is no clipboard here: this front end has none")
    }
    try clipboard(text)
  }
}
