#!/usr/bin/env python3
"""Drives Folio over its embedding protocol: opens a CSV, shows the context menu of a
selected row, deletes the row by answering the dialog, and prints the toolbar as it lays
out at two widths.

usage: demo.py [--folio PATH] CSV
"""

import argparse
import os
import sys

from folio_embed import Folio, FolioError


def show_toolbar(layout):
    regions = ["leading", "center", "trailing", "bottom", "overflow"]
    print("  toolbar at width %d (%s, %d used):" % (layout["width"], layout["sizeClass"], layout["usedWidth"]))
    for region in regions:
        items = layout[region]
        if items:
            print("    %-8s %s" % (region, ", ".join(item["title"] or item["id"] for item in items)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folio", default="folio", help="the folio program")
    parser.add_argument("csv", help="a CSV file with at least two rows")
    arguments = parser.parse_args()

    folder, name = os.path.split(os.path.abspath(arguments.csv))
    # Folio runs in the CSV's folder: a path to it is taken from here, a bare name from PATH.
    program = os.path.abspath(arguments.folio) if os.sep in arguments.folio else arguments.folio
    command = [program, "--embed", "--no-plugins"]
    with Folio(command, cwd=folder) as folio:
        folio.initialize(
            notifications=["document.changed", "selection.changed", "dialog.presented", "dialog.dismissed"],
            environment={"platform": "mac", "width": 100})

        document = folio.request("document.open", {"path": name})
        print("opened %s: %d rows × %d columns" % (document["title"], document["rows"], document["columns"]))

        rows = folio.request("table.rows", {"count": 3})
        for row in rows["rows"]:
            print("  row id %d: %s" % (row["id"], ", ".join(row["cells"].values())))
        chosen = rows["rows"][1]["id"]

        folio.request("selection.set", {"ids": [chosen]})
        menu = folio.request("menu.context")
        print("context menu of row %d (%s): %s" % (
            chosen, menu["menu"]["title"], ", ".join(item["title"] for item in menu["items"])))

        asked = folio.request("menu.choose", {"path": ["Delete"]})
        dialog = asked["result"]["dialog"]
        print("dialog: %s %s" % (dialog["title"], dialog["message"]))
        print("  buttons: " + ", ".join("%s (%s)" % (b["title"], b["role"]) for b in dialog["buttons"]))
        destructive = next(b for b in dialog["buttons"] if b["role"] == "destructive")
        result = folio.request("dialog.answer", {"button": destructive["id"]})
        print("answered %s: %s" % (destructive["id"], result["message"]))
        for note in folio.take_notifications():
            print("  notification %s %s" % (note["method"], note["params"] if note["method"] != "dialog.presented" else ""))

        try:
            folio.request("cell.get", {"row": chosen, "column": "name"})
        except FolioError as error:
            print("row %d is gone: %s (%d)" % (chosen, error.message, error.code))

        for width in (100, 30):
            show_toolbar(folio.request("toolbar.layout", {"width": width}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
