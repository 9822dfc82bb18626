// In-process measures of Folio that its binary cannot isolate, run by benchmarks/bench.py
// (`make bench`) in a release build. They measure; they never fail a build.
//
//   folio-bench callback FOLDER COUNT   a plugin command run COUNT times through the registry
//   folio-bench callback-floor COUNT    the Lua work every plugin command call needs, COUNT times
//   folio-bench menus RUNS              resolving and opening a 1,000-item menu, RUNS times
//   folio-bench save CSV RUNS           saving a CSV table after editing a cell, RUNS times
//   folio-bench save-settled CSV RUNS   the same, the file read again a second after its last
//                                       write before each edit, as when it is opened and edited
import CLua
import FolioCore
import FolioShell

#if canImport(Glibc)
  import Glibc
#endif

/// Seconds of CPU time this process used: steady on a busy machine, and what the Lua loop it
/// is compared with measures (`os.clock`).
func now() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// The median time of `body` over `runs` runs, in microseconds.
func measure(runs: Int, _ body: () throws -> Void) rethrows -> Double {
  var samples: [Double] = []
  for _ in 0..<runs {
    let start = now()
    try body()
    samples.append((now() - start) * 1e6)
  }
  return samples.sorted()[samples.count / 2]
}

/// Stops with a message on standard error.
func fail(_ message: String) -> Never {
  let line = "folio-bench: \(message)\n"
  _ = line.withCString { write(2, $0, strlen($0)) }
  exit(1)
}

/// A registry of `count` commands, every third disabled by its predicate and every fifth a
/// toggle, and a menu of them in sections of ten.
func makeMenu(count: Int) throws -> (CommandRegistry, Menu) {
  let registry = CommandRegistry()
  var flags = [Bool](repeating: false, count: count)
  for index in 0..<count {
    let id = "bench.item\(index)"
    if index % 5 == 0 {
      try registry.register(
        Command(
          id: id, title: "Toggle \(index)",
          behavior: .state(.toggle(get: { flags[index] }, set: { flags[index] = $0 }))))
    } else {
      try registry.register(
        Command(
          id: id, title: "Item \(index)", icon: "star",
          availability: { index % 3 == 0 ? .disabled(reason: "not now") : .enabled },
          behavior: .action { _ in .none }))
    }
  }
  let sections = stride(from: 0, to: count, by: 10).map { start in
    MenuElement.section(
      MenuSection(
        header: "Section \(start / 10)",
        elements: (start..<min(start + 10, count)).map { .item(MenuItem(command: "bench.item\($0)")) }))
  }
  return (registry, Menu(id: "bench", title: "Bench", elements: sections))
}

/// Prints `NAME<TAB>MICROSECONDS` for each menu measure.
func benchmarkMenus(runs: Int) throws {
  let (registry, menu) = try makeMenu(count: 1000)
  let resolve = try measure(runs: runs) {
    _ = try MenuResolver.resolve(menu, registry: registry, platform: .mac)
  }
  print("resolve a 1,000-item menu with predicates\t\(resolve)")
  let upward = try measure(runs: runs) {
    _ = try MenuResolver.resolve(menu, registry: registry, platform: .iphone, opensUpward: true)
  }
  print("… on iphone, opening upward (reversed)\t\(upward)")
  let open = try measure(runs: runs) { _ = try MenuSession(menu, registry: registry).items }
  print("… opened as a session, items numbered\t\(open)")
}

/// Loads the plugins of `folder`, runs its `cb.run` command `count` times through
/// `CommandRegistry.invoke` (after a warm-up), checks `cb.count`, and prints the median
/// nanoseconds per call of five batches.
func benchmarkCallback(folder: String, count: Int) throws {
  let shell = Shell()
  shell.loadPlugins(extraFolders: [folder], shippedFolder: nil)
  guard let run = shell.session.registry.command(id: "cb.run"),
    let total = shell.session.registry.command(id: "cb.count")
  else {
    fail("\(folder) has no plugin with the commands cb.run and cb.count")
  }
  let batches = 5
  let batch = max(1, count / batches)
  for _ in 0..<min(batch, 1000) { _ = try shell.session.registry.invoke(run, words: []) }
  var samples: [Double] = []
  for _ in 0..<batches {
    let start = now()
    for _ in 0..<batch { _ = try shell.session.registry.invoke(run, words: []) }
    samples.append((now() - start) / Double(batch) * 1e9)
  }
  let expected = min(batch, 1000) + batches * batch
  guard case .text(let text) = try shell.session.registry.invoke(total, words: []),
    text == "count \(expected)"
  else {
    fail("cb.run did not run \(expected) times")
  }
  print("\(samples.sorted()[batches / 2]) ns per call")
}

