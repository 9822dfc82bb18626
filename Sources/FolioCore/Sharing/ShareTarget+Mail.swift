extension ShareTarget {
  /// `mail` — Mail: writes a draft (`TITLE.eml`, never replacing a file) with the item
  /// attached into the folder `--to` names; mail clients open it ready to address and send.
  public static var mail: ShareTarget {
    .writingNewFile(id: "mail", title: "Mail", delivery: .mailDraft) {
      (item, cancellation) throws(FolioError) in
      let draft = MailDraft.make(subject: item.title, attachment: item)
      let name = ShareFolder.fileName(forTitle: item.title, extension: "eml")
      return (try draft.encoded(cancellation: cancellation), name)
    }
  }
}
