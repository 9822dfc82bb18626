-- Word Count: an entry in the title menu of text documents (`menu title`, the menu under a
-- document's title) that counts its words, lines and characters. It reads the document as it
-- is now, unsaved edits included, and changes nothing.

local function plural(n, word) return n .. " " .. word .. (n == 1 and "" or "s") end

folio.command {
  id = "wordcount.count", title = "Word Count", icon = "textformat.abc",
  subtitle = "Words, lines and characters",
  -- Hidden, not just greyed out, where it does not apply: tables have no words to count.
  visible = function(ctx)
    local d = ctx.document
    if d == nil then return "no document is open" end
    if d.kind ~= "text" then return "'" .. d.title .. "' is not a text document" end
    return true
  end,
  run = function(ctx)
    local lines = ctx.document:lines()
    local words, characters = 0, 0
    for _, line in ipairs(lines) do
      -- A word is a run of characters other than spaces; %S works on bytes, which is right for
      -- UTF-8 because every byte of a multi-byte character is a non-space byte.
      for _ in line:gmatch("%S+") do words = words + 1 end
      -- utf8.len counts characters, not bytes ("é" is one); line breaks are not counted.
      characters = characters + (utf8.len(line) or #line)
    end
    return string.format("%s: %s, %s, %s", ctx.document.title, plural(words, "word"),
      plural(#lines, "line"), plural(characters, "character"))
  end,
}

-- Add it to the title menu, right after the built-in Rename….
folio.contribute("title", { items = { "wordcount.count" }, after = "document.rename" })
