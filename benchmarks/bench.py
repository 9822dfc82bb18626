#!/usr/bin/env python3
"""Folio against its peers, side by side, in one run: `make bench` (see docs/benchmarks.md).

Each measure runs Folio and its peer alternately, several times, in fresh processes, and
reports the median with the min–max, the peak resident memory of each (wait4's ru_maxrss)
and the ratio against the target of issue #20, then one verdict line per target (PASS/MISS). Inputs are generated here, deterministically.
Measures that must subtract a process's start-up run a baseline beside each run and report
the difference ("net"). `--quick` runs tiny inputs once each to check the harness end to
end (the test suite does that); its figures mean nothing.

Timings are measurements, never pass/fail checks: the exit status is 0 whenever every run
succeeded and printed what it should, whether or not the targets are met.
"""
import argparse
import json
import os
import random
import shlex
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))

FULL = {
    "rows": 1_000_000,
    "register": 10_000,
    "invocations": 1_000_000,
    "callbacks": 1_000_000,
    "entries": 1_000,
    "selected": 10_000,
    "menus": 200,
    "start_reps": 30,
    "reps": 5,
    "heavy_reps": 3,
    "round_trips": 2_000,
    "pipelined": 100_000,
    "huge_rows": 10_000_000,
    "huge_reps": 3,
    "soak_commands": 1_000_000,
}
QUICK = {
    "rows": 2_000,
    "register": 100,
    "invocations": 1_000,
    "callbacks": 1_000,
    "entries": 20,
    "selected": 100,
    "menus": 2,
    "start_reps": 1,
    "reps": 1,
    "heavy_reps": 1,
    "round_trips": 20,
    "pipelined": 200,
    "huge_rows": 20_000,
    "huge_reps": 1,
    "soak_commands": 3_000,
}


class RunFailed(Exception):
    """A measured program exited with an error or printed something unexpected."""


class Sample:
    """One run of one program: seconds (wall or CPU, per --clock), peak resident bytes,
    standard output."""

    def __init__(self, seconds, peak, output):
        self.seconds = seconds
        self.peak = peak
        self.output = output


# The most of a run's output kept in memory. A child's peak memory (`ru_maxrss`) starts at
# this process's size when it is forked, so holding a large output (`show` of a million rows
# writes 79 MB, four bytes a character once decoded) would be measured as the next runs'
# peak: larger outputs are searched a chunk at a time and only their end is kept.
OUTPUT_KEPT = 1 << 20


def read_output(path, expect):
    """Whether `expect` (when given) is in the output at `path`, and the output — its last
    OUTPUT_KEPT bytes when it is longer."""
    wanted = expect.encode() if expect is not None else None
    with open(path, "rb") as out:
        if os.fstat(out.fileno()).st_size <= OUTPUT_KEPT:
            data = out.read()
            return wanted is None or wanted in data, data.decode(errors="replace")
        found = wanted is None
        tail = b""
        while chunk := out.read(OUTPUT_KEPT):
            window = tail[-len(wanted):] + chunk if wanted else chunk
            found = found or wanted in window
            tail = (tail + chunk)[-OUTPUT_KEPT:]
        return found, tail.decode(errors="replace")


class Bench:
    """Runs programs in the work folder and collects the rows of the table."""

    def __init__(self, args, sizes, work):
        self.args = args
        self.sizes = sizes
        self.work = work
        self.rows = []
        self.skipped = []
        self.environment = {
            **os.environ,
            "FOLIO_STATE_DIR": os.path.join(work, "state"),
            "XDG_CONFIG_HOME": os.path.join(work, "config"),
            "FOLIO_PLUGINS_DIR": "",
            "NO_COLOR": "1",
            "LANG": "C.UTF-8",
        }

    # Running programs

    def run(self, argv, expect=None, environment=None):
        """Runs argv to completion and measures it; `expect` must appear in its output."""
        out_path = os.path.join(self.work, "run.out")
        err_path = os.path.join(self.work, "run.err")
        with open(out_path, "wb") as out, open(err_path, "wb") as err:
            start = time.perf_counter()
            process = subprocess.Popen(
                argv, cwd=self.work, stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                env=environment or self.environment)
            _, status, usage = os.wait4(process.pid, 0)
            elapsed = time.perf_counter() - start
        if self.args.clock == "cpu":
            elapsed = usage.ru_utime + usage.ru_stime
        code = os.waitstatus_to_exitcode(status)
        if code != 0:
            with open(err_path, "rb") as err:
                errors = err.read().decode(errors="replace")
            raise RunFailed(f"{' '.join(argv)[:200]} exited {code}: {errors[-2000:]}")
        found, output = read_output(out_path, expect)
        if not found:
            raise RunFailed(f"{' '.join(argv)[:200]}: expected {expect!r} in output, got {output[-500:]!r}")
        return Sample(elapsed, usage.ru_maxrss * 1024, output)

    def folio(self, *arguments, expect=None, plugins=None):
        """Runs the folio binary; `plugins` is the shipped folder (none by default)."""
        environment = dict(self.environment)
        if plugins is not None:
            environment["FOLIO_PLUGINS_DIR"] = plugins
        return self.run([self.args.folio, *arguments], expect=expect, environment=environment)

    def alternate(self, reps, programs):
        """Runs each program in turn, `reps` times round; returns the samples per program."""
        samples = {name: [] for name in programs}
        for _ in range(reps):
            for name, program in programs.items():
                samples[name].append(program())
        return samples

    # The table

    def add(self, measure, folio, peer_name, peer, target, limit, unit="s", folio_peak=None,
            peer_peak=None, note="", met=None):
        """Adds a row. `folio` and `peer` are lists of seconds (or of the unit given); the
        ratio is folio / peer against `limit` (a ratio), or folio against an absolute limit
        when `peer` is None; `met` decides instead when the target is not about time."""
        self.rows.append({
            "measure": measure, "folio": folio, "peer_name": peer_name, "peer": peer,
            "target": target, "limit": limit, "unit": unit, "folio_peak": folio_peak,
            "peer_peak": peer_peak, "note": note, "met": met,
        })

    def evaluate(self, row):
        """The figures of a row: its ratio (or "below noise"), whether its target is met (None
        when it has none) and the text of the peer's time."""
        folio = statistics.median(row["folio"])
        peer_text = spread(row["peer"], row["unit"]) if row["peer"] is not None else ""
        if folio <= 0 or (row["peer"] is not None and statistics.median(row["peer"]) <= 0):
            ratio_text, met = "below noise", None
        elif row["peer"] is not None:
            ratio = folio / statistics.median(row["peer"])
            ratio_text = f"{ratio:.2f}×"
            met = ratio <= row["limit"] if row["limit"] is not None else None
        else:
            ratio_text = ""
            met = folio <= row["limit"] if row["limit"] is not None else None
        if row["met"] is not None:
            met = row["met"]
        return ratio_text, met, peer_text

    def print_table(self):
        header = ["measure", "Folio", "peer", "peer time", "ratio", "target", "met", "Folio MB", "peer MB"]
        lines = []
        for row in self.rows:
            ratio_text, met, peer_text = self.evaluate(row)
            lines.append([
                row["measure"], spread(row["folio"], row["unit"]), row["peer_name"], peer_text, ratio_text,
                row["target"], {True: "yes", False: "NO", None: ""}[met],
                megabytes(row["folio_peak"]), megabytes(row["peer_peak"]),
            ])
        widths = [max(len(str(line[i])) for line in [header] + lines) for i in range(len(header))]
        print("| " + " | ".join(h.ljust(w) for h, w in zip(header, widths)) + " |")
        print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
        for line in lines:
            print("| " + " | ".join(str(c).ljust(w) for c, w in zip(line, widths)) + " |")
        notes = [f"- {row['measure']}: {row['note']}" for row in self.rows if row["note"]]
        if notes:
            print()
            print("\n".join(notes))

    def print_verdicts(self):
        """One line per row that has a target: PASS or MISS (NOISE when the figure is below
        the noise), the measure and its peer, the figure compared — the ratio; for a row
        decided by something other than time, its note; else Folio's median — and the target."""
        lines = []
        parent = ""
        for row in self.rows:
            # A row named "… per line" continues the row before it: the verdict names both.
            measure = f"{parent} {row['measure']}" if row["measure"].startswith("…") else row["measure"]
            if not row["measure"].startswith("…"):
                parent = row["measure"]
            if not row["target"]:
                continue
            ratio_text, met, _ = self.evaluate(row)
            if met is None and ratio_text != "below noise":
                continue
            verdict = {True: "PASS", False: "MISS", None: "NOISE"}[met]
            if ratio_text:
                figure = ratio_text
            elif row["met"] is not None and row["note"]:
                figure = row["note"]  # decided by something other than time, e.g. peak memory
            else:
                figure = spread([statistics.median(row["folio"])], row["unit"])
            against = f" vs {row['peer_name']}" if row["peer_name"] else ""
            lines.append(f"{verdict:<5} {measure}{against}: {figure} (target {row['target']})")
        if lines:
            print()
            print("Verdicts:")
            print("\n".join(lines))


