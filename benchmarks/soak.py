#!/usr/bin/env python3
"""Soak: a batch script of mixed commands over 20 open documents and 10 plugins.

Generates its inputs deterministically in a temporary folder, runs the script through
the folio binary, reads the process's resident memory each time the script passes a
progress marker, and reports whether memory stayed flat after warm-up.

    benchmarks/soak.py [--folio PATH] [--commands N] [--quick]

Exit status 1 when folio failed, or when resident memory grew more than the allowed drift
after warm-up (not checked with --quick, whose run is too short to pass warm-up).
"""

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time

DOCUMENTS = 20
PLUGINS = 10
ROWS = 200
MARKER_EVERY = 10_000


def write_inputs(folder, commands, rng, marker_every=MARKER_EVERY):
    """Writes the documents, the plugins and the script; returns the script's path."""
    for number in range(1, DOCUMENTS + 1):
        with open(os.path.join(folder, f"doc{number}.csv"), "w") as f:
            f.write("name,score,city\n")
            for row in range(1, ROWS + 1):
                f.write(f"place {row},{rng.randint(0, 999)},city {row % 17}\n")
    for number in range(1, PLUGINS + 1):
        plugin = os.path.join(folder, "plugins", f"soak{number}")
        os.makedirs(plugin)
        with open(os.path.join(plugin, "plugin.lua"), "w") as f:
            f.write(PLUGIN.replace("NAME", f"soak{number}"))
    script = os.path.join(folder, "soak.folio")
    with open(script, "w") as f:
        for number in range(1, DOCUMENTS + 1):
            f.write(f"open doc{number}.csv\n")
        written = 0
        while written < commands:
            for line in mixed_commands(rng):
                f.write(line + "\n")
                written += 1
                if written % marker_every == 0:
                    f.write(f"echo @soak {written}\n")
                if written >= commands:
                    break
    return script


# Each plugin edits the active table through a handle, reads it, keeps a counter in
# memory and logs now and then: the per-plugin log and undo history must stay bounded.
PLUGIN = """
local count = 0
folio.command { id = "NAME.touch", title = "Touch", run = function(ctx)
  local d = ctx.document
  local first = d:rows()[1]
  d:set(first.id, "score", tostring((tonumber(first.score) or 0) + 1))
end }
folio.command { id = "NAME.count", title = "Count", run = function(ctx)
  count = count + 1
  if count % 100 == 0 then folio.log("counted " .. count) end
  return #ctx.document:columns()
end }
folio.context_menu { selection = "single", items = { "NAME.touch" } }
"""


def mixed_commands(rng):
    """One round of commands a user or a script might issue against the open documents."""
    row = rng.randint(1, ROWS)
    plugin = rng.randint(1, PLUGINS)
    yield f"focus {rng.randint(1, DOCUMENTS)}"
    yield f"cell {row} score {rng.randint(0, 999)}"
    yield f"select {row}"
    yield f"soak{plugin}.touch"
    yield f"soak{plugin}.count"
    yield "context-menu"
    yield "menu close"
    yield f"show {row}"
    yield "undo"
    yield "redo"
    yield "add name=new score=1 city=nowhere"
    yield f"delete {ROWS + 1} --yes"
    yield "sort score:desc name" if rng.random() < 0.05 else "selection"
    yield "select none"
    yield "menu title" if rng.random() < 0.5 else "toolbar"


def resident_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def fitted_slope(samples):
    """The least-squares slope of resident KiB per command."""
    count = len(samples)
    mean_x = sum(x for x, _ in samples) / count
    mean_y = sum(y for _, y in samples) / count
    spread = sum((x - mean_x) ** 2 for x, _ in samples)
    if spread == 0:
        return 0.0
    return sum((x - mean_x) * (y - mean_y) for x, y in samples) / spread


class Result:
    """A soak run: its exit status and errors, time, and the resident memory read at each
    marker, with what the checks make of them."""

    def __init__(self, status, errors, elapsed, samples):
        self.status = status
        self.errors = errors
        self.elapsed = elapsed
        self.samples = samples
        if not samples:
            return
        # After warm-up (the first tenth: undo histories and caches fill up), compare the
        # highest reading of the second quarter with that of the last quarter, and fit a line
        # through every reading after warm-up: flat memory has neither a step nor a slope.
        quarter = max(1, len(samples) // 4)
        settled = samples[len(samples) // 10:]
        self.early_kib = max(kib for _, kib in samples[quarter:2 * quarter] or samples)
        self.late_kib = max(kib for _, kib in samples[-quarter:])
        self.peak_kib = max(kib for _, kib in samples)
        self.growth = (self.late_kib - self.early_kib) / self.early_kib
        # Bytes a command.
        self.slope = fitted_slope(settled) * 1024


def run(folio, commands, marker_every=MARKER_EVERY, seed=20261129):
    """Generates the inputs from `seed` in a temporary folder, runs `commands` mixed commands
    through `folio` in one process and reads its resident memory every `marker_every`."""
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="folio-soak-") as folder:
        script = write_inputs(folder, commands, rng, marker_every)
        environment = dict(os.environ, FOLIO_PLUGINS_DIR="", NO_COLOR="1",
                           XDG_STATE_HOME=os.path.join(folder, "state"),
                           XDG_CONFIG_HOME=os.path.join(folder, "config"))
        started = time.monotonic()
        process = subprocess.Popen(
            [os.path.abspath(folio), "--keep-going", "--plugins", "plugins", "run", script], cwd=folder,
            env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        samples = []
        for line in process.stdout:
            if line.startswith("@soak "):
                samples.append((int(line.split()[1]), resident_kib(process.pid)))
        errors = process.stderr.read()
        status = process.wait()
        return Result(status, errors, time.monotonic() - started, samples)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folio", default=".build/release/folio")
    parser.add_argument("--commands", type=int, default=1_000_000)
    parser.add_argument("--quick", action="store_true", help="50,000 commands")
    parser.add_argument("--drift", type=float, default=0.05,
                        help="allowed growth of resident memory after warm-up (fraction)")
    options = parser.parse_args()
    commands = 50_000 if options.quick else options.commands
    result = run(options.folio, commands)
    if result.status != 0 or not result.samples:
        print(f"soak: folio exited with {result.status}\n{result.errors[-2000:]}", file=sys.stderr)
        return 1
    print(f"soak: {commands:,} commands over {DOCUMENTS} documents and {PLUGINS} plugins "
          f"in {result.elapsed:.1f} s ({result.elapsed / commands * 1e6:.1f} µs a command)")
    print(f"soak: resident memory {result.early_kib / 1024:.1f} MiB in the second quarter, "
          f"{result.late_kib / 1024:.1f} MiB in the last: {result.growth * 100:+.1f}% "
          f"(allowed {options.drift * 100:.0f}%), trend {result.slope:+.2f} bytes a command "
          f"({result.slope * 100_000 / 1e6:+.3f} MB per 100,000)")
    return 0 if options.quick or result.growth <= options.drift else 1


if __name__ == "__main__":
    sys.exit(main())
