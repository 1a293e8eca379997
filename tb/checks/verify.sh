# tb/checks/verify.sh: verification strength, the quick part of make formal, make mutants
# and make soak (docs/verification.md, "Verification strength"), and gcov:
#   - every block's FORMAL_QUICK proofs (one check each, from tb/formal/formal.sh --quick's
#     lines), and a broken reference block (its manifest's REF_FORMAL_BROKEN) that the
#     same proofs must refute;
#   - the first MUTANT_QUICK Yosys mutants of each block that lists some: the unmutated
#     netlist passes every stimulus, and each mutant's class and mutation equal the
#     published run, docs/verification/mutants/;
#   - a small soak, run twice: the second run resumes and runs nothing again;
#   - the functional-coverage check fails when a point is never reached;
#   - C line and branch coverage of cmodel/ by gcov over the C side of the suite.
formal_catches() {
  local d=$L/formal-broken f e p depth r
  manifest $REF_BLOCK || return 1
  IFS='|' read -r f e p depth <<<"$REF_FORMAL_BROKEN"
  rm -rf "$d"; mkdir -p "$d"
  cp rtl/$REF_BLOCK/*.v "$d/" && sed -i "$e" "$d/$f"
  cmp -s "rtl/$REF_BLOCK/$f" "$d/$f" && { echo "the edit changed nothing"; return 1; }
  . tb/formal/prove.sh
  r=$(prove $REF_BLOCK "$(ls "$d"/*.v | tr '\n' ' ') $(ls rtl/common/*.v | tr '\n' ' ')" "$p" "$depth" "$d/proof")
  echo "broken $REF_BLOCK: $r"
  case $r in FAILED*"assertion at $f:"*) return 0 ;; *) return 1 ;; esac
}
soak_resumes() {
  local n1 n2
  rm -rf build/soak/990
  QUICK=1 BLOCK=$REF_BLOCK CYCLES=4e5 CHUNK=1e5 SEED=990 tb/soak/soak.sh || return 1
  n1=$(wc -l <build/soak/990/done.tsv)
  QUICK=1 BLOCK=$REF_BLOCK CYCLES=4e5 CHUNK=1e5 SEED=990 tb/soak/soak.sh | tee "$L/soak-2.txt" || return 1
  n2=$(wc -l <build/soak/990/done.tsv)
  echo "units done: $n1, after the second run: $n2"
  [ "$n1" = 4 ] && [ "$n2" = 4 ] && grep -q '^soak: 400000 cycles in 4 units' "$L/soak-2.txt"
}
cover_zeroed() { # the coverage check can fail: the reference block's counts with one point never reached
  manifest $REF_BLOCK || exit 3
  tb/cover/cover.sh $REF_BLOCK >/dev/null || exit 3
  sed "s/^\(cover $REF_BLOCK $REF_COVER_POINT\) [0-9]*$/\1 0/" build/cover/$REF_BLOCK-c.txt >"$L/cover-zeroed.txt"
  exec tb/cover/cover.sh $REF_BLOCK --file "$L/cover-zeroed.txt"
}
declare_verify() {
  local b p subs=""
  for b in $(test_blocks); do
    manifest "$b"
    for p in $FORMAL_QUICK; do subs="$subs,${b}_$p"; done
  done
  CK_TAGS=verify,formal CK_NEEDS=""
  ck formal_quick -j 2 -x "lines:formal_:${subs#,}" -- tb/formal/formal.sh --quick
  ckf formal_catches_planted_bug -s '^broken ' -- formal_catches
  CK_TAGS=verify,mutants CK_NEEDS=build_c
  ck mutants_quick -j 2 -s '^mutants ' -- python3 tb/mutants/mutants.py --quick --out build/mutants-quick --compare docs/verification/mutants
  CK_TAGS=verify,soak
  ckf soak_resumes -n build_rtl_shared -s '^soak: 400000' -- soak_resumes
  CK_TAGS=verify,bad-input
  bad soak_bad_cycles "CYCLES='lots'" -- env CYCLES=lots tb/soak/soak.sh
  bad formal_bad_block "unknown block 'nosuch'" -- tb/formal/formal.sh --block nosuch
  bad mutants_bad_block "unknown block 'nosuch'" -- python3 tb/mutants/mutants.py --block nosuch
  CK_TAGS=verify,coverage
  manifest $REF_BLOCK
  ck coverage_unreached_point_fails -x "fail:1:$REF_COVER_POINT .*NOT REACHED" -- tb/checks/fn verify cover_zeroed
  ck gcov_cmodel -j 2 -s '^gcov:' -- tb/cover/gcov.sh
}
