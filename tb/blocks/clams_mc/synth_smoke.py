#!/usr/bin/env python3
"""synth_smoke.py RESULT.json: clams_mc's storage, counted from the parameters alone (the
registers rtl/clams_mc/clams_mc.v and its divider declare), must equal what the synthesis
flow (synth_estimates/synth.py) measured for that configuration, and the generic-cell run
must be plausible. Run by tb/checks/synth.sh on each SYNTH_SMOKE configuration of
tb/blocks/clams_mc/manifest.sh. Exit 0 agree, 1 a difference (one line naming each)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
import synth_smoke  # noqa: E402  (tb/lib/synth_smoke.py: the checks every block shares)


def main():
    r = synth_smoke.load(__doc__)
    p, st = r["params"], r["storage"]
    nb = p["WinBits"]
    dw = synth_smoke.cnt_w(100 * ((1 << nb) - 1))
    occ = 8 * p["Banks"] * synth_smoke.cnt_w(p["Buf"])
    win = 9 * nb * 2  # counters and their snapshot
    regs = synth_smoke.idx_w(p["Window"]) + 8 * 7 + 4 + 1 + 3 + 7
    div = 3 * dw + synth_smoke.cnt_w(dw) + 1
    want = {"array_bits": 0, "control_register_bits": occ + win + regs + div}
    bad = [f"{k}: flow {st[k]}, expected {v}" for k, v in want.items() if st[k] != v]
    # the divider's divisor register is DW bits but takes the WinBits-bit count of all:
    # its upper DW - WinBits flops hold constant 0 and synthesis drops them
    synth_smoke.flops_cover(r, bad, dw - nb, "constant divisor bits")
    return synth_smoke.finish(r, want, bad)


if __name__ == "__main__":
    sys.exit(main())
