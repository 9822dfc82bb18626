#if canImport(Glibc)
  import Glibc
#endif

/// Dates as mail headers write them (RFC 5322 §3.3), in UTC: `Sun, 29 Nov 2026 14:20:00 +0000`.
enum MailDate {
  private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// The date `seconds` after 1970-01-01 00:00:00 UTC.
  static func format(secondsSince1970 seconds: Int) -> String {
    var time = time_t(seconds)
    var parts = tm()
    guard gmtime_r(&time, &parts) != nil else { return "Thu, 01 Jan 1970 00:00:00 +0000" }
    let day = days[Int(parts.tm_wday) % 7]
    let month = months[Int(parts.tm_mon) % 12]
    return "\(day), \(twoDigits(parts.tm_mday)) \(month) \(Int(parts.tm_year) + 1900) "
      + "\(twoDigits(parts.tm_hour)):\(twoDigits(parts.tm_min)):\(twoDigits(parts.tm_sec)) +0000"
  }

  private static func twoDigits(_ value: Int32) -> String {
    value < 10 ? "0\(value)" : "\(value)"
  }
}
