#!/usr/bin/env bash
# roundtrip.sh GPUSIM WORKDIR WORKLOAD [gpusim options...]: export WORKLOAD as an
# Accel-Sim trace, run the built-in workload and the trace with the same options, and
# compare the two JSON documents with the workload's own description left out; exit 0
# when every counter is equal, 1 when any differs (docs/traces.md "Exporting").
# ROUNDTRIP_SED=SCRIPT edits the exported kernel files with sed before the trace run
# (the checks plant a fault this way to show the comparison catches it).
set -u
if [ "${1:-}" = -h ] || [ "${1:-}" = --help ]; then
  echo "usage: tb/traces/roundtrip.sh GPUSIM WORKDIR WORKLOAD [gpusim options...]"
  echo "  export WORKLOAD to WORKDIR/trace, run it built-in and from the trace, compare the JSON"
  echo "  (ROUNDTRIP_SED=SCRIPT: sed SCRIPT over the exported kernel files first)"
  exit 0
fi
[ $# -ge 3 ] || { echo "roundtrip.sh: needs GPUSIM WORKDIR WORKLOAD (see --help)" >&2; exit 2; }
G=$1 D=$2 W=$3
shift 3
# --scale and --seed shape the built-in workload only: the trace carries what they made
exp=() run=()
while [ $# -gt 0 ]; do
  case $1 in
    --scale|--seed|--tsteps|--accum) exp+=("$1" "$2"); shift 2 ;;
    *) run+=("$1"); shift ;;
  esac
done
mkdir -p "$D" || exit 2
rm -rf "$D/trace"
"$G" --workload "$W" "${exp[@]}" --export-trace "$D/trace" --quiet || { echo "roundtrip: export of $W failed" >&2; exit 1; }
if [ -n "${ROUNDTRIP_SED:-}" ]; then sed -i "$ROUNDTRIP_SED" "$D/trace"/kernel-*.traceg || exit 1; fi
"$G" --workload "$W" "${exp[@]}" "${run[@]}" --quiet --json "$D/builtin.json" 2>"$D/builtin.err" || { echo "roundtrip: built-in run of $W failed: $(tail -1 "$D/builtin.err")" >&2; exit 1; }
"$G" --trace-dir "$D/trace" "${run[@]}" --quiet --json "$D/trace.json" 2>"$D/trace.err" || { echo "roundtrip: trace run of $W failed: $(tail -1 "$D/trace.err")" >&2; exit 1; }
python3 - "$D/builtin.json" "$D/trace.json" "$W" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
for d in (a, b):
    d["workload"] = {"launches": d["workload"]["launches"]}
def diff(x, y, path):
    if type(x) != type(y):
        return [path]
    if isinstance(x, dict):
        out = [path + "." + k for k in set(x) ^ set(y)]
        for k in sorted(set(x) & set(y)):
            out += diff(x[k], y[k], path + "." + k)
        return out
    if isinstance(x, list):
        if len(x) != len(y):
            return [path + " (length)"]
        out = []
        for i, (p, q) in enumerate(zip(x, y)):
            out += diff(p, q, "%s[%d]" % (path, i))
        return out
    return [] if x == y else [path]
d = diff(a, b, "")
if d:
    print("roundtrip %s: %d values differ, first: %s" % (sys.argv[3], len(d), ", ".join(d[:5])), file=sys.stderr)
    sys.exit(1)
c = a["counters"]
print("roundtrip %s: identical (%s cycles)" % (sys.argv[3], c.get("cycles", "?")))
PY
