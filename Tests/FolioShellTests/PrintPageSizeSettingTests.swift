import FolioCore
import Foundation
import Testing

@testable import FolioSession
@testable import FolioShell

/// The `print.page-size` setting: its locale default, persistence, and `print` using it.
@Suite struct PrintPageSizeSettingTests {
  private static func shell(state: TemporaryDirectory?, environment: [String: String] = [:]) throws -> Shell {
    let store = try state.map { try StateStore(directory: $0.path("state")) }
    return Shell(
      console: Console { _, _ in }, environment: environment,
      workspace: Workspace(store: store, currentDirectory: state?.url.path ?? "/", home: nil))
  }

  private static func setting(_ shell: Shell) throws -> AppSetting {
    try #require(shell.session.settingsReport().settings.first { $0.key == "print.page-size" })
  }

  @Test("the default follows the locale: A4, Letter in en_US; settings lists it as saved")
  func localeDefault() throws {
    for (environment, expected) in [
      ([String: String](), PageSize.a4), (["LANG": "C.UTF-8"], .a4), (["LANG": "en_US.UTF-8"], .letter),
      (["LANG": "en_US.UTF-8", "LC_PAPER": "en_GB.UTF-8"], .a4), (["LC_ALL": "fr_CA.UTF-8"], .letter),
    ] {
      let shell = try Self.shell(state: nil, environment: environment)
      #expect(shell.session.printPageSize == expected, "\(environment)")
      let setting = try Self.setting(shell)
      #expect(setting.value == expected.rawValue && setting.defaultValue == expected.rawValue)
      #expect(setting.allowedValues == ["a4", "letter"] && setting.isPersisted)
    }
  }

  @Test("settings set print.page-size is kept in the state store; setting the locale's default removes it")
  func persisted() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let first = try Self.shell(state: folder)
    _ = try first.session.changeSetting("print.page-size", to: "LETTER")
    #expect(try first.session.workspace.stateStore?.setting("print.page-size") == "letter")
    let second = try Self.shell(state: folder)
    #expect(second.session.printPageSize == .letter)
    // In a Letter locale, letter is the default and is no longer stored; a4 is.
    let american = try Self.shell(state: folder, environment: ["LANG": "en_US.UTF-8"])
    _ = try american.session.changeSetting("print.page-size", to: "letter")
    #expect(try american.session.workspace.stateStore?.setting("print.page-size") == nil)
    _ = try american.session.changeSetting("print.page-size", to: "a4")
    #expect(try american.session.workspace.stateStore?.setting("print.page-size") == "a4")
    #expect(try Self.shell(state: folder).session.printPageSize == .a4)
    #expect(throws: FolioError.invalidArgument("'print.page-size' expects a4, letter, got 'a3'")) {
      try american.session.changeSetting("print.page-size", to: "a3")
    }
    #expect(try american.session.workspace.stateStore?.setting("print.page-size") == "a4")
  }

  @Test("print without --page-size uses the setting; --page-size still wins")
  func printUsesSetting() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    // 130 lines: two pages of 65 body lines on A4, three of 60 on Letter.
    try folder.write("long.txt", (1...130).map { "line \($0)" }.joined(separator: "\n") + "\n")
    let shell = try Self.shell(state: folder)
    let print = try #require(shell.session.registry.resolve("print"))
    func printed(_ words: String...) throws -> Int {
      guard
        case .document(let report) = try shell.session.registry.invoke(print, words: words.map { Word($0) }),
        case .printed(_, let pages, _) = report.event
      else {
        Issue.record("print reported no pages")
        return 0
      }
      return pages
    }
    try shell.session.workspace.open("long.txt")
    #expect(try printed("--to", "a.txt") == 2)
    _ = try shell.session.changeSetting("print.page-size", to: "letter")
    #expect(try printed("--to", "b.txt") == 3)
    #expect(try printed("--to", "c.txt", "--page-size", "a4") == 2)
    _ = try shell.session.changeSetting("print.page-size", to: "a4")
    #expect(try printed("--to", "d.txt") == 2)
    let formFeeds = try String(contentsOfFile: folder.path("b.txt"), encoding: .utf8).filter {
      $0 == "\u{0C}"
    }
    #expect(formFeeds.count == 2)
  }
}
