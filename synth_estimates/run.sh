#!/usr/bin/env bash
# run.sh: `make synth` -- storage, area and timing of every block (synth.py), then the
# claims-vs-measured report (report.py). LIBERTY=path[:path] or LIBERTY=none from the
# environment; arguments go to synth.py (--block, --config, --smoke, --out, --jobs).
set -u
here=$(cd "$(dirname "$0")" && pwd)
t0=$(date +%s)
python3 "$here/synth.py" "$@" || exit $?
if [ $# = 0 ]; then
  python3 "$here/report.py" || exit $?
fi
echo "synth: done in $(( $(date +%s) - t0 )) s"
