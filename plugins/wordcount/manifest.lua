-- manifest.lua is read first, in a sandbox of its own: it only describes the plugin.
return {
  name = "wordcount", version = "1.0", api = 1,
  description = "Word Count: words, lines and characters of a text document, from its title menu",
}
