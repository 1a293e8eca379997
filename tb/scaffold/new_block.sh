#!/usr/bin/env bash
# new_block.sh: write the skeleton of a new hardware block and add it to the
# block list. The skeleton is a working block (a saturating event counter) that builds,
# lints, passes its unit tests, its vector and random lockstep as it is, is synthesized
# by `make synth`, and binds into the GPU model at HOOK (default ISSUE: per-core issue
# statistics; any hook point of cmodel/blocks.def, or NONE). At every hook the driver
# only observes (the REQ one passes each request straight to the L1, the L1 one never
# bypasses, the SCHED one keeps the policy's pick, the PREFETCH one sends nothing, the
# DRAM one keeps the pick it is given): a GPU run with it on completes, and in lockstep
# with 0 mismatches. Replace its behaviour, keep its shape.
# Usage: tb/scaffold/new_block.sh NAME [HOOK]   (make new-block NAME=x [HOOK=h])
# It writes (nothing else; the block list is the only shared file it changes):
#   cmodel/blocks/NAME/  NAME.h NAME.c NAME_ports.def NAME_params.def [NAME_gpu.c]
#   rtl/NAME/NAME.v
#   tb/blocks/NAME/      NAME_stim.c NAME_test.c manifest.sh synth_smoke.py
#   vectors/NAME/basic.vec
#   synth_estimates/blocks/NAME.json   (make synth's configurations: final, small)
#   docs/NAME.md         the block's page, a skeleton
#   cmodel/blocks.def    + BLOCK(NAME, HOOK)
set -euo pipefail
. "$(dirname "$0")/../lib/help.sh" "$@" || exit 2
top=$(cd "$(dirname "$0")/../.." && pwd)
tmpl=$top/tb/scaffold
die() { echo "new-block: $*" >&2; exit 2; }
name=${1:-}
hook=${2:-ISSUE}
[ -n "$name" ] || die "NAME is missing (make new-block NAME=x)"
[[ $name =~ ^[a-z][a-z0-9_]{0,30}$ ]] || die "NAME=$name: lower-case letters, digits and _, starting with a letter, at most 31 characters"
case " auto break case char const continue default do double else enum extern float for goto if inline int long register restrict return short signed sizeof static struct switch typedef union unsigned void volatile while module begin end wire reg input output blk gpu stim unit common " in
  *" $name "*) die "NAME=$name is a reserved word here" ;;
esac
case " NONE REQ L1 SCHED PREFETCH ISSUE DRAM " in
  *" $hook "*) ;;
  *) die "HOOK=$hook: one of NONE REQ L1 SCHED PREFETCH ISSUE DRAM" ;;
esac
grep -q "^BLOCK($name," "$top/cmodel/blocks.def" && die "block '$name' is already in cmodel/blocks.def"
for d in cmodel/blocks/$name rtl/$name tb/blocks/$name vectors/$name synth_estimates/blocks/$name.json docs/$name.md; do
  [ -e "$top/$d" ] && die "$d exists already"
done
uname=$(tr '[:lower:]' '[:upper:]' <<<"$name")
lhook=$(tr '[:upper:]' '[:lower:]' <<<"$hook")
# per hook: the driver's first counter (for DEMO) and the docs page's GPU paragraph
run="\`tb/bin/gpusim --workload atax --scale 0.05 --$name on --bind $name=lockstep\` runs every
instance's RTL in lockstep with the C model (the GPU's counters equal the C-only run's:
the driver only observes). Counters: the JSON's \`${name}_*\`, the table line \`$name\`."
case $hook in
  NONE) ctr=""
    hooktext="Not bound (HOOK=NONE in \`cmodel/blocks.def\`): the block runs on its own in
