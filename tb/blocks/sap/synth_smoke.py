#!/usr/bin/env python3
"""synth_smoke.py RESULT.json: SAP's storage, counted from the parameters alone (the
registers rtl/sap/sap.v and its rtl/common parts declare, not the flow's output), must
equal what the synthesis flow (synth_estimates/synth.py) measured for that
configuration, and the generic-cell run must be plausible. Run by
tb/checks/synth.sh on each SYNTH_SMOKE configuration of tb/blocks/sap/manifest.sh.
Exit 0 agree, 1 a difference (one line naming each)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
import synth_smoke  # noqa: E402  (tb/lib/synth_smoke.py: the checks every block shares)



def main():
    r = synth_smoke.load(__doc__)
    p, st = r["params"], r["storage"]
    e, a, ww = p["Entries"], p["AddrW"], synth_smoke.idx_w(p["Warps"])
    pt = e * (1 + p["PcBits"] + ww + 2 * a)  # valid (cam), PC (cam), warp, address, stride
    lru = e + max(1, e * (e - 1) // 2)  # age_order: valid bits, pair bits
    wq = p["Warps"]
    drq = a + ww + a  # base address, missing warp, stride
    job = synth_smoke.idx_w(e) + 2  # entry, live, negative
    div = 3 * a + synth_smoke.cnt_w(a) + 1  # remainder, quotient, divisor, steps left, done
    want = {"array_bits": 0, "control_register_bits": pt + lru + wq + drq + job + div}
    bad = [f"{k}: flow {st[k]}, expected {v}" for k, v in want.items() if st[k] != v]
    # the divider's divisor register is AddrW bits but SAP feeds it |dw| (WW bits): its
    # upper AddrW - WW flops hold constant 0 and synthesis drops them
    synth_smoke.flops_cover(r, bad, a - ww, "constant divisor bits")
    return synth_smoke.finish(r, want, bad)


if __name__ == "__main__":
    sys.exit(main())