def spread(values, unit):
    """`median (min–max)` in a readable unit."""
    def text(value):
        if unit == "ns":
            return f"{value:.0f} ns"
        if unit == "µs":
            return f"{value:.1f} µs"
        if unit == "×":
            return f"{value:.2f}×"
        if unit == "MB/100k":
            return f"{value:+.3f} MB/100k"
        if unit == "req/s":
            return f"{value:,.0f} req/s"
        if abs(value) >= 1:
            return f"{value:.2f} s"
        if abs(value) >= 0.001:
            return f"{value * 1e3:.1f} ms"
        return f"{value * 1e6:.0f} µs"
    if len(values) == 1:
        return text(values[0])
    return f"{text(statistics.median(values))} ({text(min(values))}–{text(max(values))})"


def megabytes(peak):
    return "" if peak is None else f"{peak / 1e6:.1f}"


def peak(samples):
    return max(sample.peak for sample in samples)


def seconds(samples):
    return [sample.seconds for sample in samples]


def differences(full, base):
    """Per-round differences of two sample lists run alternately; below zero when noise
    outweighs the measured part (the table then shows no ratio)."""
    return [a.seconds - b.seconds for a, b in zip(full, base)]


# Inputs


def make_csv(path, rows):
    """A table of about 49 bytes a row: id, name, city, score, notes (seeded, so the same
    rows every run), written a batch of lines at a time."""
    rng = random.Random(1)
    with open(path, "w") as out:
        out.write("id,name,city,score,notes\n")
        batch = []
        for i in range(1, rows + 1):
            batch.append(f"{i},Person {rng.randint(1, rows)},City {rng.randint(1, 500)},"
                         f"{rng.random() * 100:.3f},notes {i}\n")
            if len(batch) == 100_000:
                out.write("".join(batch))
                batch.clear()
        out.write("".join(batch))


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as out:
        out.write(text)


def make_plugins(work, sizes):
    """The generated plugins, one folder of plugins per measure."""
    register = """-- Registers COUNT commands, each with one optional parameter.
local function run(ctx, args) end
for i = 1, COUNT do
  folio.command { id = "reg.c" .. i, title = "Command " .. i,
    params = { { name = "who", type = "string", optional = true } }, run = run }
end
"""
    for count in (0, sizes["register"]):
        write(os.path.join(work, f"register-{count}", "reg", "plugin.lua"), register.replace("COUNT", str(count)))
    write(os.path.join(work, "tick", "tick", "plugin.lua"), """-- A command to replay: adds its argument to a counter.
local total = 0
folio.command { id = "tick.hit", title = "Hit", params = { { name = "n", type = "int" } },
  run = function(ctx, args) total = total + args.n end }
folio.command { id = "tick.total", title = "Total", run = function() return "total " .. total end }
""")
    write(os.path.join(work, "callback", "cb", "plugin.lua"), """-- The callback measured through the registry; the pure Lua loop calls the same function.
count = 0
function bench_run(ctx, args) count = count + 1 end
folio.command { id = "cb.run", title = "Run", run = bench_run }
folio.command { id = "cb.count", title = "Count", run = function() return "count " .. count end }
""")
    write(os.path.join(work, "context", "cm", "plugin.lua"), """-- ENTRIES context-menu entries for several rows, each a command with a predicate.
for i = 1, ENTRIES do
  folio.command { id = "cm.c" .. i, title = "Action " .. i,
    enabled = function(ctx) return ctx.selection.count > i % 3 end,
    run = function(ctx) return ctx.selection.count end }
  folio.context_menu { selection = "multiple", items = { "cm.c" .. i } }
end
""".replace("ENTRIES", str(sizes["entries"])))
    write(os.path.join(work, "bulk", "bulk", "plugin.lua"), """-- Real-sized documents (issue 35 §6): a d:set per row in one callback, and a frequency count.
folio.command { id = "bulk.set", title = "Set Every Row", run = function(ctx)
  local d = ctx.document
  local n = d:count()
  for id = 1, n do d:set(id, "notes", "x") end
  return "set " .. n
end }
folio.command { id = "bulk.none", title = "Count Rows", run = function(ctx) return "set " .. ctx.document:count() end }
folio.command { id = "bulk.freq", title = "Count Cities", run = function(ctx)
  local counts, distinct = {}, 0
  for _, city in ipairs(ctx.document:column("city")) do
    if counts[city] == nil then distinct = distinct + 1 end
    counts[city] = (counts[city] or 0) + 1
  end
  return "distinct " .. distinct
end }
""")
    write(os.path.join(work, "decorated", "deco", "plugin.lua"), """-- A decoration and a bar on big.csv's score (0-100): declared, so no Lua runs per row.
folio.row_decoration { id = "deco.high", symbol = "star.fill", column = "score", at_least = 50 }
folio.cell_format { id = "deco.bar", column = "score", kind = "bar", min = 0, max = 100 }
""")


def pure_lua_loop(count):
    """The callback of the `cb` plugin, called `count` times from a Lua loop with a ctx."""
    return f"""count = 0
function bench_run(ctx, args) count = count + 1 end
local f, ctx = bench_run, {{ args = {{}}, selection = {{ count = 0, ids = {{}} }} }}
local start = os.clock()
for _ = 1, {count} do f(ctx, ctx.args) end
local elapsed = os.clock() - start
assert(count == {count})
io.write(string.format("%.3f ns per call\\n", elapsed / {count} * 1e9))
"""


# Measures


def measure_start(bench):
    sizes = bench.sizes
    shipped = os.path.join(ROOT, "plugins")
    samples = bench.alternate(sizes["start_reps"], {
        "folio": lambda: bench.folio("-c", "echo ready", expect="ready", plugins=shipped),
        "bare": lambda: bench.folio("--no-plugins", "-c", "echo ready", expect="ready"),
        "lua": lambda: bench.run(["lua5.4", "-e", ""]),
        "nvim": lambda: bench.run(["nvim", "--headless", "-u", "NONE", "+qa"]),
    })
    folio = seconds(samples["folio"])
    # A plugin that fails to load costs less than one that loads: say so beside the figure.
    listing = bench.folio("-c", "plugins", plugins=shipped).output.splitlines()
    loaded = [line.split()[0] for line in listing if line.split()[-1:] == ["loaded"]]
    failed = [line.split()[0] for line in listing if "failed:" in line.split()[1:3]]
    note = f"`folio -c 'echo ready'` with the shipped plugins loaded ({', '.join(loaded)})"
    if failed:
        note += f"; failed to load, so not counted: {', '.join(failed)}"
    bench.add("cold start to first command, shipped plugins", folio, "lua5.4 -e ''", seconds(samples["lua"]),
              "", None, folio_peak=peak(samples["folio"]), peer_peak=peak(samples["lua"]), note=note)
    bench.add("cold start to first command, shipped plugins", folio, "nvim --headless -u NONE +qa",
              seconds(samples["nvim"]), "≤ 0.6×", 0.6, folio_peak=peak(samples["folio"]),
              peer_peak=peak(samples["nvim"]))
    bench.add("cold start, --no-plugins", seconds(samples["bare"]), "lua5.4 -e ''", seconds(samples["lua"]),
              "≤ 2×", 2, folio_peak=peak(samples["bare"]), peer_peak=peak(samples["lua"]))


def measure_register(bench):
    count = bench.sizes["register"]
    nvim = ("for i = 1, COUNT do vim.api.nvim_create_user_command('C' .. i, function(o) end, "
            "{ nargs = '?' }) end")
    # Each run keeps its own state folder: both plugins are named `reg`, and in one store each
    # run's declaration cache entry would replace the other's, so that every run loaded its
    # plugin.lua the ordinary way and wrote its entry again instead of registering from it.
    def folio(count, *arguments, expect):
        environment = dict(bench.environment)
        environment["FOLIO_STATE_DIR"] = os.path.join(bench.work, f"state-register-{count}")
        return bench.run([bench.args.folio, "--plugins", f"register-{count}", *arguments], expect=expect,
                         environment=environment)

    # A first run of each fills its cache: the measure is a start with the cache filled.
    folio(count, "-c", f"help reg.c{count}", expect=f"reg.c{count}")
    folio(0, "-c", "echo ready", expect="ready")
    samples = bench.alternate(bench.sizes["reps"], {
        "folio": lambda: folio(count, "-c", f"help reg.c{count}", expect=f"reg.c{count}"),
        "folio0": lambda: folio(0, "-c", "echo ready", expect="ready"),
        "nvim": lambda: bench.run(["nvim", "--headless", "-u", "NONE", "-c",
                                   "lua " + nvim.replace("COUNT", str(count)), "+qa"]),
        "nvim0": lambda: bench.run(["nvim", "--headless", "-u", "NONE", "-c", "lua " + nvim.replace("COUNT", "0"),
                                    "+qa"]),
    })
    bench.add(f"register {count:,} plugin commands (net)", differences(samples["folio"], samples["folio0"]),
              "nvim_create_user_command", differences(samples["nvim"], samples["nvim0"]), "≤ 0.1×", 0.1,
              folio_peak=peak(samples["folio"]), peer_peak=peak(samples["nvim"]),
              note="net of the same process registering none")


