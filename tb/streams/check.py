#!/usr/bin/env python3
"""check.py APP [--scale X] [--seed N] [--fault-pc PC]: compare an application's warp
instruction streams from the C generator (tb/bin/kstream, i.e. build/bin/kstream) with
its independent model tb/streams/APP.py, line by line. Prints `streams APP: N lines
equal` and exits 0, or the first differing line of each with its warp and exits 1."""
import argparse
import importlib
import itertools
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import gks  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("app")
    ap.add_argument("--scale", default=None, help="default: the model's CHECK_SCALE, else 0.01")
    ap.add_argument("--seed", default="1")
    ap.add_argument("--fault-pc", default=None)
    ap.add_argument("--kstream", default=os.path.join(TOP, "build", "bin", "kstream"))
    a = ap.parse_args()
    try:
        mod = importlib.import_module(a.app.replace("-", "_"))
    except ImportError:
        print("check.py: no model tb/streams/%s.py" % a.app, file=sys.stderr)
        return 2
    if a.scale is None:
        a.scale = str(getattr(mod, "CHECK_SCALE", 0.01))
    cmd = [a.kstream, "--workload", a.app, "--scale", a.scale, "--seed", a.seed]
    if a.fault_pc:
        cmd += ["--fault-pc", a.fault_pc]
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
    arrays, launches = mod.build(float(a.scale), int(a.seed))
    where = "start"
    n = 0
    for c, py in itertools.zip_longest(p.stdout, gks.stream(arrays, launches)):
        c = c.rstrip("\n") if c is not None else None
        if c != py:
            p.kill()
            print("streams %s: differ at line %d (after %s)" % (a.app, n + 1, where))
            print("  C       : %s" % (c if c is not None else "(end)")[:300])
            print("  model   : %s" % (py if py is not None else "(end)")[:300])
            return 1
        if c.startswith(("L ", "W ")):
            where = "'%s'" % c
        n += 1
    if p.wait():
        print("streams %s: kstream failed (exit %d)" % (a.app, p.returncode))
        return 1
    print("streams %s: %d lines equal (scale %s, seed %s)" % (a.app, n, a.scale, a.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
