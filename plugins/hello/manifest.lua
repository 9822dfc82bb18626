-- The manifest is read first, in a sandbox of its own: name, version and api are checked.
return { name = "hello", version = "1.0", api = 1, description = "An example: one command, one menu" }
