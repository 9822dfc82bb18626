import FolioCore

/// Long work's progress on the status line, with a bar: what the work is, its document, how
/// far it got. It shows once the work has run a while (`delay`), at most ten times a second,
/// so a quick command never flickers; the shell's own progress line, which would write over
/// the screen, is set aside while browsing.
struct ProgressStatus {
  /// How long work runs before its progress shows.
  static let delay = Duration.milliseconds(300)
  /// The least time between two redraws.
  static let interval = Duration.milliseconds(100)

  private var started = MonotonicInstant.now
  private var lastShown: MonotonicInstant?

  /// Starts timing a new command.
  mutating func begin() {
    started = .now
    lastShown = nil
  }

  /// The status text for `progress` when it is due, else nil.
  mutating func update(_ progress: WorkProgress, width: Int) -> String? {
    let now = MonotonicInstant.now
    guard now - started >= Self.delay else { return nil }
    if let lastShown, now - lastShown < Self.interval { return nil }
    lastShown = now
    return Self.text(progress, width: width)
  }

  /// `Sorting places ▕████░░░░▏ 40%`, or with a count when the total is unknown.
  static func text(_ progress: WorkProgress, width: Int) -> String {
    let verb =
      switch progress.task {
      case .sort: "Sorting"
      case .save: "Saving"
      case .show: "Showing"
      case .journal: "Keeping unsaved changes of"
      case .print: "Printing"
      }
    let head = " \(verb) \(progress.document.displayedOnOneLine)"
    guard let total = progress.total, total > 0 else {
      return head + " · \(progress.done) \(progress.unit.rawValue) · Ctrl-C cancels"
    }
    let fraction = min(1, Double(max(0, progress.done)) / Double(total))
    let barWidth = max(4, min(30, width / 4))
    let filled = Int(fraction * Double(barWidth))
    let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
    return head + " ▕" + bar + "▏ \(Int(fraction * 100))% · Ctrl-C cancels"
  }
}
