---@meta
-- LuaLS definitions of Folio's plugin API (see plugins.md). PluginHostTests checks that
-- every function, field and option declared here is the one the host registers.

---@class folio
---@field api_version integer The plugin API's version: 1.
folio = {}

---What `manifest.lua` returns. Every field is optional; any other field, a `version` that is
---not a string (`version = 1.5`: write `"1.5"`) or a non-empty `permissions` fails the load.
---@class folio.Manifest
---@field name? string Must be the plugin folder's name when given.
---@field version? string A string such as "1.0".
---@field api? 1 The plugin API the plugin is written for.
---@field description? string One line for `plugin info`.
---@field permissions? {} Only an empty list: every plugin runs in the same sandbox, so there are none to ask for.
---@field budgets? { instructions?: integer, time?: integer, memory?: integer } Larger budgets per callback (instructions, milliseconds, megabytes), each granted up to the user's cap (settings plugins.max-instructions, plugins.max-time, plugins.max-memory).

---@class folio.Param
---@field name string
---@field type? "string"|"int"|"number"|"bool"|"path"|"choice"
---@field choices? string[]
---@field optional? boolean
---@field summary? string

---A command with a state. `get` must return a boolean for a toggle, one of `options` for a
---choice, a number for a number; anything else (or an error) disables the command with the
---reason.
---@class folio.State
---@field kind "toggle"|"choice"|"number"
---@field get fun(ctx: folio.Context): boolean|string|number
---@field set fun(ctx: folio.Context, value: any)
---@field options? string[]
---@field labels? string[]
---SF Symbols names shown beside a choice's options in menus, in the order of `options`.
---@field icons? string[]
---A number's bounds: a stepper without one has no bound on that side; a slider's are 0 and 100
---unless given.
---@field min? number
---@field max? number
---A number's step (more than 0); values set are held to it, within min and max.
---@field step? number
---How a number shows in menus: `−`/`+` buttons (the default) or a slider.
---@field style? "stepper"|"slider"

---@class folio.CommandOptions
---@field id string
---@field title string
---@field icon? string
---@field subtitle? string
---@field summary? string
---@field role? "destructive"|"cancel"
---@field dismiss? "automatic"|"enabled"|"disabled"
---Who asks first when it is chosen from a menu: Folio's `TITLE?` dialog ("ask", the default of
---a destructive command), the command itself with `ctx:confirm` ("self"), or nobody ("none").
---@field confirm? "ask"|"self"|"none"
---@field params? folio.Param[]
---Whether the command can run now: true, or false/nil or a reason (a string) to disable it.
---Any other result disables it with an error naming `FILE:LINE`, logged once.
---@field enabled? fun(ctx: folio.Context): boolean|string|nil
---Whether surfaces show the command now: false or a reason hides it from menus, context
---menus and toolbars, and refuses running it. Asked before `enabled`.
---@field visible? fun(ctx: folio.Context): boolean|string|nil
---Runs the command. A string, number or boolean result is shown as text; a table — a list,
---or a table with string keys, of such values and tables — as structured output (a table or a
---list in the REPL, the same structure in `--json`). A function, a table that contains itself
---or one mixing list items and string keys is an error.
---@field run? fun(ctx: folio.Context, args: table<string, any>): string|number|boolean|table|nil
---@field state? folio.State

