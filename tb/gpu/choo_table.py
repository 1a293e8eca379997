#!/usr/bin/env python3
"""choo_table.py: seed 003's comparisons on the GPU model's PolyBench kernels, all on
`--config choo` (Tables 4.1 / 5.1 / 6.1: 15 SMs, GTO, 16 KB 4-way L1): the baseline, LASC
(the reuse frequency table, ch. 5), LASC + selective caching, selective caching alone
(LocSelCaching, and IndSelCaching: the index scheme alone, ch. 4), the memory request
scheduler (ch. 6) alone and with selective caching, and MRPB. Prints a Markdown table of
warp IPC and speedups over the baseline, then LASC's no-reuse bypass share, the
average reuse of cached lines and the memory-stage stall cycles, and geometric means;
JSON of every run in --out.
  tb/gpu/choo_table.py [--scale X] [--jobs N] [--out DIR] [kernel ...]"""
import argparse
import concurrent.futures
import json
import math
import os
import subprocess
import sys

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


def run(gpusim, kernel, name, args, scale, out):
    js = os.path.join(out, "%s-%s.json" % (kernel, name))
    cmd = [gpusim, "--workload", kernel, "--scale", str(scale), "--config", "choo", "--quiet", "--json", js] + args
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit("choo_table: %s failed: %s" % (" ".join(cmd), (p.stderr or p.stdout).strip()[:300]))
    return kernel, name, json.load(open(js))["counters"]


def geomean(xs):
    xs = [x for x in xs if x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--scale", type=float, default=0.25)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", default="build/choo")
    ap.add_argument("--gpusim", default="build/bin/gpusim")
    ap.add_argument("kernels", nargs="*")
    a = ap.parse_args()
    if not 0 < a.scale <= 4 or not 1 <= a.jobs <= 64:
        print("choo_table: --scale must be in (0, 4] and --jobs in 1..64", file=sys.stderr)
        return 2
    kernels = a.kernels or subprocess.run([a.gpusim, "--list"], capture_output=True, text=True,
                                          check=True).stdout.split()
    os.makedirs(a.out, exist_ok=True)
    res = {}
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        for k, d, c in ex.map(lambda kd: run(a.gpusim, kd[0], kd[1][0], kd[1][1], a.scale, a.out),
                              [(k, d) for k in kernels for d in DESIGNS]):
            res[(k, d)] = c
    names = [d for d, _ in DESIGNS]
    print("| kernel | base IPC | " + " | ".join(n for n in names[1:]) + " | LASC no-reuse bypassed | LASC reuse/line "
          "(base, lasc+sel) | stall cycles base / lasc+sel / memsched |")
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
        share = l.get("rft_bypassed", 0) / max(l.get("rft_bypassed", 0) + l.get("rft_evicted_noreuse", 0), 1)
        reuse = lambda c: c.get("rft_evicted_hits", 0) / max(c.get("rft_evicted_noreuse", 0) + c.get("rft_evicted_reuse", 0), 1)
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
