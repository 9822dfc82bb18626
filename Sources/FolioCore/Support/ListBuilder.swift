/// What the result builders of declarations share (menus, toolbars, scenes): each part is a
/// list of `Element`s, and blocks, `if`, `if … else` and `for` join their parts' lists in
/// order. A builder adds only its `buildExpression`s.
public protocol ListBuilder {
  /// What the built list holds.
  associatedtype Element
}

extension ListBuilder {
  /// The parts of a block, one after another.
  public static func buildBlock(_ parts: [Element]...) -> [Element] { parts.flatMap { $0 } }

  /// An `if`'s part, or nothing.
  public static func buildOptional(_ part: [Element]?) -> [Element] { part ?? [] }

  /// The part of an `if … else` that ran.
  public static func buildEither(first part: [Element]) -> [Element] { part }

  /// The part of an `if … else` that ran.
  public static func buildEither(second part: [Element]) -> [Element] { part }

  /// A `for` loop's parts, one after another.
  public static func buildArray(_ parts: [[Element]]) -> [Element] { parts.flatMap { $0 } }
}