def measure_replay(bench):
    count = bench.sizes["invocations"]
    write(os.path.join(bench.work, "ticks.folio"), "tick.hit 2\n" * count + "tick.total\n")
    write(os.path.join(bench.work, "ticks0.folio"), "tick.total\n")
    write(os.path.join(bench.work, "ticks.vim"), "Tick 2\n" * count)
    write(os.path.join(bench.work, "ticks0.vim"), "")
    define = ("lua total = 0; vim.api.nvim_create_user_command('Tick', function(o) total = total + "
              "tonumber(o.args) end, { nargs = 1 })")
    report = "lua io.stdout:write('total ' .. total .. '\\n')"

    def nvim(script):
        return bench.run(["nvim", "--headless", "-u", "NONE", "-c", define, "-c", f"source {script}", "-c", report,
                          "+qa"], expect=f"total {2 * count if script == 'ticks.vim' else 0}")

    samples = bench.alternate(bench.sizes["heavy_reps"], {
        "folio": lambda: bench.folio("--plugins", "tick", "run", "ticks.folio", expect=f"total {2 * count}"),
        "folio0": lambda: bench.folio("--plugins", "tick", "run", "ticks0.folio", expect="total 0"),
        "nvim": lambda: nvim("ticks.vim"),
        "nvim0": lambda: nvim("ticks0.vim"),
    })
    folio = differences(samples["folio"], samples["folio0"])
    peer = differences(samples["nvim"], samples["nvim0"])
    bench.add(f"replay {count:,} plugin-command lines (net)", folio, "nvim: user command ×N", peer, "≤ 0.5×", 0.5,
              folio_peak=peak(samples["folio"]), peer_peak=peak(samples["nvim"]),
              note="`tick.hit 2` per line through `folio run`, vs `Tick 2` per line through `:source`")
    bench.add("… per line", [value / count * 1e6 for value in folio], "", None, "≤ 0.7 µs", 0.7, unit="µs")


def measure_callback(bench):
    count = bench.sizes["callbacks"]
    write(os.path.join(bench.work, "loop.lua"), pure_lua_loop(count))
    programs = {
        "folio": lambda: bench.run([bench.args.folio_bench, "callback", "callback", str(count)],
                                   expect="ns per call"),
        "floor": lambda: bench.run([bench.args.folio_bench, "callback-floor", str(count)], expect="ns per call"),
        "lua": lambda: bench.run(["lua5.4", "loop.lua"], expect="ns per call"),
    }
    try:
        programs["floor"]()
    except RunFailed:
        del programs["floor"]  # an older folio-bench, compared with this one
    samples = bench.alternate(bench.sizes["reps"], programs)
    loop = [per_call(s) for s in samples["lua"]]
    bench.add("plugin callback through the registry", [per_call(s) for s in samples["folio"]],
              "the same function in a Lua loop", loop, "≤ 5×", 5, unit="ns",
              note="folio-bench (in process): CommandRegistry.invoke of a plugin command, vs lua5.4 calling "
                   "the same function with a ctx")
    if "floor" not in samples:
        return
    # What the plugin API asks of every call, in Lua alone: when this row's ratio is above the
    # callback's target, no host can meet the target (docs/performance.md, "Plugin callback: ≤ 2× its floor").
    bench.add("… its floor: a coroutine with its own ctx and args", [per_call(s) for s in samples["floor"]],
              "the same function in a Lua loop", loop, "reported", None, unit="ns",
              note="folio-bench callback-floor: lua_resume of the function on a kept thread with a new ctx and "
                   "args table and a count hook, a call; nothing of Folio's")


def per_call(sample):
    return float(sample.output.split()[0])


