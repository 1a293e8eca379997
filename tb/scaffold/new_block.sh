#!/usr/bin/env bash
# new_block.sh: write the skeleton of a new hardware block and add it to the
# block list. The skeleton is a working block (a saturating event counter) that builds,
# lints, passes its unit tests, its vector and random lockstep as it is, and binds into
# the GPU model at HOOK (default ISSUE: per-core issue statistics). Replace its
# behaviour, keep its shape.
# Usage: tb/scaffold/new_block.sh NAME [HOOK]   (make new-block NAME=x [HOOK=h])
# It writes:
#   cmodel/blocks/NAME/  NAME.h NAME.c NAME_ports.def NAME_params.def [NAME_gpu.c]
#   rtl/NAME/NAME.v
#   tb/blocks/NAME/      NAME_stim.c NAME_test.c manifest.sh
#   vectors/NAME/basic.vec
#   cmodel/blocks.def    + BLOCK(NAME, HOOK)
set -euo pipefail
. "$(dirname "$0")/../common/help.sh" "$@" || exit 2
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
for d in cmodel/blocks/$name rtl/$name tb/blocks/$name vectors/$name; do
  [ -e "$top/$d" ] && die "$d exists already"
done
if [ "$hook" != NONE ] && [ "$hook" != ISSUE ]; then
  die "HOOK=$hook: the skeleton's GPU driver is written for ISSUE (or NONE); write the driver for $hook yourself after scaffolding with ISSUE or NONE"
fi
uname=$(tr '[:lower:]' '[:upper:]' <<<"$name")
gen() { # gen TEMPLATE DEST
  mkdir -p "$(dirname "$top/$2")"
  sed "s/@NAME@/$name/g; s/@UNAME@/$uname/g" "$tmpl/$1" >"$top/$2"
  echo "new-block: wrote $2"
}
gen params.def.tmpl cmodel/blocks/$name/${name}_params.def
gen ports.def.tmpl cmodel/blocks/$name/${name}_ports.def
gen block.h.tmpl cmodel/blocks/$name/$name.h
gen block.c.tmpl cmodel/blocks/$name/$name.c
[ "$hook" = ISSUE ] && gen gpu.c.tmpl cmodel/blocks/$name/${name}_gpu.c
gen block.v.tmpl rtl/$name/$name.v
gen stim.c.tmpl tb/blocks/$name/${name}_stim.c
gen test.c.tmpl tb/blocks/$name/${name}_test.c
gen manifest.sh.tmpl tb/blocks/$name/manifest.sh
gen basic.vec.tmpl vectors/$name/basic.vec
echo "BLOCK($name, $hook)" >>"$top/cmodel/blocks.def"
echo "new-block: added BLOCK($name, $hook) to cmodel/blocks.def"
echo "new-block: next: make -s tools && tb/run $name --mode lockstep --seed 1 --cycles 100000"
