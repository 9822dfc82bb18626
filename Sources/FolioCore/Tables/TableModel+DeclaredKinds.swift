extension TableModel {
  /// The kind declared for a column (`Workspace.setColumnKind(_:ofColumn:in:)`), which
  /// sorting, `show` and reading cells take instead of the kind inferred from its cells; nil
  /// when its cells decide.
  public func declaredKind(ofColumn column: Int) -> TableValueKind? {
    declaredKinds.indices.contains(column) ? declaredKinds[column] : nil
  }

  /// Declares the kind of the column at `column` (0-based), or with nil lets its cells
  /// decide again.
  mutating func declareKind(_ kind: TableValueKind?, ofColumn column: Int) {
    guard columns.indices.contains(column) else { return }
    if declaredKinds.count < columns.count {
      declaredKinds.append(contentsOf: repeatElement(nil, count: columns.count - declaredKinds.count))
    }
    declaredKinds[column] = kind
    if declaredKinds.allSatisfy({ $0 == nil }) { declaredKinds = [] }
  }
}