def measure_tables(bench):
    sizes = bench.sizes
    rows = sizes["rows"]
    make_csv(os.path.join(bench.work, "big.csv"), rows)
    shutil.copy(os.path.join(bench.work, "big.csv"), os.path.join(bench.work, "save.csv"))
    size = os.path.getsize(os.path.join(bench.work, "big.csv"))
    label = f"{rows:,}-row {size / 1e6:.0f} MB CSV"
    python = "import csv, sys\nwith open('big.csv', newline='') as f: rows = list(csv.reader(f))\nprint(len(rows))\n"
    write(os.path.join(bench.work, "read.py"), python)

    def sqlite(*commands, expect=None):
        return bench.run(["sqlite3", ":memory:", "-cmd", ".import --csv big.csv t", *commands], expect=expect)

    reps = sizes["reps"]
    opened = bench.alternate(reps, {
        "folio": lambda: bench.folio("-c", "open big.csv; info", expect=f"{rows}"),
        "sqlite": lambda: sqlite("SELECT count(*) FROM t;", expect=f"{rows}"),
        "python": lambda: bench.run(["python3", "read.py"], expect=f"{rows + 1}"),
    })
    folio = seconds(opened["folio"])
    bench.add(f"open a {label}", folio, "sqlite3 .import", seconds(opened["sqlite"]), "≤ 1×", 1,
              folio_peak=peak(opened["folio"]), peer_peak=peak(opened["sqlite"]))
    bench.add(f"open a {label}", folio, "python3 csv", seconds(opened["python"]), "≤ 1×", 1,
              folio_peak=peak(opened["folio"]), peer_peak=peak(opened["python"]))
    bench.add("… peak memory / file size", [peak(opened["folio"]) / size], "", None, "≤ 3×", 3, unit="×")

    # `open -` of the same CSV from a pipe (issue 36 §6), against sqlite3 importing
    # /dev/stdin and, where installed, Miller counting the records it reads.
    folio_command = shlex.quote(bench.args.folio)
    piped_programs = {
        "folio": lambda: bench.run(
            ["sh", "-c", f"cat big.csv | {folio_command} -c 'open - --as csv; info'"], expect=f"{rows}"),
        "sqlite": lambda: bench.run(
            ["sh", "-c", "cat big.csv | sqlite3 :memory: -cmd '.import --csv /dev/stdin t' "
                         "'SELECT count(*) FROM t;'"], expect=f"{rows}"),
    }
    if shutil.which("mlr"):
        piped_programs["miller"] = lambda: bench.run(
            ["sh", "-c", "cat big.csv | mlr --icsv --ojson count"], expect=f"{rows}")
    else:
        bench.skipped.append("open - from a pipe against Miller: mlr is not installed")
    piped_open = bench.alternate(reps, piped_programs)
    peers = {name: seconds(samples) for name, samples in piped_open.items() if name != "folio"}
    fastest = min(peers, key=lambda name: statistics.median(peers[name]))
    bench.add(f"open - of a {label} from a pipe", seconds(piped_open["folio"]),
              {"sqlite": "sqlite3 .import /dev/stdin", "miller": "mlr count"}[fastest], peers[fastest],
              "≤ 0.5×", 0.5, folio_peak=peak(piped_open["folio"]), peer_peak=peak(piped_open[fastest]),
              note="`cat big.csv | folio -c 'open - --as csv; info'` against the fastest peer reading the same pipe")
    bench.add("… peak memory / file size (open -)", [peak(piped_open["folio"]) / size], "", None, "≤ 2×", 2,
              unit="×")

    sorted_ = bench.alternate(sizes["heavy_reps"], {
        "folio": lambda: bench.folio("-c", "open big.csv; sort city name; show 1", expect="City 1"),
        "folio0": lambda: bench.folio("-c", "open big.csv; show 1", expect="Person"),
        "sqlite": lambda: sqlite(".output /dev/null", "SELECT id FROM t ORDER BY city, name;"),
        "sqlite0": lambda: sqlite(".output /dev/null", "SELECT count(*) FROM t;"),
    })
    bench.add(f"sort {rows:,} rows by two text keys (net)", differences(sorted_["folio"], sorted_["folio0"]),
              "sqlite3 ORDER BY", differences(sorted_["sqlite"], sorted_["sqlite0"]), "≤ 1×", 1,
              folio_peak=peak(sorted_["folio"]), peer_peak=peak(sorted_["sqlite"]),
              note="`sort city name` after `open`, vs `SELECT id FROM t ORDER BY city, name` after `.import`")

    # A sorted table stays sorted: each edit puts its row back in place by binary search,
    # not by sorting every row again (docs/tables.md, "Keeping the order"). 200 edits, so that
    # their cost (about 1.3 ms each) stands above the spread of the runs around them.
    edits = 20 if bench.args.quick else 200
    edited = "; ".join(f"cell {1 + (i * 48271) % rows} city 'City {i * 37 % 500}'" for i in range(edits))
    kept = bench.alternate(sizes["heavy_reps"], {
        "folio": lambda: bench.folio("-c", f"open big.csv; sort city name; {edited}; sort", expect="Set city"),
        "folio0": lambda: bench.folio("-c", "open big.csv; sort city name; sort", expect="sorted by city"),
    })
    bench.add(f"keep {rows:,} sorted rows in order after a cell edit (net)",
              [d / edits for d in differences(kept["folio"], kept["folio0"])], "", None, "≤ 0.05 s", 0.05,
              folio_peak=peak(kept["folio"]),
              note=f"`cell N city …` ×{edits} after `open; sort city name`, net, per edit: the row found by "
                   "binary search, the rows between moved")

    # An edit of a cell that is no sort key costs what it costs in the unsorted table: the row is
    # found by id in the sorted one (docs/tables.md, "Keeping the order"), not searched for.
    # Replayed from a script, each net of the same open (and sort) without the edits.
    scored = 1000 if bench.args.quick else 20000
    write(os.path.join(bench.work, "scores.folio"),
          "open big.csv\n" + "".join(f"cell {1 + (i * 48271) % rows} score {i % 1000}\n" for i in range(scored)))
    write(os.path.join(bench.work, "scores-sorted.folio"),
          "open big.csv\nsort city name\n" + "".join(f"cell {1 + (i * 48271) % rows} score {i % 1000}\n"
                                                  for i in range(scored)))
    write(os.path.join(bench.work, "open.folio"), "open big.csv\n")
    write(os.path.join(bench.work, "open-sorted.folio"), "open big.csv\nsort city name\n")
    scores = bench.alternate(sizes["heavy_reps"], {
        "sorted": lambda: bench.folio("run", "scores-sorted.folio"),
        "sorted0": lambda: bench.folio("run", "open-sorted.folio"),
        "unsorted": lambda: bench.folio("run", "scores.folio"),
        "unsorted0": lambda: bench.folio("run", "open.folio"),
    })
    bench.add(f"edit a cell of the sorted {rows:,}-row table (net, per edit)",
              [d / scored for d in differences(scores["sorted"], scores["sorted0"])],
              "the same edit unsorted", [d / scored for d in differences(scores["unsorted"], scores["unsorted0"])],
              "≤ 1.5×", 1.5, folio_peak=peak(scores["sorted"]), peer_peak=peak(scores["unsorted"]),
              note=f"`cell N score V` ×{scored:,} through `folio run` after `open; sort city name`, against the same "
                   "after `open`: the row found by id without a search")

    saved = bench.alternate(sizes["heavy_reps"], {
        "folio": lambda: bench.folio("-c", "open save.csv; cell 5 city Paris; save", expect="Saved"),
        "folio0": lambda: bench.folio("-c", "open save.csv; cell 5 city Paris"),
        "cp": lambda: bench.run(["sh", "-c", "cp big.csv copy.csv && sync copy.csv"]),
    })
    bench.add("save the edited table atomically (net)", differences(saved["folio"], saved["folio0"]),
              "cp + sync FILE", seconds(saved["cp"]), "", None, folio_peak=peak(saved["folio"]),
              peer_peak=peak(saved["cp"]), note="`save` after `open; cell`, net of the same without `save`: the "
                                                "difference of two runs that each write the recovery journal, so "
                                                "it spreads widely; the row below measures the save alone")
    # The save alone, in process (CPU time, fsync included), a cell edited before each; the
    # peer as above, as many times.
    runs = 3 if bench.args.quick else 15
    alone = bench.run([bench.args.folio_bench, "save", os.path.join(bench.work, "save.csv"), str(runs)],
                      expect="save ")
    copies = [bench.run(["sh", "-c", "cp big.csv copy.csv && sync copy.csv"]) for _ in range(runs)]
    bench.add("save the edited table atomically (in process)", [float(v) for v in alone.output.split()[1:]],
              "cp + sync FILE", seconds(copies), "≤ 2×", 2, folio_peak=alone.peak, peer_peak=peak(copies),
              note=f"folio-bench save: `Workspace.save` after a cell edit, {runs} times in one process (check on "
                   "disk, encode, temporary file, fsync, rename, fsync of the folder); each save but the first "
                   "finds the file its previous save wrote under two seconds before: racily clean, read to check it")
    settled = bench.run([bench.args.folio_bench, "save-settled", os.path.join(bench.work, "save.csv"), str(runs)],
                        expect="save ")
    bench.add("save the edited table atomically (in process, file read ≥ 2 s after its last write)",
              [float(v) for v in settled.output.split()[1:]], "cp + sync FILE", seconds(copies), "≤ 2×", 2,
              folio_peak=settled.peak, peer_peak=peak(copies),
              note="folio-bench save-settled: the same save, the document read again two seconds after the file's "
                   "last change before each edit: the check before the save trusts the file's status")

    # The context menu of 10,000 selected rows with 1,000 contributed entries, each with a
    # predicate: opened `count` more times after the same open and select, against once. A
    # first pair of runs sizes `count` so that the repeated menus take about a second.
    selected = sizes["selected"]
    base = f"open big.csv; select 1-{selected}; context-menu; menu close"
    count = sizes["menus"]
    if not bench.args.quick:
        probe = [bench.folio("--plugins", "context", "-c", base + "; context-menu; menu close" * 2),
                 bench.folio("--plugins", "context", "-c", base)]
        each = max(1e-4, (probe[0].seconds - probe[1].seconds) / 2)
        count = max(2, min(count, int(1.0 / each)))
    repeated = base + "; context-menu; menu close" * count
    menus = bench.alternate(sizes["heavy_reps"], {
        "folio": lambda: bench.folio("--plugins", "context", "-c", repeated, expect="Action 1"),
        "folio0": lambda: bench.folio("--plugins", "context", "-c", base, expect="Action 1"),
    })
    bench.add(f"context menu: {sizes['entries']:,} plugin entries, {selected:,} rows selected",
              [d / count for d in differences(menus["folio"], menus["folio0"])], "", None, "≤ 1 ms", 0.001,
              folio_peak=peak(menus["folio"]),
              note=f"`context-menu; menu close` ×{count} after `open; select 1-{selected}`, net, per menu "
                   "(every predicate runs, the menu is rendered)")

    # A plugin's loop of d:set over every row in one callback (one undo step), against Neovim
    # setting every line of the same file from Lua, one nvim_buf_set_lines a line; both net of
    # opening the file. Then a frequency count of the city column with d:column, which must
    # fit in the default 32 MB budget.
    lua_loop = f"lua for i = 0, {rows - 1} do vim.api.nvim_buf_set_lines(0, i, i + 1, false, {{'x'}}) end"
    bulk = bench.alternate(sizes["heavy_reps"], {
        "folio": lambda: bench.folio("--plugins", "bulk", "-c", "open big.csv; bulk.set", expect=f"set {rows}"),
        "folio0": lambda: bench.folio("--plugins", "bulk", "-c", "open big.csv; bulk.none", expect=f"set {rows}"),
        "nvim": lambda: bench.run(["nvim", "--headless", "-u", "NONE", "-i", "NONE", "-n", "big.csv", "-c", lua_loop,
                                   "-c", "lua io.stdout:write(vim.api.nvim_buf_line_count(0) .. ' lines\\n')",
                                   "+qa!"], expect=f"{rows + 1} lines"),
        "nvim0": lambda: bench.run(["nvim", "--headless", "-u", "NONE", "-i", "NONE", "-n", "big.csv",
                                    "-c", "lua io.stdout:write(vim.api.nvim_buf_line_count(0) .. ' lines\\n')",
                                    "+qa!"], expect=f"{rows + 1} lines"),
    })
    bench.add(f"{rows:,} d:set calls in one callback (net)", differences(bulk["folio"], bulk["folio0"]),
              "nvim_buf_set_lines ×N from Lua", differences(bulk["nvim"], bulk["nvim0"]), "≤ 1 s", None,
              folio_peak=peak(bulk["folio"]), peer_peak=peak(bulk["nvim"]),
              met=statistics.median(differences(bulk["folio"], bulk["folio0"])) <= 1.0,
              note="`bulk.set`: d:set(id, \"notes\", \"x\") for every row, default budgets, one undo step, net of "
                   "`open`; vs a Lua loop of nvim_buf_set_lines(0, i, i + 1, false, {'x'}) after `nvim big.csv`")
    frequency = bench.alternate(sizes["heavy_reps"], {
        "folio": lambda: bench.folio("--plugins", "bulk", "-c", "open big.csv; bulk.freq", expect="distinct "),
    })
    bench.add(f"frequency count of a {rows:,}-row column (d:column)", seconds(frequency["folio"]), "", None,
              "default 32 MB budget", None, folio_peak=peak(frequency["folio"]), met=True,
              note="`bulk.freq`: counts d:column(\"city\") in Lua under the default budgets (the run fails if not)")

    # The document measures kept from the first benchmark (no peer): memory against the file.
    last = f"{rows - 10}-{rows}"
    for name, commands in [
        (f"open + show {last}", f"open big.csv; show {last}"),
        ("open + save --as json", "open big.csv; save --as copy.json --force"),
        ("open + sort score:desc", "open big.csv; sort score:desc"),
        ("open + show (every row, to a file)", "open big.csv; show"),
    ]:
        runs = bench.alternate(sizes["heavy_reps"], {"folio": lambda c=commands: bench.folio("-c", c)})
        bench.add(name, seconds(runs["folio"]), "", None, "RSS ≤ 3× file", None,
                  folio_peak=peak(runs["folio"]), met=peak(runs["folio"]) <= 3 * size,
                  note=f"peak {peak(runs['folio']) / size:.2f}× the file")

    # The same `show` with a plugin's row decoration and cell format on the score column:
    # declared, so each row compares one cell and fills one bar, with no Lua call.
    decorated = bench.alternate(sizes["heavy_reps"], {
        "folio": lambda: bench.folio("--plugins", "decorated", "-c", "open big.csv; show"),
    })
    bench.add("open + show (every row, decorated, to a file)", seconds(decorated["folio"]), "", None,
              "RSS ≤ 3× file", None, folio_peak=peak(decorated["folio"]),
              met=peak(decorated["folio"]) <= 3 * size,
              note="folio.row_decoration + folio.cell_format on score; compare with the plain show above")

    # `show` streams: piped into `head -3` it ends as soon as head leaves, so it costs about
    # what `show 1` costs after the same open (issue 19: "in well under a second").
    folio_path = shlex.quote(bench.args.folio)
    headed = bench.alternate(sizes["heavy_reps"], {
        "folio": lambda: bench.run(["sh", "-c", f"{folio_path} -c 'open big.csv; show' | head -3"], expect="#"),
        "folio0": lambda: bench.run(["sh", "-c", f"{folio_path} -c 'open big.csv; show 1' | head -3"], expect="#"),
    })
    bench.add("open + show | head -3 (net of show 1)", differences(headed["folio"], headed["folio0"]), "", None,
              "≤ 0.1 s", 0.1, folio_peak=peak(headed["folio"]),
              note="the rows after the first screenful are never made: a closed pipe ends `show`")

    # Every row into a pipe, against SQLite writing every row as CSV into one; both net of
    # opening the table (`show 1`, `SELECT count(*)`), both read by `cat`. Memory stays flat
    # when showing every row peaks where showing one does.
    piped = bench.alternate(sizes["heavy_reps"], {
        "folio": lambda: bench.run(["sh", "-c", f"{folio_path} -c 'open big.csv; show' | cat >/dev/null"]),
        "folio0": lambda: bench.run(["sh", "-c", f"{folio_path} -c 'open big.csv; show 1' | cat >/dev/null"]),
        "sqlite": lambda: bench.run(["sh", "-c", "sqlite3 -csv :memory: -cmd '.import --csv big.csv t' "
                                           "'SELECT * FROM t;' | cat >/dev/null"]),
        "sqlite0": lambda: bench.run(["sh", "-c", "sqlite3 -csv :memory: -cmd '.import --csv big.csv t' "
                                            "'SELECT count(*) FROM t;' | cat >/dev/null"]),
    })
    bench.add(f"show {rows:,} rows to a pipe (net)", differences(piped["folio"], piped["folio0"]),
              "sqlite3 -csv SELECT *", differences(piped["sqlite"], piped["sqlite0"]), "≤ 1×", 1,
              folio_peak=peak(piped["folio"]), peer_peak=peak(piped["sqlite"]),
              note="`open big.csv; show | cat` net of `show 1`, vs `sqlite3 -csv … 'SELECT * FROM t;' | cat` net "
                   "of `SELECT count(*)`")
    bench.add("… peak memory, every row / one row", [peak(piped["folio"]) / peak(piped["folio0"])], "", None,
              "≤ 1.1× (flat)", 1.1, unit="×")