/// The least a plugin command's call costs in Lua, whatever the host does around it: the Lua
/// work that the plugin API asks of every call, with nothing of Folio's (no registry, binding,
/// transaction, `ctx` fields or error handling). Each call gets a `ctx` and an `args` table of
/// its own (a command may keep either, and a suspended command's must not change under it),
/// and runs as a coroutine (`ctx:confirm` yields) under an instruction budget (a count hook),
/// on one kept thread. The callback's function and the Lua loop it is compared with are the
/// `cb` plugin's `bench_run`. Prints the median of five batches, as `benchmarkCallback` does.
func benchmarkCallbackFloor(count: Int) {
  guard let state = luaL_newstate() else { fail("no Lua state") }
  defer { lua_close(state) }
  let source = "count = 0 function bench_run(ctx, args) count = count + 1 end"
  guard luaL_loadstring(state, source) == LUA_OK, lua_pcall(state, 0, 0, 0) == LUA_OK else {
    fail("the floor's function did not load")
  }
  lua_getglobal(state, "bench_run")
  let function = luaL_ref(state, folio_lua_registryindex)
  guard let thread = lua_newthread(state) else { fail("no Lua thread") }
  _ = luaL_ref(state, folio_lua_registryindex)
  let budget: lua_Hook = { _, _ in }
  func call() {
    lua_sethook(thread, budget, LUA_MASKCOUNT, 1_000_000)
    lua_rawgeti(thread, folio_lua_registryindex, lua_Integer(function))
    lua_createtable(thread, 0, 4)
    lua_createtable(thread, 0, 0)
    lua_pushvalue(thread, -1)
    lua_setfield(thread, -3, "args")
    var results: Int32 = 0
    guard lua_resume(thread, state, 2, &results) == LUA_OK else { fail("the floor's call failed") }
    lua_settop(thread, 0)
    lua_sethook(thread, nil, 0, 0)
  }
  let batches = 5
  let batch = max(1, count / batches)
  for _ in 0..<min(batch, 1000) { call() }
  var samples: [Double] = []
  for _ in 0..<batches {
    let start = now()
    for _ in 0..<batch { call() }
    samples.append((now() - start) / Double(batch) * 1e9)
  }
  lua_getglobal(state, "count")
  guard lua_tointeger(state, -1) == lua_Integer(min(batch, 1000) + batches * batch) else {
    fail("the floor's function did not run every time")
  }
  print("\(samples.sorted()[batches / 2]) ns per call")
}

/// Opens a CSV table and saves it `runs` times, a cell of its third column edited before each
/// save, and prints the CPU time (user and system, the `fsync` calls' included) of each save in
/// seconds, one line: the save alone, without starting a process, opening the file or writing
/// the recovery journal, whose costs vary from run to run as much as the save costs.
///
/// `settled` reads the table again before each edit once `DocumentFile.racyMargin` and a little
/// more has passed since its last change, so that the check before the save can trust the file's status
/// (`DocumentFile.check(_:against:)`), as for a document opened a while after it was written;
/// a save that still reads the file to check it fails the run.
func benchmarkSave(path: String, runs: Int, settled: Bool) throws {
  var folder = [CChar](repeating: 0, count: 4096)
  let currentDirectory =
    getcwd(&folder, folder.count) != nil
    ? String(decoding: folder.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "/"
  let workspace = Workspace(currentDirectory: currentDirectory, home: nil)
  let document = try workspace.open(path).document
  var samples: [Double] = []
  for run in 0..<runs {
    if settled {
      var info = stat()
      var clock = timespec()
      clock_gettime(CLOCK_REALTIME, &clock)
      if stat(path, &info) == 0 {
        let age =
          Double(clock.tv_sec - info.st_ctim.tv_sec) + Double(clock.tv_nsec - info.st_ctim.tv_nsec) / 1e9
        let settled = Double(DocumentFile.racyMargin) / 1e9 + 0.1
        if age < settled { usleep(useconds_t((settled - age) * 1e6)) }
      }
      try workspace.revert(document)
    }
    _ = try workspace.setCell(
      rowID: 5, column: 2, to: run.isMultiple(of: 2) ? "Paris" : "Rome",
      in: document)
    let checks = workspace.wholeFileChecks
    let start = now()
    try workspace.save(document)
    samples.append(now() - start)
    if settled && workspace.wholeFileChecks != checks {
      fail("save-settled: the save read the file to check it")
    }
  }
  print("save " + samples.map { String($0) }.joined(separator: " "))
}

let arguments = CommandLine.arguments
switch arguments.dropFirst().first {
case "callback":
  guard arguments.count == 4, let count = Int(arguments[3]), count > 0 else {
    fail("usage: folio-bench callback FOLDER COUNT")
  }
  try benchmarkCallback(folder: arguments[2], count: count)
case "callback-floor":
  guard arguments.count == 3, let count = Int(arguments[2]), count > 0 else {
    fail("usage: folio-bench callback-floor COUNT")
  }
  benchmarkCallbackFloor(count: count)
case "menus":
  guard arguments.count == 3, let runs = Int(arguments[2]), runs > 0 else {
    fail("usage: folio-bench menus RUNS")
  }
  try benchmarkMenus(runs: runs)
case "save":
  guard arguments.count == 4, let runs = Int(arguments[3]), runs > 0 else {
    fail("usage: folio-bench save CSV RUNS")
  }
  try benchmarkSave(path: arguments[2], runs: runs, settled: false)
case "save-settled":
  guard arguments.count == 4, let runs = Int(arguments[3]), runs > 0 else {
    fail("usage: folio-bench save-settled CSV RUNS")
  }
  try benchmarkSave(path: arguments[2], runs: runs, settled: true)
default:
  fail(
    "usage: folio-bench callback FOLDER COUNT | callback-floor COUNT | menus RUNS | save CSV RUNS"
      + " | save-settled CSV RUNS")
}
