#!/usr/bin/env python3
"""synth_smoke.py RESULT.json: the decoupled L1D's storage, counted from the parameters
alone (the registers rtl/dl1d/dl1d.v declares, not the flow's output), must equal what
the synthesis flow (synth_estimates/synth.py) measured for that configuration, and the
generic-cell run must be plausible (flops cover the storage, a positive logic depth).
Run by tb/checks/synth.sh on each SYNTH_SMOKE configuration of
tb/blocks/dl1d/manifest.sh. Exit 0 agree, 1 a difference (one line naming each)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
import synth_smoke  # noqa: E402  (tb/lib/synth_smoke.py: the checks every block shares)



def main():
    r = synth_smoke.load(__doc__)
    p, st = r["params"], r["storage"]
    nt, nd = p["Sets"] * p["TagWays"], p["Sets"] * p["DataWays"]
    dww = synth_smoke.idx_w(p["DataWays"])
    tag_store = nt * (1 + p["TagBits"] + p["RcBits"] + 1 + dww)  # valid, tag, RC, Position valid, Position
    data_book = nd * (2 + dww) + p["Sets"] * synth_smoke.cnt_w(p["DataWays"])  # allocated, pending, LRU rank; Free Line
    duel = (16 + 4 * 12 + 1) if p["Duel"] else 0
    want = {"array_bits": 0, "control_register_bits": tag_store + data_book + duel}
    bad = [f"{k}: flow {st[k]}, expected {v}" for k, v in want.items() if st[k] != v]
    synth_smoke.flops_cover(r, bad)
    return synth_smoke.finish(r, want, bad)


if __name__ == "__main__":
    sys.exit(main())
