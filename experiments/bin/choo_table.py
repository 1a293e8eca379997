#!/usr/bin/env python3
"""choo_table.py: seed 003's comparisons on the GPU model's PolyBench kernels, all on
`--config choo` (Tables 4.1 / 5.1 / 6.1: 15 SMs, GTO, 16 KB 4-way L1): the baseline, LASC
(the reuse frequency table, ch. 5), LASC + selective caching, selective caching alone
(LocSelCaching, and IndSelCaching: the index scheme alone, ch. 4), the memory request
scheduler (ch. 6) alone and with selective caching, and MRPB. Prints a Markdown table of
warp IPC and speedups over the baseline, then LASC's no-reuse bypass share (bypassed / (bypassed + lines evicted unreused)),
the demand hits per evicted line under LASC and LASC + selective caching and the memory-stage stall cycles, and geometric means;
JSON of every run in --out.
  experiments/bin/choo_table.py [--scale X] [--jobs N] [--out DIR] [--gpusim BIN] [--cached] [kernel ...]
(--help: this text and the options)"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from gtable import args, geomean, run_all  # noqa: E402

DESIGNS = [
    ("base", []),
    ("lasc", ["--l1", "lasc"]),
    ("lasc+sel", ["--l1", "lasc", "--selcache", "on"]),
    ("sel", ["--selcache", "on"]),
    ("sel-index", ["--selcache", "on", "--locality-degree", "off"]),
    ("memsched", ["--memsched", "grr", "--probes", "4"]),
    ("memsched+sel", ["--memsched", "grr", "--probes", "4", "--selcache", "on"]),
    ("mrpb", ["--mrpb", "on"]),
]
# the seed's directions (geometric means over its benchmarks, PolyBench and Rodinia)
SEED = {"lasc": 1.39, "lasc+sel": 2.01, "sel": 2.25, "memsched": 1.95, "memsched+sel": 2.06}


def main():
    a = args(__doc__, "build/choo")
    if a is None:
        return 2
    kernels = a.kernels
    res = run_all(a, "choo", DESIGNS)
    names = [d for d, _ in DESIGNS]
    print("| kernel | base IPC | " + " | ".join(n for n in names[1:]) + " | LASC no-reuse bypassed | hits per evicted line "
          "(lasc, lasc+sel) | stall cycles base / lasc+sel / memsched |")
    print("|---" * (len(names) + 4) + "|")
    sp = {n: [] for n in names[1:]}
    for k in kernels:
        base = res[(k, "base")]["ipc_warp"]
        row = ["%.4f" % base]
        for n in names[1:]:
            v = res[(k, n)]["ipc_warp"] / base if base else 0
            sp[n].append(v)
            row.append("%.2f" % v)
        l, ls = res[(k, "lasc")], res[(k, "lasc+sel")]
        share = l["rft_bypassed"] / max(l["rft_bypassed"] + l["rft_evicted_unreused"], 1)
        reuse = lambda c: c["rft_evicted_hits"] / max(c["rft_evicted_unreused"] + c["rft_evicted_reused"], 1)
        row.append("%.1f%%" % (100 * share))
        row.append("%.2f, %.2f" % (reuse(l), reuse(ls)))
        row.append("%d / %d / %d" % (res[(k, "base")]["lsu_stall_cycles"], ls["lsu_stall_cycles"],
                                     res[(k, "memsched")]["lsu_stall_cycles"]))
        print("| %s | %s |" % (k, " | ".join(row)))
    print()
    print("geomean over the baseline: " + ", ".join("%s %.3f%s" % (n, geomean(v), " (seed %.2f)" % SEED[n] if n in SEED
                                                                    else "") for n, v in sp.items()))
    m, ms = geomean(sp["mrpb"]), geomean(sp["memsched+sel"])
    print("memsched+sel over MRPB: %.3f (seed 1.07); lasc+sel over MRPB: %.3f (seed 1.07)" % (
        ms / m if m else 0, geomean(sp["lasc+sel"]) / m if m else 0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
