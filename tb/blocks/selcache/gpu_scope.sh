#!/usr/bin/env bash
# gpu_scope.sh: selective caching's locality degree in the GPU model applies to the
# requests of divergent loads only (seed 003 4.3.3 / Figure 4.4; docs/deviations.md H43).
# On --config choo with --selcache on (the final design, locality degree on), at scale 0.1:
#   - every read the locality degree bypasses is a read of a divergent load:
#     selcache_locality_bypass <= selcache_divergent_reads (2dconv and gemm have no
#     divergent load, so 0 locality bypasses; bicg's column-strided loads diverge);
#   - with selcache.LocScope=all (every read checked, the reading before issue [fixes])
#     2dconv's reads are bypassed by the locality degree (> 0): the check above is not
#     vacuous.
# Usage: tb/blocks/selcache/gpu_scope.sh   (no arguments; make test runs it)
# Exit 0 passes. Run from anywhere; writes build/test/selcache-scope-*.json.
set -euo pipefail
. "$(dirname "$0")/../../lib/help.sh" "$@" || exit 2
cd "$(dirname "$0")/../../.."
make -s tools >/dev/null
mkdir -p build/test
ctr() { python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["counters"][sys.argv[2]])' "$1" "$2"; }
fail=0
for w in 2dconv gemm bicg; do
  j=build/test/selcache-scope-$w.json
  ${GPUSIM:-build/bin/gpusim} --workload "$w" --scale 0.1 --config choo --selcache on --quiet --json "$j"
  d=$(ctr "$j" selcache_divergent_reads) l=$(ctr "$j" selcache_locality_bypass)
  echo "$w: divergent reads $d, locality-degree bypasses $l"
  if [ "$l" -gt "$d" ]; then echo "FAIL $w: $l locality bypasses but only $d divergent reads" >&2; fail=1; fi
done
j=build/test/selcache-scope-2dconv-all.json
${GPUSIM:-build/bin/gpusim} --workload 2dconv --scale 0.1 --config choo --selcache on --set selcache.LocScope=all --quiet \
  --json "$j"
l=$(ctr "$j" selcache_locality_bypass)
echo "2dconv LocScope=all: locality-degree bypasses $l"
if [ "$l" -eq 0 ]; then echo "FAIL 2dconv LocScope=all: no locality bypass (the option does nothing)" >&2; fail=1; fi
exit $fail
