"""A small client of Folio's embedding protocol (docs/protocol.md), standard library only.

    from folio_embed import Folio
    with Folio(["folio", "--embed", "--no-plugins"]) as folio:
        folio.initialize(notifications=["document.changed", "dialog.presented"])
        document = folio.request("document.open", {"path": "places.csv"})
        for note in folio.take_notifications():
            print(note["method"], note["params"])

Messages are JSON lines on the process's standard input and output. A request blocks until
its response; the notifications that arrive before it (those the request caused) are kept
in order for `take_notifications()`, or handed to `on_notification` as they come.

This client stays with the standard library, so with JSON lines. A client that has a
MessagePack library (Debian's python3-msgpack) may choose it instead: protocol 1.2's
`initialize` takes `"encodings": ["msgpack"]`, its response comes as a JSON line naming the
`encoding`, and every message after it is one MessagePack map — the same messages, a few
microseconds cheaper a round trip to encode and decode in Python (docs/protocol.md,
"Encodings"); protocol 1.3's `"msgpack-rpc"` puts them in msgpack-RPC's arrays, as Neovim's
`--embed` does, cheaper still.
"""

import itertools
import json
import subprocess


class FolioError(Exception):
    """An error response: the JSON-RPC code, the message, and data (Folio's error object)."""

    def __init__(self, error):
        super().__init__(error.get("message", "error"))
        self.code = error.get("code")
        self.message = error.get("message")
        self.data = error.get("data")


class Folio:
    """A `folio --embed` process and the conversation with it."""

    def __init__(self, command=("folio", "--embed"), cwd=None, env=None, on_notification=None):
        self.process = subprocess.Popen(
            list(command), cwd=cwd, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.on_notification = on_notification
        self.notifications = []
        self._ids = itertools.count(1)

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        self.close()

    def send(self, message):
        """Writes one message as one line."""
        line = json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n"
        self.process.stdin.write(line.encode("utf-8"))
        self.process.stdin.flush()

    def receive(self):
        """Reads the next message; None when Folio's output ended."""
        line = self.process.stdout.readline()
        return json.loads(line) if line else None

    def request(self, method, params=None):
        """Sends a request and returns its result; raises FolioError for an error response."""
        request_id = next(self._ids)
        message = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        while True:
            reply = self.receive()
            if reply is None:
                raise EOFError("folio ended before answering " + method)
            if "method" in reply:
                if self.on_notification:
                    self.on_notification(reply)
                else:
                    self.notifications.append(reply)
                continue
            if reply.get("id") != request_id:
                raise RuntimeError("a response to another request: %r" % (reply,))
            if "error" in reply:
                raise FolioError(reply["error"])
            return reply["result"]

    def notify(self, method, params=None):
        """Sends a notification (no response comes)."""
        message = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)

    def take_notifications(self):
        """The notifications received since the last call, in order."""
        taken, self.notifications = self.notifications, []
        return taken

    def initialize(self, notifications=None, environment=None, client_name="folio_embed.py"):
        """Starts the session: protocol 1.1, the notifications wanted (all when None)."""
        params = {"protocolVersion": "1.1", "clientName": client_name}
        if notifications is not None:
            params["notifications"] = notifications
        if environment is not None:
            params["environment"] = environment
        return self.request("initialize", params)

    def close(self):
        """Ends the session in order (`shutdown`, then `exit`) and waits for the process."""
        if self.process.poll() is None:
            try:
                self.request("shutdown")
                self.notify("exit")
            except (BrokenPipeError, EOFError):
                pass
            self.process.stdin.close()
            self.process.wait()
        return self.process.returncode
