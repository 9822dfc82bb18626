/// How a document's file on disk compares with what Folio read or last saved.
public enum DocumentDiskState: String, Sendable, Equatable {
  /// It holds what was read or saved.
  case unchanged
  /// Another program changed or replaced it; `save` refuses without `--force`.
  case changed
  /// It is gone; `save` writes it again.
  case deleted
}
