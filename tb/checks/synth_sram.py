"""tb/checks/synth_sram.py RESULT.json: the SRAM-timed Nangate45 result has all four timings and the
array's access arc on the worst path (synth_sram_timing)."""
import json, sys
n = json.load(open(sys.argv[1]))["liberty"]["nangate45"]["logic"]
t = n["timing"]
f = {k: (t[k] or {}).get("fmax_ghz") for k in ("io", "sram", "sram_io")}
print("sram timing: reg2reg", n["fmax_ghz"], f, "access", t["sram_model"])
assert all(f.values()), f
assert f["sram"] < n["fmax_ghz"] and f["sram_io"] < f["io"], f
assert f["sram_io"] <= f["sram"] + 1e-9, f
