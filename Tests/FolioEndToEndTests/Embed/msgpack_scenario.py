#!/usr/bin/env python3
"""Drives `folio --embed` in MessagePack, as a client that chose it in `initialize` would
(docs/protocol.md, "Encodings"), in maps (1.2) and in msgpack-RPC's arrays (1.3), and checks
every message against the protocol's schema (a msgpack-RPC message as the JSON-RPC message it
stands for).

Usage: msgpack_scenario.py FOLIO PLUGINS FOLDER CHECKER SCHEMA

FOLDER holds places.csv; PLUGINS the shipped plugins (hello's hello.greet notifies);
CHECKER is scripts/check-protocol.py and SCHEMA docs/protocol.schema.json. Needs Debian's
python3-msgpack and python3-jsonschema. Prints what failed and exits 1, or prints "ok".
"""
import json
import os
import subprocess
import sys
import tempfile

import msgpack

failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("failed:", what, file=sys.stderr)


def to_rpc(message):
    """A JSON-RPC request or notification as msgpack-RPC's array."""
    if "id" in message:
        return [0, message["id"], message["method"], message.get("params")]
    return [2, message["method"], message.get("params")]


def from_rpc(message):
    """A msgpack-RPC response or notification as the JSON-RPC message it stands for."""
    if isinstance(message, list) and len(message) == 4 and message[0] == 1:
        if message[2] is not None:
            check(message[3] is None, f"an error response has no result: {message}")
            return {"jsonrpc": "2.0", "id": message[1], "error": message[2]}
        return {"jsonrpc": "2.0", "id": message[1], "result": message[3]}
    if isinstance(message, list) and len(message) == 3 and message[0] == 2:
        return {"jsonrpc": "2.0", "method": message[1], "params": message[2]}
    check(False, f"a msgpack-RPC response or notification: {message}")
    return {}


class Client:
    def __init__(self, folio, plugins, folder, rpc=False):
        self.rpc = rpc
        self.process = subprocess.Popen([folio, "--embed", "--plugins", plugins], cwd=folder,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL)
        self.unpacker = msgpack.Unpacker(raw=False)
        self.transcript = []

    def write(self, data):
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, message, packed=True):
        self.transcript.append({"direction": "in", "message": message})
        if packed:
            self.write(msgpack.packb(to_rpc(message) if self.rpc else message))
        else:
            self.write(json.dumps(message).encode() + b"\n")

    def receive_line(self):
        message = json.loads(self.process.stdout.readline())
        self.transcript.append({"direction": "out", "message": message})
        return message

    def receive(self):
        """The next MessagePack message; None when folio's output ended."""
        while True:
            for message in self.unpacker:
                if self.rpc:
                    message = from_rpc(message)
                self.transcript.append({"direction": "out", "message": message})
                return message
            # read1 hands over what the line reader buffered first.
            chunk = self.process.stdout.read1(65536)
            if not chunk:
                return None
            self.unpacker.feed(chunk)

    def response(self, request_id):
        """The notifications before the response to request_id, and the response."""
        notifications = []
        while True:
            message = self.receive()
            if message is None:
                check(False, f"the output ended before the response to {request_id}")
                return notifications, {}
            if "method" in message:
                notifications.append(message)
                continue
            check(message.get("id") == request_id, f"responses in order: {message}")
            return notifications, message

    def request(self, request_id, method, params=None):
        message = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        return self.response(request_id)

    def initialize(self, then=None):
        """initialize as a JSON line choosing MessagePack; `then`, packed, right behind it."""
        encoding = "msgpack-rpc" if self.rpc else "msgpack"
        self.send({"jsonrpc": "2.0", "id": 0, "method": "initialize",
                   "params": {"protocolVersion": "1.3" if self.rpc else "1.2", "clientName": "msgpack scenario",
                              "encodings": [encoding, "json"],
                              "notifications": ["document.opened", "selection.changed", "notify",
                                                "toolbar.changed"]}}, packed=False)
        if then is not None:
            self.send(then)
        result = self.receive_line().get("result", {})
        check(result.get("encoding") == encoding, f"initialize chose {encoding}: {result}")

    def finish(self):
        self.process.stdin.close()
        while self.receive() is not None:
            pass
        return self.process.wait()


def methods(notifications):
    return [note["method"] for note in notifications]


