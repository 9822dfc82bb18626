extension ShareTarget {
  /// `mail` — Mail: writes a draft (`TITLE.eml`, never replacing a file) with the item
  /// attached into the folder `--to` names; mail clients open it ready to address and send.
  public static var mail: ShareTarget {
    ShareTarget(
      id: "mail", title: "Mail", accepts: [.file, .csv, .json, .text]
    ) { (item, destination) throws(FolioError) -> ShareOutcome in
      let folder = try ShareFolder.folder(destination, for: "mail")
      let draft = MailDraft.make(subject: item.title, attachment: item)
      let name = ShareFolder.fileName(forTitle: item.title, extension: "eml")
      let path = try ShareFolder.writeNewFile(draft.encoded(), named: name, in: folder)
      return ShareOutcome(.mailDraft, item: item, writtenPath: path)
    }
  }
}
