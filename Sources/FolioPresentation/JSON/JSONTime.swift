#if canImport(Glibc)
  import Glibc
#endif

/// The one time format of Folio's JSON: ISO 8601 with the offset written out, in UTC —
/// `2026-12-01T18:32:05+00:00` — so a reader never guesses the zone.
public enum JSONTime {
  /// The time `seconds` after 1970-01-01 00:00:00 UTC.
  public static func string(_ seconds: Int) -> String {
    var time = time_t(seconds)
    var parts = tm()
    guard gmtime_r(&time, &parts) != nil else { return "1970-01-01T00:00:00+00:00" }
    var buffer = [CChar](repeating: 0, count: 40)
    let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S+00:00", &parts)
    return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
