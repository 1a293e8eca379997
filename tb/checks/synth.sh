# tb/checks/synth.sh: a smoke of the synthesis flow, so it cannot rot. Each block's
# SYNTH_SMOKE configurations (its manifest) go through storage counting and generic-cell
# synthesis (no liberty, a few seconds); the block's SYNTH_SMOKE_CHECK script recomputes
# the storage bits from the parameters alone and must agree with the flow; the claims'
# quotes are at their seed lines; timing with the arrays as SRAM on Nangate45 (when
# ../shared/pdk has it); bad input is one clear line and exit 2.
synth_smoke() { # synth_smoke BLOCK CONFIG
  local out=$B/test/synth-$1-$2
  manifest "$1" || return 1
  [ -n "$SYNTH_SMOKE_CHECK" ] || { echo "SYNTH_SMOKE names $2 but SYNTH_SMOKE_CHECK is empty"; return 1; }
  rm -rf "$out" && LIBERTY=none synth_estimates/run.sh --block "$1" --config "$2" --out "$out" --work "$B/test/synth-work-$1-$2" || return 1
  python3 "$SYNTH_SMOKE_CHECK" "$out/$1-$2.json"
}
claims_moved() { # a claim moved 40 lines off its quote is caught (the checker can fail)
  python3 - "$B/test/claims-moved.json" <<'PY'
import json, sys
d = json.load(open("synth_estimates/claims.json"))
d["claims"][0]["line"] += 40
json.dump(d, open(sys.argv[1], "w"))
PY
  ! python3 synth_estimates/check_claims.py --claims "$B/test/claims-moved.json" >"$B/test/claims-moved.out" &&
    grep "quote not at seed" "$B/test/claims-moved.out"
}
# timing with the ports constrained and the arrays as SRAM: the reference block's small
# configuration mapped to Nangate45 must give all four timings, none faster than with the
# array cut out, and OpenSTA must time the array's access arc (the worst path through its
# read data passes the array cell with a non-zero delay; a model OpenSTA did not load
# would leave a black box without that path)
sram_timing() {
  local out=$B/test/synth-sram nangate=$1
  [ -e "$nangate" ] || { echo "no $nangate: the Nangate45 timing check is not run"; return 0; }
  rm -rf "$out" && LIBERTY=$nangate synth_estimates/synth.py --block $REF_BLOCK --config small --out "$out" --work "$B/test/synth-sram-work" >/dev/null || return 1
  # the array's cell is loaded and its access arc timed: the worst path through its read
  # data passes the cell with a non-zero delay (a black box would have no such path)
  local w=$B/test/synth-sram-work/$REF_BLOCK/small
  { sed -n '/^read_liberty/p; /^read_verilog/p; /^link_design/p; /^create_clock/p' "$w/nangate45_logic_sram_sta.tcl"
    echo 'report_checks -through [get_pins -of_objects [get_cells -filter "ref_name == SYNTH_ARRAY_0" *] -filter "direction == output"] -path_delay max -digits 4'
    echo exit; } >"$w/through_array.tcl"
  (cd "$w" && sta -no_splash -exit through_array.tcl) >"$w/through_array.log" 2>&1
  grep -E '^ +[0-9.]+ +[0-9.]+ [v^] .*/RD_DATA\[[0-9]+\] \(SYNTH_ARRAY_0\)' "$w/through_array.log" | head -n1 | sed 's/^/through the array: /' | grep -vE '^through the array: +0\.0000 ' || return 1
  python3 tb/checks/synth_sram.py "$out/$REF_BLOCK-small.json"
}
declare_synth() {
  local b sc first=""
  for b in $(test_blocks); do
    manifest "$b"
    [ -z "$first" ] && [ ${#SYNTH_SMOKE[@]} -gt 0 ] && first=$b
    for sc in "${SYNTH_SMOKE[@]}"; do ckf "${b}_synth_smoke_$sc" -t "$b" -s '^synth smoke ' -- synth_smoke "$b" "$sc"; done
  done
  CK_TAGS=synth,bad-input CK_NEEDS=""
  bad synth_bad_block "unknown block 'nosuch'" -- env LIBERTY=none synth_estimates/run.sh --block nosuch --out "$B/test/synth-bad"
  bad synth_bad_liberty "LIBERTY=/nonexistent.lib: no such file" -- env LIBERTY=/nonexistent.lib synth_estimates/run.sh --smoke --out "$B/test/synth-bad"
  [ -n "$first" ] && bad synth_bad_config "unknown configuration 'huge'" -- env LIBERTY=none synth_estimates/run.sh --block "$first" --config huge --out "$B/test/synth-bad"
  CK_TAGS=synth
  # claims.json: every claim has the fields the report needs, and its quote is in its seed
  # at the line it gives (the seeds are ../shared/seeds, beside the project as in CI)
  ck synth_claims_quoted -- python3 synth_estimates/check_claims.py
  ckf synth_claims_moved_caught -- claims_moved
  ckf synth_sram_timing -s '^(sram timing|no )' -- sram_timing "$(cd .. && pwd)/shared/pdk/nangate45_typ.lib.gz"
}
