#!/usr/bin/env python3
"""synth_smoke.py RESULT.json: LAWS's storage, counted from the parameters alone (the
registers rtl/laws/laws.v declares, not the flow's output), must equal what the
synthesis flow (synth_estimates/synth.py) measured for that configuration, and the
generic-cell run must be plausible (flops cover the storage, a positive logic depth).
Run by tb/checks/synth.sh on each SYNTH_SMOKE configuration of
tb/blocks/laws/manifest.sh. Exit 0 agree, 1 a difference (one line naming each)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
import synth_smoke  # noqa: E402  (tb/lib/synth_smoke.py: the checks every block shares)


def main():
    r = synth_smoke.load(__doc__)
    p, st = r["params"], r["storage"]
    w = p["Warps"]
    llt = w * p["PcBits"]
    wgt = p["Groups"] * (1 + w)  # valid bit and warp vector
    order = w * (w - 1) // 2  # one bit per pair of warps
    want = {"array_bits": 0, "control_register_bits": llt + wgt + order}
    bad = [f"{k}: flow {st[k]}, expected {v}" for k, v in want.items() if st[k] != v]
    synth_smoke.flops_cover(r, bad)
    return synth_smoke.finish(r, want, bad)


if __name__ == "__main__":
    sys.exit(main())
