#!/usr/bin/env python3
"""clams_rank Pipe=1 against Pipe=0 on the same seeded stimulus (C model, tb/bin/run --print):
the pipelined forms (docs/timing/clams_rank.md) give every epoch the same rank, late:
  rank_o at cycle t of the pipelined form equals the single-cycle form's rank_o at cycle
  t - (AW + 3), in every cycle with no reset in t - (AW + 3) .. t, and end_o is the same
  every cycle (the epochs are not moved).
Runs both pipelined forms (compare: bit-serial comparisons; divide: the shared divider) on
several configurations. Exits 1 on any difference, or if a run compares too little."""
import argparse
import subprocess
import sys

RUNS = [(48, 128, "idle=0.02,wild=0.01"), (8, 12, "wild=0.2,idle=0.05,reset=0.002"), (2, 9, "exact=0.8,shift=0.3"),
        (64, 300, "wild=0.1")]


def steps(warps, epoch):
    """AW + 3: a count has clog2(Warps + 1) bits, an accumulator holds Epoch of its largest"""
    cw = warps.bit_length()
    return (((1 << cw) - 1) * epoch).bit_length() + 3


def run(cfg, knobs, cycles=60000, seed=9):
    cmd = ["tb/bin/run", "clams_rank", "--mode", "c", "--config", cfg, "--seed", str(seed),
           "--cycles", str(cycles), "--print", "--knobs", knobs]
    rows = []
    for line in subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.splitlines():
        if "|" in line:
            i, o = line.split("|")
            rows.append((i.split(), o.split()))  # in: rst live short; out: rank end
    return rows


def main():
    argparse.ArgumentParser(prog="pipe_equiv.py", usage="tb/blocks/clams_rank/pipe_equiv.py (from the top; takes no arguments)",
                            description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter).parse_args()
    fail = 0
    for warps, epoch, knobs in RUNS:
        cfg = "Warps=%d,Epoch=%d" % (warps, epoch)
        a = run(cfg + ",Pipe=0", knobs)
        for form in ("compare", "divide"):
            b = run(cfg + ",Pipe=1,Form=" + form, knobs)
            if [x[0] for x in a] != [x[0] for x in b]:
                print("FAIL %s %s: the stimulus differs between the forms" % (cfg, form))
                fail = 1
                continue
            rst = [x[0][0] == "1" for x in a]
            d = steps(warps, epoch) + 1  # AW + 4 - 1: Pipe=0 shows a rank at end + 1, Pipe=1 at end + AW + 4
            n = bad = ends = 0
            for t in range(d, len(a)):
                ends += a[t][1][1] != b[t][1][1]
                if any(rst[t - d:t + 1]):
                    continue
                n += 1
                bad += a[t - d][1][0] != b[t][1][0]
            changes = sum(1 for t in range(1, len(a)) if a[t][1][0] != a[t - 1][1][0])
            ok = bad == 0 and ends == 0 and n > len(a) // 2 and changes > 20
            print("%s %s Form=%s: ranks compared %d (delay %d), differ %d; end_o differs %d; single-cycle rank changes %d" %
                  ("ok" if ok else "FAIL", cfg, form, n, d, bad, ends, changes))
            fail |= not ok
    return 1 if fail else 0


if __name__ == "__main__":
    sys.exit(main())
