#!/usr/bin/env python3
"""pipe_ipc.py REPORT_DIR: the pipelined forms' cost in the GPU, for report.py.

For each block configuration of synth_estimates/blocks/*.json with a "timing" object, reads
the table of its experiment (REPORT_DIR/<experiment>/table.csv, as `make experiments`
writes it; the experiment's baseline is the single-cycle form) and writes
synth_estimates/pipe_ipc.json: per experiment and pipelined design, the geometric mean of
the IPC speedup over the baseline across the experiment's applications, the lowest and
highest, and their applications.
Usage: python3 synth_estimates/pipe_ipc.py build/report-timing
   (after EXP=s000_timing_pipe,... make experiments REPORT=build/report-timing)
Exit 2 with one line on stderr when an experiment's table is missing or lacks the design."""
import csv
import glob
import json
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    if len(sys.argv) != 2 or sys.argv[1] in ("-h", "--help"):
        print("usage: " + __doc__.split("Usage: ")[1].split("\n")[0] + "\n\n" + __doc__)
        return 0 if len(sys.argv) == 2 else 2
    rep = sys.argv[1]
    out = {}
    for f in sorted(glob.glob(os.path.join(HERE, "blocks", "*.json"))):
        for c in json.load(open(f))["configs"].values():
            t = c.get("timing")
            if not isinstance(t, dict):
                continue
            exp, design = t["ipc"]
            tab = os.path.join(rep, exp, "table.csv")
            if not os.path.exists(tab):
                print(f"pipe_ipc: no {tab} (run the experiment {exp} first)", file=sys.stderr)
                return 2
            rows = [r for r in csv.DictReader(open(tab)) if r["design"] == design]
            if not rows:
                print(f"pipe_ipc: {tab} has no design '{design}'", file=sys.stderr)
                return 2
            sp = [(float(r["speedup"]), r["kernel"]) for r in rows if float(r["speedup"]) > 0]
            gm = math.exp(sum(math.log(x) for x, _ in sp) / len(sp))
            lo, hi = min(sp), max(sp)
            out.setdefault(exp, {})[design] = {"gm": round(gm, 4), "n": len(sp), "min": round(lo[0], 4),
                                               "min_app": lo[1], "max": round(hi[0], 4), "max_app": hi[1]}
    with open(os.path.join(HERE, "pipe_ipc.json"), "w") as fh:
        json.dump(out, fh, indent=1, sort_keys=True)
        fh.write("\n")
    for exp, ds in sorted(out.items()):
        for d, e in sorted(ds.items()):
            print(f"pipe_ipc: {exp} {d}: geomean {e['gm']:.4f} over {e['n']} applications "
                  f"(lowest {e['min']:.4f} {e['min_app']}, highest {e['max']:.4f} {e['max_app']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
