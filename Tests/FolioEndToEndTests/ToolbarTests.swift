import Foundation
import Testing

/// Toolbar customisations outlive the process: a second Folio with the same state folder
/// sees them.
@Suite struct ToolbarTests {
  @Test("a customisation made by one folio is restored by the next with the same --state")
  func restoredOnNextLaunch() throws {
    let folder = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let state = folder.appendingPathComponent("state").path
    let first = try FolioProcess.run(
      ["--state", state, "-c", "toolbar add share --at 1; toolbar remove favorite"])
    #expect(first.status == 0, "\(first.errors)")
    let second = try FolioProcess.run(["--state", state, "--json", "-c", "toolbar --width 100"])
    #expect(second.status == 0, "\(second.errors)")
    #expect(second.output.contains(#""center":[{"id":"share""#))
    #expect(!second.output.contains(#""id":"favorite""#))
    let third = try FolioProcess.run(["--state", state, "-c", "toolbar reset; toolbar customize"])
    #expect(third.output.contains("toolbar document (defaults)"))
    let fourth = try FolioProcess.run(["--state", state, "-c", "toolbar customize"])
    #expect(fourth.output.contains("toolbar document (defaults)"))
  }
}
