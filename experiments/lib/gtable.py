"""gtable: what the seed-comparison tables (experiments/bin/clams_table.py, choo_table.py)
share: their command line and running gpusim on every kernel x design in parallel, one
JSON file per run in --out (gpusim's own JSON, not a result file of the experiment
layer). The command line and the runs are gexp's (gpusim_cmd, gpusim_json), and so is
the geometric mean."""
import argparse
import concurrent.futures
import json
import os
import subprocess
import sys

import gexp


def args(doc, out):
    """--scale, --jobs, --out, --gpusim and the kernels; None (after one stderr line) when
    a value is out of range"""
    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scale", type=float, default=0.25)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", default=out)
    ap.add_argument("--gpusim", default="build/bin/gpusim")
    ap.add_argument("--cached", action="store_true", help="reuse the JSON files an earlier run left in --out")
    ap.add_argument("kernels", nargs="*")
    a = ap.parse_args()
    if not 0 < a.scale <= 4 or not 1 <= a.jobs <= 64:
        print("%s: --scale must be in (0, 4] and --jobs in 1..64" % os.path.basename(sys.argv[0]), file=sys.stderr)
        return None
    a.kernels = a.kernels or subprocess.run([a.gpusim, "--list"], capture_output=True, text=True,
                                            check=True).stdout.split()
    os.makedirs(a.out, exist_ok=True)
    return a


def run_all(a, config, designs):
    """{(kernel, design name): counters} of `gpusim --config config` with each design's
    arguments on every kernel (designs: [(name, [args])])"""
    def one(kd):
        k, (name, extra) = kd
        js = os.path.join(a.out, "%s-%s.json" % (k, name.replace(":", "")))
        if a.cached and os.path.exists(js):
            with open(js) as f:
                return k, name, json.load(f)["counters"]
        try:
            return k, name, gexp.gpusim_json(gexp.gpusim_cmd(a.gpusim, config, k, a.scale, js, extra))["counters"]
        except gexp.GpusimFailed as e:
            raise SystemExit("%s: %s failed: %s" % (os.path.basename(sys.argv[0]), " ".join(e.cmd),
                                                    (e.stderr or e.stdout).strip()[:300]))
    res = {}
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        for k, name, c in ex.map(one, [(k, d) for k in a.kernels for d in designs]):
            res[(k, name)] = c
    return res


def geomean(xs):
    """gexp's geometric mean of the values > 0 (a design that stopped, IPC 0, is left
    out); nan when there are none"""
    g = gexp.geomean(xs, positive_only=True)
    return float("nan") if g is None else g
