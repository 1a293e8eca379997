#!/usr/bin/env bash
# rank_forms.sh: the exhaustive proof that clams_rank's comparator form and divider
# form both compute the seed's rank for every pair of AW-bit (default 13) accumulator
# values (tb/blocks/clams_rank/rank_forms.v under Verilator --binary), and that the
# proof can fail: in the same run a copy of the comparator form with one comparison
# made >= (a rank boundary off by one) must show mismatches.
# Usage: tb/blocks/clams_rank/rank_forms.sh [AW]   (AW: 1..16, default 13)
set -u
. "$(dirname "$0")/../../lib/help.sh" "$@" || exit 2
top=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$top"
aw=${1:-13}
[[ $aw =~ ^[0-9]+$ ]] && [ "$aw" -ge 1 ] && [ "$aw" -le 16 ] || { echo "rank_forms.sh: AW=$aw: must be 1..16" >&2; exit 2; }
d=build/clams_rank-forms
mkdir -p "$d"
sed 's/^module clams_rank_calc #(/module clams_rank_calc_planted #(/; s/assign gt\[3\] = s8 > (l << 2);/assign gt[3] = s8 >= (l << 2);/' \
  rtl/clams_rank/clams_rank_calc.v >"$d/planted.v"
grep -q 'gt\[3\] = s8 >= (l << 2)' "$d/planted.v" || { echo "rank_forms.sh: the planted edit did not apply"; exit 1; }
verilator --binary -j 2 -Wno-fatal -O3 --top-module rank_forms -GAW="$aw" -Mdir "$d/obj" \
  tb/blocks/clams_rank/rank_forms.v rtl/clams_rank/clams_rank_calc.v "$d/planted.v" >"$d/build.log" 2>&1 ||
  { cat "$d/build.log"; exit 1; }
out=$("$d/obj/Vrank_forms" | grep -v '\$finish')
echo "$out"
echo "$out" | grep -q "^rank_forms: .* pairs, 0 mismatches" || exit 1
echo "$out" | grep -q "^planted: .* pairs, 0 mismatches" && { echo "rank_forms.sh: the planted copy was not caught"; exit 1; }
exit 0
