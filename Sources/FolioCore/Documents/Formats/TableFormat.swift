/// A format a table is written in as text — CSV or TSV, or JSON — with the options that
/// shape it (a `DelimitedDialect`, a `JSONStyle`).
///
/// A format writes into a buffer and hands it on a chunk at a time; writing a table whole
/// (`encode`) and in chunks to a sink (`write`, so that a large table is never held twice)
/// are the same frame around that, here once.
protocol TableFormat {
  /// What shapes the text, such as the delimiter or the indentation.
  associatedtype Options

  /// How many bytes to reserve for writing `table` with `options` in chunks of `chunkSize`
  /// bytes (`.max`: whole).
  static func capacity(for table: TableModel, as options: Options, chunkSize: Int) -> Int

  /// Writes `table` into `output`, handing `output` to `sink` and emptying it whenever it
  /// holds `chunkSize` bytes or more; what is left at the end stays in `output`.
  static func write<Failure: Error>(
    _ table: TableModel, as options: Options, into output: inout [UInt8], chunkSize: Int,
    to sink: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Void
  ) throws(Failure)
}

extension TableFormat {
  /// The text of `table` written with `options`, whole.
  static func encode(_ table: TableModel, as options: Options) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(capacity(for: table, as: options, chunkSize: .max))
    write(table, as: options, into: &output, chunkSize: .max) { (_: UnsafeBufferPointer<UInt8>) in }
    return output
  }

  /// Writes `table` with `options`, handing the bytes to `sink` in chunks of about
  /// `chunkSize` bytes as they are made; the bytes are those `encode(_:as:)` returns.
  static func write<Failure: Error>(
    _ table: TableModel, as options: Options, chunkSize: Int,
    to sink: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Void
  ) throws(Failure) {
    var output: [UInt8] = []
    output.reserveCapacity(capacity(for: table, as: options, chunkSize: chunkSize))
    try write(table, as: options, into: &output, chunkSize: chunkSize, to: sink)
    if !output.isEmpty { try output.withUnsafeBufferPointer { (buffer) throws(Failure) in try sink(buffer) } }
  }
}
