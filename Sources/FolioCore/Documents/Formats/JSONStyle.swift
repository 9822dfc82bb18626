/// The layout of a JSON table file, detected when it is read and used when it is written.
///
/// Both layouts are what common tools write, so files they made are written back unchanged:
/// `.compact` is `JSON.stringify(rows)` and `.pretty(indent: n)` is
/// `JSON.stringify(rows, null, n)`, `jq --indent n` or Python's
/// `json.dumps(rows, indent=n, ensure_ascii=False)`. What is around the tokens — the line
/// breaks' kind, a byte order mark, a final line break — is `JSONTextEnds`.
public enum JSONStyle: Equatable, Sendable {
  /// Everything on one line, no spaces: `[{"a":1,"b":[2,3]}]`.
  case compact
  /// One key or element per line, indented by `indent` spaces a level (at least 1),
  /// `": "` after keys, empty objects and arrays as `{}` and `[]`.
  case pretty(indent: Int)
}
