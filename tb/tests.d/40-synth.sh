# 40-synth.sh (sourced by tb/run_tests.sh): a smoke of the synthesis flow, so it cannot rot.
# One small MRPB configuration through storage counting and generic-cell synthesis (no
# liberty, a few seconds); its storage bits must equal the count worked out here from the
# parameters alone; bad input must give one clear line on stderr and exit 2.
echo "== synthesis flow smoke (synth_estimates, generic cells)"
synth_smoke() {
  local out=$B/test/synth
  rm -rf "$out" && LIBERTY=none synth_estimates/run.sh --smoke --out "$out" --work "$B/test/synth-work" || return 1
  python3 - "$out/mrpb-small.json" <<'PY'
import json, math, sys
r = json.load(open(sys.argv[1]))
p, st = r["params"], r["storage"]
clog2 = lambda n: max(0, math.ceil(math.log2(n))) if n > 1 else 0
entry = 1 + p["AddrW"] + 6 + 3 + 5 + 5 + p["PcW"] + p["TagW"]   # write, addr, warp, block, inblk, lane, pc, tag
qw = max(1, clog2(p["NumQ"]))
lenw, ptrw = clog2(p["Depth"] + 1), max(1, clog2(p["Depth"]))
want = {
    "array_bits": p["NumQ"] * p["Depth"] * entry,
    "control_memory_bits": p["NumQ"] * (2 * lenw + 2 * ptrw),          # len, vis, head, tail
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
if not (g["full"]["logic_depth"] or 0) > 0:
    bad.append("no logic depth")
enc = st["instances"].get("g_rr.u_pol", {}).get("ports", {})
if (enc.get("req_i"), enc.get("idx_o")) != (p["NumQ"], qw):
    bad.append(f"round-robin arbiter ports {enc}")
print("synth smoke: storage", {k: st[k] for k in want}, "generic", g["full"]["cells"], "cells, depth", g["full"]["logic_depth"])
if bad:
    print("synth smoke: MISMATCH " + "; ".join(bad)); sys.exit(1)
PY
}
check synth_smoke synth_smoke
expect_fail synth_bad_block 2 "unknown block 'nosuch'" env LIBERTY=none synth_estimates/run.sh --block nosuch --out "$B/test/synth-bad"
expect_fail synth_bad_liberty 2 "LIBERTY=/nonexistent.lib: no such file" env LIBERTY=/nonexistent.lib synth_estimates/run.sh --smoke --out "$B/test/synth-bad"
expect_fail synth_bad_config 2 "unknown configuration 'huge'" env LIBERTY=none synth_estimates/run.sh --config huge --out "$B/test/synth-bad"
