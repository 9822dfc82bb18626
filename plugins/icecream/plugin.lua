-- Ice Cream Order: the seed's menu. A button, a toggle and a flavor picker, shown in the
-- three picker styles: `inline` (the options in the menu), `menu` (a submenu) and `palette`
-- (one row). The order is kept in `folio.state`, so it survives restarts.

local FLAVORS = { "vanilla", "chocolate", "strawberry" }

local function flavor() return folio.state.get("flavor") or FLAVORS[1] end
local function toppings() return folio.state.get("toppings") == true end

local function order()
  return flavor() .. (toppings() and " with toppings" or "")
end

-- A plain button with an optional parameter: `icecream.special "no cone"` from a script, or
-- `choose "Special request" "no cone"` in the open menu. What `run` returns is shown.
folio.command {
  id = "icecream.special", title = "Special request", icon = "star",
  params = { { name = "note", type = "string", optional = true, summary = "what you would like" } },
  run = function(_, args)
    return "Order: " .. order() .. (args.note and (" — " .. args.note) or "")
  end,
}

-- A toggle: menus draw ✓ from `get`; choosing it calls `set` with the opposite value.
folio.command {
  id = "icecream.toppings", title = "Include Toppings", icon = "sparkles",
  state = { kind = "toggle",
    get = function() return toppings() end,
    set = function(_, on) folio.state.set("toppings", on) end },
}

-- A choice: `options` are the values `get`/`set` exchange, `labels` what menus show.
folio.command {
  id = "icecream.flavor", title = "Flavor", icon = "cone",
  state = { kind = "choice", options = FLAVORS, labels = { "Vanilla", "Chocolate", "Strawberry" },
    get = function() return flavor() end,
    set = function(_, value) folio.state.set("flavor", value) end },
}

-- One menu a picker style; the same three commands in each, so they always agree.
for _, style in ipairs { "inline", "menu", "palette" } do
  folio.menu {
    id = "icecream." .. style, title = "Ice Cream Order", icon = "cup.and.saucer", order = "fixed",
    items = {
      "icecream.special",
      "icecream.toppings",
      folio.picker { command = "icecream.flavor", style = style },
    },
  }
end
