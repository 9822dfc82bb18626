/// A value declared with SwiftUI-shaped modifiers (`.menuOrder(.fixed)`,
/// `.priority(.high)`), each of which returns a copy with one property changed.
public protocol Modifiable {}

extension Modifiable {
  /// A copy with the property at `keyPath` set to `value`: the body of every modifier.
  func with<Value>(_ keyPath: WritableKeyPath<Self, Value>, _ value: Value) -> Self {
    var copy = self
    copy[keyPath: keyPath] = value
    return copy
  }
}
