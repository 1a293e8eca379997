#!/usr/bin/env python3
"""load.py: every run result as one table (a row per run; docs/results-format.md).

As a program:  experiments/load.py [RESULTS] [--csv FILE] [--where KEY=VALUE]...
               (CSV on stdout or into FILE; RESULTS defaults to results/)
From Python:   import sys; sys.path.insert(0, "experiments"); import load
               df = load.frame("results")     # a pandas DataFrame
               rows = load.rows("results")    # a list of dicts, no pandas needed
Columns: run.preset, run.workload, run.scale, run.seed, run.design, run.sets, git.commit,
git.dirty, workload.class, config.<every resolved parameter>, and every counter by its
own name (cycles, ipc_thread, l1_misses, ...). Exit 2 with one line on bad input."""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
import gexp  # noqa: E402


def rows(results="results", where=None):
    out = [gexp.flat_row(d) for d in gexp.all_runs(results)]
    for k, v in (where or {}).items():
        out = [r for r in out if str(r.get(k)) == v]
    return out


def frame(results="results", where=None):
    import pandas
    return pandas.DataFrame(rows(results, where))


def main():
    ap = argparse.ArgumentParser(description="all run results as one CSV table")
    ap.add_argument("results", nargs="?", default=os.path.join(gexp.TOP, "results"))
    ap.add_argument("--csv", help="write here instead of stdout")
    ap.add_argument("--where", action="append", default=[], help="KEY=VALUE: keep rows whose column KEY is VALUE")
    a = ap.parse_args()
    try:
        where = {}
        for w in a.where:
            if "=" not in w:
                raise gexp.ExpError(f"--where {w!r}: expected KEY=VALUE")
            k, v = w.split("=", 1)
            where[k] = v
        if not os.path.isdir(os.path.join(a.results, "runs")):
            raise gexp.ExpError(f"{a.results}: no runs/ folder of results here")
        r = rows(a.results, where)
    except gexp.ExpError as e:
        print(f"load.py: {e}", file=sys.stderr)
        return 2
    if a.csv:
        with open(a.csv, "w", newline="") as f:
            gexp.write_csv(r, f)
    else:
        gexp.write_csv(r, sys.stdout)
    print(f"load.py: {len(r)} runs", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
