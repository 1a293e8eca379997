#!/usr/bin/env python3
"""compare.py: the before/after table of `make bench BASE=REV` (tb/bin/bench.sh --base).

  compare.py build/bench/compare.tsv

Reads the rows the bench wrote (area, item, figure, root, value; root "base" or "now") and
prints, per area, each item's figures for base and now and their ratio now/base; for the
blocks also the ratios the issue targets (lockstep/rtl, c/rtl) for both roots.
"""
import collections
import sys


def fmt(v):
    if v is None:
        return "-"
    if v >= 1e6:
        return "%.2f M" % (v / 1e6)
    if v >= 1e3:
        return "%.1f K" % (v / 1e3)
    return "%.3g" % v


def main():
    if len(sys.argv) != 2:
        sys.stderr.write("usage: compare.py COMPARE_TSV\n")
        return 2
    vals = collections.OrderedDict()
    units = {}
    try:
        rows = open(sys.argv[1]).read().splitlines()
    except OSError as e:
        sys.stderr.write("compare.py: %s: %s\n" % (sys.argv[1], e.strerror))
        return 2
    for n, line in enumerate(rows, 1):
        f = line.split("\t")
        if len(f) < 5:
            sys.stderr.write("compare.py: %s:%d: expected 5 tab-separated fields\n" % (sys.argv[1], n))
            return 2
        area, item, fig, root, v = f[:5]
        units[(area, fig)] = f[5] if len(f) > 5 else "cycles/s"
        try:
            x = float(v) if v else None
        except ValueError:
            x = None
        vals.setdefault((area, item), collections.OrderedDict()).setdefault(fig, {})[root] = x
    print("before (base) and after (now), measured in one run on this machine; best of 3 each")
    area = None
    for (a, item), figs in vals.items():
        if a != area:
            area = a
            print("\n%s\n  %-14s %-22s %12s %12s %8s" % (a, "item", "figure", "base", "now", "now/base"))
        for fig, r in figs.items():
            b, n = r.get("base"), r.get("now")
            ratio = "%.2fx" % (n / b) if b and n else "-"
            u = units[(a, fig)]
            label = fig if u == "cycles/s" else "%s (%s)" % (fig, u)
            print("  %-14s %-22s %12s %12s %8s" % (item, label, fmt(b), fmt(n), ratio))
        if a == "blocks":
            for root in ("base", "now"):
                g = {k: r.get(root) for k, r in figs.items()}
                if g.get("rtl") and g.get("lockstep") and g.get("c"):
                    print("  %-14s %-22s lockstep/rtl %.2f (goal >= 0.9), c/rtl %.1fx (goal >= 10x), lockstep+FST %s (goal >= 0.5 M)"
                          % ("", root, g["lockstep"] / g["rtl"], g["c"] / g["rtl"], fmt(g.get("fst"))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
