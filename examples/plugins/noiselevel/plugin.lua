-- Noise level: the seed's custom cell. Its table of places has a `Noise` column drawn by a
-- NoiseLevelView, a small bar rather than the number; here a `noise` column (0 quiet to 10
-- loud) shows as five glyphs, ▮ for each step of two, ▯ for the rest.
--
-- A format only changes what is shown: the cell keeps its number, so sorting by noise, editing
-- it and saving the table all use the number, and JSON gives both (`cells` and `display`).
-- Cells that are empty or not numbers show as they are.
folio.cell_format {
  id = "noiselevel.bar", column = "noise",
  kind = "bar", min = 0, max = 10, width = 5, glyphs = { "▮", "▯" },
}

-- Quiet places (noise 3 or less) get a symbol of their own beside the row.
folio.row_decoration {
  id = "noiselevel.quiet", symbol = "book", text = "Quiet enough to read",
  column = "noise", at_most = 3,
}
