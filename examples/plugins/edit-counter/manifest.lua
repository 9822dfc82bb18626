return {
  name = "edit-counter", version = "1.0", api = 1,
  description = "Edit counter: saves a document after every N edits (settings in folio.state)",
}
