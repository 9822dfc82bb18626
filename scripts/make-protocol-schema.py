#!/usr/bin/env python3
"""Writes docs/protocol.schema.json, the JSON Schema of the embedding protocol (docs/protocol.md).

Usage: scripts/make-protocol-schema.py > docs/protocol.schema.json

The schema is written from the tables here (params of each method, params of each
notification, results) so that it stays one consistent document; edit them, run this, and
the end-to-end tests check every message of their transcripts against the result.
"""
import json
S=lambda: {"type":"string"}
I=lambda lo=None,hi=None: {k:v for k,v in {"type":"integer","minimum":lo,"maximum":hi}.items() if v is not None}
B=lambda: {"type":"boolean"}
def O(props, required=(), extra=False, desc=None):
    o={"type":"object","properties":props,"required":list(required),"additionalProperties":extra}
    if not required: del o["required"]
    if desc: o["description"]=desc
    return o
def A(items, **kw): return {"type":"array","items":items, **kw}
def N(x): return {"anyOf":[x,{"type":"null"}]}
R=lambda name: {"$ref":"#/$defs/"+name}
empty=O({}, desc="no params")
env=O({"platform":{"enum":["mac","ipad","iphone"]},"width":I(1,10000),"keyboard":B()})
visibilities=["all","doubleColumn","detailOnly"]
notif_names=["document.opened","document.changed","document.saved","document.renamed","document.closed","selection.changed","menus.changed","toolbar.changed","dialog.presented","dialog.dismissed","plugin.loaded","plugin.failed","plugin.unloaded","notify","log","environment.changed","$/progress"]
win={"window":{**I(1),"description":"since 1.5: the window acted on, which stays in the background; the active one when absent"}}
params={
 "initialize":O({"protocolVersion":S(),"clientName":S(),"environment":env,"notifications":A({"enum":notif_names}),"encodings":A(S(),minItems=1,description="since 1.2: the encodings the client reads and writes after initialize, best first (json, msgpack; msgpack-rpc since 1.3); json when absent")},["protocolVersion"],extra=True,desc="since 1.4, fields not listed here are ignored and named in the result's ignored; before, they are refused"),
 "shutdown":empty,
 "document.open":O({"path":S(),"sort":{"type":"string","description":"the table's initial sort order, kept as it is edited: name or name,noise:desc"}},["path"]),
 "document.new":O({"kind":{"enum":["text","table"]},"columns":{"type":"string","description":"a table's column names, comma-separated"}}),
 "document.list":empty,
 "document.save":O({"force":B()}),
 "document.saveAs":O({"path":S(),"force":B()},["path"]),
 "document.revert":O({"yes":B()}),
 "document.close":O({"force":B()}),
 "document.rename":O({"title":S()},["title"]),
 "document.info":empty,
 "document.focus":O({"window":I(1)},["window"]),
 "document.undo":empty,"document.redo":empty,
 "table.rows":O({"start":I(1),"count":I(0,100000),"columns":A(S()),**win}),
 "table.sort":O({"keys":A(O({"column":S(),"order":{"enum":["ascending","descending"]}},["column"])),**win}),
 "table.addRow":O({"cells":{"type":"object","additionalProperties":S()},**win}),
 "table.deleteRows":O({"ids":A(I(0)),"yes":B(),**win},["ids"]),
 "cell.get":O({"row":I(0),"column":S(),**win},["row","column"]),
 "cell.set":O({"row":I(0),"column":S(),"value":S(),**win},["row","column","value"]),
 "selection.get":O(win),
 "selection.set":O({"ids":A(I(0)),"mode":{"enum":["replace","add","toggle"]},**win},["ids"]),
 "selection.setEditMode":O({"on":B(),**win},["on"]),
 "menu.list":empty,
 "menu.resolve":O({"id":S()},["id"]),
 "menu.open":O({"id":S()},["id"]),
 "menu.choose":O({"path":A(S(),minItems=1),"arguments":A(S())},["path"]),
 "menu.back":empty,"menu.close":empty,"menu.context":empty,
 "dialog.get":empty,"dialog.answer":O({"button":S(),"text":S()},["button"]),"dialog.dismiss":empty,
 "toolbar.layout":O({"width":I(1,10000)}),
 "toolbar.customize":empty,
 "toolbar.add":O({"id":S(),"position":I(1)},["id"]),
 "toolbar.remove":O({"id":S()},["id"]),
 "toolbar.move":O({"id":S(),"position":I(1)},["id","position"]),
 "toolbar.reset":empty,
 "splitView.get":empty,
 "splitView.set":O({"visibility":{"enum":visibilities,"description":"the columns shown in the regular size class; without it, the sidebar toggle"}}),
 "splitView.back":empty,
 "environment.get":empty,"environment.set":env,
 "settings.get":empty,"settings.set":O({"key":S(),"value":S()},["key","value"]),
 "plugin.list":empty,
 "plugin.info":O({"name":S()},["name"]),"plugin.load":O({"name":S()},["name"]),
 "plugin.unload":O({"name":S()},["name"]),"plugin.reload":O({"name":S()},["name"]),
 "commands.list":empty,"commands.search":O({"query":S(),"limit":{**I(1,1000),"description":"since 1.1: at most this many matches (20 when absent)"},"detail":{**B(),"description":"since 1.1: each match's full command object too, under command"},"compact":{**B(),"description":"since 1.3: each match as the array [id, title, shortcut, enabled, score, command?]"}},["query"]),
 "commands.explain":O({"command":S()},["command"]),
 "commands.run":O({"command":S(),"arguments":{"type":"object","additionalProperties":{"anyOf":[S(),{"type":"number"},B(),A(S())]}}},["command"]),
 "command.execute":O({"line":S()},["line"]),
}
client_notifications={
 "exit":empty,"initialized":empty,
 "$/cancelRequest":O({"id":R("id")},["id"]),
}
history={"version":I(0),"canUndo":B(),"canRedo":B(),"undoTitle":N(S()),"redoTitle":N(S())}
doc=lambda extra={}: O({"document":I(1),"title":N(S()),**extra},["document"])
server_notifications={
 "document.opened":doc(),
 "document.changed":O({"document":I(1),"title":N(S()),"revision":N(I(0)),"dirty":N(B()),**history,"change":N({"oneOf":[
    O({"kind":{"const":"run"},"position":I(1),"removed":I(0),"inserted":I(0),"ids":A(I(0)),"removedIds":A(I(0))},["kind","position","removed","inserted"]),
    O({"kind":{"const":"move"},"id":I(0),"from":I(1),"to":I(1),"cells":{"type":"object","additionalProperties":S()}},["kind","id","from","to","cells"],desc="since 1.5: one row moved (an edit in a sorted table), with its cells now"),
    O({"kind":{"const":"unknown"}},["kind"])]})},["document","revision","dirty","change"]),
 "document.saved":O({"document":I(1),"title":N(S()),"url":N(S())},["document","url"]),
 "document.renamed":O({"document":I(1),"from":S(),"to":S()},["document","from","to"]),
 "document.closed":O({"document":I(1)},["document"]),
 "selection.changed":O({"document":I(1),"ids":A(I(0)),"previous":A(I(0))},["document","ids","previous"]),
 "menus.changed":empty,
 "toolbar.changed":O({"toolbar":N(R("toolbarLayout"))},["toolbar"]),
 "dialog.presented":O({"dialog":R("dialog")},["dialog"]),
 "dialog.dismissed":O({"title":S(),"button":S(),"buttonTitle":S(),
   "reason":{"enum":["answered","unanswered","rowDeleted","windowClosed"],"description":"answered by a button; dropped unanswered (dialog.dismiss, the input ended); or answered with its cancel button by Folio because the row it presents was deleted or its window closed"},
   "presenting":N(R("presentedRow"))},["title","button","buttonTitle","reason","presenting"]),
 "plugin.loaded":O({"name":S()},["name"]),
 "plugin.failed":O({"name":S(),"reason":S()},["name","reason"]),
 "plugin.unloaded":O({"name":S()},["name"]),
 "notify":O({"plugin":S(),"message":S()},["plugin","message"]),
 "log":O({"level":{"enum":["warning"]},"message":S()},["level","message"]),
 "environment.changed":R("environment"),
 "$/progress":O({"id":{"type":["integer","string"]},"task":{"enum":["sort","save","show","journal"]},"document":S(),"done":I(0),"total":N(I(0)),"unit":{"enum":["rows","bytes"]}},["id","task","document","done","total","unit"]),
}
def dispatch(table, kind):
    return [{"if":{"properties":{"method":{"const":m}}},"then":{"properties":{"params":p}}} for m,p in table.items()]
