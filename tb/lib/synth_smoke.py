"""tb/lib/synth_smoke.py: what every block's synthesis smoke checker (tb/blocks/<b>/synth_smoke.py,
SYNTH_SMOKE_CHECK of its manifest) does after its own storage formula: the generic-cell
run must have a positive logic depth, then one summary line, and one MISMATCH line naming
every difference. Returns the exit status (0 agree, 1 a difference). Also the command
line every checker shares (load) and the width helpers the storage formulas share (as
cmodel/include/bits.h's)."""
import json
import sys


def load(doc):
    """The result JSON the checker's one argument names. With -h or --help anywhere: the
    usage and the checker's docstring `doc` on stdout, exit 0; without exactly one
    argument: one line on stderr, exit 2."""
    if any(a in ("-h", "--help") for a in sys.argv[1:]):
        print("usage: %s RESULT.json\n\n%s" % (sys.argv[0], doc.strip()))
        sys.exit(0)
    if len(sys.argv) != 2:
        print("%s: one argument wanted, the flow's RESULT.json (see --help)" % sys.argv[0], file=sys.stderr)
        sys.exit(2)
    return json.load(open(sys.argv[1]))


def idx_w(n):  # bits to index n things, at least 1 (bits_idx_w)
    w = 1
    while (1 << w) < n:
        w += 1
    return w


def cnt_w(n):  # bits to hold 0..n (bits_count_w)
    w = 1
    while (1 << w) <= n:
        w += 1
    return w


def flops_cover(r, bad, slack=0, why=""):
    """The generic run's flops hold the storage (less `slack` bits synthesis may drop as
    constant, for the reason `why`)."""
    f, bits = r["generic"]["full"]["flops"], r["storage"]["total_bits"]
    if not f >= bits - slack:
        bad.append(f"flops: full {f}, storage {bits}" + (f" less {slack} {why}" if slack else ""))


def finish(r, want, bad):
    st, g = r["storage"], r["generic"]
    if not (g["full"]["logic_depth"] or 0) > 0:
        bad.append("no logic depth")
    print(f"synth smoke {r['block']}/{r['config']}: storage", {k: st[k] for k in want},
          "generic", g["full"]["cells"], "cells, depth", g["full"]["logic_depth"])
    if bad:
        print("synth smoke: MISMATCH " + "; ".join(bad))
        return 1
    return 0
