#!/usr/bin/env python3
"""Drives `folio --embed --framing lsp` with python-lsp-jsonrpc's stream reader and writer
and its Endpoint (Debian's python3-pylsp-jsonrpc), as a language client would drive a
server: Content-Length frames, string ids, errors read as JSON-RPC error objects.

Usage: lsp_client.py FOLIO CSV
Prints what failed and exits 1, or prints "ok". Ends itself after 60 seconds.
"""
import signal
import subprocess
import sys
import threading

from pylsp_jsonrpc.endpoint import Endpoint
from pylsp_jsonrpc.exceptions import JsonRpcException
from pylsp_jsonrpc.streams import JsonRpcStreamReader, JsonRpcStreamWriter

folio, csv_path = sys.argv[1], sys.argv[2]
signal.alarm(60)

process = subprocess.Popen(
    [folio, "--embed", "--framing", "lsp", "--no-plugins"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
writer = JsonRpcStreamWriter(process.stdin)
reader = JsonRpcStreamReader(process.stdout)
endpoint = Endpoint({}, writer.write)
listener = threading.Thread(target=reader.listen, args=(endpoint.consume,), daemon=True)
listener.start()

failures = []


def check(condition, what):
    if not condition:
        failures.append(what)


def request(method, params=None):
    return endpoint.request(method, params).result(timeout=30)


result = request("initialize", {"protocolVersion": "1.3", "clientName": "lsp", "notifications": []})
check(result.get("encoding") == "json", f"initialize: {result}")
endpoint.notify("initialized", {})

opened = request("document.open", {"path": csv_path})
check(opened.get("title") == "places", f"document.open: {opened}")
# A non-ASCII answer (⌘S): Content-Length counts its bytes.
search = request("commands.search", {"query": "sav", "limit": 1})
check(search["matches"][0]["shortcut"] == "\u2318S", f"commands.search: {search}")

try:
    request("nope")
    failures.append("nope answered")
except JsonRpcException as error:
    check(error.code == -32601 and error.message == "no method 'nope'", f"nope: {error.code} {error.message}")

check(request("shutdown") is None, "shutdown")
endpoint.notify("exit")
status = process.wait(timeout=30)
check(status == 0, f"exit status {status}")
listener.join(timeout=30)

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("ok")