def measure_filters(bench):
    """Find, select where and summary on the tables group's CSV (made again when that group did
    not run), each net of `open`, beside sqlite3 net of `.import`, and Miller (`mlr`) where
    installed (docs/benchmarks.md, "Filters")."""
    rows = bench.sizes["rows"]
    path = os.path.join(bench.work, "big.csv")
    if not os.path.exists(path):
        make_csv(path, rows)

    def sqlite(*commands, expect=None):
        return bench.run(["sqlite3", ":memory:", "-cmd", ".import --csv big.csv t", *commands], expect=expect)

    miller = shutil.which("mlr")
    word = f"notes {rows // 2}7"
    programs = {
        "find": lambda: bench.folio("-c", f"open big.csv; find '{word}' --column notes", expect="match"),
        "where": lambda: bench.folio("-c", "open big.csv; count where name ~ '^Person 1[0-9]*7$'", expect="of"),
        "summary": lambda: bench.folio("-c", "open big.csv; summary city", expect="distinct"),
        "folio0": lambda: bench.folio("-c", "open big.csv; info", expect=f"{rows}"),
        "like": lambda: sqlite(f"SELECT count(*) FROM t WHERE notes LIKE '%{word}%';"),
        "regex": lambda: sqlite("SELECT count(*) FROM t WHERE name LIKE 'Person 1%7';"),
        "group": lambda: sqlite(".output /dev/null", "SELECT city, count(*) FROM t GROUP BY city ORDER BY 2 DESC;"),
        "sqlite0": lambda: sqlite("SELECT count(*) FROM t;"),
    }
    if miller:
        programs["mlr-find"] = lambda: bench.run(
            [miller, "--icsv", "--ocsv", "filter", f'$notes =~ "{word}"', "big.csv"])
        programs["mlr-where"] = lambda: bench.run(
            [miller, "--icsv", "--ocsv", "filter", '$name =~ "^Person 1[0-9]*7$"', "then", "count", "big.csv"])
        programs["mlr-summary"] = lambda: bench.run(
            [miller, "--icsv", "--ocsv", "count-distinct", "-f", "city", "then", "sort", "-nr", "count", "big.csv"])
    samples = bench.alternate(bench.sizes["heavy_reps"], programs)
    rows_label = f"{rows:,} rows"
    for key, measure, peer, peer_name, mlr in (
        ("find", f"find a word in {rows_label} (net)", "like", "sqlite3 LIKE", "mlr-find"),
        ("where", f"select where with a regex on {rows_label} (net)", "regex", "sqlite3 LIKE", "mlr-where"),
        ("summary", f"summary of a text column of {rows_label} (net)", "group", "sqlite3 GROUP BY", "mlr-summary"),
    ):
        net = differences(samples[key], samples["folio0"])
        bench.add(measure, net, peer_name, differences(samples[peer], samples["sqlite0"]), "≤ 0.5×", 0.5,
                  folio_peak=peak(samples[key]), peer_peak=peak(samples[peer]))
        if miller:
            bench.add(measure, net, "mlr (whole run)", seconds(samples[mlr]), "≤ 0.5×", 0.5,
                      folio_peak=peak(samples[key]), peer_peak=peak(samples[mlr]))


