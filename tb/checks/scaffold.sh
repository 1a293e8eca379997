# tb/checks/scaffold.sh: `make new-block` must give a block that builds, lints, passes its
# unit tests, its vector and random lockstep as it is, binds into the GPU model beside the
# reference block with both as RTL in one run, and touches no shared file but the block
# list. Runs in a scratch copy of the tree (build/scaffold), so the pattern cannot rot; the
# checks share that copy, so each needs the one that prepares what it uses.
SC=build/scaffold
# the checks of the synthesis entry, docs page, own files and every hook point
. tb/scaffold/checks.sh
scaffold_copy() {
  rm -rf "$SC" && mkdir -p "$SC" &&
    git ls-files -co --exclude-standard | grep -v '^build/' | tar cf - -T - | tar xf - -C "$SC" &&
    (cd "$SC" && git init -q && git add -A && git -c user.email=t@t -c user.name=t commit -qm base)
}
# a user command works as the first command of a fresh clone (nothing built yet): make
# waves builds the tools and the first block's RTL it needs
fresh_clone_waves() {
  make -s -C $SC waves CYCLES=300 | tee /dev/stderr | grep -q '^waves: .*-seed1.fst -- open with: gtkwave' &&
    test -s "$SC/build/waves/$(blocks | head -n1)-seed1.fst"
}
touches_only_list() { # the only shared file it changed is the block list; everything else is the block's own
  cd $SC && git add -A && git diff --cached --name-status | tee /dev/stderr | awk '$1 != "A"' | grep -qx 'M[[:space:]]*cmodel/blocks.def' &&
    [ "$(git diff --cached --name-status | awk '$1 != "A"' | wc -l)" = 1 ] &&
    ! git diff --cached --name-only | grep -v '^cmodel/blocks.def$' | grep -v '/demo/\|/demo_\|^rtl/demo/\|^vectors/demo/\|^docs/demo\.md$\|^synth_estimates/blocks/demo\.json$'
}
builds() { make -s -j2 -C $SC tools && $SC/build/bin/test_units | grep '^demo: [1-9][0-9]* checks passed, 0 failed'; }
lint_demo() {
  cd $SC && verilator --lint-only -Wall rtl/demo/demo.v && iverilog -g2005 -o /dev/null rtl/demo/demo.v &&
    yosys -q -p 'read_verilog rtl/demo/demo.v; hierarchy -top demo; proc; check -assert'
}
vector() { local m; cd $SC && for m in c rtl lockstep; do tb/bin/run demo --mode $m --vec vectors/demo/basic.vec || return 1; done; }
lockstep() {
  cd $SC && tb/bin/run demo --mode lockstep --seed 3 --cycles 300000 | grep '300000 compared C-vs-RTL, 0 mismatches' &&
    tb/bin/run demo --mode lockstep --preset wrap4 --seed 4 --cycles 300000 | grep ', 0 mismatches'
}
probe_catch() { # a state probe catches a register bug: the counter loses its top bit's carry on wrap
  local d=$CK_TOP/$SC/build/mut-demo
  rm -rf "$d" && mkdir -p "$d" && cp "$SC/rtl/demo/demo.v" "$d/" &&
    sed -i 's/else count_d = sum\[Width-1:0\];/else count_d = sum[Width-1:0] ^ {{(Width - 1) {1'"'"'b0}}, sum[Width]};/' "$d/demo.v" &&
    ! cmp -s "$SC/rtl/demo/demo.v" "$d/demo.v" || { echo "mutation did not apply"; return 1; }
  cd "$SC" && exec tb/bin/run demo --rtl-dir "$d" --mode lockstep --preset wrap4 --seed 4 --cycles 100000 --out build/mismatch/demo-mut
}
# the reference block (REQ hook, SM 1) and the new block (ISSUE hook, SM 2) both as RTL in
# one gpusim process, both in lockstep: 0 mismatches, and the GPU counters equal the all-C run
gpu_two_rtl() {
  local r=$REF_BLOCK
  cd $SC && tb/bin/gpusim --workload atax --scale 0.1 --$r on --demo on --bind $r@1=lockstep --bind demo@2=lockstep --bind demo@3=rtl --quiet --json build/two.json | tee build/two.txt &&
    grep -q ', 0 mismatches' build/two.txt && grep -q "$r" build/two.txt && grep -q 'demo' build/two.txt &&
    build/bin/gpusim --workload atax --scale 0.1 --$r on --demo on --quiet --json build/two-c.json &&
    diff <(sed -n '/counters/,$p' build/two.json) <(sed -n '/counters/,$p' build/two-c.json)
}
shared_lint() { cd $SC && ONLY_BLOCKS=demo tb/lint/lint.sh; }
shared_planted() { cd $SC && ONLY_BLOCKS=demo tb/bin/plant_bugs.sh | tee /dev/stderr | grep -q '^CAUGHT demo/carry_flip'; }
declare_scaffold() {
  CK_TAGS=scaffold CK_NEEDS=""
  ckf scaffold_copy -- scaffold_copy
  ckf fresh_clone_waves -j 2 -n scaffold_copy -- fresh_clone_waves
  ck scaffold_new_block -n fresh_clone_waves -- make -s -C "$SC" new-block NAME=demo
  ckf scaffold_touches_only_list -n scaffold_new_block -- touches_only_list
  ckf scaffold_builds -j 2 -n scaffold_touches_only_list -- builds
  CK_NEEDS=scaffold_builds
  ckf scaffold_lint -- lint_demo
  ckf scaffold_vector -- vector
  ckf scaffold_lockstep -n scaffold_vector -- lockstep
  ck scaffold_probe_catches -n scaffold_lockstep -x "fail:1:register: count" -- tb/checks/fn scaffold probe_catch
  ckf scaffold_gpu_two_rtl_blocks -n scaffold_lockstep -- gpu_two_rtl
  ckf scaffold_shared_lint -- shared_lint
  ckf scaffold_shared_planted -n scaffold_lockstep -- shared_planted
  ckf scaffold_synth -- scaffold_synth $SC
  ckf scaffold_synth_smoke -- scaffold_synth_smoke $SC
  ckf scaffold_docs_page -- scaffold_docs_page $SC
  ckf scaffold_own_files -N scaffold_copy -- scaffold_own_files $SC
  # every hook point: more blocks in the copy's list (one C rebuild), after the checks above
  ckf scaffold_hooks -j 2 -N scaffold_lint,scaffold_vector,scaffold_lockstep,scaffold_probe_catches,scaffold_gpu_two_rtl_blocks,scaffold_shared_lint,scaffold_shared_planted,scaffold_synth,scaffold_synth_smoke,scaffold_docs_page -- scaffold_hooks $SC
  local h
  for h in req l1 sched prefetch issue dram none; do ckf "scaffold_hook_$h" -N scaffold_hooks -- "scaffold_hook_$h" $SC; done
}
