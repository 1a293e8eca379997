# run_tests: beside
# 70-verify.sh (sourced by tb/run_tests.sh): verification strength, the quick part of
# make formal, make mutants and make soak (docs/verification.md, "Verification strength").
#   - every block's FORMAL_QUICK proofs, and a broken MRPB (the flush priority swapped
#     with the greedy hold) that the same proof must refute;
#   - the first MUTANT_QUICK Yosys mutants of each block that lists some: the unmutated
#     netlist passes every stimulus, and each mutant's class (killed / survived /
#     equivalent) and mutation equal the published run, docs/verification/mutants/
#     (made from the same RTL: a changed block must be re-run with make mutants BLOCK=b);
#   - a small soak, run twice: the second run resumes and runs nothing again;
#   - the functional-coverage check fails when a point is never reached.
echo "== verification strength (quick): proofs, mutants, soak"
lines_as_checks() { # lines_as_checks FILE: its "PASS name: ..." / "FAIL name: ..." lines count
  local l
  while IFS= read -r l; do
    case $l in
      PASS\ *) pass=$((pass + 1)); echo "$l" | cut -c1-160 ;;
      FAIL\ *) fail=$((fail + 1)); echo "$l" | cut -c1-200 ;;
    esac
  done <"$1"
}
tb/formal/formal.sh --quick >"$L/formal-quick.log" 2>&1
fq=$?
lines_as_checks "$L/formal-quick.log"
if [ $fq != 0 ] && ! grep -q '^FAIL ' "$L/formal-quick.log"; then
  fail=$((fail + 1)); echo "FAIL formal_quick: exit $fq (log: $L/formal-quick.log)"
fi
formal_catches() {
  local d=$L/formal-broken
  rm -rf "$d"; mkdir -p "$d"
  sed 's/wire \[QW-1:0\] pick = prio ? sigq : hold ? last_q_q : pol_idx;/wire [QW-1:0] pick = hold ? last_q_q : prio ? sigq : pol_idx;/' \
    rtl/mrpb/mrpb.v >"$d/mrpb.v"
  cmp -s rtl/mrpb/mrpb.v "$d/mrpb.v" && { echo "the edit changed nothing"; return 1; }
  . tb/formal/prove.sh
  local r
  r=$(prove mrpb "$d/mrpb.v $(ls rtl/common/*.v | tr '\n' ' ')" \
        "-set NumQ 3 -set Depth 3 -set Drain 1 -set Greedy 1 -set Latency 4 -set Bypass 1 -set AddrW 1 -set PcW 1 -set TagW 1" 6 "$d/proof")
  echo "$r"
  case $r in FAILED*"assertion at mrpb.v:"*) return 0 ;; *) return 1 ;; esac
}
check formal_catches_flush_priority_bug formal_catches
sed -n 's/^\(FAILED .*\)/    broken MRPB: \1/p' "$L/formal_catches_flush_priority_bug.log"

check mutants_quick python3 tb/mutants/mutants.py --quick --out build/mutants-quick --compare docs/verification/mutants
grep '^mutants ' "$L/mutants_quick.log" | sed 's/^/    /'

soak_resumes() {
  rm -rf build/soak/990
  QUICK=1 BLOCK=mrpb CYCLES=4e5 CHUNK=1e5 SEED=990 tb/soak/soak.sh || return 1
  local n1; n1=$(wc -l <build/soak/990/done.tsv)
  QUICK=1 BLOCK=mrpb CYCLES=4e5 CHUNK=1e5 SEED=990 tb/soak/soak.sh || return 1
  local n2; n2=$(wc -l <build/soak/990/done.tsv)
  echo "units done: $n1, after the second run: $n2"
  [ "$n1" = 4 ] && [ "$n2" = 4 ] && grep -q '^soak: 400000 cycles in 4 units' "$L/soak_resumes.log"
}
check soak_resumes soak_resumes
grep -m1 '^soak: 400000' "$L/soak_resumes.log" | sed 's/^/    /'
bad_line soak_bad_cycles "CYCLES='lots'" env CYCLES=lots tb/soak/soak.sh
bad_line formal_bad_block "unknown block 'nosuch'" tb/formal/formal.sh --block nosuch
bad_line mutants_bad_block "unknown block 'nosuch'" python3 tb/mutants/mutants.py --block nosuch
# the coverage check can fail: MRPB's counts from its C model with one point never reached
cover_zeroed() {
  tb/cover/cover.sh mrpb >/dev/null || return 2
  sed 's/^\(cover mrpb drain_flush\) [0-9]*$/\1 0/' build/cover/mrpb-c.txt >"$L/cover-zeroed.txt"
  tb/cover/cover.sh mrpb --file "$L/cover-zeroed.txt"
}
expect_fail coverage_unreached_point_fails 1 "drain_flush .*NOT REACHED" cover_zeroed
