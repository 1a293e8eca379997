#!/usr/bin/env bash
# run.sh: `make synth` -- storage, area and timing of every block (synth.py), dynamic
# energy and leakage of the blocks with a power object (power.py), then the
# claims-vs-measured report (report.py).
# Usage: [LIBERTY=path[:path] | LIBERTY=none] [FORCE=1] synth_estimates/run.sh [synth.py options]
# Arguments go to synth.py (--block, --config, --smoke, --out, --jobs, --force; below); with
# any, only synth.py runs. FORCE=1 runs configurations whose result file already matches
# their inputs. make test runs each block's SYNTH_SMOKE configurations
# (tb/blocks/<b>/manifest.sh).
set -u
HELP_ALSO=$(dirname "$0")/synth.py . "$(dirname "$0")/../tb/lib/help.sh" "$@" || exit 2
here=$(cd "$(dirname "$0")" && pwd)
t0=$(date +%s)
if [ $# = 0 ]; then
  # a block of the block list takes part through its synth_estimates/blocks/<b>.json
  . "$here/../tb/lib/blocks.sh"
  for b in $(blocks); do
    [ -e "$here/blocks/$b.json" ] || echo "synth: block $b has no synth_estimates/blocks/$b.json; not synthesized"
  done
fi
force=(); [ "${FORCE:-0}" = 1 ] && force=(--force)
# synth.py reads the configurations' parameters through build/bin/portgen: up to date with
# the block list (a block just added by make new-block), not only present
make -s -C "$here/.." portgen >/dev/null || { echo "synth: cannot build build/bin/portgen" >&2; exit 1; }
python3 "$here/synth.py" "${force[@]}" "$@" || exit $?
if [ $# = 0 ]; then
  # dynamic energy and leakage of the blocks whose file has a "power" object (power.py:
  # a lockstep trace in GPU traffic, OpenSTA); only with a Nangate45 liberty
  python3 "$here/power.py" --if-liberty || exit $?
  python3 "$here/report.py" || exit $?
fi
echo "synth: done in $(( $(date +%s) - t0 )) s"