def measure_huge(bench):
    """Ten million rows (about 500 MB), generated here from a seed: open, sort by two keys,
    save, each against SQLite or `cp`, with the peak memory against the file's size."""
    sizes = bench.sizes
    rows = sizes["huge_rows"]
    # The CSV, the saved copy, the recovery journal of the sorted table and a margin.
    needed = 4 * rows * 52
    free = shutil.disk_usage(bench.work).free
    if free < needed:
        reason = (f"skipped: {free / 1e9:.1f} GB free under {bench.work}, {needed / 1e9:.1f} GB needed "
                  f"for the {rows:,}-row CSV, its saved copy and the recovery journal")
        print(f"bench: huge: {reason}", file=sys.stderr)
        bench.skipped.append(f"{rows:,}-row CSV: {reason}")
        return
    make_csv(os.path.join(bench.work, "huge.csv"), rows)
    size = os.path.getsize(os.path.join(bench.work, "huge.csv"))
    label = f"{rows:,}-row {size / 1e6:.0f} MB CSV"
    reps = sizes["huge_reps"]

    def sqlite(*commands, expect=None):
        return bench.run(["sqlite3", ":memory:", "-cmd", ".import --csv huge.csv t", *commands], expect=expect)

    opened = bench.alternate(reps, {
        "folio": lambda: bench.folio("-c", "open huge.csv; info", expect=f"{rows}"),
        "sqlite": lambda: sqlite("SELECT count(*) FROM t;", expect=f"{rows}"),
    })
    bench.add(f"open a {label}", seconds(opened["folio"]), "sqlite3 .import", seconds(opened["sqlite"]), "≤ 0.1×",
              0.1, folio_peak=peak(opened["folio"]), peer_peak=peak(opened["sqlite"]))
    bench.add("… peak memory / file size (open)", [peak(opened["folio"]) / size], "", None, "≤ 2×", 2, unit="×")

    sort = "open huge.csv; sort city name"
    sorted_ = bench.alternate(reps, {
        "folio": lambda: bench.folio("-c", sort + "; show 1", expect="City 1"),
        "folio0": lambda: bench.folio("-c", "open huge.csv; show 1", expect="Person"),
        "sqlite": lambda: sqlite(".output /dev/null", "SELECT id FROM t ORDER BY city, name;"),
        "sqlite0": lambda: sqlite(".output /dev/null", "SELECT count(*) FROM t;"),
    })
    bench.add(f"sort {rows:,} rows by two text keys (net)", differences(sorted_["folio"], sorted_["folio0"]),
              "sqlite3 ORDER BY", differences(sorted_["sqlite"], sorted_["sqlite0"]), "≤ 1×", 1,
              folio_peak=peak(sorted_["folio"]), peer_peak=peak(sorted_["sqlite"]))
    bench.add("… peak memory / file size (open + sort)", [peak(sorted_["folio"]) / size], "", None, "≤ 2×", 2,
              unit="×")

    saved = bench.alternate(reps, {
        "folio": lambda: bench.folio("-c", sort + "; save --as sorted.csv --force", expect="Saved"),
        "folio0": lambda: bench.folio("-c", sort),
        "cp": lambda: bench.run(["sh", "-c", "cp huge.csv copy.csv && sync copy.csv"]),
    })
    bench.add(f"save the sorted {rows:,} rows (net)", differences(saved["folio"], saved["folio0"]),
              "cp + sync FILE", seconds(saved["cp"]), "≤ 2×", 2, folio_peak=peak(saved["folio"]),
              peer_peak=peak(saved["cp"]), note="`save --as` after `open; sort city name`, net of the same without it")
    bench.add("… peak memory / file size (open + sort + save)", [peak(saved["folio"]) / size], "", None, "≤ 2×", 2,
              unit="×")
    for name in ("huge.csv", "sorted.csv", "copy.csv"):
        os.remove(os.path.join(bench.work, name))


def measure_soak(bench):
    """The soak of benchmarks/soak.py (mixed commands over 20 documents and 10 plugins in one
    process): the trend of its resident memory, in MB per 100,000 commands."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import soak
    commands = bench.sizes["soak_commands"]
    result = soak.run(bench.args.folio, commands, marker_every=1_000 if bench.args.quick else 10_000)
    if result.status != 0 or not result.samples:
        raise RunFailed(f"soak: folio exited with {result.status}: {result.errors[-2000:]}")
    slope = result.slope * 100_000 / 1e6
    flat = None if bench.args.quick else abs(slope) <= 0.1 and result.growth <= 0.05
    bench.add(f"soak: {commands:,} mixed commands, resident memory trend", [slope], "", None,
              "flat: ≤ 0.1 MB / 100k", None, unit="MB/100k", folio_peak=result.peak_kib * 1024, met=flat,
              note=f"{soak.DOCUMENTS} documents, {soak.PLUGINS} plugins, one process, {result.elapsed:.0f} s; "
                   f"resident {result.early_kib / 1024:.1f} MiB in the second quarter, "
                   f"{result.late_kib / 1024:.1f} MiB in the last ({result.growth * 100:+.1f}%)")


def make_json(path, rows):
    """The table of `make_csv` as a JSON document: an array of one object a row, compact, the
    numbers as numbers (about 95 bytes a row)."""
    rng = random.Random(1)
    with open(path, "w") as out:
        out.write("[")
        for i in range(1, rows + 1):
            out.write(f'{"," if i > 1 else ""}{{"id":{i},"name":"Person {rng.randint(1, rows)}",'
                      f'"city":"City {rng.randint(1, 500)}","score":{rng.random() * 100:.3f},"notes":"notes {i}"}}')
        out.write("]\n")


class Interrupted:
    """One run of `folio -c SCRIPT` sent SIGINT a moment after SCRIPT echoed `go`: how long
    until standard error said `interrupted` and until the process was gone, and what it
    printed."""

    def __init__(self, latency, exited, status, output, errors, output_after):
        self.latency = latency
        self.exited = exited
        self.status = status
        self.output = output
        self.errors = errors
        # Standard output written well after the signal: a command that finished instead of
        # stopping.
        self.output_after = output_after


def interrupt_folio(bench, arguments, delay, environment, limit=None):
    """Runs folio with `arguments`, waits for `go` on its standard output, then `delay`
    seconds, sends SIGINT and times the word `interrupted` on its standard error; both pipes
    are drained by threads as the process writes, each chunk timed when read. None when the
    command ended before the signal. With `limit` instead of a signal: the seconds from `go`
    to the end of the process, or `limit` when it runs longer (it is killed then)."""
    process = subprocess.Popen([bench.args.folio, *arguments], cwd=bench.work, stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=environment)
    started = threading.Event()
    output, errors = bytearray(), bytearray()
    times = {}

    chunks = []

    def drain(stream, buffer, marker):
        while True:
            chunk = os.read(stream.fileno(), 1 << 20)
            if not chunk:
                return
            if stream is process.stdout:
                chunks.append((time.perf_counter(), chunk))
            buffer.extend(chunk)
            if marker not in times and marker in buffer:
                times[marker] = time.perf_counter()
                if marker == b"go\n":
                    started.set()

    readers = [threading.Thread(target=drain, args=(process.stdout, output, b"go\n"), daemon=True),
               threading.Thread(target=drain, args=(process.stderr, errors, b"interrupted"), daemon=True)]
    for reader in readers:
        reader.start()
    try:
        deadline = time.perf_counter() + 120
        while not started.wait(0.01) and process.poll() is None and time.perf_counter() < deadline:
            pass
        if not started.is_set():
            for reader in readers:
                reader.join(1)
            raise RunFailed(f"folio {' '.join(arguments)[:200]}: never echoed go: {bytes(errors)[-500:]!r}")
        if limit is not None:
            try:
                process.wait(limit)
                return time.perf_counter() - times[b"go\n"]
            except subprocess.TimeoutExpired:
                return limit
        time.sleep(delay)
        if process.poll() is not None:
            return None
        signalled = time.perf_counter()
        process.send_signal(signal.SIGINT)
        try:
            process.wait(60)
        except subprocess.TimeoutExpired:
            raise RunFailed(f"folio {' '.join(arguments)[:200]}: still running 60 s after SIGINT")
        exited = time.perf_counter() - signalled
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        for reader in readers:
            reader.join()
    latency = times[b"interrupted"] - signalled if b"interrupted" in times else None
    # Output read more than 100 ms after the signal was written after it too: the reading
    # threads lag behind the writes by far less.
    after = b"".join(chunk for at, chunk in chunks if at > signalled + 0.1).decode(errors="replace")
    return Interrupted(latency, exited, process.returncode, output.decode(errors="replace"),
                       errors.decode(errors="replace"), after)


def measure_interrupt(bench):
    """Ctrl-C (issue 19): each long command on a 1,000,000-row table, sent SIGINT a moment
    into its run; the latency from the signal to `interrupted` on standard error, against
    100 ms. Each run also checks that the process printed nothing else, exited 130 and left
    no file behind."""
    sizes = bench.sizes
    rows = sizes["rows"]
    csv_path = os.path.join(bench.work, "big.csv")
    if not os.path.exists(csv_path):
        make_csv(csv_path, rows)
    make_json(os.path.join(bench.work, "big.json"), rows)
    write(os.path.join(bench.work, "small.csv"), "name\nLouvre\n")
    write(os.path.join(bench.work, "spin", "spin", "plugin.lua"), """-- A callback that never returns.
