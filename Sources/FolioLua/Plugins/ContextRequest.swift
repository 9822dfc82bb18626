import FolioCore

/// What a callback's `ctx` is made from: the command's arguments and parameters (for
/// `ctx.args`) and the document it is about (nil: the active document).
struct ContextRequest {
  var arguments = Arguments()
  var parameters: [Parameter] = []
  var document: Document?
  /// Whether the call may receive the plugin's last shared `ctx` when it describes the same
  /// moment (`ContextKey`): predicates and state getters, which only read it.
  var isShared = false

  /// The request of a predicate or state getter: the active document, no arguments, shared.
  static var shared: ContextRequest { ContextRequest(isShared: true) }
}
