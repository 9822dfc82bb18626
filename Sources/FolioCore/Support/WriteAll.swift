#if canImport(Glibc)
  import Glibc
#endif

/// Writes bytes to a descriptor, retrying short writes and interrupted calls: what the front
/// ends write their output and their logs with.
///
/// - Returns: false when the descriptor takes no more (a closed pipe, another error).
@discardableResult
package func writeAll(descriptor: Int32, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
  guard let base = bytes.baseAddress else { return true }
  var offset = 0
  while offset < bytes.count {
    let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
    if written > 0 {
      offset += written
    } else if written < 0, errno == EINTR {
      continue
    } else {
      return false
    }
  }
  return true
}
