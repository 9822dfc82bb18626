import FolioCore

/// A window as a command names it: its number in the window list (from 1) or its title.
enum WindowReference {
  /// The id of the window `text` names: a number in 1…(open windows), else a title written
  /// exactly, else in any case.
  ///
  /// - Throws: `FolioError.invalidArgument` when no window matches, naming the titles, or
  ///   when several windows have the title, naming their numbers.
  static func windowID(_ text: String, in workspace: Workspace) throws(FolioError) -> Int {
    let documents = workspace.documents
    let document: Document?
    if let number = Parameter.integer(text) {
      document = Position.element(number, of: documents)
    } else {
      document = try window(titled: text, among: documents)
    }
    guard let document else {
      let titles = documents.map { "'\($0.title)'" }.joined(separator: ", ")
      throw .invalidArgument(
        documents.isEmpty
          ? "no document is open" : "no window '\(text)'; open: \(titles) (or 1–\(documents.count))")
    }
    return document.windowID
  }

  /// The window with a title: written exactly, else in any case; nil when none has it.
  ///
  /// - Throws: `FolioError.invalidArgument` when several windows have it, naming their numbers.
  private static func window(titled title: String, among documents: [Document]) throws(FolioError)
    -> Document?
  {
    var matches = documents.indices.filter { documents[$0].title == title }
    if matches.isEmpty {
      matches = documents.indices.filter { documents[$0].title.lowercased() == title.lowercased() }
    }
    guard matches.count <= 1 else {
      let numbers = matches.map { String($0 + 1) }.joined(separator: ", ")
      throw FolioError(
        .invalidArgument, "'\(title)' matches windows \(numbers): focus one by number",
        values: ["title": title], remedies: [.run("document.list", effect: "lists them")])
    }
    return matches.first.map { documents[$0] }
  }
}
