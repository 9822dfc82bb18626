/// The bytes a save writes: made beforehand, or made by an encoder while they are written, a
/// chunk at a time, so that a large document is never held whole a second time.
public struct SaveContent {
  /// Hands the bytes, in order and in chunks, to the function it is given; the same bytes
  /// every time it is called.
  private let produce:
    (_ sink: (UnsafeBufferPointer<UInt8>) throws(FolioError) -> Void) throws(FolioError) -> Void

  /// Bytes already made.
  public init(_ bytes: [UInt8]) {
    produce = { (sink) throws(FolioError) in
      try bytes.withUnsafeBufferPointer { (buffer) throws(FolioError) in try sink(buffer) }
    }
  }

  /// Bytes an encoder makes each time they are written.
  ///
  /// - Parameter produce: hands the bytes, in order and in chunks, to the function it is
  ///   given, and must hand the same bytes every time it is called (a failed save may write
  ///   them again). A chunk is only valid during the call it is passed to.
  public init(
    producing produce:
      @escaping (_ sink: (UnsafeBufferPointer<UInt8>) throws(FolioError) -> Void) throws(FolioError)
      -> Void
  ) {
    self.produce = produce
  }

  /// The same bytes, checking `cancellation` before each chunk: a save cancelled part-way
  /// throws `FolioError.interrupted` and, like any failed save, leaves the file as it was.
  ///
  /// - Parameter progress: told after each chunk how many bytes were handed on.
  public func stopping(at cancellation: CancellationToken, progress: ((Int) -> Void)? = nil) -> SaveContent {
    SaveContent { (sink) throws(FolioError) in
      var written = 0
      try produce { (chunk) throws(FolioError) in
        try cancellation.check()
        try sink(chunk)
        written += chunk.count
        progress?(written)
      }
    }
  }

  /// Hands the bytes to `sink`, in order and in chunks.
  ///
  /// - Throws: what `sink` throws; the rest of the bytes are not made then.
  public func write(to sink: (UnsafeBufferPointer<UInt8>) throws(FolioError) -> Void) throws(FolioError) {
    try produce(sink)
  }

  /// The number of bytes and their `FileSnapshot.contentHash(of:)`, made again without
  /// keeping them.
  public func measure() -> (size: Int, hash: UInt64) {
    var size = 0
    var hasher = ContentHasher()
    try? produce { chunk in
      size += chunk.count
      hasher.combine(UnsafeRawBufferPointer(chunk))
    }
    return (size, hasher.finalize())
  }
}
