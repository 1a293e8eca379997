# 45-scaffold.sh (sourced by tb/run_tests.sh): `make new-block` must give a block that
# builds, lints, passes its unit tests, its vector and random lockstep as it is, binds
# into the GPU model beside MRPB with both as RTL in one run, and touches no shared
# file but the block list. Runs in a scratch copy of the tree, so the pattern cannot rot.
# run_tests: beside (its own tree, builds one at a time: runs beside the VPI/cocotb section)
echo "== scaffold: make new-block in a scratch copy"
SC=$B/scaffold
scaffold_copy() {
  rm -rf "$SC" && mkdir -p "$SC" &&
  git ls-files -co --exclude-standard | grep -v '^build/' | tar cf - -T - | tar xf - -C "$SC" &&
  (cd "$SC" && git init -q && git add -A && git -c user.email=t@t -c user.name=t commit -qm base)
}
check scaffold_copy scaffold_copy
# a user command works as the first command of a fresh clone (nothing built yet): make
# waves builds the tools and the first block's RTL it needs (make synth, vpi and cocotb
# take the same path; docs/robustness.md)
check fresh_clone_waves bash -c "make -s -C $SC waves CYCLES=300 | tee /dev/stderr | grep -q '^waves: .*-seed1.fst -- open with: gtkwave' && test -s $SC/build/waves/${TEST_BLOCKS%% *}-seed1.fst"
check scaffold_new_block make -s -C "$SC" new-block NAME=demo
# the only shared file it changed is the block list; everything else is the block's own
check scaffold_touches_only_list bash -c "cd $SC && git add -A && git diff --cached --name-status | tee /dev/stderr | awk '\$1 != \"A\"' | grep -qx 'M[[:space:]]*cmodel/blocks.def' && [ \$(git diff --cached --name-status | awk '\$1 != \"A\"' | wc -l) = 1 ] && ! git diff --cached --name-only | grep -v '^cmodel/blocks.def\$' | grep -v '/demo/\|/demo_\|^rtl/demo/\|^vectors/demo/'"
check scaffold_builds bash -c "make -s -j2 -C $SC tools && $SC/build/bin/test_units | grep -q '^demo: [1-9][0-9]* checks passed, 0 failed'"
check scaffold_lint bash -c "cd $SC && verilator --lint-only -Wall rtl/demo/demo.v && iverilog -g2005 -o /dev/null rtl/demo/demo.v && yosys -q -p 'read_verilog rtl/demo/demo.v; hierarchy -top demo; proc; check -assert'"
check scaffold_vector bash -c "cd $SC && for m in c rtl lockstep; do tb/run demo --mode \$m --vec vectors/demo/basic.vec || exit 1; done"
check scaffold_lockstep bash -c "cd $SC && tb/run demo --mode lockstep --seed 3 --cycles 300000 | grep '300000 compared C-vs-RTL, 0 mismatches' && tb/run demo --mode lockstep --preset wrap4 --seed 4 --cycles 300000 | grep ', 0 mismatches'"
# a state probe catches a register bug: the counter loses its top bit's carry on wrap
scaffold_probe_catch() {
  local d=$PWD/$SC/build/mut-demo
  rm -rf "$d" && mkdir -p "$d" && cp "$SC/rtl/demo/demo.v" "$d/" &&
  sed -i 's/else count_d = sum\[Width-1:0\];/else count_d = sum[Width-1:0] ^ {{(Width - 1) {1'"'"'b0}}, sum[Width]};/' "$d/demo.v" &&
  ! cmp -s "$SC/rtl/demo/demo.v" "$d/demo.v" || { echo "mutation did not apply"; return 1; }
  (cd "$SC" && tb/run demo --rtl-dir "$d" --mode lockstep --preset wrap4 --seed 4 --cycles 100000 --out build/mismatch/demo-mut)
}
expect_fail scaffold_probe_catches 1 "register: count" scaffold_probe_catch
# MRPB (REQ hook, SM 1) and the new block (ISSUE hook, SM 2) both as RTL in one gpusim
# process, both in lockstep: 0 mismatches, and the GPU counters equal the all-C run
check scaffold_gpu_two_rtl_blocks bash -c "cd $SC && tb/gpusim --workload atax --scale 0.1 --mrpb on --demo on --bind mrpb@1=lockstep --bind demo@2=lockstep --bind demo@3=rtl --quiet --json build/two.json | tee build/two.txt && grep -q ', 0 mismatches' build/two.txt && grep -q 'mrpb' build/two.txt && grep -q 'demo' build/two.txt && build/bin/gpusim --workload atax --scale 0.1 --mrpb on --demo on --quiet --json build/two-c.json && diff <(sed -n '/counters/,\$p' build/two.json) <(sed -n '/counters/,\$p' build/two-c.json)"
# the shared scripts read the new block's manifest: lint and its planted bug
check scaffold_shared_lint bash -c "cd $SC && ONLY_BLOCKS=demo tb/lint/lint.sh"
check scaffold_shared_planted bash -c "cd $SC && ONLY_BLOCKS=demo tb/plant_bugs.sh | tee /dev/stderr | grep -q '^CAUGHT demo/carry_flip'"
