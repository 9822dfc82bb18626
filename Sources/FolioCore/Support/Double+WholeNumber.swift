extension Double {
  /// The integer this number is, when it is whole and under 10^15 in magnitude — the range in
  /// which a `Double` holds every integer exactly; nil otherwise (a fraction, a larger number,
  /// infinity or NaN).
  ///
  /// One rule for everything that shows or sends a number: such a number is written as an
  /// integer (`3`, not `3.0`) in text, in JSON and in MessagePack, and a plugin's whole
  /// number is taken as an integer argument.
  public var wholeNumber: Int? {
    self == rounded() && abs(self) < 1e15 ? Int(self) : nil
  }
}
