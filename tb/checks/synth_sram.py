"""tb/checks/synth_sram.py RESULT.json: the SRAM-timed Nangate45 result has all four timings and the
timing with the array no faster than without it (synth_sram_timing)."""
import json, sys
n = json.load(open(sys.argv[1]))["liberty"]["nangate45"]["logic"]
t = n["timing"]
f = {k: (t[k] or {}).get("fmax_ghz") for k in ("io", "sram", "sram_io")}
print("sram timing: reg2reg", n["fmax_ghz"], f, "access", t["sram_model"])
assert all(f.values()), f
assert f["sram"] <= n["fmax_ghz"] + 1e-9 and f["sram_io"] <= f["io"] + 1e-9, f
assert f["sram_io"] <= f["sram"] + 1e-9, f
