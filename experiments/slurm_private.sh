# experiments/slurm_private.sh: start a private single-node Slurm on this machine (sourced by
# experiments/slurm_test.sh and by `make experiments PROFILE=slurm-private`).
# From Debian's slurm-wlm and munge: its own munge key, socket, state and log folders under
# $WORK; slurmctld and slurmd as root; /etc/slurm/slurm.conf written (and removed at exit)
# only where no Slurm is configured. Needs: WORK (its folder), TOP; defines say, die2 and
# SLURM_ARGS (the snakemake options that run the profile against it). Exit 2 when Slurm
# cannot start.
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

SLURM_ARGS=(--profile experiments/profiles/slurm --default-resources slurm_partition=test --slurm-status-command squeue
  --slurm-keep-successful-logs --slurm-logdir "$WORK/slurm-logs" --slurm-init-seconds-before-status-checks 2
  --seconds-between-status-checks 2)
