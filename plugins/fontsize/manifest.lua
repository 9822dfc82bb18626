-- manifest.lua is read first, in a sandbox of its own: it only describes the plugin.
return {
  name = "fontsize", version = "1.0", api = 1,
  description = "Font Size: a menu that stays open while you adjust, and a stepper",
}
