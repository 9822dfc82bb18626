import FolioCore

/// What a callback's `ctx` is made from: the command's arguments and parameters (for
/// `ctx.args`) and the document it is about (nil: the active document).
struct ContextRequest {
  var arguments = Arguments()
  var parameters: [Parameter] = []
  var document: Document?
}
