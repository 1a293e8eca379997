#!/usr/bin/env python3
"""clams_table.py: seed 004's comparison on the GPU model's PolyBench kernels: FR-FCFS,
FR-FCFS-Cap (each cap of section 7, and the best per kernel, as the seed's
FR-FCFS-Cap-Best), Static-, Semi-Dyn- and Dyn-CLAMS, all on `--config clams` (Table 3).
Prints a Markdown table (IPC, speedups over FR-FCFS, DRAM row-hit rate, Th_CR, the share
of critical requests served in criticality mode, the buffer wait of critical requests)
and geometric means; JSON of every run in --out.
  experiments/bin/clams_table.py [--scale X] [--jobs N] [--out DIR] [--gpusim BIN] [--cached] [kernel ...]
(--help: this text and the options)"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from gtable import args, geomean, run_all  # noqa: E402

CAPS = [2, 4, 6, 8, 12, 16]
SCHEDS = ["frfcfs"] + ["frfcfs-cap:%d" % c for c in CAPS] + ["clams-static", "clams-semi", "clams-dyn"]


def main():
    a = args(__doc__, "build/clams")
    if a is None:
        return 2
    kernels = a.kernels
    res = run_all(a, "clams", [(s, ["--dram-sched", s]) for s in SCHEDS])
    ipc = lambda k, s: res[(k, s)]["ipc_warp"]
    print("| kernel | FR-FCFS IPC | Cap-Best (cap) | Static | Semi-Dyn | Dyn | Dyn/FR-FCFS | row hits FR-FCFS / Dyn "
          "| Dyn: avg Th_CR, Th_SM | %-cri (Dyn) | critical wait / other (Dyn, DRAM cycles) |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    sp = {s: [] for s in ["cap-best", "clams-static", "clams-semi", "clams-dyn"]}
    for k in kernels:
        base = ipc(k, "frfcfs")
        best = max(CAPS, key=lambda c: ipc(k, "frfcfs-cap:%d" % c))
        cb = ipc(k, "frfcfs-cap:%d" % best)
        d = res[(k, "clams-dyn")]
        up = max(d.get("clams_mc_updates", 0), 1)
        cc = max(d.get("clams_pick_crit_cols", 0), 1)
        oc = max(d.get("clams_pick_other_cols", 0), 1)
        rh = lambda c: 100.0 * c["dram_row_hits"] / max(c["dram_row_hits"] + c["dram_row_misses"], 1)
        for s, v in [("cap-best", cb), ("clams-static", ipc(k, "clams-static")), ("clams-semi", ipc(k, "clams-semi")),
                     ("clams-dyn", ipc(k, "clams-dyn"))]:
            sp[s].append(v / base if base else 0)
        print("| %s | %.4f | %.4f (%d) | %.4f | %.4f | %.4f | %.3f | %.1f%% / %.1f%% | %.2f, %.1f%% | %.1f%% | %.1f / %.1f |" % (
            k, base, cb, best, ipc(k, "clams-static"), ipc(k, "clams-semi"), ipc(k, "clams-dyn"),
            ipc(k, "clams-dyn") / base if base else 0, rh(res[(k, "frfcfs")]), rh(d),
            d.get("clams_mc_thcr_sum", 0) / up, d.get("clams_mc_thsm_sum", 0) / up,
            100.0 * d.get("clams_pick_crit_in_crit_mode", 0) / cc, d.get("clams_pick_crit_wait", 0) / cc,
            d.get("clams_pick_other_wait", 0) / oc))
    print()
    print("geomean over FR-FCFS: " + ", ".join("%s %.3f" % (s, geomean(v)) for s, v in sp.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
