import Testing

@testable import FolioShell

/// What `plugin test` compares reads the same from run to run.
@Suite struct PluginTestTranscriptTests {
  @Test("times written YYYY-MM-DD HH:MM:SS UTC read <time>; other digits stay")
  func maskingTimes() {
    #expect(
      Shell.maskingTimes(in: "modified 2026-12-02 12:27:08 UTC, size 12\n2026-01-01 00:00:00 UTC")
        == "modified <time>, size 12\n<time>")
    #expect(Shell.maskingTimes(in: "2026-12-02 12:27:08 GMT") == "2026-12-02 12:27:08 GMT")
    #expect(Shell.maskingTimes(in: "2026-12-0x 12:27:08 UTC") == "2026-12-0x 12:27:08 UTC")
    #expect(Shell.maskingTimes(in: "12026-12-02 12:27:08 UTCé") == "1<time>é")
    #expect(Shell.maskingTimes(in: "short") == "short")
  }
}
