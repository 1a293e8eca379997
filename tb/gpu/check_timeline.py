#!/usr/bin/env python3
"""tb/gpu/check_timeline.py: gpusim's per-SM timeline (docs/results-format.md "timeline")
is whole in each JSON document given.

usage: check_timeline.py RUN.json...

For every SM and window: the scheduler cycles of all reasons add up to the window's cycles
x core.schedulers, "issued" equals the window's warp instructions, the mean resident warps
are within 0..core.warps; the windows cover the run (their cycles add up to
counters.cycles); per SM the warp instructions add up to per_sm.warp_instructions, and
in all to counters.warp_instructions; an SM's active cycles are at most the run's and its
last active cycle is below the run's cycles (-1 exactly when it never held a warp).
Prints one line per document and "timeline: N documents whole"; exit 1 on the first
problem, 2 on a file that is missing or not such a document.
"""
import json
import sys


def fail(msg):
    print(f"check_timeline: {msg}")
    sys.exit(1)


def check(path):
    try:
        with open(path) as f:
            d = json.load(f)
        t, c = d["timeline"], d["counters"]
        n, k, reasons = t["sms"], t["schedulers"], t["reasons"]
        cycles, sc = t["cycles"], t["sched_cycles"]
        warps_max = d["config"]["core.warps"]
    except (OSError, ValueError, KeyError, TypeError) as e:
        print(f"check_timeline: {path}: not a gpusim JSON document with a timeline ({e})", file=sys.stderr)
        sys.exit(2)
    if reasons[0] != "issued" or sorted(sc) != sorted(reasons):
        fail(f"{path}: reasons {reasons} vs sched_cycles keys {sorted(sc)}")
    if sum(cycles) != c["cycles"]:
        fail(f"{path}: windows cover {sum(cycles)} cycles, the run {c['cycles']}")
    per_sm = [0] * n
    for r, cyc in enumerate(cycles):
        for s in range(n):
            tot = sum(sc[x][r][s] for x in reasons)
            if tot != cyc * k:
                fail(f"{path}: window {r} SM {s}: reasons add up to {tot}, not {cyc} x {k} schedulers")
            wi = t["warp_instructions"][r][s]
            if sc["issued"][r][s] != wi:
                fail(f"{path}: window {r} SM {s}: issued {sc['issued'][r][s]} != warp instructions {wi}")
            if not 0 <= t["warps"][r][s] <= warps_max:
                fail(f"{path}: window {r} SM {s}: mean warps {t['warps'][r][s]}")
            per_sm[s] += wi
    if per_sm != c["per_sm"]["warp_instructions"]:
        fail(f"{path}: per SM warp instructions {per_sm} != per_sm {c['per_sm']['warp_instructions']}")
    if sum(per_sm) != c["warp_instructions"]:
        fail(f"{path}: warp instructions {sum(per_sm)} != {c['warp_instructions']}")
    for s in range(n):
        a, last = t["sm_active_cycles"][s], t["sm_last_active"][s]
        if not 0 <= a <= c["cycles"] or not -1 <= last < c["cycles"] or (a == 0) != (last == -1) or last + 1 < a:
            fail(f"{path}: SM {s}: active cycles {a}, last active {last}, run {c['cycles']}")
    share = {x: sum(map(sum, sc[x])) for x in reasons}
    tot = sum(share.values()) or 1
    print(f"{path}: {len(cycles)} windows of {t['window']}, {n} SMs: " +
          ", ".join(f"{x} {100.0 * v / tot:.1f}%" for x, v in share.items() if v))



def _help():
    """-h / --help: the usage and this program's description on stdout, exit 0"""
    if any(a in ("-h", "--help") for a in sys.argv[1:]):
        print("usage: check_timeline.py GPUSIM.json...\n\n" + (__doc__ or "").strip())
        sys.exit(0)


def main():
    if len(sys.argv) < 2:
        print("usage: check_timeline.py RUN.json...", file=sys.stderr)
        sys.exit(2)
    for p in sys.argv[1:]:
        check(p)
    print(f"timeline: {len(sys.argv) - 1} documents whole")


_help()
main()
