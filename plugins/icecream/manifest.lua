-- manifest.lua is read first, in a sandbox of its own: it only describes the plugin.
return {
  name = "icecream", version = "1.0", api = 1,
  description = "Ice Cream Order: a button, a toggle and a picker in each of its three styles",
}
