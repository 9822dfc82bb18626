import Testing

@testable import FolioLua

/// The threads `LuaState.start` runs commands on: kept by the C host once their function
/// returned, never once it failed, and not while it waits suspended.
@Suite struct LuaThreadTests {
  /// A state whose global `note()` counts the distinct threads it was called on (held by a
  /// table, so none is collected and its identity taken by another) and returns the count, and
  /// whose global `confirm()` yields to the host.
  private func makeState() throws -> LuaState {
    let lua = try LuaState()
    try lua.run(
      """
      threads, count = {}, 0
      function note()
        local thread = coroutine.running()
        if not threads[thread] then
          threads[thread] = true
          count = count + 1
        end
        return count
      end
      """, name: "=threads")
    lua.setGlobal("confirm", .function(lua.makeYieldingFunction(name: "confirm") { _ in [] }))
    return lua
  }

  /// The count `note()` returned as the finished function's result.
  private func count(_ outcome: LuaState.StartOutcome) -> Int? {
    guard case .finished(let results) = outcome, case .integer(let count)? = results.first else { return nil }
    return count
  }

  @Test("a function that returned gives its thread to the next; one that failed does not")
  func reuse() throws {
    let lua = try makeState()
    let noting = try lua.load("return note()", name: "=noting")
    let failing = try lua.load("note(); error('boom')", name: "=failing")
    #expect(count(try lua.start(noting, prefix: { _ in 0 })) == 1)
    #expect(count(try lua.start(noting, prefix: { _ in 0 })) == 1)
    #expect(throws: LuaError.self) { try lua.start(failing, prefix: { _ in 0 }) }
    #expect(count(try lua.start(noting, prefix: { _ in 0 })) == 2)
    #expect(count(try lua.start(noting, prefix: { _ in 0 })) == 2)
  }

  @Test("a suspended function keeps its thread until it returns, then gives it back")
  func suspended() throws {
    let lua = try makeState()
    let noting = try lua.load("return note()", name: "=noting")
    let confirming = try lua.load(
      "note(); local answer = confirm(); return note(), answer", name: "=confirming")
    #expect(count(try lua.start(noting, prefix: { _ in 0 })) == 1)
    guard case .yielded(let thread, _) = try lua.start(confirming, prefix: { _ in 0 }) else {
      Issue.record("confirm() did not suspend the function")
      return
    }
    // The waiting function holds the first thread: the next runs on a new one.
    #expect(count(try lua.start(noting, prefix: { _ in 0 })) == 2)
    #expect(try lua.resume(thread, [.string("OK")]) == .finished([.integer(2), .string("OK")]))
    #expect(thread.isDone)
    #expect(throws: LuaError.self) { try lua.resume(thread, []) }
    // Both threads are idle again.
    #expect(count(try lua.start(noting, prefix: { _ in 0 })) == 2)
    #expect(count(try lua.start(noting, prefix: { _ in 0 })) == 2)
  }

  @Test("a suspended function let go never resumes, and its thread is not reused")
  func released() throws {
    let lua = try makeState()
    let confirming = try lua.load("note(); confirm(); return note()", name: "=confirming")
    let noting = try lua.load("return note()", name: "=noting")
    guard case .yielded(let thread, _) = try lua.start(confirming, prefix: { _ in 0 }) else {
      Issue.record("confirm() did not suspend the function")
      return
    }
    lua.release(thread)
    #expect(throws: LuaError.self) { try lua.resume(thread, []) }
    #expect(count(try lua.start(noting, prefix: { _ in 0 })) == 2)
  }
}
