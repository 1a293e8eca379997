#!/usr/bin/env bash
# planted.sh: the fuzz oracle can fail. Each planted bug is a sed expression applied to a
# copy of cmodel/blocks/num.c; fuzz_num is linked against the copy and run; the fuzzer
# must find an input on which the reference disagrees, from an empty corpus (exit 1 of this script if any bug survives).
# Usage: tb/fuzz/planted.sh [RUNS]   (default 200000 inputs per bug; fuzzer seed 1)
set -u
. "$(dirname "$0")/../lib/help.sh" "$@" || exit 2
top=$(cd "$(dirname "$0")/../.." && pwd)
B=${BUILD:-$top/build}
runs=${1:-200000}
make -s -C "$top" "$B/fuzz/fuzz_num" >/dev/null || exit 1
bugs=(
  # the atoi class: a number ends at the first non-digit ("5abc" is 5)
  "trailing_junk|s/if (\\*p < '0' || \\*p > '9') return NUM_SYNTAX;/if (*p < '0' || *p > '9') break;/"
  # the wrap class: no overflow check (4294967296... wraps)
  "no_overflow|s/if (x > (UINT64_MAX - d) \\/ 10) over = 1;//"
  # the sign class: a leading '-' skipped ("-1" is 1)
  "minus_skipped|s/const char \\*p = s;\$/const char *p = s + (*s == '-');/"
)
d="$B/fuzz/planted"
mkdir -p "$d"
objs=$(ls "$B"/fuzz/obj/tb/fuzz/fuzz_num.o "$B"/fuzz/obj/tb/fuzz/fuzz.o)
ok=0 bad=0
for e in "${bugs[@]}"; do
  name=${e%%|*} expr=${e#*|}
  sed "$expr" "$top/cmodel/blocks/num.c" >"$d/num-$name.c"
  if cmp -s "$top/cmodel/blocks/num.c" "$d/num-$name.c"; then
    echo "planted $name: the sed expression changed nothing (num.c moved?)"; bad=$((bad + 1)); continue
  fi
  clang -std=c99 -D_POSIX_C_SOURCE=200809L -O1 -g -fsanitize=fuzzer,address,undefined -I"$top/cmodel/include" \
    -o "$d/fuzz_num-$name" "$d/num-$name.c" $objs 2>"$d/$name.build.log" || {
    echo "planted $name: does not build"; bad=$((bad + 1)); continue; }
  rm -rf "$d/corpus-$name" && mkdir -p "$d/corpus-$name" # no seeds: the fuzzer must find it
  "$d/fuzz_num-$name" -runs="$runs" -seed=1 -artifact_prefix="$d/crash-$name-" "$d/corpus-$name" >"$d/$name.log" 2>&1
  if grep -q 'disagrees with the reference' "$d/$name.log"; then
    ok=$((ok + 1))
    n=$(grep -o '^#[0-9]*' "$d/$name.log" | tail -1 | tr -d '#')
    echo "planted $name: caught within ${n:-a few} inputs from an empty corpus: $(grep -a -m1 'disagrees' "$d/$name.log" | sed 's/^fuzz: //'), $(grep -a -m1 'input:' "$d/$name.log" | sed 's/^ *//')"
  else
    bad=$((bad + 1))
    echo "planted $name: NOT caught in $runs inputs"
  fi
done
echo "planted parser bugs: $ok caught, $bad not"
[ $bad -eq 0 ]
