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
CONF=/etc/slurm/slurm.conf
say() { echo "slurm-test: $*"; }
die2() { echo "slurm-test: $*" >&2; exit 2; }
[ "$(id -u)" = 0 ] || die2 "needs root to start slurmd (run make test-slurm as root)"
for t in slurmctld slurmd munged sbatch squeue snakemake; do
  command -v $t >/dev/null 2>&1 || die2 "$t is not installed (make deps installs slurm-wlm, munge and snakemake)"
done
if [ -e $CONF ] && ! grep -q '^# slurm-test private' $CONF; then
  die2 "$CONF exists: a real Slurm is configured here; not starting a private one"
fi
pkill -f "slurmctld -f $CONF" 2>/dev/null; pkill -f "slurmd -f $CONF" 2>/dev/null
[ -f "$WORK/munge/pid" ] && kill "$(cat "$WORK/munge/pid")" 2>/dev/null
rm -rf "$WORK" && mkdir -p "$WORK"/{state,spool,log,munge} && chmod 700 "$WORK/munge"
host=$(hostname -s)
cleanup() {
  [ -f "$WORK/slurmctld.pid" ] && kill "$(cat "$WORK/slurmctld.pid")" 2>/dev/null
  [ -f "$WORK/slurmd.pid" ] && kill "$(cat "$WORK/slurmd.pid")" 2>/dev/null
  [ -f "$WORK/munge/pid" ] && kill "$(cat "$WORK/munge/pid")" 2>/dev/null
  grep -q '^# slurm-test private' $CONF 2>/dev/null && rm -f $CONF
}
trap cleanup EXIT
head -c 1024 /dev/urandom >"$WORK/munge/munge.key" && chmod 400 "$WORK/munge/munge.key"
munged --force -S "$WORK/munge/sock" --key-file="$WORK/munge/munge.key" --log-file="$WORK/munge/log" \
  --pid-file="$WORK/munge/pid" --seed-file="$WORK/munge/seed" || die2 "munged did not start ($WORK/munge/log)"
# jobs read the default configuration path (Slurm does not pass SLURM_CONF into a job)
mkdir -p /etc/slurm
cat >$CONF <<EOF
# slurm-test private: written by experiments/slurm_test.sh, removed when it ends
ClusterName=gpumem-test
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$WORK/munge/sock
CredType=cred/munge
StateSaveLocation=$WORK/state
SlurmdSpoolDir=$WORK/spool
SlurmctldPidFile=$WORK/slurmctld.pid
SlurmdPidFile=$WORK/slurmd.pid
SlurmctldLogFile=$WORK/log/slurmctld.log
SlurmdLogFile=$WORK/log/slurmd.log
SlurmctldPort=16817
SlurmdPort=16818
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MinJobAge=300
ReturnToService=2
MpiDefault=none
NodeName=$host CPUs=$(nproc) RealMemory=$(($(awk '/MemTotal/ {print int($2 / 1024)}' /proc/meminfo) / 2)) State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
slurmctld -f $CONF || die2 "slurmctld did not start ($WORK/log/slurmctld.log)"
slurmd -f $CONF || die2 "slurmd did not start ($WORK/log/slurmd.log)"
for _ in $(seq 30); do sinfo -h -o %t 2>/dev/null | grep -q idle && break; sleep 1; done
sinfo -h -o %t | grep -q idle || die2 "the node never became idle: $(sinfo 2>&1 | tail -1)"
say "single-node Slurm up: $(sinfo -h -o '%P %D node(s) %c CPUs %t' | head -1) ($(sinfo --version))"

pass=0 fail=0
check() { if eval "$2"; then pass=$((pass + 1)); say "PASS $1"; else fail=$((fail + 1)); say "FAIL $1"; fi; }
small=(exp=fig14_final scale=0.02 kernels=atax,syrk)
t0=$(date +%s)
(cd "$TOP" && snakemake -s experiments/Snakefile --profile experiments/profiles/slurm \
  --default-resources slurm_partition=test --slurm-status-command squeue --slurm-keep-successful-logs \
  --slurm-logdir "$WORK/slurm-logs" --slurm-init-seconds-before-status-checks 2 --seconds-between-status-checks 2 \
  --config "${small[@]}" results="$WORK/res-slurm" report="$WORK/rep-slurm") >"$WORK/snakemake-slurm.log" 2>&1
rc=$?
say "snakemake on Slurm exited $rc after $(($(date +%s) - t0)) s (log: $WORK/snakemake-slurm.log)"
check slurm_workflow "[ $rc = 0 ]"
ids=$(grep -o 'submitted with SLURM jobid [0-9]*' "$WORK/snakemake-slurm.log" | awk '{print $NF}' | sort -n)
n=$(echo "$ids" | grep -c .)
check slurm_jobs_submitted "[ $n = 8 ]"   # 2 kernels x 2 presets x (Base, MRPB)
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
sys.exit(1 if bad or len(files) != 8 else 0)
EOF
}
check slurm_results_equal_local same_counters
check slurm_report_equal_local "cmp -s '$WORK/rep-slurm/fig14_final/table.csv' '$WORK/rep-local/fig14_final/table.csv' && cmp -s '$WORK/rep-slurm/fig14_final/speedup.svg' '$WORK/rep-local/fig14_final/speedup.svg'"
echo "$pass passed, $fail failed"
[ $fail = 0 ]
