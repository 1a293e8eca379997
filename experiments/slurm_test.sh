#!/usr/bin/env bash
# experiments/slurm_test.sh: the experiment workflow on a real Slurm, started here.
# Starts a private single-node Slurm from Debian's slurm-wlm and munge (its own munge key,
# socket, state and log folders under $WORK; slurmctld and slurmd as root), runs a small
# experiment through experiments/profiles/slurm, and checks that every gpusim run was a
# Slurm job that completed (its job id in slurmctld's log with exit status 0, its log in
# .snakemake/slurm_logs) and that the results and the report equal a local run's.
# Needs root (slurmd runs jobs as their user). Refuses to touch a machine that already
# has /etc/slurm/slurm.conf: there, run `make experiments PROFILE=slurm` on your cluster.
# Usage: experiments/slurm_test.sh   (make test-slurm, as root; no arguments)
#   SLURM_TEST_DIR=dir  its work folder (default build/slurm-test)
# Exit 0 all checks passed, 1 a check failed, 2 Slurm could not be started.
set -u
. "$(dirname "$0")/../tb/lib/help.sh" "$@" || exit 2
TOP=$(cd "$(dirname "$0")/.." && pwd)
WORK=${SLURM_TEST_DIR:-$TOP/build/slurm-test}
. "$TOP/experiments/slurm_private.sh"

pass=0 fail=0
check() { if eval "$2"; then pass=$((pass + 1)); say "PASS $1"; else fail=$((fail + 1)); say "FAIL $1"; fi; }
# fig13_bypass's designs have keys of several parameters (mrpb=on+mrpb.Bypass=all): a key
# must survive Snakemake's passing of a job's wildcards to the Slurm job
small=(exp=fig14_final,fig13_bypass scale=0.02 kernels=atax)
t0=$(date +%s)
(cd "$TOP" && snakemake -s experiments/Snakefile "${SLURM_ARGS[@]}" \
  --config "${small[@]}" results="$WORK/res-slurm" report="$WORK/rep-slurm") >"$WORK/snakemake-slurm.log" 2>&1
rc=$?
say "snakemake on Slurm exited $rc after $(($(date +%s) - t0)) s (log: $WORK/snakemake-slurm.log)"
check slurm_workflow "[ $rc = 0 ]"
ids=$(grep -o 'submitted with SLURM jobid [0-9]*' "$WORK/snakemake-slurm.log" | awk '{print $NF}' | sort -n)
n=$(echo "$ids" | grep -c .)
check slurm_jobs_submitted "[ $n = 6 ]"   # atax on 2 presets x (Base, MRPB); on Base-S no bypass and bypass on all stalls
ok=0
for j in $ids; do grep -q "_job_complete: JobId=$j WEXITSTATUS 0" "$WORK/log/slurmctld.log" && ok=$((ok + 1)); done
say "$ok of $n Slurm jobs completed with exit status 0 in slurmctld's log (job ids $(echo $ids | tr '\n' ' '))"
check slurm_jobs_completed "[ $n -gt 0 ] && [ $ok = $n ]"
# every job's own log: Snakemake's job step ran the rule inside the Slurm job and finished it
nlog=$(find "$WORK/slurm-logs" -name '*.log' -exec grep -l 'Finished jobid: 0 (Rule: run)' {} + 2>/dev/null | wc -l)
say "$nlog Slurm job logs in $WORK/slurm-logs show the rule finished inside the job"
check slurm_job_logs "[ $nlog = $n ]"
# the same experiment locally: the same results (counters) and the same report
(cd "$TOP" && snakemake -s experiments/Snakefile --cores 2 --rerun-triggers mtime input --config "${small[@]}" results="$WORK/res-local" \
  report="$WORK/rep-local") >"$WORK/snakemake-local.log" 2>&1
check local_workflow "[ $? = 0 ]"
same_counters() {
  python3 - "$WORK/res-slurm" "$WORK/res-local" <<'EOF'
import json, os, sys
a, b = sys.argv[1], sys.argv[2]
files = sorted(os.path.relpath(os.path.join(d, f), a) for d, _, fs in os.walk(os.path.join(a, "runs")) for f in fs)
bad = [f for f in files if json.load(open(os.path.join(a, f)))["counters"] != json.load(open(os.path.join(b, f)))["counters"]]
print(f"slurm-test: {len(files)} run results, {len(bad)} differ from the local run's", *bad)
sys.exit(1 if bad or len(files) != 6 else 0)
EOF
}
check slurm_results_equal_local same_counters
reports_equal() {
  local e
  for e in fig14_final fig13_bypass; do
    cmp -s "$WORK/rep-slurm/$e/table.csv" "$WORK/rep-local/$e/table.csv" &&
      cmp -s "$WORK/rep-slurm/$e/speedup.svg" "$WORK/rep-local/$e/speedup.svg" || return 1
  done
}
check slurm_report_equal_local reports_equal
echo "$pass passed, $fail failed"
[ $fail = 0 ]
