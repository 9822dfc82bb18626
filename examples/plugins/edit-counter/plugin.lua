-- Edit counter: counts the commands that changed each document (document.changed comes once
-- per document per command, undo and redo included) and saves it after every N of them.
-- N is folio.state "every" (3 unless set with edit-counter.every N).

local counts = {}

local function every()
  return folio.state.get("every") or 3
end

folio.on("document.changed", function(ctx, change)
  local d = ctx.document
  if d.url == nil then return end
  local count = (counts[d.url] or 0) + 1
  counts[d.url] = count
  if count % every() == 0 then
    local ok, why = d:save()
    if not ok then error("could not save " .. d.title .. ": " .. why) end
  end
end)

folio.on("document.closed", function() counts = {} end)

folio.command {
  id = "edit-counter.every", title = "Save Every…",
  params = { { name = "edits", type = "int" } },
  run = function(ctx)
    if ctx.args.edits < 1 then error("save every 1 edit or more, not " .. ctx.args.edits) end
    folio.state.set("every", ctx.args.edits)
    return "Saving after every " .. ctx.args.edits .. " edits."
  end,
}

folio.command {
  id = "edit-counter.count", title = "Edits Since Opened",
  run = function(ctx)
    local d = ctx.document
    return d.title .. ": " .. (counts[d.url or ""] or 0) .. " edits"
  end,
}
