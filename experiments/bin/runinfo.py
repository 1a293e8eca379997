#!/usr/bin/env python3
"""runinfo.py RUN.json... [--per-sm]: what held a run back, from its counters and timeline.

Per run (a gpusim --json file or an experiment's run file): cycles, IPC, mean resident
warps per SM, the schedulers' cycles by reason (docs/results-format.md: issued, held,
mem_stage, shared_port, latency, load, barrier, drain, no_warp) as shares, the memory
stage's stalled share of SM cycles (lsu_stall_cycles) and why the L1 refused requests
(miss queue full, MSHRs full, associativity, merge slots, per L1 access), the L1 hit rate
and DRAM data-bus use. --per-sm adds one row per SM: warp instructions, cycles with a warp,
the last cycle with a warp (as a share of the run) and the reasons' shares on that SM.
Exit 2 with one line on stderr for a missing or malformed file."""
import json
import signal
import sys

signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # runinfo.py ... | head: no traceback


def load(path):
    try:
        with open(path) as f:
            d = json.load(f)
        d["counters"]["cycles"]
        d["timeline"]["sched_cycles"]
        return d
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise SystemExit(f"runinfo.py: {path}: not a run with counters and a timeline ({e})")


def shares(sc, reasons, sm=None):
    tot = {r: sum(row[sm] if sm is not None else sum(row) for row in sc[r]) for r in reasons}
    n = sum(tot.values()) or 1
    return {r: tot[r] / n for r in reasons}


def name(d, path):
    r = d.get("run")
    if r:
        return f"{r['preset']}/{r['workload']}/x{r['scale']:g}/{r['design']}"
    return path



def _help():
    """-h / --help: the usage and this program's description on stdout, exit 0"""
    if any(a in ("-h", "--help") for a in sys.argv[1:]):
        print("usage: runinfo.py RUN.json... [--per-sm]\n\n" + (__doc__ or "").strip())
        sys.exit(0)

def main(argv):
    per_sm = "--per-sm" in argv
    paths = [a for a in argv if a != "--per-sm"]
    if not paths:
        print("usage: runinfo.py RUN.json... [--per-sm]", file=sys.stderr)
        return 2
    try:
        runs = [(p, load(p)) for p in paths]
    except SystemExit as e:
        print(e, file=sys.stderr)
        return 2
    for p, d in runs:
        c, t = d["counters"], d["timeline"]
        sms = t["sms"]
        reasons = t["reasons"]
        sh = shares(t["sched_cycles"], reasons)
        acc = c["l1_hits"] + c["l1_misses"] + c["l1_hit_pending"] or 1
        res = d.get("residency", {})
        print(f"{name(d, p)}: {c['cycles']} cycles, IPC {c['ipc_thread']:.3f}, "
              f"{res.get('mean_warps_per_sm', float('nan')):.1f} warps/SM")
        print("  schedulers: " + ", ".join(f"{r} {100 * sh[r]:.1f}%" for r in reasons if sh[r] >= 0.0005))
        print(f"  memory stage stalled {100 * c['lsu_stall_cycles'] / (c['cycles'] * sms):.1f}% of SM cycles; "
              f"L1 refusals (retry cycles) per access: miss queue {c['l1_fail_missq'] / acc:.2f}, MSHR {c['l1_fail_mshr'] / acc:.2f}, "
              f"associativity {c['l1_fail_assoc'] / acc:.2f}, merge {c['l1_fail_merge'] / acc:.2f}; "
              f"L1 hit rate {100 * c['l1_hit_rate']:.1f}%; DRAM data bus {100 * c['dram_bandwidth_use']:.1f}%")
        if per_sm:
            wi = c.get("per_sm", {}).get("warp_instructions", [0] * sms)
            print("   sm  warp-instr  active%  last%  " + " ".join(f"{r[:9]:>9s}" for r in reasons))
            for s in range(sms):
                s_sh = shares(t["sched_cycles"], reasons, s)
                print(f"  {s:3d} {wi[s]:11d} {100 * t['sm_active_cycles'][s] / c['cycles']:7.1f} "
                      f"{100 * t['sm_last_active'][s] / c['cycles']:6.1f}  "
                      + " ".join(f"{100 * s_sh[r]:8.1f}%" for r in reasons))
    return 0


if __name__ == "__main__":
    _help()
    sys.exit(main(sys.argv[1:]))
