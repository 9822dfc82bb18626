#!/usr/bin/env python3
"""Drives `folio --embed --encoding msgpack-rpc` with pynvim's public msgpack-RPC Session
(Debian's python3-pynvim), as a Neovim client would drive `nvim --embed`.

Usage: pynvim_client.py FOLIO CSV
Prints what failed and exits 1, or prints "ok". Ends itself after 60 seconds: a client
that waits for a reply Folio never sends fails here instead of hanging.
"""
import signal
import sys

import pynvim

folio, csv_path = sys.argv[1], sys.argv[2]
signal.alarm(60)


class Refusal(Exception):
    """An error response, kept as the client received it."""


failures = []


def check(condition, what):
    if not condition:
        failures.append(what)


session = pynvim.child_session([folio, "--embed", "--encoding", "msgpack-rpc", "--no-plugins"])
# pynvim's Nvim.from_session reads an error as `[type, message]` (error[1]); keep all of it.
session.error_wrapper = Refusal

# pynvim sends its arguments as an array: `[{…}]` here.
result = session.request("initialize", {"protocolVersion": "1.3", "clientName": "pynvim", "notifications": []})
check(result.get("encoding") == "msgpack-rpc", f"initialize: {result}")

opened = session.request("document.open", {"path": csv_path})
check(opened.get("title") == "places", f"document.open: {opened}")

search = session.request("commands.search", {"query": "sav", "limit": 1})
check(search["matches"][0]["id"] == "document.save", f"commands.search: {search}")


def refusal(method, *args):
    try:
        session.request(method, *args)
    except Refusal as error:
        return error.args[0]
    return None


# A wrong request is Neovim's validation error (1); a failed operation its exception (0).
check(refusal("nope") == [1, "no method 'nope'"], f"nope: {refusal('nope')}")
missing = refusal("document.open", {"path": "missing.csv"})
check(isinstance(missing, list) and missing[0] == 0 and "missing.csv" in missing[1], f"open missing: {missing}")

# No arguments are `[]`.
check(session.request("shutdown") is None, "shutdown")
session.request("exit", async_=True)

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("ok")
