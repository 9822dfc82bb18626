extension ShareTarget {
  /// `file` — Save a Copy: writes the item into the folder `--to` names, never replacing a
  /// file (`Places.csv` exists → `Places 2.csv`).
  public static var saveCopy: ShareTarget {
    .writingNewFile(id: "file", title: "Save a Copy", delivery: .copy) { (item, _) throws(FolioError) in
      (item.bytes, item.fileName)
    }
  }

  /// A target that writes a new file into the folder `--to` names, never replacing one (a
  /// taken name gets a number): the bytes and the name `file` makes of the item.
  static func writingNewFile(
    id: String, title: String, delivery: ShareOutcome.Delivery,
    file: @escaping (ShareItem, CancellationToken?) throws(FolioError) -> (bytes: [UInt8], name: String)
  ) -> ShareTarget {
    ShareTarget(
      id: id, title: title, accepts: [.file, .csv, .json, .text],
      sendStopping: { (item, destination, cancellation) throws(FolioError) -> ShareOutcome in
        let folder = try ShareFolder.folder(destination, for: id)
        let (bytes, name) = try file(item, cancellation)
        let path = try ShareFolder.writeNewFile(bytes, named: name, in: folder, cancellation: cancellation)
        return ShareOutcome(delivery, item: item, writtenPath: path)
      })
  }
}
