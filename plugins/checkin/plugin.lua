-- Check-in: the homework of the seed chapter. Select one row of a table of places, open its
-- context menu and choose "Check-in": the row's `visited` cell becomes "yes", the row shows
-- the check-in seal, and the item shows ✓ from then on. Choosing it again takes the
-- check-in back ("no"). A table without a `visited` column gets one on the first check-in.
-- Each choice is one undo step (the new column included), and the mark is saved with the
-- table because it lives in one of its columns.

local COLUMN = "visited"

-- The words Folio's own `favorite` column counts as marked; anything else is "not yet".
local YES = { yes = true, ["true"] = true, ["1"] = true, on = true, y = true, x = true }

local function is_visited(value)
  -- Cells come typed by their column: in a yes/no column "yes" reads as true, in a number
  -- column 1 as the number 1, in a text column "x" as the string "x"; an empty cell is nil.
  return value ~= nil and YES[tostring(value):lower()] == true
end

-- Why the command cannot run now, or nil when it can.
local function unavailable(ctx)
  local d = ctx.document
  if d == nil then return "no document is open" end
  if d.kind ~= "table" then return "'" .. d.title .. "' is not a table" end
  if ctx.selection.count ~= 1 then return "select one place" end
  return nil
end

local function has_column(d)
  for _, name in ipairs(d:columns()) do
    if name == COLUMN then return true end
  end
  return false
end

folio.command {
  id = "checkin.toggle", title = "Check-in", icon = "checkmark.seal.fill",
  subtitle = "Mark the place as visited",
  -- A string is the reason the item is greyed out (and why running it is refused).
  enabled = function(ctx) return unavailable(ctx) or true end,
  -- A toggle: menus draw ✓ from `get`; choosing it calls `set` with the opposite value.
  -- `set` runs as one transaction, so its edit is one undo step.
  state = {
    kind = "toggle",
    get = function(ctx)
      local d = ctx.document
      return unavailable(ctx) == nil and has_column(d) and is_visited(d:get(ctx.selection.ids[1], COLUMN))
    end,
    -- The first check-in in a table adds its `visited` column: the same transaction, so one
    -- undo takes back the column and the mark together.
    set = function(ctx, on)
      local d = ctx.document
      if not has_column(d) then d:add_column(COLUMN) end
      d:set(ctx.selection.ids[1], COLUMN, on and "yes" or "no")
    end,
  },
}

-- Offer it in the context menu of a single selected row, after the built-in items.
folio.context_menu { selection = "single", items = { "checkin.toggle" } }

-- The seal of the seed's homework: every row whose `visited` cell reads as yes shows
-- checkmark.seal.fill (✓ in text) in `show`, `screen`, print and JSON. The condition is
-- declared, not a function: Folio compares the cell itself, so a table of a million places
-- shows as fast with the seal as without.
folio.row_decoration {
  id = "checkin.visited", symbol = "checkmark.seal.fill", text = "Visited", tint = "green",
  column = COLUMN, when = "yes",
}
