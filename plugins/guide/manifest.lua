-- manifest.lua is read first, in a sandbox of its own: it only describes the plugin.
return {
  name = "guide", version = "1.0", api = 1,
  description = "A travel guide: add table rows to it from their context menu or the toolbar",
}
