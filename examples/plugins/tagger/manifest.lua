return {
  name = "tagger", version = "1.0", api = 1,
  description = "Tags: a Tag submenu listing the tags kept in folio.state; New Tag… asks for a name",
}
