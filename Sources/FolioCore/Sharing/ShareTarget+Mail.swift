extension ShareTarget {
  /// `mail` — Mail: writes a draft (`TITLE.eml`, never replacing a file) with the item
  /// attached into the folder `--to` names; mail clients open it ready to address and send.
  public static var mail: ShareTarget {
    ShareTarget(
      id: "mail", title: "Mail", accepts: [.file, .csv, .json, .text],
      sendStopping: { (item, destination, cancellation) throws(FolioError) -> ShareOutcome in
        let folder = try ShareFolder.folder(destination, for: "mail")
        let draft = MailDraft.make(subject: item.title, attachment: item)
        let name = ShareFolder.fileName(forTitle: item.title, extension: "eml")
        let path = try ShareFolder.writeNewFile(
          draft.encoded(cancellation: cancellation), named: name, in: folder, cancellation: cancellation)
        return ShareOutcome(.mailDraft, item: item, writtenPath: path)
      })
  }
}
