#!/usr/bin/env python3
"""Document-engine benchmarks: open a large CSV, show its last rows, edit, save, convert.

Run with `make bench` (release build). Prints one line per scenario with the wall time and
the peak resident memory of the folio process, and the ratio of that peak to the file size.
Timings are measurements, not pass/fail checks; the targets are in docs/benchmarks.md.
"""
import os
import random
import subprocess
import sys
import tempfile
import time

FOLIO = os.path.join(os.path.dirname(__file__), "..", ".build", "release", "folio")
ROWS = int(os.environ.get("FOLIO_BENCH_ROWS", "1000000"))


def make_csv(path, rows):
    rng = random.Random(1)
    with open(path, "w") as out:
        out.write("id,name,city,score,notes\n")
        for i in range(1, rows + 1):
            out.write(f"{i},Person {i},City {rng.randint(1, 500)},{rng.random() * 100:.3f},some notes about row {i}\n")


def run_measured(commands, folder):
    start = time.perf_counter()
    process = subprocess.Popen([FOLIO, "-c", commands], cwd=folder, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, env={**os.environ, "FOLIO_STATE_DIR": os.path.join(folder, "state")})
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    if status != 0:
        sys.exit(f"folio failed: {process.stderr.read().decode()}")
    return elapsed, usage.ru_maxrss * 1024


def main():
    if not os.path.exists(FOLIO):
        sys.exit("build first: swift build -c release --product folio")
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "big.csv")
        make_csv(path, ROWS)
        size = os.path.getsize(path)
        last = f"{ROWS - 10}-{ROWS}"
        scenarios = [
            ("start-up (echo)", "echo hi"),
            ("open", "open big.csv"),
            (f"open + show {last}", f"open big.csv; show {last}"),
            ("open + cell + undo", f"open big.csv; cell {ROWS - 1} city Paris; undo"),
            ("open + cell + save", f"open big.csv; cell {ROWS - 1} city Paris; save"),
            ("open + add + cell + save", f"open big.csv; add name=New; cell id:{ROWS + 1} city Paris; save"),
            ("open + save --as tsv", "open big.csv; save --as copy.tsv --force"),
            ("open + save --as json", "open big.csv; save --as copy.json --force"),
            ("open + sort score:desc + show 1-5", "open big.csv; sort score:desc; show 1-5"),
            ("open + sort city name", "open big.csv; sort city name"),
        ]
        print(f"file: {ROWS:,} rows, {size / 1e6:.1f} MB")
        print(f"{'scenario':<28} {'seconds':>8} {'peak MB':>8} {'× file':>7}")
        for name, commands in scenarios:
            best = None
            for _ in range(3):
                elapsed, peak = run_measured(commands, folder)
                if best is None or elapsed < best[0]:
                    best = (elapsed, peak)
            elapsed, peak = best
            print(f"{name:<28} {elapsed:>8.3f} {peak / 1e6:>8.1f} {peak / size:>7.2f}")


if __name__ == "__main__":
    main()
