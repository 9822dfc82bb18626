import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Writes shared files into a folder without ever replacing one: `Places.csv`, else
/// `Places 2.csv`, `Places 3.csv`, ….
public enum ShareFolder {
  /// How many numbered names are tried before giving up.
  static let maximumNumber = 10_000
  /// The stand-in document name of the temporary files shares write, so that
  /// `DocumentFile.removeStaleTemporaryFiles` recognises those a crash left behind.
  private static let temporaryOwner = "folio-share"

  /// Checks that `destination` (what `--to` gave) is an existing folder.
  ///
  /// - Parameters:
  ///   - destination: The folder, or nil when `--to` was not given.
  ///   - targetID: The target that needs it, for the message.
  /// - Returns: The folder's path.
  /// - Throws: `FolioError.invalidArgument` when it is missing or not a folder,
  ///   `FolioError.io` when it does not exist or cannot be checked.
  public static func folder(_ destination: String?, for targetID: String) throws(FolioError) -> String {
    guard let destination, !destination.isEmpty else {
      throw FolioError(
        .invalidArgument, "'\(targetID)' needs a folder to write into",
        remedies: [.run("document.share", ["target": .string(targetID)], blanks: ["to"], effect: "names one")]
      )
    }
    var info = stat()
    guard stat(destination, &info) == 0 else {
      throw .io(destination, errno == ENOENT ? "no such folder" : "cannot open: \(lastError)")
    }
    guard info.st_mode & S_IFMT == S_IFDIR else {
      throw .invalidArgument("'\(destination)' is not a folder; '\(targetID)' writes into a folder")
    }
    return destination
  }

  /// Writes a new file named `name` in `folder`, or `NAME 2.EXT`, `NAME 3.EXT`, … when that
  /// exists; never replaces anything.
  ///
  /// The bytes go to a temporary file first, which is renamed to the first free name with
  /// a rename that refuses to replace, so a file appears whole or not at all and two
  /// processes sharing at once each get their own name.
  ///
  /// - Parameter cancellation: checked before each megabyte written and once more before the
  ///   rename.
  /// - Returns: The path of the file written.
  /// - Throws: `FolioError.invalidArgument` when `name` is not a file name,
  ///   `FolioError.conflict` when every numbered name is taken, `FolioError.io` when writing
  ///   fails, `FolioError.interrupted` once `cancellation` is cancelled; nothing is left
  ///   behind then.
  @discardableResult
  public static func writeNewFile(
    _ bytes: [UInt8], named name: String, in folder: String, cancellation: CancellationToken? = nil
  ) throws(FolioError) -> String {
    try validate(name)
    let base = folder.isEmpty ? "./" : folder.hasSuffix("/") ? folder : folder + "/"
    DocumentFile.removeStaleTemporaryFiles(for: base + temporaryOwner)
    // The random part keeps the name unguessable, so nobody can plant a link there first in a
    // folder others can write to.
    var temporary: String
    repeat {
      let random = String(UInt64.random(in: 0...UInt64.max), radix: 36)
      temporary =
        base + "." + temporaryOwner + DocumentFile.temporaryMarker
        + "\(getpid())-\(sequence.add(1, ordering: .relaxed).newValue)-\(random)"
    } while DocumentFile.exists(temporary)
    let shownPath = base + name
    let content = cancellation.map { chunked(bytes).stopping(at: $0) } ?? SaveContent(bytes)
    do throws(FolioError) {
      try DocumentFile.writeAtomically(content, to: temporary)
    } catch {
      throw error.naming(shownPath, insteadOf: temporary)
    }
    var isRenamed = false
    defer {
      if !isRenamed { unlink(temporary) }
    }
    try cancellation?.check()
    for number in 1...maximumNumber {
      let candidate = base + numberedName(name, number)
      do throws(FolioError) {
        try DocumentFile.renameWithoutReplacing(temporary, to: candidate)
        isRenamed = true
        return candidate
      } catch let error where error.code == .conflict {
        continue
      } catch {
        throw error.naming(candidate, insteadOf: temporary)
      }
    }
    throw FolioError(
      .conflict, "'\(name)' and its numbered names up to \(maximumNumber) all exist in \(folder)")
  }

  /// `bytes` handed on a megabyte at a time, so that a token is checked between them.
  private static func chunked(_ bytes: [UInt8]) -> SaveContent {
    SaveContent { (sink) throws(FolioError) in
      try bytes.withUnsafeBufferPointer { (buffer) throws(FolioError) in
        var start = 0
        repeat {
          let end = min(start + (1 << 20), buffer.count)
          try sink(UnsafeBufferPointer(rebasing: buffer[start..<end]))
          start = end
        } while start < buffer.count
      }
    }
  }

  /// `Places.csv` numbered: itself for 1, `Places 2.csv` for 2; the number goes before the
  /// last extension (`.bashrc` and `README` have none).
  static func numberedName(_ name: String, _ number: Int) -> String {
    guard number > 1 else { return name }
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "\(name) \(number)" }
    return "\(name[..<dot]) \(number)\(name[dot...])"
  }

  /// A file name made from a title: `/` and NUL, which cannot be in one, become `-`, and an
  /// empty title becomes `Untitled`.
  static func fileName(forTitle title: String, extension fileExtension: String) -> String {
    var stem = String(title.map { $0 == "/" || $0 == "\0" ? "-" : $0 })
    if stem.isEmpty || stem == "." || stem == ".." { stem = "Untitled" }
    return stem + "." + fileExtension
  }

  private static func validate(_ name: String) throws(FolioError) {
    guard !name.isEmpty, name != ".", name != "..", !name.contains("/"), !name.contains("\0") else {
      throw .invalidArgument("'\(name)' is not a file name")
    }
  }

  private static let sequence = Atomic<Int>(0)

  private static var lastError: String { String(cString: strerror(errno)) }
}

extension FolioError {
  /// The same error with its message naming `shown` where it named `hidden`, so people see
  /// the file they asked for, not a temporary one.
  fileprivate func naming(_ shown: String, insteadOf hidden: String) -> FolioError {
    guard message.hasPrefix(hidden + ": ") else { return self }
    var named = self
    named.message = shown + message.dropFirst(hidden.count)
    if named.values["path"] == hidden { named.values["path"] = shown }
    return named
  }
}
