#!/usr/bin/env python3
"""synth_smoke.py RESULT.json: memsched's storage, counted from the parameters alone (the
rules of rtl/memsched/memsched.v, not the flow's output), must equal what the synthesis
flow (synth_estimates/synth.py) measured for that configuration; the generic-cell run
must be plausible (flops cover the storage, the logic variant has fewer). Run by
tb/checks/synth.sh on each SYNTH_SMOKE configuration of tb/blocks/memsched/manifest.sh.
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
    entry = 1 + p["LineW"] + p["SlotW"]  # store bit, line address, load slot
    qw = max(1, clog2(p["Slots"]))
    cntw, ptrw = clog2(p["Depth"] + 1), max(1, clog2(p["Depth"]))
    want = {
        "array_bits": p["Slots"] * p["Depth"] * entry,
        "control_memory_bits": p["Slots"] * (cntw + 2 * ptrw),  # count, head, tail
        "control_register_bits": qw if p["Policy"] != 0 else 0,  # round-robin pointer
    }
    bad = [f"{k}: flow {st[k]}, expected {v}" for k, v in want.items() if st[k] != v]
    if st["yosys_stat_memory_bits"] != want["array_bits"] + want["control_memory_bits"]:
        bad.append(f"yosys stat memory bits {st['yosys_stat_memory_bits']}")
    g = r["generic"]
    if not (g["full"]["flops"] >= st["total_bits"] and g["logic"]["flops"] < g["full"]["flops"]):
        bad.append(f"flops: full {g['full']['flops']}, logic {g['logic']['flops']}, storage {st['total_bits']}")
    return synth_smoke.finish(r, want, bad)


if __name__ == "__main__":
    sys.exit(main())
