#!/usr/bin/env bash
# Usage: tb/gpu/skip_twice.sh ARGS...: run gpusim ARGS ($GPUSIM, default build/bin/gpusim); when it ran (exit 0, or 3 for a
# deadlock) and wrote --json FILE, run it again with --no-skip (every cycle simulated):
# the two documents must be the same bytes, else one line on stderr and exit 1. Lets
# tb/gpu/config_sweep.py check event skipping over random valid configurations.
set -u
. "$(dirname "$0")/../lib/help.sh" "$@" || exit 2
g=${GPUSIM:-build/bin/gpusim}
"$g" "$@"
rc=$?
case $rc in 0 | 3) ;; *) exit $rc ;; esac
args=() json=""
while [ $# -gt 0 ]; do
  if [ "$1" = --json ] && [ $# -ge 2 ]; then
    json=$2
    args+=(--json "$2.noskip")
    shift 2
  else
    args+=("$1")
    shift
  fi
done
[ -n "$json" ] || exit $rc
"$g" "${args[@]}" --no-skip >/dev/null 2>&1
if ! cmp -s "$json" "$json.noskip"; then
  echo "skip_twice: the JSON differs with --no-skip: $g ${args[*]}" >&2
  exit 1
fi
rm -f "$json.noskip"
exit $rc
