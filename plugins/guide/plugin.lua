-- Guide: the seed's "Add to Guide". Select one or several rows of a table, then choose
-- "Add to Guide" in their context menu or on the toolbar (where it shows only while rows are
-- selected). `guide.show` lists the guide; `guide.clear` empties it after asking.
--
-- An entry is the row's first column (usually its name) and the document's title. Entries
-- are copies, kept in `folio.state`: they outlive the document's window, reloads of the
-- plugin and restarts of Folio. The document itself is never changed, so there is nothing
-- to undo.

-- folio.state holds strings, numbers and booleans, so the list is stored as `count` plus
-- two keys an entry: `N.document` and `N.name`.
local function load_guide()
  local entries = {}
  for i = 1, folio.state.get("count") or 0 do
    local document, name = folio.state.get(i .. ".document"), folio.state.get(i .. ".name")
    entries[i] = { document = document, name = name }
  end
  return entries
end

local function save_guide(entries)
  for i = #entries + 1, folio.state.get("count") or 0 do -- forget entries past the new end
    folio.state.set(i .. ".document", nil)
    folio.state.set(i .. ".name", nil)
  end
  for i, entry in ipairs(entries) do
    folio.state.set(i .. ".document", entry.document)
    folio.state.set(i .. ".name", entry.name)
  end
  folio.state.set("count", #entries)
end

local function plural(n, word) return n .. " " .. word .. (n == 1 and "" or "s") end

folio.command {
  id = "guide.add", title = "Add to Guide", icon = "book",
  subtitle = "Keep the selected places in your guide",
  -- `visible` false (or a reason) leaves the item out of context menus and the toolbar;
  -- running it anyway is refused with the reason.
  visible = function(ctx)
    if ctx.document == nil then return "no document is open" end
    if ctx.document.kind ~= "table" then return "'" .. ctx.document.title .. "' is not a table" end
    if ctx.selection.count == 0 then return "select the places to add" end
    return true
  end,
  run = function(ctx)
    local d = ctx.document
    local first = d:columns()[1]
    local entries, seen = load_guide(), {}
    for _, entry in ipairs(entries) do seen[entry.document .. "\n" .. entry.name] = true end
    local added, skipped = {}, 0
    for _, id in ipairs(ctx.selection.ids) do
      -- Cells come typed (a number, a boolean, nil when empty); a guide lists text.
      local value = d:get(id, first)
      local name = value == nil and ("row id:" .. id) or tostring(value):gsub("%s+", " ")
      local key = d.title .. "\n" .. name
      if seen[key] then
        skipped = skipped + 1 -- already in the guide: one entry a place
      else
        seen[key] = true
        entries[#entries + 1] = { document = d.title, name = name }
        added[#added + 1] = name
      end
    end
    save_guide(entries)
    if skipped > 0 then ctx:notify(plural(skipped, "place") .. " already in the guide") end
    local total = plural(#entries, "place")
    if #added == 0 then return "Nothing added; the guide has " .. total .. "." end
    return "Added " .. table.concat(added, ", ") .. " to the guide (" .. total .. ")."
  end,
}

folio.command {
  id = "guide.show", title = "Show Guide", icon = "list.bullet",
  run = function()
    local entries = load_guide()
    if #entries == 0 then return "The guide is empty: select rows and choose 'Add to Guide'." end
    local lines = { "Guide (" .. plural(#entries, "place") .. ")" }
    for i, entry in ipairs(entries) do
      lines[#lines + 1] = string.format("%3d. %s (%s)", i, entry.name, entry.document)
    end
    return table.concat(lines, "\n")
  end,
}

folio.command {
  id = "guide.clear", title = "Clear Guide…", icon = "trash", role = "destructive",
  enabled = function() return (folio.state.get("count") or 0) > 0 or "the guide is empty" end,
  run = function(ctx)
    local count = folio.state.get("count")
    -- ctx:confirm suspends the command until the user answers (`choose` in a script).
    local answer = ctx:confirm {
      title = "Clear the guide?", message = "It forgets " .. plural(count, "place") .. ".",
      buttons = { { title = "Clear", role = "destructive" } },
    }
    if answer ~= "Clear" then return "Kept the guide." end
    save_guide({})
    return "Cleared the guide."
  end,
}

-- The context menu of one row and of several rows offers the same command.
folio.context_menu { selection = "single", items = { "guide.add" } }
folio.context_menu { selection = "multiple", items = { "guide.add" } }

-- On the toolbar too, where `visible` above shows it only while rows are selected.
folio.toolbar_item { id = "guide", command = "guide.add", placement = "primaryAction" }

-- Entries name their document by title, so they follow it when it is renamed.
folio.on("document.renamed", function(_, event)
  local entries = load_guide()
  for _, entry in ipairs(entries) do
    if entry.document == event.from then entry.document = event.to end
  end
  save_guide(entries)
end)

-- A Guide menu for the other two commands.
folio.menu { id = "guide.menu", title = "Guide", icon = "book",
  items = { "guide.show", "guide.clear" } }
