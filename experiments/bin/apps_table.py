#!/usr/bin/env python3
"""apps_table.py [--scale X] [--config base-s] [--jobs N] [--out DIR] [APP...]: run each
application (gpusim --list-apps) on one machine and print a Markdown table: suite, class
by seed, input, launches, thread blocks, mean resident warps per SM, warp instructions,
cycles, whether the GPU is filled, and the wall time of the simulation. The numbers of
docs/workloads.md "Measured" come from it."""
import argparse
import concurrent.futures as cf
import os
import subprocess
import sys
import time

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(TOP, "tb", "lib"))
sys.path.insert(0, os.path.join(TOP, "experiments", "lib"))
import gexp  # noqa: E402
import num  # noqa: E402


def run(gpusim, kstream, app, scale, config, out, timeout):
    t0 = time.time()
    cmd = gexp.gpusim_cmd(gpusim, config, app, float(scale), os.path.join(out, "%s-%s-%s.json" % (app, config, scale)))
    try:
        d = gexp.gpusim_json(cmd, timeout)
    except subprocess.TimeoutExpired:
        return app, None, time.time() - t0, ["not finished in %d s" % timeout]
    except gexp.GpusimFailed as e:
        return app, None, time.time() - t0, ["failed: " + ((e.stderr.strip().splitlines() or ["exit %d" % e.returncode])[-1])]
    secs = time.time() - t0
    # the first launch's shape, from kstream's launch line
    ks = subprocess.run([kstream, "--workload", app, "--scale", str(scale), "--launches", "0:0"], capture_output=True,
                        text=True)
    first = ks.stdout.splitlines()[0].split() if ks.returncode == 0 and ks.stdout else []
    return app, d, secs, first


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("apps", nargs="*")
    ap.add_argument("--scale", default="1")
    ap.add_argument("--config", default="base-s")
    ap.add_argument("--jobs", default="2")
    ap.add_argument("--out", default=os.path.join(TOP, "build", "apps"))
    ap.add_argument("--timeout", default="0", help="seconds a run may take (0: no limit)")
    a = ap.parse_args()
    try:
        jobs = num.integer(a.jobs, 1, 64, "--jobs")
        timeout = num.integer(a.timeout, 0, 10**6, "--timeout") or None
        num.real(a.scale, 1e-6, 64, "--scale")
    except ValueError as e:
        print("apps_table.py: %s" % e, file=sys.stderr)
        return 2
    gpusim, kstream = os.path.join(TOP, "build/bin/gpusim"), os.path.join(TOP, "build/bin/kstream")
    rows = [l.split("\t") for l in subprocess.run([gpusim, "--list-apps"], capture_output=True, text=True,
                                                     check=True).stdout.splitlines()]
    known = {r[0]: r for r in rows}
    names = a.apps or [r[0] for r in rows]
    for n in names:
        if n not in known:
            print("apps_table.py: unknown application '%s' (gpusim --list-apps)" % n, file=sys.stderr)
            return 2
    os.makedirs(a.out, exist_ok=True)
    with cf.ThreadPoolExecutor(jobs) as ex:
        res = list(ex.map(lambda n: run(gpusim, kstream, n, a.scale, a.config, a.out, timeout), names))
    print("| app | suite | class by seed | input (scale 1) | launches | first launch: grid x block | thread blocks | "
          "mean warps/SM | warp instructions | cycles | filled | seconds |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    bad = 0
    for app, d, secs, first in res:
        r = known[app]
        if d is None:
            bad = 1
            print("| %s | %s | %s | %s | %s | | | | | | | %.0f |" % (app, r[1], r[2], r[3], first[0], secs))
            continue
        c, z = d["counters"], d["residency"]
        shape = "%sx%s x %sx%s" % (first[4], first[5], first[7], first[8]) if len(first) > 8 else "?"
        print("| %s | %s | %s | %s | %d | %s | %d | %.1f | %d | %d | %s | %.1f |" % (
            app, r[1], r[2], r[3], c["launches_completed"], shape, z["thread_blocks"], z["mean_warps_per_sm"],
            c["warp_instructions"], c["cycles"], "yes" if z["filled"] else "no (%d of %d SMs)" % (z["sms_used"], z["sms"]),
            secs))
    return bad


if __name__ == "__main__":
    sys.exit(main())
