#!/usr/bin/env python3
"""Checks a transcript of the embedding protocol against docs/protocol.schema.json.

Usage: scripts/check-protocol.py SCHEMA TRANSCRIPT

TRANSCRIPT holds one JSON object a line: {"direction": "in" | "out", "message": MESSAGE}.
Messages the client sent ("in") are checked against $defs/clientMessage, those folio sent
("out") against $defs/serverMessage; a response's result is also checked against
$defs/results/METHOD when the request that asked for it is in the transcript. Prints each
failure and exits 1 when there is one. Needs python3-jsonschema (Debian).
"""
import json
import sys

import jsonschema


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    with open(sys.argv[1], encoding="utf-8") as file:
        schema = json.load(file)
    jsonschema.Draft202012Validator.check_schema(schema)
    registry_root = dict(schema)

    def validator(name):
        return jsonschema.Draft202012Validator({**registry_root, "$ref": "#/$defs/" + name})

    client = validator("clientMessage")
    server = validator("serverMessage")
    results = schema["$defs"].get("results", {})
    result_validators = {}
    methods = {}
    failures = 0
    with open(sys.argv[2], encoding="utf-8") as file:
        for number, line in enumerate(file, 1):
            entry = json.loads(line)
            message = entry["message"]
            checks = []
            if entry["direction"] == "in":
                checks.append(client)
                if "id" in message and "method" in message:
                    methods[json.dumps(message["id"])] = message["method"]
            else:
                checks.append(server)
                method = methods.get(json.dumps(message.get("id")))
                if "result" in message and method in results:
                    if method not in result_validators:
                        result_validators[method] = validator("results/" + method.replace("/", "~1"))
                    checks.append((result_validators[method], message["result"]))
            for check in checks:
                checker, value = check if isinstance(check, tuple) else (check, message)
                for error in checker.iter_errors(value):
                    failures += 1
                    path = "/".join(str(part) for part in error.absolute_path)
                    print(f"line {number} ({entry['direction']}) at /{path}: {error.message}")
                    print(f"  message: {json.dumps(message)[:400]}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
