#!/usr/bin/env bash
# experiments/run.sh: `make experiments`: the seeds' experiments through Snakemake.
# Usage: [VAR=value]... experiments/run.sh   (no arguments; the settings are variables:)
#   SEED=001,002 (default: every seed's; 000 MRPB, 001 APRES, 002 decoupled L1D, 003 Choo, 004 CLAMS)
#   EXP=a,b (default: the seeds' default sets; all: with the stretch ones)
#   EXPSCALE=x (override every experiment's scale)  KERNELS=a,b (only these kernels)
#   RESULTS=dir (results/)  REPORT=dir (build/report/)  JOBS=n (all cores)
#   PRIOR=a/verdicts.json (the verdicts of seeds not run here, from an earlier report, marked as such)
#   PROFILE=slurm (experiments/profiles/slurm: one Slurm job per run)
#   PROFILE=slurm-private (the same through a private single-node Slurm started on this
#     machine for the run and stopped after: experiments/slurm_private.sh; root, no Slurm
#     configured here; its folder SLURM_DIR, default build/slurm-private)
#   SNAKEARGS="..." (more snakemake options, e.g. -n for a dry run)
# Prints Snakemake's progress, then the wall time and where the report is.
set -u
. "$(dirname "$0")/../tb/lib/help.sh" "$@" || exit 2
TOP=$(cd "$(dirname "$0")/.." && pwd)
cd "$TOP" || exit 2
command -v snakemake >/dev/null 2>&1 || { echo "experiments: snakemake is not installed (make deps installs the pinned version)" >&2; exit 2; }
cfg=()
[ -n "${SEED:-}" ] && cfg+=("seeds=$SEED")
[ -n "${EXP:-}" ] && cfg+=("exp=$EXP")
[ -n "${PRIOR:-}" ] && cfg+=("prior=$(realpath -m "$PRIOR")")
[ -n "${EXPSCALE:-}" ] && cfg+=("scale=$EXPSCALE")
[ -n "${KERNELS:-}" ] && cfg+=("kernels=$KERNELS")
[ -n "${RESULTS:-}" ] && cfg+=("results=$(realpath -m "$RESULTS")")
[ -n "${REPORT:-}" ] && cfg+=("report=$(realpath -m "$REPORT")")
# re-run on the binary's stamp and the run's file name only (see experiments/Snakefile)
args=(-s experiments/Snakefile --rerun-triggers mtime input)
case "${PROFILE:-}" in
  "" | local) args+=(--cores "${JOBS:-all}") ;;
  slurm) args+=(--profile experiments/profiles/slurm) ;;
  slurm-private) dry=(--cores 1) ;;
  *) echo "experiments: PROFILE=$PROFILE: expected local, slurm or slurm-private" >&2; exit 2 ;;
esac
[ ${#cfg[@]} -gt 0 ] && args+=(--config "${cfg[@]}")
# bad input (an unknown experiment or kernel, a missing binary): one line and exit 2, from
# a dry run that only parses the workflow and builds its job graph
chk=$(mktemp)
if ! snakemake "${args[@]}" ${dry[@]+"${dry[@]}"} --dry-run --quiet all >"$chk" 2>&1; then
  msg=$(grep -A1 -m1 -E '^(ExpError|[A-Za-z]+Error)' "$chk" | tail -n1)
  echo "experiments: ${msg:-$(tail -n1 "$chk")}" >&2
  rm -f "$chk"
  exit 2
fi
rm -f "$chk"
if [ "${PROFILE:-}" = slurm-private ]; then
  WORK=$(realpath -m "${SLURM_DIR:-$TOP/build/slurm-private}")
  . "$TOP/experiments/slurm_private.sh"
  args+=("${SLURM_ARGS[@]}")
fi
t0=$(date +%s.%N)
# shellcheck disable=SC2086
snakemake "${args[@]}" ${SNAKEARGS:-}
rc=$?
t1=$(date +%s.%N)
wall=$(python3 -c "print(f'{$t1 - $t0:.0f}')")
rep=$(realpath -m "${REPORT:-$TOP/build/report}")
if [ $rc = 0 ]; then
  echo "experiments: done in $wall s wall; report: $rep/index.md"
else
  echo "experiments: snakemake exited $rc after $wall s (its log is above)" >&2
fi
exit $rc
