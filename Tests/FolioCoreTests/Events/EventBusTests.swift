import Testing

@testable import FolioCore

@Suite struct EventBusTests {
  /// Records what one handler is given.
  private final class Recorder {
    var events: [AppEvent] = []
    var subscription: Subscription?

    init(_ bus: EventBus, label: String? = nil, log: Log? = nil) {
      subscription = bus.subscribe { [unowned self] event in
        events.append(event)
        if let label { log?.lines.append("\(label) \(event.name)") }
      }
    }
  }

  private final class Log {
    var lines: [String] = []
  }

  private static func selection(_ window: Int, _ previous: Set<Int>, _ current: Set<Int>) -> AppEvent {
    .selectionChanged(SelectionChange(windowID: window, previous: previous, current: current))
  }

  @Test("events wait for flush, then reach every handler in publishing and subscribing order")
  func order() {
    let bus = EventBus()
    let log = Log()
    let first = Recorder(bus, label: "first", log: log)
    let second = Recorder(bus, label: "second", log: log)
    bus.publish(.documentOpened(windowID: 1))
    bus.publish(.documentSaved(windowID: 1))
    bus.publish(.menusChanged)
    #expect(log.lines.isEmpty)
    #expect(bus.pendingEvents.count == 3)
    bus.flush()
    #expect(
      log.lines == [
        "first document.opened", "second document.opened", "first document.saved", "second document.saved",
        "first menus.changed", "second menus.changed",
      ])
    #expect(first.events == second.events)
    #expect(bus.pendingEvents.isEmpty)
    bus.flush()
    #expect(first.events.count == 3)
  }

  @Test("a cancelled or released subscription hears nothing more, also within a flush")
  func unsubscribe() {
    let bus = EventBus()
    let kept = Recorder(bus)
    let releasedLog = Log()
    var released: Subscription? = bus.subscribe { releasedLog.lines.append($0.name) }
    let cancelled = Recorder(bus)
    bus.publish(.toolbarChanged)
    bus.flush()
    #expect(released != nil)
    released = nil
    cancelled.subscription?.cancel()
    cancelled.subscription?.cancel()
    bus.publish(.menusChanged)
    bus.flush()
    #expect(kept.events == [.toolbarChanged, .menusChanged])
    #expect(cancelled.events == [.toolbarChanged])
    #expect(releasedLog.lines == ["toolbar.changed"])

    // A handler that cancels a later one during delivery: the later one misses that event.
    let later = Log()
    var laterSubscription: Subscription?
    let canceller = bus.subscribe { _ in laterSubscription?.cancel() }
    laterSubscription = bus.subscribe { later.lines.append($0.name) }
    bus.publish(.pluginLoaded(name: "a"))
    bus.flush()
    #expect(later.lines.isEmpty)
    #expect(kept.events.last == .pluginLoaded(name: "a"))
    canceller.cancel()
  }

  @Test("a window's selection changes merge into one, from the first previous to the last current")
  func coalescedSelection() {
    let bus = EventBus()
    let recorder = Recorder(bus)
    bus.publish(Self.selection(1, [], [1]))
    bus.publish(.documentChanged(windowID: 1))
    bus.publish(Self.selection(2, [5], []))
    bus.publish(Self.selection(1, [1], [1, 2]))
    bus.publish(.documentChanged(windowID: 1))
    bus.publish(.documentChanged(windowID: 2))
    bus.flush()
    #expect(
      recorder.events == [
        Self.selection(1, [], [1, 2]), .documentChanged(windowID: 1), Self.selection(2, [5], []),
        .documentChanged(windowID: 2),
      ])
  }

  @Test("a selection that ends as it began between two flushes is not delivered")
  func selectionBackWhereItBegan() {
    let bus = EventBus()
    let recorder = Recorder(bus)
    bus.publish(Self.selection(1, [3], [3]))
    bus.publish(Self.selection(1, [3], [4]))
    bus.publish(Self.selection(1, [4], []))
    bus.publish(Self.selection(1, [], [3]))
    #expect(bus.pendingEvents.isEmpty)
    bus.publish(Self.selection(1, [3], [7]))
    bus.flush()
    #expect(recorder.events == [Self.selection(1, [3], [7])])
  }

  @Test("what handlers publish while a flush delivers waits for the next flush")
  func publishedDuringFlush() {
    let bus = EventBus()
    var count = 0
    let echo = bus.subscribe { event in
      count += 1
      if case .documentOpened(let window) = event { bus.publish(.documentChanged(windowID: window)) }
      bus.flush()
    }
    bus.publish(.documentOpened(windowID: 1))
    bus.flush()
    #expect(count == 1)
    #expect(bus.pendingEvents == [.documentChanged(windowID: 1)])
    bus.flush()
    #expect(count == 2)
    echo.cancel()
  }

  @Test("documents publish selection and content changes as they happen")
  func documentsPublish() throws {
    let workspace = Workspace(store: nil, currentDirectory: "/", home: nil)
    let recorder = Recorder(workspace.events)
    let table = try workspace.newDocument(kind: .table, columns: ["name"])
    let ada = try workspace.addRow([(column: "name", value: "Ada")], to: table)
    let bob = try workspace.addRow([(column: "name", value: "Bob")], to: table)
    try workspace.select([ada, bob], mode: .replace, in: table, environment: AppEnvironment())
    _ = try workspace.deleteRows([ada], from: table)
    workspace.events.flush()
    let window = table.windowID
    #expect(
      recorder.events == [.documentChanged(windowID: window), Self.selection(window, [], [bob])])
    _ = try workspace.undo(table)
    workspace.events.flush()
    #expect(recorder.events.dropFirst(2) == [.documentChanged(windowID: window)])
  }
}