lockstep (\`tb/bin/run $name --mode lockstep\`). To bind it, give it a hook point there and a
driver \`${name}_gpu.c\` beside its C model (\`docs/gpu-model.md\`, \"Hook points\";
\`tb/scaffold/gpu_<hook>.c.tmpl\` are working starts)." ;;
  REQ) ctr=offered
    hooktext="At the REQ hook (\`cmodel/blocks/$name/${name}_gpu.c\`), one instance per SM, between
the memory stage and the L1: every cycle the memory stage's line request (if any) goes
straight to the L1 (probe, then access), and the block counts the requests offered
(\`inc_i\`, \`amount_i\` = 1). $run" ;;
  L1) ctr=misses
    hooktext="At the L1 hook (\`cmodel/blocks/$name/${name}_gpu.c\`), one instance per SM: every access
offered to the L1 is one block cycle; the block counts the reads the L1 would allocate
(\`inc_i\` on a miss, \`amount_i\` = 1) and always answers allocate (never bypasses). $run" ;;
  SCHED) ctr=ready_calls
    hooktext="At the SCHED hook (\`cmodel/blocks/$name/${name}_gpu.c\`), one instance per SM: every
warp-scheduler call (each scheduler, each cycle) is one block cycle; the block counts the
ready warps (\`inc_i\` when any, \`amount_i\` = how many, at most 15) and the driver keeps the
policy's pick. $run" ;;
  PREFETCH) ctr=demand_seen
    hooktext="At the PREFETCH hook (\`cmodel/blocks/$name/${name}_gpu.c\`), one instance per SM, at the
end of each SM cycle: the block counts the cycles in which a demand access reached the L1
(\`inc_i\`, \`amount_i\` = 1) and sends no prefetch. $run" ;;
  ISSUE) ctr=issue_cycles
    hooktext="At the ISSUE hook (\`cmodel/blocks/$name/${name}_gpu.c\`), one instance per SM: every
cycle the instructions the SM's schedulers issued are counted (\`inc_i\` when any issued,
\`amount_i\` = how many). $run" ;;
  DRAM) ctr=cand_cycles
    hooktext="At the DRAM hook (\`cmodel/blocks/$name/${name}_gpu.c\`), one instance per memory channel:
every DRAM cycle the block counts the requests that can take a command (\`inc_i\` when
any, \`amount_i\` = how many, at most 15) and leaves the pick as it is (FR-FCFS's). $run" ;;
esac
gpu=""
if [ "$hook" != NONE ]; then
  gpu="# GPU model (HOOK $hook): a short workload with every instance bound lockstep (0
# mismatches, the counters equal to the C-only run's), and make run's entry
GPU_LOCKSTEP=(\"--workload atax --scale 0.05 --$name on\")
DEMO=\"--workload atax --scale 0.1|--$name on|$name@0|${name}_$ctr,${name}_top_cycles\""
fi
export NB_HOOKTEXT=$hooktext NB_GPU=$gpu
gen() { # gen TEMPLATE DEST: @NAME@, @UNAME@, and the lines @HOOKTEXT@, @GPU@
  mkdir -p "$(dirname "$top/$2")"
  awk -v n="$name" -v u="$uname" '
    $0 == "@HOOKTEXT@" { print ENVIRON["NB_HOOKTEXT"]; next }
    $0 == "@GPU@" { if (ENVIRON["NB_GPU"] != "") print ENVIRON["NB_GPU"]; next }
    { gsub(/@NAME@/, n); gsub(/@UNAME@/, u); print }' "$tmpl/$1" >"$top/$2"
  echo "new-block: wrote $2"
}
gen params.def.tmpl cmodel/blocks/$name/${name}_params.def
gen ports.def.tmpl cmodel/blocks/$name/${name}_ports.def
gen block.h.tmpl cmodel/blocks/$name/$name.h
gen block.c.tmpl cmodel/blocks/$name/$name.c
[ "$hook" != NONE ] && gen gpu_$lhook.c.tmpl cmodel/blocks/$name/${name}_gpu.c
gen block.v.tmpl rtl/$name/$name.v
gen stim.c.tmpl tb/blocks/$name/${name}_stim.c
gen test.c.tmpl tb/blocks/$name/${name}_test.c
gen manifest.sh.tmpl tb/blocks/$name/manifest.sh
gen synth_smoke.py.tmpl tb/blocks/$name/synth_smoke.py
gen basic.vec.tmpl vectors/$name/basic.vec
gen synth.json.tmpl synth_estimates/blocks/$name.json
gen docs.md.tmpl docs/$name.md
echo "BLOCK($name, $hook)" >>"$top/cmodel/blocks.def"
echo "new-block: added BLOCK($name, $hook) to cmodel/blocks.def"
echo "new-block: next: make -s tools && tb/bin/run $name --mode lockstep --seed 1 --cycles 100000"
echo "new-block:       LIBERTY=none synth_estimates/run.sh --block $name"
[ "$hook" = NONE ] || echo "new-block:       tb/bin/gpusim --workload atax --scale 0.05 --$name on --bind $name=lockstep"