folio.command { id = "spin.forever", title = "Spin", run = function(ctx)
  ctx.document:add { name = "Ghost" }
  while true do end
end }
""")
    results = os.path.join(bench.work, "results")
    # Budgets far beyond the runs, so that only the signal stops the loop.
    budgets = "settings set plugins.instructions 10000000000; settings set plugins.time 3600000; "
    scenarios = [
        ("open a CSV", [], "echo go; open big.csv"),
        ("open a JSON document", [], "echo go; open big.json"),
        ("sort by two text keys", [], "open big.csv; echo go; sort city name"),
        ("show to a pipe", [], "open big.csv; echo go; show"),
        ("print to PDF (many pages)", [], "open big.csv; echo go; print --to results/table.pdf"),
        ("save --as JSON", [], "open big.csv; echo go; save --as results/copy.json"),
        ("share as mail (.eml)", [], "open big.csv; echo go; share mail --to results"),
        ("a plugin callback in an endless Lua loop", ["--plugins", "spin"],
         budgets + "open small.csv; echo go; spin.forever"),
    ]
    fractions = [0.5, 0.2, 0.8, 0.35, 0.65]
    environment = dict(bench.environment)
    reps = sizes["reps"]
    for name, options, script in scenarios:
        os.makedirs(results, exist_ok=True)
        # How long the command runs when left alone (at most 3 s is asked), so that each
        # signal lands inside it: at 20–80 % of that, at most 2 s in.
        duration = interrupt_folio(bench, [*options, "-c", script], None, environment, limit=3.0)
        latencies, exits, finished, problems, unstopped = [], [], 0, set(), []
        for rep in range(reps):
            shutil.rmtree(results, ignore_errors=True)
            os.makedirs(results)
            delay = min(2.0, duration * fractions[rep % len(fractions)])
            run = interrupt_folio(bench, [*options, "-c", script], delay, environment)
            # A signal that lands after the command is done, before the process ends, stops the
            # script there (status 130) without an `interrupted`: nothing was running. A command
            # whose result comes after the signal did not stop: it is a miss.
            if run is not None and run.latency is None and run.output_after.strip() and not script.endswith("show"):
                unstopped.append(run.exited)
                continue
            if run is None or (run.latency is None and run.status in (0, 130) and not run.errors.strip()):
                finished += 1
                continue
            if run.latency is None:
                raise RunFailed(f"{name}: exited {run.status} without saying interrupted: {run.errors[-500:]!r}")
            latencies.append(run.latency)
            exits.append(run.exited)
            if run.status != 130:
                problems.add(f"exit status {run.status}")
            if run.errors.strip() != "interrupted":
                problems.add(f"standard error {run.errors.strip()[:160]!r}")
            after = run.output.split("go\n", 1)[1]
            if after and not script.endswith("show"):
                problems.add(f"standard output {after[:80]!r}")
            left = os.listdir(results)
            if left:
                problems.add(f"left {', '.join(sorted(left))}")
        note = (f"signal {min(2.0, duration * 0.2):.2f}–{min(2.0, duration * 0.8):.2f} s into a "
                f"{'≥ ' if duration >= 3.0 else ''}{duration:.2f} s run")
        if finished:
            note += f"; {finished} of {reps} runs ended before the signal"
        if unstopped:
            note += (f"; {len(unstopped)} of {reps} runs finished the command after the signal instead of "
                     f"stopping (process gone {spread(unstopped, 's')} after it)")
        if exits:
            note += f"; process gone {spread(exits, 's')} after it"
        if problems:
            note += "; " + "; ".join(sorted(problems))
        if not latencies:
            bench.add(f"Ctrl-C: {name}", [0.0], "", None, "≤ 100 ms", None, met=False if unstopped else None,
                      note=note + ("" if unstopped else "; not measured: every run ended first"))
        else:
            bench.add(f"Ctrl-C: {name}", latencies, "", None, "≤ 100 ms", None,
                      met=max(latencies) <= 0.1 and not unstopped and not problems,
                      note=f"signal to `interrupted`, max {max(latencies) * 1e3:.1f} ms; " + note)


class EmbedPeer:
    """A long-running process spoken to over pipes: `folio --embed` (JSON lines or
    MessagePack) or `nvim --embed` (msgpack-RPC)."""

    def __init__(self, argv, bench, environment=None):
        self.process = subprocess.Popen(argv, cwd=bench.work, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, env=environment or bench.environment)

    def close(self):
        self.process.stdin.close()
        self.process.wait()


class FolioEmbed(EmbedPeer):
    """`folio --embed` in JSON lines, or in MessagePack when `msgpack` is given (the module,
    python3-msgpack): msgpack-RPC's arrays, as Neovim's, when the binary speaks protocol 1.3,
    else MessagePack maps when it speaks 1.2 (an older build, compared with this one); the
    encoding is chosen in initialize."""

    def __init__(self, bench, plugins, msgpack=None):
        environment = dict(bench.environment)
        environment["FOLIO_PLUGINS_DIR"] = plugins
        super().__init__([bench.args.folio, "--embed"], bench, environment)
        self.reader = self.process.stdout
        self.descriptor = self.reader.fileno()
        self.next_id = 0
        self.msgpack = None
        self.rpc = False
        # The palette's compact matches (arrays) where the version has them.
        self.version = "1.3"
        params = {"protocolVersion": "1.3", "notifications": []}
        if msgpack is not None:
            params["encodings"] = ["msgpack-rpc"]
        self.send("initialize", params)
        reply, rest = self.reply_to_initialize("encodings" in params)
        if "error" in reply:
            # An older build, compared with this one, speaks 1.2 (MessagePack maps), 1.1 or only
            # 1.0 (whose commands.search answers full command objects); before 1.2 in JSON lines only.
            self.version = reply["error"]["data"]["supported"][0]
            params = {"protocolVersion": self.version, "notifications": []}
            if msgpack is not None and self.version == "1.2":
                params["encodings"] = ["msgpack"]
            self.send("initialize", params)
            reply, rest = self.reply_to_initialize("encodings" in params)
            if "error" in reply:
                raise RunFailed(f"folio --embed: {reply['error']}")
        if msgpack is not None and reply["result"].get("encoding", "json") != "json":
            self.msgpack = msgpack
            self.rpc = reply["result"]["encoding"] == "msgpack-rpc"
            self.unpacker = msgpack.Unpacker(raw=False)
            self.unpacker.feed(rest)
            self.packb = msgpack.packb

    def reply_to_initialize(self, chose_encoding):
        """initialize's response, always a JSON line, and the bytes read after it. When the
        client asked for a MessagePack encoding, replies are read from the descriptor with
        os.read, as the Neovim client reads them; so is this one, so that no byte after it
        waits in a buffer the unpacker is not fed from."""
        if not chose_encoding:
            return json.loads(self.reader.readline()), b""
        data = b""
        while b"\n" not in data:
            chunk = os.read(self.descriptor, 65536)
            if not chunk:
                raise RunFailed("folio --embed ended")
            data += chunk
        line, rest = data.split(b"\n", 1)
        return json.loads(line), rest

    def send(self, method, params):
        self.next_id += 1
        if self.rpc:
            self.process.stdin.write(self.packb([0, self.next_id, method, params]))
            self.process.stdin.flush()
            return
        message = {"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}
        if self.msgpack is not None:
            self.process.stdin.write(self.packb(message))
        else:
            self.process.stdin.write(json.dumps(message, separators=(",", ":")).encode() + b"\n")
        self.process.stdin.flush()

    def receive(self):
        if self.msgpack is not None:
            reply = None
            while reply is None:
                for reply in self.unpacker:
                    break
                else:
                    chunk = os.read(self.descriptor, 65536)
                    if not chunk:
                        raise RunFailed("folio --embed ended")
                    self.unpacker.feed(chunk)
        else:
            reply = json.loads(self.reader.readline())
        if self.rpc:
            # [1, id, error, result], as Neovim's client reads it.
            if reply[0] != 1 or reply[2] is not None:
                raise RunFailed(f"folio --embed: {reply}")
            return reply
        if "error" in reply:
            raise RunFailed(f"folio --embed: {reply['error']}")
        return reply

    def call(self, method, params):
        self.send(method, params)
        reply = self.receive()
        if self.rpc:
            if reply[1] != self.next_id:
                raise RunFailed(f"folio --embed: a response to {reply[1]}, not {self.next_id}")
            return reply[3]
        return reply


class NvimEmbed(EmbedPeer):
    def __init__(self, bench):
        import msgpack
        super().__init__(["nvim", "--embed", "--headless", "-u", "NONE", "-i", "NONE", "-n"], bench)
        self.unpacker = msgpack.Unpacker(raw=False)
        self.packb = msgpack.packb
        self.next_id = 0

    def call(self, method, params):
        self.next_id += 1
        self.process.stdin.write(self.packb([0, self.next_id, method, params]))
        self.process.stdin.flush()
        while True:
            for message in self.unpacker:
                if message[0] == 1 and message[1] == self.next_id:
                    if message[2] is not None:
                        raise RunFailed(f"nvim --embed: {message[2]}")
                    return message[3]
            chunk = os.read(self.process.stdout.fileno(), 65536)
            if not chunk:
                raise RunFailed("nvim --embed ended")
            self.unpacker.feed(chunk)


def interleaved_round_trips(calls, count, turns):
    """The median time, in µs, of `count` requests to each of `calls` (a name → a function that
    sends one request and waits for its response), sent one after another in `turns` turns of
    count / turns requests each, every peer in each turn: a change of the machine's state
    during the run (another process, the CPU's clock or caches) falls on every peer alike."""
    times = {name: [] for name in calls}
    per_turn = max(1, count // turns)
    for _ in range(turns):
        for name, call in calls.items():
            for _ in range(per_turn):
                start = time.perf_counter()
                call()
                times[name].append(time.perf_counter() - start)
    return {name: statistics.median(values) * 1e6 for name, values in times.items()}


def pipelined_cell_reads(folio, total):
    """Requests a second that Folio answers when `total` cell reads are written (by a thread,
    so neither pipe fills) before the responses are read."""
    folio.call("document.open", {"path": "embed.csv"})
    start = time.perf_counter()
    writer = threading.Thread(target=lambda: [
        folio.send("cell.get", {"row": 1 + i % 1_000, "column": "name"}) for i in range(total)])
    writer.start()
    for _ in range(total):
        folio.receive()
    writer.join()
    return total / (time.perf_counter() - start)


def measure_embed_run(bench, msgpack, speaks_msgpack, samples):
    """One run of the embed measures: Folio in MessagePack (when `speaks_msgpack`) and in JSON
    lines, and Neovim (when `msgpack` is the module), their round trips taken in turns; then
    each Folio's pipelined reads. Returns whether this folio speaks MessagePack."""
    sizes = bench.sizes
    peers = []
    try:
        calls, folios = {}, {}
        for name, module in (("msgpack", msgpack if speaks_msgpack else None), ("json", None)):
            if name == "msgpack" and module is None:
                continue
            folio = FolioEmbed(bench, os.path.join(bench.work, "callback"), module)
            peers.append(folio)
            if module is not None and folio.msgpack is None:
                speaks_msgpack = False
                continue
            search = {"query": "sav"}
            if folio.version not in ("1.0", "1.1", "1.2"):
                search["compact"] = True
            folios[name] = folio
            calls[name + " search"] = lambda folio=folio, search=search: folio.call("commands.search", search)
            calls[name + " plugin"] = lambda folio=folio: folio.call("commands.run", {"command": "cb.run"})
        if msgpack is not None:
            nvim = NvimEmbed(bench)
            peers.append(nvim)
            calls["nvim"] = lambda: nvim.call("nvim_eval", ["1"])
        for name, median in interleaved_round_trips(calls, sizes["round_trips"], EMBED_TURNS).items():
            samples[name].append(median)
        for name, folio in folios.items():
            samples[name + " pipelined"].append(pipelined_cell_reads(folio, sizes["pipelined"]))
        return speaks_msgpack
    finally:
        for peer in peers:
            peer.close()


# The round trips of a run are taken in this many turns, each peer in each turn.
EMBED_TURNS = 20


def measure_embed(bench):
    try:
        import msgpack  # python3-msgpack: nvim's msgpack-RPC, and Folio's MessagePack encoding
    except ImportError:
        msgpack = None
    sizes = bench.sizes
    count = sizes["round_trips"]
    make_csv(os.path.join(bench.work, "embed.csv"), 1_000)
    samples = {f"{encoding} {measure}": [] for encoding in ("json", "msgpack")
               for measure in ("search", "plugin", "pipelined")}
    samples["nvim"] = []
    speaks_msgpack = msgpack is not None
    # The client and the server it starts (which inherits this) share one CPU, for Folio and
    # Neovim alike. Free to spread, an idle machine puts each run in one of two states that
    # hold once entered: both on one CPU (about 11 µs a round trip), or each waking the other's
    # halted virtual CPU (45-75 µs), so one run's ratio tells which state each peer fell in
    # (docs/performance.md, "The embed round trip: read on the serving thread, MessagePack, a
    # pinned bench").
    cpus = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {min(cpus)})
    try:
        for _ in range(sizes["reps"]):
            speaks_msgpack = measure_embed_run(bench, msgpack, speaks_msgpack, samples)
    finally:
        os.sched_setaffinity(0, cpus)
    note = f"median of {count:,} sequential round trips from one Python client per run, over pipes, " \
        f"client and server on one CPU, each peer's taken in {EMBED_TURNS} turns with the others'"
    if msgpack is None:
        note += "; nvim and Folio's MessagePack not measured: this python3 lacks msgpack (Debian's python3-msgpack)"
    elif not speaks_msgpack:
        note += "; this folio speaks no MessagePack (protocol 1.2): JSON lines only"
    peer = samples["nvim"] if msgpack is not None else None
    peer_name = "nvim --embed nvim_eval(\"1\")" if msgpack is not None else ""
    limit = 1 if msgpack is not None else None
    if speaks_msgpack:
        bench.add("embed round trip: commands.search (MessagePack)", samples["msgpack search"], peer_name, peer,
                  "≤ 1×", limit, unit="µs",
                  note=note + "; Folio msgpack-RPC (protocol 1.3; the search with compact: true), nvim msgpack-RPC; "
                  "an older folio in MessagePack maps (1.2)")
        bench.add("embed round trip: a plugin command (MessagePack)", samples["msgpack plugin"], peer_name, peer,
                  "≤ 1×", limit, unit="µs")
    bench.add("embed round trip: commands.search (JSON lines)", samples["json search"], peer_name, peer,
              "reported" if speaks_msgpack else "≤ 1×", None if speaks_msgpack else limit, unit="µs",
              note="" if speaks_msgpack else note + "; Folio JSON lines, nvim msgpack-RPC")
    bench.add("embed round trip: a plugin command (JSON lines)", samples["json plugin"], peer_name, peer,
              "reported" if speaks_msgpack else "≤ 1×", None if speaks_msgpack else limit, unit="µs")
    if speaks_msgpack:
        bench.add(f"embed pipelined table cell reads ({sizes['pipelined']:,}, MessagePack)",
                  samples["msgpack pipelined"], "", None, "reported", None, unit="req/s")
    bench.add(f"embed pipelined table cell reads ({sizes['pipelined']:,}, JSON lines)", samples["json pipelined"],
              "", None, "reported", None, unit="req/s")


def measure_menus(bench):
    sample = bench.run([bench.args.folio_bench, "menus", "20" if bench.args.quick else "200"], expect="resolve")
    for line in sample.output.splitlines():
        name, value = line.rsplit("\t", 1)
        bench.add(name, [float(value)], "", None, "< 1 ms", 1000, unit="µs",
                  note="folio-bench (in process), median" if "resolve a" in name else "")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="tiny inputs, one run each: checks the harness")
    parser.add_argument("--folio", help="the folio binary (default: the release build)")
    parser.add_argument("--folio-bench", help="the folio-bench binary (default: beside folio)")
    parser.add_argument("--build", default=os.path.join(ROOT, ".build"),
                        help="the build folder of the default binaries (default: .build)")
    parser.add_argument("--clock", choices=["wall", "cpu"], default="wall",
                        help="time processes by wall clock (default) or by their CPU time (user + system), "
                             "steadier on a busy machine")
    parser.add_argument("--only", help="comma-separated measures: start,register,replay,callback,tables,filters,menus,embed,interrupt,huge,soak")
    args = parser.parse_args()
    args.folio = os.path.abspath(args.folio or os.path.join(args.build, "release", "folio"))
    args.folio_bench = os.path.abspath(args.folio_bench or os.path.join(os.path.dirname(args.folio), "folio-bench"))
    for binary in (args.folio, args.folio_bench):
        if not os.access(binary, os.X_OK):
            sys.exit(f"bench: {binary} is missing: build it first (swift build -c release)")
    missing = [tool for tool in ("lua5.4", "nvim", "sqlite3") if shutil.which(tool) is None]
    if missing:
        sys.exit(f"bench: {', '.join(missing)} missing: scripts/install-deps bench (or test) installs them")
    sizes = QUICK if args.quick else FULL
    measures = {
        "start": measure_start, "register": measure_register, "replay": measure_replay,
        "callback": measure_callback, "tables": measure_tables, "filters": measure_filters,
        "menus": measure_menus,
        "embed": measure_embed, "interrupt": measure_interrupt, "huge": measure_huge, "soak": measure_soak,
    }
    chosen = args.only.split(",") if args.only else list(measures)
    unknown = [name for name in chosen if name not in measures]
    if unknown:
        sys.exit(f"bench: unknown measure {', '.join(unknown)}; choose from {', '.join(measures)}")
    began = time.perf_counter()
    work = tempfile.mkdtemp(prefix="folio-bench-")
    bench = Bench(args, sizes, work)
    try:
        make_plugins(work, sizes)
        for name in chosen:
            print(f"bench: {name}…", file=sys.stderr, flush=True)
            measures[name](bench)
        print(f"Folio {os.path.relpath(args.folio, ROOT)} against its peers"
              f"{' (quick: tiny inputs, figures meaningless)' if args.quick else ''}; {args.clock} clock; "
              f"medians (min–max); "
              f"{os.cpu_count()} cores; {time.perf_counter() - began:.0f} s")
        print()
        bench.print_table()
        for reason in bench.skipped:
            print(f"- not measured: {reason}")
        bench.print_verdicts()
    except RunFailed as error:
        if bench.rows:
            print("measured before the failure:")
            bench.print_table()
        sys.exit(f"bench: {error}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