---@class folio.Document
---@field title string
---@field url? string
---@field kind "text"|"table"
---@field dirty boolean
---A handle's methods raise "document closed" once its window is closed, and accept only a
---handle a `ctx` handed out (a table with the same fields is not one). Numbers outside their
---range are an error naming the value and the range. Edits join the running command's
---transaction: one undo step, all taken back if the command fails; the text they add counts
---against the plugin's memory budget.
local Document = {}
---Tables: the column names.
---@return string[]
function Document:columns() end
---Tables: the rows, as tables with `id` and one field per column, each cell typed by its
---column's kind: a number in a number column, a boolean in a yes/no column, a string in a text
---column (`0042` stays "0042"), nil for an empty cell; JSON numbers, booleans and strings keep
---their own type. Every row, or `count` rows (all the rest by default) from position `from`
---(1 by default, up to one past the last row).
---@param options? { from?: integer, count?: integer }
---@return table[]
function Document:rows(options) end
---The number of rows of a table, of lines of a text.
---@return integer
function Document:count() end
---Tables: the row ids in table order; every row's, or those `options` names as for `rows`.
---@param options? { from?: integer, count?: integer }
---@return integer[]
function Document:ids(options) end
---Tables: the cells of one column in table order, typed as `rows` types them (nil for an
---empty cell, so loop to `d:count()` rather than trusting `#`); every row's, or those
---`options` names as for `rows`.
---@param name string
---@param options? { from?: integer, count?: integer }
---@return (string|number|boolean|nil)[]
function Document:column(name, options) end
---Tables: an iterator making one row at a time, as `rows` makes them: `for row in d:each() do
---… end`. It counts the rows when it starts; rows deleted meanwhile end it early.
---@return fun(): table?
function Document:each() end
---Tables: calls `fn(row)` for each row, in table order; a table it returns (`{ col = value }`)
---is set on that row as `set` sets cells, nil leaves the row. Returns how many rows it changed.
---One undo step with the rest of the callback; Ctrl-C stops it and takes it back.
---@param fn fun(row: table): table<string, string|number|boolean>?
---@return integer
function Document:update(fn) end
---Tables: one cell, typed as `Document:rows()` types it.
---@param id integer
---@param col string
---@return string|number|boolean|nil
function Document:get(id, col) end
---Tables: sets one cell. A number is written in its canonical form (3.0 as "3", 0.5 as "0.5"),
---a boolean as "true"/"false", nil empties it; a JSON number or boolean cell keeps its type when
---the text fits.
---@param id integer
---@param col string
---@param value string|number|boolean|nil
function Document:set(id, col, value) end
---Tables: adds a row; returns its id.
---@param fields table<string, string|number|boolean>
---@return integer
function Document:add(fields) end
---Tables: adds an empty column at the end (part of the callback's undo step); an error for an
---empty name, one with a line break or other control character, or one the table has.
---@param name string
function Document:add_column(name) end
---Tables: deletes rows by id; returns how many.
---@param ids integer[]|integer
---@return integer
function Document:delete(ids) end
---Saves the document to its file, or to `as` (a path, relative to the current folder), with
---the checks `save` makes: a file changed on disk, a read-only file, a path that is not a
---regular file, an existing other file for `as` are refused, never forced. Returns true, or
---nil and the reason (the file and the document stay as they were). A save is not taken back
---when the callback fails later; the document's edits are, so it then shows as unsaved.
---@param options? { as?: string }
---@return true|nil saved
---@return string? reason
function Document:save(options) end
---Tables: sorts the rows by these keys, first key first, as `sort` does (`"name"`,
---`"name:desc"`; a number column by value), and keeps the table sorted; part of the
---callback's undo step. Returns the number of rows. An unknown column or direction is `sort`'s
---error.
---@param keys string[]
---@return integer
function Document:sort(keys) end
---Text: every line.
---@return string[]
function Document:lines() end
---Text: line `n` (1-based), nil past the end.
---@param n integer
---@return string?
function Document:line(n) end
---Text: replaces line `n` (1 to the line count).
---@param n integer
---@param s string
function Document:set_line(n, s) end
---Text: inserts `s` before line `n` (one past the end appends).
---@param n integer
---@param s string
function Document:insert(n, s) end
---Text: deletes lines `a` to `b` (`b` defaults to `a`; 1 <= `a` <= `b` <= the line count);
---returns how many.
---@param a integer
---@param b? integer
---@return integer
function Document:delete_lines(a, b) end

---@class folio.Selection
---@field count integer
---@field ids integer[]
local Selection = {}
---The selected rows in table order, as `Document:rows()` gives them; empty for text.
---@return table[]
function Selection:rows() end
---Tables: selects exactly these rows (one id or an array of ids), as `select` does; ids no
---row has are an error naming them, and nothing changes. Part of the callback's transaction
---(taken back when it fails); not in `enabled`, `visible` or state `get`. `count` and `ids`
---then describe the new selection.
---@param ids integer|integer[]
function Selection:set(ids) end
---Tables: adds these rows to the selection, checked as `Selection:set` checks them.
---@param ids integer|integer[]
function Selection:add(ids) end
---Tables: selects no row.
function Selection:clear() end

---The environment when the callback started.
---@class folio.Env
---@field platform "mac"|"ipad"|"iphone"
---@field size_class "compact"|"regular"
---@field width integer The window's width in columns.
---@field keyboard boolean Whether a hardware keyboard is attached.

---@class folio.Context
---@field document? folio.Document
---@field selection folio.Selection
---@field env folio.Env
---@field args table<string, any>
local Context = {}

---Shows a message to the user.
---@param text string
function Context:notify(text) end

---@class folio.ConfirmButton
---@field title string
---@field role? "default"|"destructive"|"cancel"

---@class folio.ConfirmOptions
---@field title string
---@field message? string
---@field buttons folio.ConfirmButton[] The cancel button is shown last, wherever it is given.
---@field title_visibility? "automatic"|"visible"|"hidden" Whether the title shows (`automatic`).
---The id of a row of the active table the dialog is about (`presenting:`): the dialog is
---dismissed, as the cancel button, when the row is deleted or its window closed first.
---@field presenting? integer

---Asks the user and returns the chosen button's title; the command is suspended until the
---answer (`choose` or `cancel`; `cancel` returns the cancel button's title, "Cancel" when
---none was given). Only in a command's `run`, outside the plugin's own coroutines. Edits
---made before and after stay one transaction. When Folio answered with the cancel button
---itself because the `presenting` row went away, the second result says why: `"deleted"`
---or `"closed"`; nil when the user answered.
---@param options folio.ConfirmOptions
---@return string answer
---@return "deleted"|"closed"|nil why
function Context:confirm(options) end

---@class folio.PromptOptions
---@field title string
---@field message? string
---@field default? string The text the field starts with (an empty answer keeps it).
---@field placeholder? string What the field asks for (`Text`); the REPL's prompt shows it.

---Asks for a text in the same text-field dialog as Rename…, and returns it, or nil when the
---user cancels. The command waits as at `ctx:confirm`: in the REPL the prompt shows the
---default; in scripts the next line is the text (`choose OK "text"` or `cancel` too); over
---`--embed` `dialog.presented` carries a `textField`, answered with `dialog.answer` and `text`.
---@param options folio.PromptOptions
---@return string|nil text
function Context:prompt(options) end

---@class folio.ChooseItem
---@field title string
---@field value? any What `ctx:choose` returns for it (its title when not given).
---@field subtitle? string Shown after the title.

---@class folio.ChooseOptions
---@field title string
---@field message? string
---@field items (string|folio.ChooseItem)[] 1 to 200 items with different titles.

---Asks the user to choose one item of a list (the dialog's buttons, answered `choose N` or
---`choose TITLE`), and returns its value, or nil when the user cancels. Waits as `ctx:confirm`.
---@param options folio.ChooseOptions
---@return any|nil value
function Context:choose(options) end

---An item: a command id, or `{ command, title?, subtitle?, icon?, role?, dismiss?, arguments?,
---enabled? }`; `title`, `subtitle` and `enabled` may be functions of ctx, called each time the
---menu is resolved; `arguments` (name = string|number|boolean) reach the command as if typed.
---@alias folio.MenuItem string|table

---@class folio.MenuOptions
---@field id? string
---@field title string
---@field icon? string
---@field order? "automatic"|"fixed"|"priority"
---A menu that opens upward (from a bottom bar): `automatic` reverses it on ipad and iphone,
---`priority` everywhere, `fixed` never.
---@field opens_upward? boolean
---@field label_style? "automatic"|"titleAndIcon"|"titleOnly"|"iconOnly"
---@field primary? string
---@field dismiss? "automatic"|"enabled"|"disabled"
---The items, or a function of ctx returning them, called each time the menu is resolved (an
---error disables the menu with its message).
---@field items folio.MenuItem[]|fun(ctx: folio.Context): folio.MenuItem[]

---@param options folio.CommandOptions
function folio.command(options) end

---@param options folio.MenuOptions
function folio.menu(options) end

---@return table
function folio.divider() end

---@param options { title?: string, items: folio.MenuItem[] }
---@return table
function folio.section(options) end

---@param options folio.MenuOptions
---@return table
function folio.submenu(options) end

---@param options { command: string, title?: string, icon?: string, style?: "inline"|"menu"|"palette" }
---@return table
function folio.picker(options) end

---@param options { label: { title?: string, icon?: string }, items: folio.MenuItem[] }
---@return table
function folio.control_group(options) end

---@class folio.ContextMenuOptions
---@field selection? "empty"|"single"|"multiple"|"any"
---@field items folio.MenuItem[]
---@field kinds? ("text"|"table")[]

---Items for the context menu of rows (`context-menu`). Menus, context menus, toolbar items
---and contributions may name only the plugin's own commands or built-in ones; another
---plugin's or an unknown id fails the load.
---@param options folio.ContextMenuOptions
function folio.context_menu(options) end

---Adds items to an existing menu: "title" (the document's title menu) or a menu id such as
---"file". Several contributions are ordered by section, then the before/after hints, then
---plugin name, then declaration order.
---@class folio.ContributeOptions
---@field items folio.MenuItem[]
---@field section? string
---@field after? string
---@field before? string

---@param menu "title"|string
---@param options folio.ContributeOptions
function folio.contribute(menu, options) end

---@class folio.ShareItem
---@field title string
---@field file_name string
---@field representation "text"|"csv"|"json"|"file"
---@field media_type string
---@field text string

---A share target (`share ID`). `send` returns the text to share and optionally a file
---extension; the text becomes a new file in `--to DIR` or the document's folder, or is
---printed when the document was never saved.
---@class folio.ShareTargetOptions
---@field id string
---@field title string
---@field accepts ("text"|"csv"|"json"|"file")[]
---@field send fun(ctx: folio.Context, item: folio.ShareItem): string, string?

---@param options folio.ShareTargetOptions
function folio.share_target(options) end

---An item on the document toolbar: one command, or one control group (give exactly one).
---A control group with a `label` collapses into a menu under it when space is short;
---without one, its items overflow one by one. On ipad and iphone a `primaryAction` item is
---not customisable.
---@class folio.ToolbarItemOptions
---@field id string
---@field command? string
---@field control_group? table a folio.control_group{ label?, items }
---@field placement? "primaryAction"|"secondaryAction"|"navigation"|"principal"|"bottomBar"|"automatic"
---@field shows_by_default? boolean
---@field priority? "low"|"standard"|"high"

---@param options folio.ToolbarItemOptions
function folio.toolbar_item(options) end

---A toolbar of the plugin's own, which `toolbar use ID` shows. Each item is shaped like
---folio.toolbar_item's options, or is `{ group = { COMMAND, … }, placement?, priority? }`:
---a toolbar item group, whose members are each their own item on the bar, overflow one by
---one and are not customisable one by one. The role decides where the title and secondary
---actions go: `editor` puts the title leading and secondary actions in the center on
---regular width; `automatic` and `browser` send secondary actions to the overflow menu
---(`browser` also puts the title leading).
---@class folio.ToolbarOptions
---@field id string
---@field role? "automatic"|"editor"|"browser"
---@field items table[]

---@param options folio.ToolbarOptions
function folio.toolbar(options) end

---A symbol beside every row whose cell in `column` meets the condition, in every table with
---that column: `show`, `screen`, print and JSON (`decorations`) carry it. Give one condition:
---`when` ("yes": the cell reads as yes like a favorite's; "filled": not empty), `equals`, or
---`at_least` and/or `at_most` (the cell read as a number). The condition is data, never a
---function: Folio compares the cell itself, so showing a million rows calls no Lua.
---@class folio.RowDecorationOptions
---@field id string unique among row decorations
---@field symbol string an SF Symbols name, e.g. "checkmark.seal.fill" (text shows ✓; a name without a glyph shows •)
---@field column string the column whose cell decides
---@field when? "yes"|"filled"
---@field equals? string
---@field at_least? number
---@field at_most? number
---@field text? string words for the symbol (JSON's `text`)
---@field tint? "red"|"orange"|"yellow"|"green"|"mint"|"teal"|"cyan"|"blue"|"indigo"|"purple"|"pink"|"brown"|"gray"

---@param options folio.RowDecorationOptions
function folio.row_decoration(options) end

---How the cells of `column` show, in every table with that column (the first format declared
---for a column wins). `kind = "bar"`: `width` glyphs (1–20, default 5), `glyphs[1]` (default
---"▮") for the value's share of `min`…`max`, rounded, `glyphs[2]` (default "▯") for the rest;
---a cell that is empty or not a number shows as it is. Only what is shown changes: the stored
---value stays (sorting, editing, saving use it), and JSON gives both (`cells`, `display`).
---@class folio.CellFormatOptions
---@field id string unique among cell formats
---@field column string
---@field kind "bar"
---@field min number
---@field max number greater than min
---@field width? integer
---@field glyphs? string[] two one-column characters: { filled, empty }

---@param options folio.CellFormatOptions
function folio.cell_format(options) end

---What `document.changed` handlers get: the kind of change and what it changed. For a table
---the lists hold row ids (`removed` ascending, the others in table order); for a text, line
---numbers (`removed` as numbered before the change). Each list holds at most 10,000; more sets
---`truncated`.
---@class folio.Change
---@field name "document.changed"
---@field kind "rows"|"lines"|"columns"|"reload"
---@field changed integer[] rows whose cells changed, or lines changed in place
---@field added integer[]
---@field removed integer[]
---@field columns? { added: string[], removed: string[] } for `kind = "columns"`
---@field reordered boolean rows moved (a sort)
---@field truncated boolean

---Calls `fn` after an event; an error in it is shown to the user as a warning with its
---FILE:LINE (and goes to the plugin log), and the command that caused the event still
---succeeds. `event.from`/`event.to` are set for renames.
---`selection.changed` fires once after each command that changed a document's selection,
---with `ctx.document` that document and `ctx.selection` its new selection.
---`document.changed` fires once per document after each command that changed it (any front
---end's, a script's, a plugin's, an undo or redo), with `ctx.document` that document and a
---`folio.Change`; the handler's own edits are part of the command's undo step and call no
---handler again. `document.closed` gets `event.document`, the closed window's id.
---`dialog.answered` gets `event.title` and `event.button` (the chosen button's title).
---@param event "document.opened"|"document.saved"|"document.renamed"|"selection.changed"|"document.changed"|"document.closed"|"dialog.answered"
---@param fn fun(ctx: folio.Context, event: table)
function folio.on(event, fn) end

---Runs a command by id with typed arguments (`{ to = "Ann", force = true }`: strings, numbers,
---booleans), through the registry as an embedder's `commands.run` does: its availability and
---parameters are checked, and it returns the command's result as `commands.run` gives it (a
---table). An error raises `folio.run: ID failed (CODE): MESSAGE`. A command that would ask
---first (a dialog) fails with the code `needs-answer`: ask with `ctx:confirm`, then pass the
---command's own answer (`yes = true`, `force = true`). Inside a callback the command's edits
---are part of its transaction and undo step; its Lua counts against the callback's budgets;
---runs nest at most 8 deep. Not while `plugin.lua` loads, nor in `enabled`, `visible` or
---state `get`.
---@param id string
---@param args? table<string, string|number|boolean>
---@return any result
function folio.run(id, args) end

---Writes a line to the plugin log shown by `plugin info` (lines past 4 KB are cut).
---@param ... any
function folio.log(...) end

---In a plugin (and its manifest), `print` writes to the plugin log like `folio.log`: a plugin
---never writes to Folio's standard output or error.
---@param ... any
function print(...) end

---Values kept per plugin — keyed by its folder's name — in the state store. Writes belong to
---the running callback: stored when it succeeds, dropped when it fails.
folio.state = {}

---@param key string
---@return string|number|boolean|table|nil
function folio.state.get(key) end

---Fails past the quotas: `plugins.state-value` (64 KB a value, key included) and
---`plugins.state-total` (1 MB in all). A table must be plain data (see `folio.json.encode`);
---it is stored as JSON.
---@param key string
---@param value string|number|boolean|table|nil
function folio.state.set(key, value) end

---Puts text on the clipboard, as `share clipboard` does: in the terminal an OSC 52 sequence.
---Where there is none (standard output is not a terminal, TERM is dumb) it raises an error
---saying why.
---@param text string
function folio.copy(text) end

---JSON text to and from plain data.
folio.json = {}

---Encodes plain data — strings, finite numbers, booleans, nil, and tables that are lists or
---have string keys, of those — as compact JSON; keys sorted, an empty table as `[]`. Anything
---else is an error naming its path: `cannot encode a function at $.rows[3].name`.
---@param value any
---@return string
function folio.json.encode(value) end

---Decodes JSON text: objects as tables with string keys, arrays as lists, null as nil.
---A syntax error names the line and column.
---@param text string
---@return any
function folio.json.decode(text) end
