#!/usr/bin/env python3
"""redraw.py REPORT_DIR [EXPERIMENT...]: redraw a report's figures (speedup.png, speedup.svg)
from its tables (table.csv) alone, with the current plotting code, without the run results.

A committed report (docs/experiments/) keeps its tables; when the figures' code changes, this
makes its figures again. Every number a figure shows is in table.csv (the speedup of every bar
and design; the geometric means are computed from them). Exit 2 with one line on stderr for a
missing folder, an unknown experiment or a malformed table."""
import csv
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import gexp  # noqa: E402


def load_rules():
    """define every experiment of experiments/rules/*.smk (they are Python calling gexp)"""
    rules = os.path.join(gexp.TOP, "experiments", "rules")
    g = {"gexp": gexp, "DEFAULT_SET": {}}
    for f in sorted(os.listdir(rules)):
        if f.startswith("seed") and f.endswith(".smk"):
            with open(os.path.join(rules, f)) as fh:
                exec(compile(fh.read(), f, "exec"), g)  # noqa: S102 (our own rule files)


def redraw(rep, name):
    import gplot
    import greport
    e = gexp.EXPERIMENTS[name]
    path = os.path.join(rep, name, "table.csv")
    tab = {d: {} for d in e["designs"]}
    with open(path) as f:
        for r in csv.DictReader(f):
            if r["design"] not in tab:
                raise gexp.ExpError(f"{path}: design {r['design']!r} is not one of {name}'s")
            tab[r["design"]][(r["preset"], r["kernel"])] = {"speedup": float(r["speedup"]), "ipc": float(r["ipc"])}
            e["classes"].setdefault(r["kernel"], r["class"])
    pairs = [pk for pk in e["pairs"] if pk in tab[e["baseline"]]]
    if not pairs:
        raise gexp.ExpError(f"{path}: no bar of {name}")
    e = dict(e, pairs=pairs)
    meas = gexp.Measures({name: (e, tab)})
    scale = os.path.basename(rep)  # not used for the numbers: the title shows the experiment's scale
    del scale
    ds = greport.designs(e)
    gplot.speedup_figure(e, tab, meas, greport.bars(e), greport.gm_groups(e), ds,
                         os.path.join(rep, name, "speedup.png"), os.path.join(rep, name, "speedup.svg"),
                         gexp.scale_label(e))



def _help():
    """-h / --help: the usage and this program's description on stdout, exit 0"""
    if any(a in ("-h", "--help") for a in sys.argv[1:]):
        print("usage: redraw.py REPORT_DIR [EXPERIMENT...]\n\n" + (__doc__ or "").strip())
        sys.exit(0)

def main():
    if len(sys.argv) < 2:
        print("usage: redraw.py REPORT_DIR [EXPERIMENT...]", file=sys.stderr)
        return 2
    rep = sys.argv[1]
    try:
        if not os.path.isdir(rep):
            raise gexp.ExpError(f"{rep}: no such report folder")
        load_rules()
        names = sys.argv[2:] or sorted(n for n in gexp.EXPERIMENTS if os.path.isfile(os.path.join(rep, n, "table.csv")))
        for n in names:
            if n not in gexp.EXPERIMENTS:
                raise gexp.ExpError(f"unknown experiment {n!r}")
            redraw(rep, n)
            print(f"redrew {rep}/{n}/speedup.png, speedup.svg")
    except (gexp.ExpError, OSError, ValueError, KeyError) as ex:
        print(f"redraw.py: {ex}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    _help()
    sys.exit(main())