defs={
 "id":{"type":["number","string","null"],"description":"a request's id, echoed in its response (a whole number as an integer)"},
 "rowDecoration":O({"id":S(),"symbol":{"type":"string","description":"an SF Symbols name"},"glyph":{"type":"string","description":"the one-column glyph text shows for the symbol, or the fallback \u2022"},"text":N(S()),"tint":N({"enum":["red","orange","yellow","green","mint","teal","cyan","blue","indigo","purple","pink","brown","gray"]})},["id","symbol","glyph","text","tint"],desc="a plugin's row decoration (folio.row_decoration) the row meets"),
 "request":{"type":"object","properties":{"jsonrpc":{"const":"2.0"},"id":R("id"),"method":{"enum":list(params)},"params":{"type":"object"}},
   "required":["jsonrpc","id","method"],"additionalProperties":False,"allOf":dispatch(params,"request")},
 "clientNotification":{"type":"object","properties":{"jsonrpc":{"const":"2.0"},"method":{"enum":list(client_notifications)},"params":{"type":"object"}},
   "required":["jsonrpc","method"],"additionalProperties":False,"not":{"required":["id"]},"allOf":dispatch(client_notifications,"n")},
 "clientMessage":{"oneOf":[R("request"),R("clientNotification")]},
 "error":O({"code":{"type":"integer"},"message":S(),"data":{}},["code","message"]),
 "response":{"type":"object","properties":{"jsonrpc":{"const":"2.0"},"id":N(R("id")),"result":{},"error":R("error")},
   "required":["jsonrpc","id"],"additionalProperties":False,"oneOf":[{"required":["result"]},{"required":["error"]}]},
 "serverNotification":{"type":"object","properties":{"jsonrpc":{"const":"2.0"},"method":{"enum":list(server_notifications)},"params":{"type":"object"}},
   "required":["jsonrpc","method","params"],"additionalProperties":False,"allOf":dispatch(server_notifications,"n")},
 "serverMessage":{"oneOf":[R("response"),R("serverNotification")]},
 "folioError":{"type":"object","description":"Folio's error object, as --json prints it (docs/json.md)","properties":{"code":S(),"message":S(),"values":{"type":"object","additionalProperties":S()},"remedies":A({"type":"object"}),"cause":R("folioError")},"required":["code","message"],"additionalProperties":False},
 "document":{"type":"object","description":"a document as --json prints it, with its Event's fields","properties":{"title":S(),"url":N(S()),"kind":{"enum":["text","table"]},"dirty":B(),"window":I(1),"active":B(),"message":S(),"event":S()},"required":["title","url","kind","dirty","window","active"]},
 "presentedRow":O({"document":I(1),"row":I(0),"title":S()},["document","row","title"],desc="the row a dialog is about: its window, its id and the title the dialog names it by"),
 "dialogTarget":O({"document":I(1),"title":S(),"rows":A(I(0)),"rowTitles":A(S(),maxItems=3),"lines":A(I(1)),"columns":A(S())},["document","title","rows","rowTitles","lines"],desc="what a dialog asks about, as it was when it was raised, which its answer acts on: the document's window and title, the ids of the rows in the table's order with the names of the first three, and the lines of a text"),
 "dialog":O({"title":S(),"message":S(),"titleVisibility":{"enum":["automatic","visible","hidden"]},"presenting":N(R("presentedRow")),"target":N(R("dialogTarget")),"buttons":A(O({"id":S(),"title":S(),"role":{"enum":["default","destructive","cancel"]}},["id","title","role"]),minItems=1),
   "textField":{"description":"an editable text (a title being renamed): the field's label, its starting text and the parameter it fills; null when the dialog has none",
     "oneOf":[{"type":"null"},O({"label":S(),"text":S(),"parameter":S()},["label","text","parameter"])]}},["title","message","titleVisibility","presenting","target","buttons"]),
 "dialogResult":O({"dialog":R("dialog")},["dialog"]),
 "menuNode":{"type":"object","properties":{"kind":{"enum":["menu","button","toggle","picker","option","stepper","slider","section","divider","submenu","controlGroup"]},"title":N(S()),"children":A(R("menuNode"))},"required":["kind","title","children"]},
 "openMenu":O({"path":A(S()),"menu":R("menuNode"),"items":A(O({"number":I(1),"title":S(),"kind":S(),"enabled":B()},["number","title","kind","enabled"]))},["path","menu","items"]),
 "toolbarItem":{"type":"object","properties":{"id":S(),"title":N(S()),"kind":S(),"icon":N(S()),"glyph":{"type":"string","description":"since 1.5: the one-column glyph for the icon (• when it has none)"},"command":N(S()),"enabled":B(),"width":I(0),"state":{},"children":A(R("toolbarItem"))},"required":["id","title","kind","command","enabled","width"],"additionalProperties":False},
 "toolbarLayout":{"type":"object","properties":{"toolbar":S(),"role":{"enum":["automatic","editor"]},"platform":{"enum":["mac","ipad","iphone"]},"sizeClass":{"enum":["compact","regular"]},"width":I(1),"barWidth":I(0),"usedWidth":I(0),"title":S(),"titlePlacement":{"enum":["leading","center"]},**{r:A(R("toolbarItem")) for r in ["leading","center","trailing","bottom","overflow"]}},
   "required":["toolbar","platform","sizeClass","width","barWidth","usedWidth","title","leading","center","trailing","bottom","overflow"],"additionalProperties":False},
 "environment":O({"platform":{"enum":["mac","ipad","iphone"]},"sizeClass":{"enum":["compact","regular"]},"width":I(1,10000),"keyboard":B()},["platform","sizeClass","width","keyboard"]),
 "splitView":O({"style":{"enum":["automatic","balanced","prominentDetail"]},"columns":I(2,3),"visibility":{"enum":visibilities},"collapsed":B(),
   "panes":A(O({"column":{"enum":["sidebar","content","detail"]},"width":I(1)},["column","width"]))},["style","columns","visibility","collapsed","panes"]),
 "selection":O({"selection":O({"document":S(),"count":I(0),"ids":A(I(0)),"positions":A(I(1)),"editMode":B()},["document","count","ids","positions","editMode"])},["selection"]),
}
documentResult={"oneOf":[R("document"),R("dialogResult")]}
anyObject={"type":"object"}
results={
 "initialize":O({"protocolVersion":S(),"server":O({"name":S(),"version":S()},["name","version"]),"methods":A({"enum":list(params)}),"notifications":A({"enum":notif_names}),"limits":O({"messageBytes":I(1)},["messageBytes"]),"encoding":{"enum":["json","msgpack","msgpack-rpc"],"description":"since 1.2: the encoding of every message after this response (msgpack-rpc since 1.3)"},"ignored":A(S(),description="since 1.4: the params initialize did not know, and ignored")},["protocolVersion","server","methods","notifications","limits"]),
 "shutdown":{"type":"null"},
 **{m:documentResult for m in ["document.open","document.new","document.save","document.saveAs","document.revert","document.close","document.rename","document.undo","document.redo","table.addRow","table.deleteRows","document.focus","document.info"]},
 "document.list":O({"documents":A(R("document"))},["documents"]),
 "table.rows":{"type":"object","properties":{"title":S(),"columns":A({"type":"object"}),"rows":A(O({"position":I(1),"id":I(0),"cells":{"type":"object","additionalProperties":S()},"selected":B(),"favorite":B(),"decorations":A(R("rowDecoration")),"display":{"type":"object","additionalProperties":S(),"description":"the displayed form of the row's formatted cells (plugins' cell formats), by column; cells keeps the stored values"}},["position","id","cells","selected","favorite","decorations","display"])),"editMode":B(),"lines":A(O({"number":I(1),"text":S()},["number","text"])),"total":I(0)},"required":["title","total"],"additionalProperties":False},
 "table.sort":{"oneOf":[O({"rows":I(0)},["rows"]),
   O({"document":S(),"sort":A(O({"column":S(),"order":{"enum":["ascending","descending"]}},["column","order"])),"message":N(S()),"rows":{"type":"null"}},["document","sort","message","rows"],desc="without keys: the order the rows are kept in (empty: none); with keys []: the order cleared, with a message")]},
 "cell.get":O({"row":I(0),"column":S(),"value":S()},["row","column","value"]),
 "cell.set":O({"changed":B()},["changed"]),
 "selection.get":R("selection"),"selection.set":R("selection"),"selection.setEditMode":R("selection"),
 "splitView.get":R("splitView"),"splitView.set":R("splitView"),"splitView.back":R("splitView"),
 "menu.open":R("openMenu"),"menu.context":N(R("openMenu")),
 "menu.choose":O({"result":N({"type":"object"}),"menu":N(R("openMenu"))},["result","menu"]),
 "dialog.get":N(R("dialogResult")),
 "dialog.answer":anyObject,
 "dialog.dismiss":O({"dismissed":B()},["dismissed"]),
 "toolbar.layout":R("toolbarLayout"),
 "environment.get":R("environment"),"environment.set":R("environment"),
 "command.execute":O({"results":A(O({"command":S(),"result":{"type":"object"}},["command","result"]))},["results"]),
 "commands.search":{"oneOf":[
   O({"matches":A({"anyOf":[
     O({"id":S(),"title":S(),"shortcut":N(S()),"enabled":B(),"score":{"type":"integer"},"command":{"type":"object","description":"the full command object, with detail"}},["id","title","shortcut","enabled","score"]),
     {"type":"array","prefixItems":[S(),S(),N(S()),B(),{"type":"integer"},{"type":"object"}],"minItems":5,"maxItems":6,"items":False,"description":"since 1.3, with compact: [id, title, shortcut, enabled, score, command?]"}]}),"total":I(0)},["matches","total"],desc="1.1: the best matches as a palette lists them"),
   O({"commands":A({"type":"object"})},["commands"],desc="1.0: every match as a full command object")]},
}
for m in params:
    results.setdefault(m, anyObject)
defs["results"]=results
schema={"$schema":"https://json-schema.org/draft/2020-12/schema","title":"Folio embedding protocol, versions 1.0 to 1.5",
 "description":"Every message of `folio --embed` (docs/protocol.md): what a client sends ($defs/clientMessage), what Folio sends ($defs/serverMessage), and the result of each method ($defs/results/METHOD). Results whose shape is --json's for the command (docs/json.md) are described there and checked here only as objects.",
 "$defs":defs}
print(json.dumps(schema, indent=2, ensure_ascii=False))
