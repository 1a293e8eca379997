# tb/checks/gls.sh: gate-level lockstep (make gls, tb/gls/gls.py, docs/verification.md
# "Gate-level lockstep"): each block's smoke configuration mapped to Nangate45 cells by the
# synthesis flow runs in lockstep against the C model on random stimulus and is proven
# equivalent to its RTL by Yosys (where the block has no array box); a netlist with one gate
# changed is caught by both. Needs the Nangate45 liberty (../shared/pdk).
declare_gls() {
  local b
  CK_TAGS=gls,verify CK_NEEDS=build_c,build_rtl_shared
  for b in $(test_blocks); do
    [ -e "synth_estimates/blocks/$b.json" ] || continue
    ck "gls_$b" -s '^gls ' -- python3 tb/gls/gls.py --quick --block "$b" --random 1 --cycles 20000 --jobs 1 --report "$L/gls-$b"
  done
  # one gate of the reference netlist changed (the first AND2 made an OR2): the checker reports
  # the mismatch and the equivalence proof is left unproven
  ck gls_catches_changed_gate -x 'fail:1:(LOCKSTEP|VPI) MISMATCH.*equivalence unproven' -- python3 tb/gls/gls.py --quick --block rft \
    --random 1 --cycles 20000 --jobs 1 --plant '0,/AND2_X1 /s/AND2_X1 /OR2_X1 /' --report "$L/gls-planted"
  CK_TAGS=gls,verify,bad-input
  bad gls_bad_block "unknown block 'nosuch'" -- python3 tb/gls/gls.py --block nosuch
  bad gls_bad_cycles "must be positive" -- python3 tb/gls/gls.py --block rft --cycles 0
  bad gls_bad_liberty "no Nangate45 liberty file at /nonexistent" -- env GLS_LIBERTY=/nonexistent python3 tb/gls/gls.py --block rft
}
