-- manifest.lua is read first, in a sandbox of its own: it only describes the plugin.
return {
  name = "checkin", version = "1.0", api = 1,
  description = "Check-in: a context-menu item that marks a place as visited",
}
