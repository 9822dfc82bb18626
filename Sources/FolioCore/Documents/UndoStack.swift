/// One undoable change: how to take it back and how to make it again.
public struct UndoStep {
  /// What the step did, for messages: "Rename", "Edit Cell".
  public var name: String
  /// An estimate of the memory the step holds, in bytes, for the stack's budget.
  public var cost: Int
  /// Reverts the change.
  public var undo: () throws -> Void
  /// Applies the change again.
  public var redo: () throws -> Void

  /// Creates a step.
  public init(
    name: String, cost: Int = 64, undo: @escaping () throws -> Void, redo: @escaping () throws -> Void
  ) {
    self.name = name
    self.cost = cost
    self.undo = undo
    self.redo = redo
  }
}

/// A document's undo and redo history, bounded in steps and in memory: the oldest steps are
/// dropped first.
public struct UndoStack {
  private var undoSteps: [UndoStep] = []
  private var redoSteps: [UndoStep] = []
  private var totalCost = 0
  /// The most steps kept.
  public let maximumSteps: Int
  /// The most memory, in bytes, the steps may hold together.
  public let maximumCost: Int
  /// How the history last moved: a step recorded, undone or redone; nil before any.
  private var lastMove: Move?

  private enum Move { case recorded, undone, redone }

  /// Creates an empty history.
  public init(maximumSteps: Int = 1000, maximumCost: Int = 64 << 20) {
    self.maximumSteps = maximumSteps
    self.maximumCost = maximumCost
  }

  /// The name of the step `undo` would take back.
  public var undoName: String? { undoSteps.last?.name }
  /// The name of the step `redo` would make again.
  public var redoName: String? { redoSteps.last?.name }

  /// Records a change that was just made; the redo history is dropped.
  public mutating func record(_ step: UndoStep) {
    lastMove = .recorded
    redoSteps.removeAll()
    undoSteps.append(step)
    totalCost += step.cost
    while undoSteps.count > maximumSteps || (totalCost > maximumCost && undoSteps.count > 1) {
      totalCost -= undoSteps.removeFirst().cost
    }
  }

  /// Takes back the last change.
  ///
  /// - Returns: the step's name, or nil when there is nothing to undo.
  /// - Throws: whatever the step's undo throws; the step then stays where it was.
  public mutating func undo() throws -> String? {
    guard let step = undoSteps.last else { return nil }
    try step.undo()
    undoSteps.removeLast()
    totalCost -= step.cost
    redoSteps.append(step)
    lastMove = .undone
    return step.name
  }

  /// Makes the last undone change again.
  ///
  /// - Returns: the step's name, or nil when there is nothing to redo.
  public mutating func redo() throws -> String? {
    guard let step = redoSteps.last else { return nil }
    try step.redo()
    redoSteps.removeLast()
    undoSteps.append(step)
    totalCost += step.cost
    lastMove = .redone
    return step.name
  }

  /// Makes a change just made part of the step the history last moved, keeping that step's
  /// name: after a step was recorded or redone, undoing it takes the change back too; after
  /// one was undone, redoing it first takes the change back, and undoing it again makes the
  /// change again. With no step to join, the change is recorded as its own.
  public mutating func join(_ step: UndoStep) {
    switch lastMove {
    case .recorded?, .redone?:
      guard let top = undoSteps.popLast() else { return record(step) }
      undoSteps.append(
        UndoStep(
          name: top.name, cost: top.cost + step.cost,
          undo: {
            try step.undo()
            try top.undo()
          },
          redo: {
            try top.redo()
            try step.redo()
          }))
      totalCost += step.cost
    case .undone?:
      guard let top = redoSteps.popLast() else { return record(step) }
      redoSteps.append(
        UndoStep(
          name: top.name, cost: top.cost + step.cost,
          undo: {
            try top.undo()
            try step.redo()
          },
          redo: {
            try step.undo()
            try top.redo()
          }))
    case nil:
      record(step)
    }
  }

  /// Forgets the whole history.
  public mutating func removeAll() {
    lastMove = nil
    undoSteps.removeAll()
    redoSteps.removeAll()
    totalCost = 0
  }
}
