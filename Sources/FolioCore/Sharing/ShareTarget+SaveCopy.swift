extension ShareTarget {
  /// `file` — Save a Copy: writes the item into the folder `--to` names, never replacing a
  /// file (`Places.csv` exists → `Places 2.csv`).
  public static var saveCopy: ShareTarget {
    ShareTarget(
      id: "file", title: "Save a Copy", accepts: [.file, .csv, .json, .text],
      sendStopping: { (item, destination, cancellation) throws(FolioError) -> ShareOutcome in
        let folder = try ShareFolder.folder(destination, for: "file")
        let path = try ShareFolder.writeNewFile(
          item.bytes, named: item.fileName, in: folder, cancellation: cancellation)
        return ShareOutcome(.copy, item: item, writtenPath: path)
      })
  }
}
