-- Tagger: tags rows of a table. The Tag ▸ submenu lists the tags kept in folio.state as they
-- are now (its items are a function, called each time the menu opens), each item running
-- tag.apply with the tag as its argument; New Tag… asks for a name with ctx:prompt.

local function tags()
  return folio.state.get("tags") or {}
end

local function selected(ctx)
  return ctx.document ~= nil and ctx.document.kind == "table" and ctx.selection.count > 0
end

folio.command {
  id = "tagger.apply", title = "Apply Tag",
  params = { { name = "tag", type = "string" } },
  enabled = function(ctx) return selected(ctx) or "select rows first" end,
  run = function(ctx)
    local d = ctx.document
    local columns = d:columns()
    local has = false
    for _, name in ipairs(columns) do if name == "tag" then has = true end end
    if not has then d:add_column("tag") end
    for _, id in ipairs(ctx.selection.ids) do d:set(id, "tag", ctx.args.tag) end
    return "Tagged " .. ctx.selection.count .. " row(s) " .. ctx.args.tag .. "."
  end,
}

folio.command {
  id = "tagger.new", title = "New Tag…",
  run = function(ctx)
    local name = ctx:prompt { title = "New Tag", message = "A name for the tag.", placeholder = "Tag" }
    if name == nil or name == "" then return "No tag made." end
    local list = tags()
    for _, tag in ipairs(list) do
      if tag == name then return "There is a tag " .. name .. " already." end
    end
    list[#list + 1] = name
    folio.state.set("tags", list)
    return "Made the tag " .. name .. "."
  end,
}

folio.menu {
  id = "tagger.menu", title = "Tags",
  items = {
    folio.submenu {
      title = "Tag",
      items = function(ctx)
        local items = {}
        for _, tag in ipairs(tags()) do
          items[#items + 1] = { command = "tagger.apply", title = tag, arguments = { tag = tag } }
        end
        return items
      end,
    },
    folio.divider(),
    "tagger.new",
  },
}