def scenario(folio, plugins, folder, rpc=False):
    client = Client(folio, plugins, folder, rpc)
    # The first request is sent before initialize's response comes: it is read as MessagePack.
    client.initialize(then={"jsonrpc": "2.0", "id": 1, "method": "document.open",
                            "params": {"path": "places.csv"}})
    notes, opened = client.response(1)
    check(methods(notes) == ["document.opened", "toolbar.changed"], f"open's notifications: {methods(notes)}")
    check(opened.get("result", {}).get("rows") == 12, f"open: {opened}")

    _, search = client.request(2, "commands.search", {"query": "sav", "limit": 2})
    matches = search.get("result", {}).get("matches", [])
    check([match["id"] for match in matches][:1] == ["document.save"] and len(matches) == 2,
          f"search: {search}")
    if rpc:
        # The compact answer: the same matches as arrays.
        _, compact = client.request(21, "commands.search", {"query": "sav", "limit": 2, "compact": True})
        check(compact.get("result", {}).get("matches") == [
            [match["id"], match["title"], match["shortcut"], match["enabled"], match["score"]] for match in matches],
            f"compact search: {compact}")

    # A plugin command: its ctx:notify arrives before its response.
    notes, greeted = client.request("greet", "commands.run",
                                    {"command": "hello.greet", "arguments": {"who": "you"}})
    check(methods(notes) == ["notify"], f"the plugin's notification: {notes}")
    check("Hello, you" in greeted.get("result", {}).get("text", ""), f"hello.greet: {greeted}")

    notes, _ = client.request(3, "selection.set", {"ids": [1]})
    check(methods(notes)[:1] == ["selection.changed"], f"selection: {methods(notes)}")

    # A message with no JSON form (bin) is skipped with -32600, carrying its id; the next is
    # served.
    bad = {"jsonrpc": "2.0", "id": 4, "method": "document.list", "params": {"x": b"\x00"}}
    client.write(msgpack.packb(to_rpc(bad) if rpc else bad, use_bin_type=True))
    _, skipped = client.response(4)
    check(skipped.get("error", {}).get("code") == -32600, f"bin: {skipped}")
    _, listed = client.request(5, "document.list")
    check("result" in listed, f"document.list after the bin: {listed}")

    _, shut = client.request(6, "shutdown")
    check("result" in shut and shut["result"] is None, f"shutdown: {shut}")
    client.send({"jsonrpc": "2.0", "method": "exit"})
    check(client.finish() == 0, "exit status 0 after shutdown")
    return client.transcript


def broken(folio, plugins, folder, rpc=False):
    """A byte that is not MessagePack: -32700, then folio reads no more and ends."""
    client = Client(folio, plugins, folder, rpc)
    client.initialize()
    client.write(b"\xc1")
    _, error = client.response(None)
    check(error.get("error", {}).get("code") == -32700, f"0xc1: {error}")
    check(client.receive() is None, "the output ends after a broken stream")
    check(client.process.wait() == 0, "a broken stream ends folio as the end of its input does")
    return client.transcript


def huge_count(folio, plugins, folder):
    """A 5-byte map32 header asking for four billion entries, inside a request: refused at
    the header as over the limit (-32600, the least the message would take), with nothing
    set aside for them; then folio reads no more and ends."""
    client = Client(folio, plugins, folder)
    client.initialize()
    # {"jsonrpc": "2.0", "params": <map32 of 2^32 - 1 entries>, and never the rest.
    header = b"\x82\xa7jsonrpc\xa32.0\xa6params"
    client.write(header + b"\xdf\xff\xff\xff\xff")
    _, error = client.response(None)
    data = error.get("error", {}).get("data", {})
    check(error.get("error", {}).get("code") == -32600, f"map32: {error}")
    least = len(header) + 5 + 2 * 0xFFFFFFFF
    check(data == {"bytes": least, "limit": 16 << 20}, f"map32 data: {data}")
    check(client.receive() is None, "the output ends after a refused count")
    check(client.process.wait() == 0, "a refused count ends folio as the end of its input does")
    return client.transcript


def main():
    folio, plugins, folder, checker, schema = sys.argv[1:6]
    transcript = (scenario(folio, plugins, folder) + broken(folio, plugins, folder)
                  + huge_count(folio, plugins, folder)
                  + scenario(folio, plugins, folder, rpc=True) + broken(folio, plugins, folder, rpc=True))
    with tempfile.TemporaryDirectory() as scratch:
        path = os.path.join(scratch, "transcript.jsonl")
        with open(path, "w", encoding="utf-8") as file:
            for entry in transcript:
                file.write(json.dumps(entry) + "\n")
        checked = subprocess.run([sys.executable, checker, schema, path], capture_output=True, text=True)
        check(checked.returncode == 0, "the schema: " + checked.stdout + checked.stderr)
    print("ok" if not failures else f"{len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
