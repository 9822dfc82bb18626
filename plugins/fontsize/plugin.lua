-- Font Size: the seed's menu. Increase and Decrease keep the menu open so you can press them
-- again; Reset closes it. A stepper shows the size and changes it too. The size is a
-- preference kept in `folio.state` (Folio itself draws no fonts: this plugin shows how such
-- a menu behaves).

local DEFAULT, MIN, MAX = 12, 8, 72

local function size() return folio.state.get("size") or DEFAULT end

local function resize(to)
  folio.state.set("size", math.max(MIN, math.min(MAX, to)))
  return "Font size " .. size() .. " pt"
end

folio.command {
  id = "fontsize.increase", title = "Increase", icon = "plus.magnifyingglass",
  enabled = function() return size() < MAX or "already the largest size" end,
  run = function() return resize(size() + 1) end,
}

folio.command {
  id = "fontsize.decrease", title = "Decrease", icon = "minus.magnifyingglass",
  enabled = function() return size() > MIN or "already the smallest size" end,
  run = function() return resize(size() - 1) end,
}

folio.command {
  id = "fontsize.reset", title = "Reset", icon = "textformat.size",
  run = function() return resize(DEFAULT) end,
}

-- A number state makes a stepper in menus: `choose "Size" +` or `-`, or `fontsize.size 14`.
folio.command {
  id = "fontsize.size", title = "Size",
  state = { kind = "number", min = MIN, max = MAX, step = 1,
    get = function() return size() end,
    set = function(_, value) resize(value) end },
}

-- After a chosen item runs, the menu closes unless its dismiss behaviour is "disabled".
-- The menu's own `dismiss` applies to all its items; an item's own wins over it, so Reset
-- closes the menu while the others keep it open. (A stepper keeps it open by default.)
folio.menu {
  id = "fontsize.menu", title = "Font Size", icon = "textformat.size", order = "fixed",
  dismiss = "disabled",
  items = {
    "fontsize.increase",
    "fontsize.decrease",
    "fontsize.size",
    folio.divider(),
    { command = "fontsize.reset", dismiss = "enabled" },
  },
}
