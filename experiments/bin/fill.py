#!/usr/bin/env python3
"""fill.py --config C --scale S [--jobs N] [--set k=v]... [W...]: run each workload (default:
the 12 PolyBench kernels) on that machine and print whether it fills the GPU (docs/workloads.md
"The fill check"): SMs that held a thread block, mean resident warps per SM. The block docs'
tables carry its verdict on every row."""
import argparse
import concurrent.futures as cf
import os
import subprocess
import sys
import tempfile

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(TOP, "tb", "lib"))
sys.path.insert(0, os.path.join(TOP, "experiments", "lib"))
import gexp  # noqa: E402
import num  # noqa: E402


def one(gpusim, w, a, tmp):
    extra = [x for kv in a.set for x in ("--set", kv)]
    try:
        return w, gexp.gpusim_json(gexp.gpusim_cmd(gpusim, a.config, w, float(a.scale), os.path.join(tmp, w + ".json"),
                                                   extra))["residency"]
    except gexp.GpusimFailed:
        return w, None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("workloads", nargs="*")
    ap.add_argument("--config", default="base-s")
    ap.add_argument("--scale", default="1")
    ap.add_argument("--jobs", default="2")
    ap.add_argument("--set", action="append", default=[])
    a = ap.parse_args()
    try:
        jobs = num.integer(a.jobs, 1, 64, "--jobs")
        num.real(a.scale, 1e-6, 64, "--scale")
    except ValueError as e:
        print("fill.py: %s" % e, file=sys.stderr)
        return 2
    gpusim = os.path.join(TOP, "build/bin/gpusim")
    ws = a.workloads or subprocess.run([gpusim, "--list"], capture_output=True, text=True, check=True).stdout.split()
    with tempfile.TemporaryDirectory() as tmp, cf.ThreadPoolExecutor(jobs) as ex:
        res = list(ex.map(lambda w: one(gpusim, w, a, tmp), ws))
    bad = 0
    for w, r in res:
        if r is None:
            bad = 1
            print("%-10s failed" % w)
            continue
        print("%-10s %s: %d of %d SMs held a block, mean %.1f warps/SM of %d" % (
            w, "filled" if r["filled"] else "NOT filled", r["sms_used"], r["sms"], r["mean_warps_per_sm"],
            r["max_warps_per_sm"]))
    return bad


if __name__ == "__main__":
    sys.exit(main())
