extension ShareTarget {
  /// `stdout` — Standard Output: the item's text becomes the outcome's `output`, which the
  /// shell prints.
  public static var standardOutput: ShareTarget {
    ShareTarget(
      id: "stdout", title: "Standard Output", accepts: [.text, .csv, .json],
      sendStopping: { (item, destination, cancellation) throws(FolioError) -> ShareOutcome in
        if let destination {
          throw .invalidArgument(
            "'stdout' writes to standard output and takes no destination (got '\(destination)')")
        }
        guard let text = String(validating: item.bytes, as: UTF8.self) else {
          throw FolioError(.format, "\(item.fileName) is not UTF-8 text; standard output takes text only")
        }
        try cancellation?.check()
        return ShareOutcome(.standardOutput, item: item, output: text)
      })
  }
}
