-- manifest.lua is read first, in a sandbox of its own: it only describes the plugin.
return {
  name = "markdown", version = "1.0", api = 1,
  description = "Markdown: share a table as a Markdown table, and text as it is",
}
