-- A command: an id other surfaces refer to, a title, and `run`. What `run` returns is shown.
folio.command {
  id = "hello.greet", title = "Greet", icon = "hand.wave",
  params = { { name = "who", type = "string", optional = true } },
  run = function(ctx, args)
    -- folio.state keeps values per plugin in the state store, across launches and reloads.
    local count = (folio.state.get("count") or 0) + 1
    folio.state.set("count", count)
    ctx:notify("greeting #" .. count)
    local where = ctx.document and (" from " .. ctx.document.title) or ""
    return "Hello, " .. (args.who or "world") .. where
  end,
}

-- A menu is plain data: command ids and elements such as dividers.
folio.menu { id = "hello.menu", title = "Hello", items = { "hello.greet", folio.divider() } }
