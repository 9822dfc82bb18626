import Foundation
import Testing

/// Ctrl-C (a real SIGINT) while a plugin callback runs stops that callback.
@Suite struct PluginInterruptTests {
  /// The CPU time a process has used, in clock ticks (user plus system), from /proc.
  static func cpuTicks(of pid: Int32) -> Int? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    // Fields after the command name: state is field 3, utime 14 and stime 15.
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
    return user + system
  }

  /// Writes `plugins/spin` into `folder` — `spin.forever` adds a row, then loops until
  /// stopped; `spin.once` notifies once — and a one-row `places.csv`.
  static func writeSpinPlugin(in folder: URL) throws {
    let plugin = folder.appendingPathComponent("plugins/spin")
    try FileManager.default.createDirectory(at: plugin, withIntermediateDirectories: true)
    try """
    folio.command { id = "spin.forever", title = "Spin", run = function(ctx)
      ctx.document:add { name = "Ghost" }
      while true do end
    end }
    folio.command { id = "spin.once", title = "Once", run = function(ctx) ctx:notify("spun once") end }
    folio.command { id = "spin.closing", title = "Closing", run = function(ctx)
      ctx.document:add { name = "Ghost" }
    \(HostilePluginTests.closeAfterStop)
    end }
    """.write(to: plugin.appendingPathComponent("plugin.lua"), atomically: true, encoding: .utf8)
    try "name\nLouvre\n".write(
      to: folder.appendingPathComponent("places.csv"), atomically: true, encoding: .utf8)
  }

  /// Waits until folio has burnt a tenth of a second of CPU since `before` ticks.
  static func waitUntilBusy(_ pid: Int32, since before: Int) {
    while let ticks = cpuTicks(of: pid), ticks < before + 10 { usleep(5_000) }
  }

  @Test(
    "a SIGINT stops a command whose stopped coroutine's __close loops",
    arguments: ["spin.forever", "spin.closing"])
  func batch(_ command: String) throws {
    let folder = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.writeSpinPlugin(in: folder)
    let places = try String(contentsOf: folder.appendingPathComponent("places.csv"), encoding: .utf8)
    let home = folder.appendingPathComponent("home")
    let folio = try RunningFolio(arguments: ["--plugins", "plugins"], in: folder, home: home)
    // Budgets far beyond the test, so only the SIGINT can stop the loop.
    folio.send(
      "settings set plugins.instructions 10000000000\nsettings set plugins.time 3600000\nopen places.csv\n"
        + "echo ready\n")
    #expect(folio.waitForOutput(containing: "ready"))
    let pid = folio.process.processIdentifier
    let before = try #require(Self.cpuTicks(of: pid))
    folio.send("\(command)\necho not reached\n")
    // The loop is running once folio has burnt a tenth of a second of CPU since it idled.
    Self.waitUntilBusy(pid, since: before)
    let interrupted = ContinuousClock.now
    kill(pid, SIGINT)
    let result = try folio.finish()
    // A generous bound: without the interrupt the loop would run for an hour.
    #expect(ContinuousClock.now - interrupted < .seconds(60))
    #expect(result.status == 130, "\(result.errors)")
    // Only `interrupted`, as for any command Ctrl-C stops; where the loop stopped is in the log.
    #expect(result.errors == "interrupted\n", "\(result.errors)")
    #expect(!result.output.contains("not reached"))
    #expect(try String(contentsOf: folder.appendingPathComponent("places.csv"), encoding: .utf8) == places)
  }

  @Test("a plugin.lua looping in a stopped coroutine's __close cannot keep folio from starting")
  func loading() throws {
    let folder = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let plugin = folder.appendingPathComponent("plugins/slow")
    try FileManager.default.createDirectory(at: plugin, withIntermediateDirectories: true)
    try ("while true do\n" + HostilePluginTests.closeAfterStop + "\nend\n").write(
      to: plugin.appendingPathComponent("plugin.lua"), atomically: true, encoding: .utf8)
    let folio = try RunningFolio(
      arguments: ["--plugins", "plugins"], in: folder, home: folder.appendingPathComponent("home"))
    folio.send("echo started\n")
    #expect(folio.waitForOutput(containing: "started"))
    let result = try folio.finish()
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.errors.contains("plugin slow: failed: "), "\(result.errors)")
    #expect(result.errors.contains("while loading)"), "\(result.errors)")
  }

  @Test("a SIGINT while plugin.lua loads fails that plugin, and folio starts")
  func interruptWhileLoading() throws {
    let folder = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let plugin = folder.appendingPathComponent("plugins/slow")
    try FileManager.default.createDirectory(at: plugin, withIntermediateDirectories: true)
    // Few instructions, much time: only the 5 s load time budget or the SIGINT stops it.
    try "while true do local s = ('x'):rep(1 << 22) end\n".write(
      to: plugin.appendingPathComponent("plugin.lua"), atomically: true, encoding: .utf8)
    let folio = try RunningFolio(
      arguments: ["--plugins", "plugins"], in: folder, home: folder.appendingPathComponent("home"))
    let pid = folio.process.processIdentifier
    // Loading is under way once folio has burnt a tenth of a second of CPU.
    Self.waitUntilBusy(pid, since: 0)
    kill(pid, SIGINT)
    folio.send("echo started\n")
    #expect(folio.waitForOutput(containing: "started"))
    let result = try folio.finish()
    #expect(result.errors.contains("plugin slow: failed: "), "\(result.errors)")
    #expect(result.errors.contains("interrupted"), "\(result.errors)")
    #expect(!result.errors.contains("budget"), "\(result.errors)")
  }
}
