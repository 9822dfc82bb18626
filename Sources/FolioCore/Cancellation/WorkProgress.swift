/// How far a long piece of work has got, for a front end to show while it runs.
///
/// Work reports where it checks its `CancellationToken`; the front end decides whether and
/// how often to show it (the shell: one updating line on a terminal once work has run about a
/// second).
public struct WorkProgress: Sendable, Equatable {
  /// What the work is.
  public var task: Task
  /// The document it is on.
  public var document: String
  /// How many units are done.
  public var done: Int
  /// How many there are in all, when known.
  public var total: Int?
  /// What is counted.
  public var unit: Unit

  /// What the work is.
  public enum Task: String, Sendable {
    /// Sorting a table's rows.
    case sort
    /// Writing a document's file.
    case save
    /// Showing a table's rows.
    case show
    /// Writing a document's recovery journal (its unsaved changes, kept against a crash) as
    /// part of a command: after a sort, the sorted table whole.
    case journal
    /// Printing a document: laying its rows out, then drawing its pages.
    case print
  }

  /// What progress is counted in.
  public enum Unit: String, Sendable {
    /// Table rows.
    case rows
    /// Bytes of a file.
    case bytes
    /// Printed pages.
    case pages
  }

  /// Creates a report.
  public init(task: Task, document: String, done: Int, total: Int?, unit: Unit) {
    self.task = task
    self.document = document
    self.done = done
    self.total = total
    self.unit = unit
  }
}
