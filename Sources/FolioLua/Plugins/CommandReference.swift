/// A command id named by a plugin's declaration, and where: `folio.menu: items[2]`.
struct CommandReference {
  let place: String
  let command: String

  init(_ place: String, _ command: String) {
    self.place = place
    self.command = command
  }
}
