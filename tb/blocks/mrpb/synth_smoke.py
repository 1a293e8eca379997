#!/usr/bin/env python3
"""synth_smoke.py RESULT.json: MRPB's storage, counted from the parameters alone (the
rules of rtl/mrpb/mrpb.v, not the flow's output), must equal what the synthesis flow
(synth_estimates/synth.py) measured for that configuration; the generic-cell run must be
plausible (flops cover the storage, a positive logic depth) and, with round-robin, the
arbiter instance must have the queue count and index width. Run by
tb/checks/synth.sh on each SYNTH_SMOKE configuration of tb/blocks/mrpb/manifest.sh.
Exit 0 agree, 1 a difference (one line naming each)."""
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
import synth_smoke  # noqa: E402  (tb/lib/synth_smoke.py: the checks every block shares)


def clog2(n):
    return max(0, math.ceil(math.log2(n))) if n > 1 else 0


def main():
    r = synth_smoke.load(__doc__)
    p, st = r["params"], r["storage"]
    entry = 1 + p["AddrW"] + 6 + 3 + 5 + 5 + p["PcW"] + p["TagW"]  # write, addr, warp, block, inblk, lane, pc, tag
    qw = max(1, clog2(p["NumQ"]))
    lenw, ptrw = clog2(p["Depth"] + 1), max(1, clog2(p["Depth"]))
    want = {
        "array_bits": p["NumQ"] * p["Depth"] * entry,
        "control_memory_bits": p["NumQ"] * (2 * lenw + 2 * ptrw),  # len, vis, head, tail
        # outbound register + valid; last drained queue (live with round-robin, Drain=1);
        # delay line of Latency-2 stages, each a valid bit and a queue index
        "control_register_bits": (entry + 1) + (qw if p["Drain"] == 1 else 0) + (p["Latency"] - 2) * (1 + qw),
    }
    bad = [f"{k}: flow {st[k]}, expected {v}" for k, v in want.items() if st[k] != v]
    if st["yosys_stat_memory_bits"] != want["array_bits"] + want["control_memory_bits"]:
        bad.append(f"yosys stat memory bits {st['yosys_stat_memory_bits']}")
    g = r["generic"]
    if not (g["full"]["flops"] >= st["total_bits"] and g["logic"]["flops"] < g["full"]["flops"]):
        bad.append(f"flops: full {g['full']['flops']}, logic {g['logic']['flops']}, storage {st['total_bits']}")
    if p["Drain"] == 1:
        enc = st["instances"].get("g_rr.u_pol", {}).get("ports", {})
        if (enc.get("req_i"), enc.get("idx_o")) != (p["NumQ"], qw):
            bad.append(f"round-robin arbiter ports {enc}")
    return synth_smoke.finish(r, want, bad)


if __name__ == "__main__":
    sys.exit(main())
