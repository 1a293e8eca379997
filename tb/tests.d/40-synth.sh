# 40-synth.sh (sourced by tb/run_tests.sh): a smoke of the synthesis flow, so it cannot rot.
# Each block's SYNTH_SMOKE configurations (its manifest) go through storage counting and
# generic-cell synthesis (no liberty, a few seconds); the block's SYNTH_SMOKE_CHECK script
# recomputes the storage bits from the parameters alone and must agree with the flow;
# bad input must give one clear line on stderr and exit 2.
echo "== synthesis flow smoke (synth_estimates, generic cells)"
synth_smoke() { # synth_smoke BLOCK CONFIG CHECK
  local out=$B/test/synth-$1-$2
  rm -rf "$out" && LIBERTY=none synth_estimates/run.sh --block "$1" --config "$2" --out "$out" --work "$B/test/synth-work-$1" || return 1
  python3 "$3" "$out/$1-$2.json"
}
synth_blk=""
for b in $TEST_BLOCKS; do
  manifest "$b"
  [ -z "$synth_blk" ] && [ ${#SYNTH_SMOKE[@]} -gt 0 ] && synth_blk=$b
  for sc in "${SYNTH_SMOKE[@]}"; do
    if [ -z "$SYNTH_SMOKE_CHECK" ]; then
      fail=$((fail + 1)); echo "FAIL ${b}_synth_smoke_$sc: SYNTH_SMOKE names $sc but SYNTH_SMOKE_CHECK is empty"; continue
    fi
    check "${b}_synth_smoke_$sc" synth_smoke "$b" "$sc" "$SYNTH_SMOKE_CHECK"
    sed -n 's/^\(synth smoke .*\)/    \1/p' "$L/${b}_synth_smoke_$sc.log"
  done
done
bad_line synth_bad_block "unknown block 'nosuch'" env LIBERTY=none synth_estimates/run.sh --block nosuch --out "$B/test/synth-bad"
bad_line synth_bad_liberty "LIBERTY=/nonexistent.lib: no such file" env LIBERTY=/nonexistent.lib synth_estimates/run.sh --smoke --out "$B/test/synth-bad"
if [ -n "$synth_blk" ]; then
  bad_line synth_bad_config "unknown configuration 'huge'" env LIBERTY=none synth_estimates/run.sh --block "$synth_blk" --config huge --out "$B/test/synth-bad"
fi
unset synth_blk sc
# claims.json: every claim has the fields the report needs, and its quote is in its seed at
# the line it gives (the seeds are ../shared/seeds, beside the project as in CI)
check synth_claims_quoted python3 synth_estimates/check_claims.py
# a claim moved 40 lines off its quote is caught (the checker can fail)
claims_moved() {
  python3 - "$B/test/claims-moved.json" <<'PY'
import json, sys
d = json.load(open("synth_estimates/claims.json"))
d["claims"][0]["line"] += 40
json.dump(d, open(sys.argv[1], "w"))
PY
  ! python3 synth_estimates/check_claims.py --claims "$B/test/claims-moved.json" >"$B/test/claims-moved.out" &&
    grep -q "quote not at seed" "$B/test/claims-moved.out"
}
check synth_claims_moved_caught claims_moved
# timing with the ports constrained and the arrays as SRAM: a small configuration mapped to
# Nangate45 (when ../shared/pdk has it) must give all four timings, and the array's access
# arc must be on the worst path: strictly slower than with the array cut out (a model
# OpenSTA did not load would leave a black box and the same figures), the path through
# the array cell in the report
nangate=$(cd .. && pwd)/shared/pdk/nangate45_typ.lib.gz
if [ ! -e "$nangate" ]; then
  echo "    (no $nangate: the Nangate45 timing check is not run)"
elif case " $TEST_BLOCKS " in *" mrpb "*) true ;; *) false ;; esac; then
  sram_timing() {
    local out=$B/test/synth-sram
    rm -rf "$out" && LIBERTY=$nangate synth_estimates/synth.py --block mrpb --config small --out "$out" --work "$B/test/synth-sram-work" >/dev/null || return 1
    grep -q "(SYNTH_ARRAY_0)" "$B/test/synth-sram-work/mrpb/small/nangate45_logic_sram_sta.log" || return 1
    python3 - "$out/mrpb-small.json" <<'PY'
import json, sys
n = json.load(open(sys.argv[1]))["liberty"]["nangate45"]["logic"]
t = n["timing"]
f = {k: (t[k] or {}).get("fmax_ghz") for k in ("io", "sram", "sram_io")}
print("sram timing: reg2reg", n["fmax_ghz"], f, "access", t["sram_model"])
assert all(f.values()), f
assert f["sram"] < n["fmax_ghz"] and f["sram_io"] < f["io"], f
assert f["sram_io"] <= f["sram"] + 1e-9, f
PY
  }
  check synth_sram_timing sram_timing
fi
unset nangate
