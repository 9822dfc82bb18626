import Testing

@testable import FolioCore

@Suite struct StateStoreValuesTests {
  private static let samples = [
    "", "plain", "é ★ 中文 🙂", "line one\nline two", "nul \u{0} inside", "'; DROP TABLE settings; --",
    String(repeating: "long ", count: 20_000),
  ]

  @Test("settings round trip, overwrite and removal, for any text")
  func settings() throws {
    let folder = try StateTestFolder()
    let store = try StateStore(directory: folder.path)
    #expect(try store.setting("missing") == nil)
    for (index, value) in Self.samples.enumerated() {
      let key = "key \(index) ★"
      try store.setSetting(key, to: value)
      #expect(try store.setting(key) == value, "value \(index)")
      try store.setSetting(key, to: value + "!")
      #expect(try store.setting(key) == value + "!", "value \(index) overwritten")
    }
    try store.setSetting("key 0 ★", to: nil)
    #expect(try store.setting("key 0 ★") == nil)
    #expect(try store.setting("key 1 ★") == "plain!")
    // Removing what is not there is not an error.
    try store.setSetting("never set", to: nil)
  }

  @Test("an empty value is a value, not a removal")
  func emptyValue() throws {
    let folder = try StateTestFolder()
    let store = try StateStore(directory: folder.path)
    try store.setSetting("empty", to: "")
    try store.setPluginValue("", plugin: "p", key: "empty")
    #expect(try store.setting("empty") == "")
    #expect(try store.pluginValue(plugin: "p", key: "empty") == "")
    #expect(try store.pluginValues(plugin: "p").map(\.key) == ["empty"])
  }

  @Test("plugin values round trip and removal, each plugin with its own keys")
  func pluginValues() throws {
    let folder = try StateTestFolder()
    let store = try StateStore(directory: folder.path)
    for (index, value) in Self.samples.enumerated() {
      try store.setPluginValue(value, plugin: "one", key: "k\(index)")
      #expect(try store.pluginValue(plugin: "one", key: "k\(index)") == value, "value \(index)")
    }
    try store.setPluginValue("other", plugin: "two", key: "k1")
    #expect(try store.pluginValue(plugin: "one", key: "k1") == "plain")
    #expect(try store.pluginValue(plugin: "two", key: "k1") == "other")
    #expect(try store.pluginValue(plugin: "two", key: "k2") == nil)
    try store.setPluginValue(nil, plugin: "one", key: "k1")
    #expect(try store.pluginValue(plugin: "one", key: "k1") == nil)
    #expect(try store.pluginValue(plugin: "two", key: "k1") == "other")
    #expect(try store.pluginValues(plugin: "one").count == Self.samples.count - 1)
    #expect(try store.pluginValues(plugin: "nobody").isEmpty)
    // Plugin values and settings are separate even under the same name.
    #expect(try store.setting("k1") == nil)
  }

  @Test("a plugin's values come sorted by key, in code point order")
  func sorted() throws {
    let folder = try StateTestFolder()
    let store = try StateStore(directory: folder.path)
    let keys = ["zeta", "Alpha", "alpha", "é", "10", "9", "★", "a b"]
    for key in keys { try store.setPluginValue("value of \(key)", plugin: "p", key: key) }
    let values = try store.pluginValues(plugin: "p")
    #expect(values.map(\.key) == ["10", "9", "Alpha", "a b", "alpha", "zeta", "é", "★"])
    #expect(values.map(\.key) == keys.sorted())
    #expect(values.allSatisfy { $0.value == "value of \($0.key)" })
  }

  @Test("empty keys and plugin names are refused, naming the argument")
  func emptyNames() throws {
    let folder = try StateTestFolder()
    let store = try StateStore(directory: folder.path)
    #expect(throws: FolioError.invalidArgument("key: must not be empty")) { try store.setting("") }
    #expect(throws: FolioError.invalidArgument("key: must not be empty")) {
      try store.setSetting("", to: "x")
    }
    #expect(throws: FolioError.invalidArgument("plugin: must not be empty")) {
      try store.setPluginValue("x", plugin: "", key: "k")
    }
    #expect(throws: FolioError.invalidArgument("key: must not be empty")) {
      try store.pluginValue(plugin: "p", key: "")
    }
    #expect(throws: FolioError.invalidArgument("plugin: must not be empty")) {
      try store.pluginValues(plugin: "")
    }
  }
}
