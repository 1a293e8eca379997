#!/usr/bin/env python3
"""synth_smoke.py RESULT.json: clams_pick's storage, counted from the parameters alone (the
registers rtl/clams_pick/clams_pick.v declares), must equal what the synthesis flow
(synth_estimates/synth.py) measured for that configuration, and the generic-cell run must
be plausible. Run by tb/checks/synth.sh on each SYNTH_SMOKE configuration of
tb/blocks/clams_pick/manifest.sh. Exit 0 agree, 1 a difference (one line naming each)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
import synth_smoke  # noqa: E402  (tb/lib/synth_smoke.py: the checks every block shares)


def main():
    r = synth_smoke.load(__doc__)
    p, st = r["params"], r["storage"]
    bw = synth_smoke.idx_w(p["Banks"])
    slots = p["Slots"] * (1 + bw + 3 + p["AgeW"])
    # the FR-FCFS-Cap streaks only with Algo=cap (otherwise unread, and synthesis drops them)
    streaks = p["Banks"] * synth_smoke.cnt_w(p["Cap"]) if p["Algo"] == 1 else 0
    want = {"array_bits": 0, "control_register_bits": slots + p["AgeW"] + streaks}
    bad = [f"{k}: flow {st[k]}, expected {v}" for k, v in want.items() if st[k] != v]
    synth_smoke.flops_cover(r, bad)
    return synth_smoke.finish(r, want, bad)


if __name__ == "__main__":
    sys.exit(main())
