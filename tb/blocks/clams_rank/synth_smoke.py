#!/usr/bin/env python3
"""synth_smoke.py RESULT.json: clams_rank's storage, counted from the parameters alone (the
registers rtl/clams_rank/clams_rank.v declares; Pipe=1 adds the pipelined form's), must equal what the synthesis flow
(synth_estimates/synth.py) measured for that configuration, and the generic-cell run must
be plausible. Run by tb/checks/synth.sh on each SYNTH_SMOKE configuration of
tb/blocks/clams_rank/manifest.sh. Exit 0 agree, 1 a difference (one line naming each)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
import synth_smoke  # noqa: E402  (tb/lib/synth_smoke.py: the checks every block shares)


def main():
    r = synth_smoke.load(__doc__)
    p, st = r["params"], r["storage"]
    cw = synth_smoke.cnt_w(p["Warps"])
    aw = synth_smoke.cnt_w(((1 << cw) - 1) * p["Epoch"])
    yw = synth_smoke.idx_w(p["Epoch"])
    pipe = p.get("Pipe", 0)
    pipe_bits = 0
    dw = aw + 3  # 8S and 7L
    if pipe and not p["Form"]:
        # bit-serial comparisons: 8S and L shifting, L's last 3 bits, 3 carries and a
        # borrow, 7 results, the step count, done, L's nonzero bit; the last-cycle register
        pipe_bits = dw + aw + 3 + 4 + 7 + synth_smoke.cnt_w(dw) + 1 + 1 + 1
    elif pipe:
        # the shared divider (rem, quo, div, steps, done), the L = 0 flag, the last-cycle register
        pipe_bits = 3 * dw + synth_smoke.cnt_w(dw) + 1 + 1 + 1
    want = {"array_bits": 0, "control_register_bits": yw + 2 * aw + 3 + pipe_bits}
    bad = [f"{k}: flow {st[k]}, expected {v}" for k, v in want.items() if st[k] != v]
    if pipe and p["Form"]:  # the divisor register's top 3 bits hold L's zero extension
        synth_smoke.flops_cover(r, bad, 3, "constant divisor bits ({3'b000, L})")
    else:
        synth_smoke.flops_cover(r, bad)
    return synth_smoke.finish(r, want, bad)


if __name__ == "__main__":
    sys.exit(main())
