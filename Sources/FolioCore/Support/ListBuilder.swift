/// What the result builders of declarations share (menus, toolbars, scenes): each part is a
/// list of `Element`s, and blocks, `if`, `if … else` and `for` join their parts' lists in
/// order. A part may be any `ListContent` of the builder's elements (a menu's `Button`, a
/// toolbar's `ToolbarItem`); a builder adds only the other `buildExpression`s it takes.
public protocol ListBuilder {
  /// What the built list holds.
  associatedtype Element
}

/// Something a `ListBuilder` takes as one part: a declaration standing for some of the
/// built list's elements, such as a `Button` for a menu item.
public protocol ListContent<Element> {
  /// What the built list holds.
  associatedtype Element

  /// The elements this declaration stands for.
  var listElements: [Element] { get }
}

// Inlinable, so that each builder's methods are specialized where its declarations are
// written: unspecialized, the first `flatMap` of a start looked its generic witnesses up at
// run time (about 0.16 M instructions for the built-in toolbar).
extension ListBuilder {
  /// A declaration as a part: the elements it stands for.
  @inlinable
  public static func buildExpression(_ content: some ListContent<Element>) -> [Element] {
    content.listElements
  }

  /// The parts of a block, one after another.
  @inlinable
  public static func buildBlock(_ parts: [Element]...) -> [Element] { buildArray(parts) }

  /// An `if`'s part, or nothing.
  @inlinable
  public static func buildOptional(_ part: [Element]?) -> [Element] { part ?? [] }

  /// The part of an `if … else` that ran.
  @inlinable
  public static func buildEither(first part: [Element]) -> [Element] { part }

  /// The part of an `if … else` that ran.
  @inlinable
  public static func buildEither(second part: [Element]) -> [Element] { part }

  /// A `for` loop's parts, one after another.
  @inlinable
  public static func buildArray(_ parts: [[Element]]) -> [Element] {
    var elements: [Element] = []
    for part in parts { elements += part }
    return elements
  }
}
