import Glibc

/// A POSIX extended regular expression, compiled once by glibc's `regcomp` and freed with
/// `regfree` when the last reference goes.
///
/// Matching reads a text's UTF-8 bytes in place (`REG_STARTEND`), so a NUL byte inside a
/// line or cell is text like any other. The expression compares bytes in the C locale: `.`
/// is one byte, and without `isCaseSensitive` only ASCII letters match either case.
public final class RegularExpression: @unchecked Sendable {
  // `regex_t` is written once by `regcomp` and then only read by `regexec`, which the C
  // library allows from several threads at once; `regfree` runs in `deinit` alone.
  private let compiled: UnsafeMutablePointer<regex_t>

  /// The pattern as given.
  public let pattern: String

  /// Compiles `pattern` as an extended regular expression.
  ///
  /// - Parameters:
  ///   - pattern: the expression, in POSIX ERE syntax.
  ///   - isCaseSensitive: whether letters match only their own case.
  /// - Throws: `FolioError` with code `invalidArgument` and the value `pattern`, whose message
  ///   names the pattern and gives `regerror`'s description of what is wrong (the value
  ///   `reason`), for a pattern that does not compile or
  ///   holds a NUL byte.
  public init(_ pattern: String, isCaseSensitive: Bool) throws(FolioError) {
    self.pattern = pattern
    guard !pattern.utf8.contains(0) else {
      throw FolioError(
        .invalidArgument, "a regular expression cannot hold a NUL byte", values: ["pattern": pattern])
    }
    let compiled = UnsafeMutablePointer<regex_t>.allocate(capacity: 1)
    let flags = REG_EXTENDED | (isCaseSensitive ? 0 : REG_ICASE)
    let status = regcomp(compiled, pattern, flags)
    guard status == 0 else {
      var buffer = [CChar](repeating: 0, count: 256)
      _ = regerror(status, compiled, &buffer, buffer.count)
      let reason = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      compiled.deallocate()
      throw FolioError(
        .invalidArgument, "'\(pattern)' is not a regular expression: \(reason)",
        values: ["pattern": pattern, "reason": reason])
    }
    self.compiled = compiled
  }

  deinit {
    regfree(compiled)
    compiled.deallocate()
  }

  /// The number of parenthesized groups in the expression.
  public var groupCount: Int { Int(compiled.pointee.re_nsub) }

  /// The first match in `bytes` at or after `start`, with its groups: element 0 the whole
  /// match, element N group N (nil when the group took no part), as byte offsets in `bytes`.
  ///
  /// - Parameters:
  ///   - bytes: the text's UTF-8 bytes.
  ///   - start: where to begin; a match there that is not at the text's start does not match
  ///     `^`.
  public func firstMatch(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> [Range<Int>?]? {
    // glibc's offsets are `regoff_t`, 32 bits here: a longer text is not searched.
    guard start <= bytes.count, bytes.count <= Int(regoff_t.max) else { return nil }
    var groups = [regmatch_t](repeating: regmatch_t(), count: groupCount + 1)
    groups[0].rm_so = regoff_t(start)
    groups[0].rm_eo = regoff_t(bytes.count)
    let flags = REG_STARTEND | (start > 0 ? REG_NOTBOL : 0)
    // An empty text has no base address; any readable byte stands in, as none is read.
    var empty: UInt8 = 0
    let status = withUnsafePointer(to: &empty) { fallback in
      let base = UnsafeRawPointer(bytes.baseAddress ?? fallback).assumingMemoryBound(to: CChar.self)
      return regexec(compiled, base, groups.count, &groups, flags)
    }
    guard status == 0 else { return nil }
    return groups.map { group in
      group.rm_so < 0 ? nil : Int(group.rm_so)..<Int(group.rm_eo)
    }
  }
}
