-- manifest.lua is read first, in a sandbox of its own: it only describes the plugin.
return {
  name = "noiselevel", version = "1.0", api = 1,
  description = "Noise level: the seed's NoiseLevelView, a noise column shown as a small bar",
}
