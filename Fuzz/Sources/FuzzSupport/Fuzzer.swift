import CLibFuzzer

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Runs a fuzz target under libFuzzer and reports broken properties as crashes.
public enum Fuzzer {
  /// The signature libFuzzer calls for each input.
  public typealias Target = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

  /// Hands the process to libFuzzer, which parses the command line (`-runs=`, corpus folders,
  /// `-max_total_time=`, …) and calls `target` with each input, then exits with its status.
  public static func run(_ target: Target) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, target))
  }

  /// The input as an array; empty for a null pointer.
  public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
  }

  /// Stops the run as a crash, which libFuzzer saves as `crash-…`, when a property fails.
  ///
  /// - Parameters:
  ///   - condition: The property.
  ///   - message: What failed, with the values that show it.
  public static func require(
    _ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line
  ) {
    guard !condition else { return }
    fputs("\nFOLIO PROPERTY FAILED at \(file):\(line): \(message())\n", stderr)
    abort()
  }
}
