import FolioCore

/// Decides when long work's progress shows, and phrases it: nothing for the first second of a
/// command, then at most ten updates a second on a terminal (one a second otherwise), each
/// saying what, how far and how fast: `Sorting big: 409,600 of 1,000,000 rows (40%), 812,000
/// rows/s`.
struct ProgressLine {
  /// How long a command runs before its progress shows.
  static let delay = Duration.seconds(1)

  /// Whether standard error is a terminal: the line is drawn over itself there.
  let isTerminal: Bool
  private var commandStart = MonotonicInstant.now
  private var lastShown: MonotonicInstant?
  /// When the work now reporting first reported, and what it was, for its rate.
  private var workStart: (task: WorkProgress.Task, unit: WorkProgress.Unit, time: MonotonicInstant)?

  /// Creates the line's state for a standard error that is or is not a terminal.
  init(isTerminal: Bool) {
    self.isTerminal = isTerminal
  }

  /// Starts a command: its first second shows nothing.
  mutating func begin(at now: MonotonicInstant = .now) {
    commandStart = now
    lastShown = nil
    workStart = nil
  }

  /// The text to show for a report, or nil when it is too soon.
  mutating func update(_ progress: WorkProgress, at now: MonotonicInstant = .now) -> String? {
    // A print lays rows out, then draws pages: each stage's rate is its own.
    if workStart?.task != progress.task || workStart?.unit != progress.unit {
      workStart = (progress.task, progress.unit, now)
    }
    guard now - commandStart >= Self.delay else { return nil }
    if let lastShown, now - lastShown < (isTerminal ? .milliseconds(100) : .seconds(1)) { return nil }
    lastShown = now
    let elapsed = now - (workStart?.time ?? commandStart)
    return Self.text(progress, elapsed: elapsed)
  }

  /// Phrases a report: what, how far, how fast.
  static func text(_ progress: WorkProgress, elapsed: Duration) -> String {
    let what =
      switch progress.task {
      case .sort: "Sorting"
      case .save: "Saving"
      case .show: "Showing"
      case .journal: "Journaling"
      case .print: "Printing"
      }
    var text = "\(what) \(progress.document): "
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let rate = seconds > 0 ? Double(progress.done) / seconds : nil
    switch progress.unit {
    case .rows:
      text += grouped(progress.done)
      if let total = progress.total, total > 0 {
        text += " of \(grouped(total)) rows (\(progress.done * 100 / total)%)"
      } else {
        text += " rows"
      }
      if let rate { text += ", \(grouped(Int(rate))) rows/s" }
    case .pages:
      text += grouped(progress.done)
      if let total = progress.total, total > 0 {
        text += " of \(grouped(total)) pages (\(progress.done * 100 / total)%)"
      } else {
        text += " pages"
      }
      if let rate { text += ", \(grouped(Int(rate))) pages/s" }
    case .bytes:
      text += megabytes(progress.done)
      if let total = progress.total { text += " of " + megabytes(total) }
      if let rate { text += ", \(megabytes(Int(rate)))/s" }
    }
    return text
  }

  /// `1234567` as `1,234,567`.
  static func grouped(_ number: Int) -> String {
    let digits = Array(String(number.magnitude))
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { text += "," }
      text.append(digit)
    }
    return (number < 0 ? "-" : "") + text
  }

  /// Bytes as megabytes with one decimal: `12.5 MB`.
  static func megabytes(_ bytes: Int) -> String {
    let tenths = (bytes * 10 + 524_288) / 1_048_576
    return "\(tenths / 10).\(tenths % 10) MB"
  }
}
