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
