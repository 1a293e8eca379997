# tb/blocks/laws/manifest.sh: what the shared scripts run for LAWS, APRES's warp
# scheduler (seed 001 sec. IV-A). The variables and their defaults are described in
# docs/adding-a-block.md ("The manifest"); what is not set here takes its default.
MAIN_CONFIG="@final"

# ---- lint: the seed's design, the smallest, the largest (64 warps: bit 63 of every vector)
# and the pipelined form (Pipe=1, docs/timing/laws.md) at the seed's size and the smallest
LINT_CONFIGS=("" "-GWarps=2 -GPcBits=1 -GGroups=1" "-GWarps=64 -GPcBits=32 -GGroups=8" "-GWarps=5 -GPcBits=3 -GGroups=5"
              "-GPipe=1" "-GWarps=2 -GPcBits=1 -GGroups=1 -GPipe=1")
LINT_YOSYS_CONFIGS=("" "-GWarps=8 -GPcBits=4 -GGroups=2" "-GWarps=8 -GPcBits=4 -GGroups=2 -GPipe=1")
LINT_PORT_CONFIGS=("" "@tiny" "Warps=64,Groups=8" "@pipe")

# ---- random lockstep: the seed's design, a small one (the configuration of most
# vectors), a tiny one with one WGT entry and 2-bit PCs (groups of every warp), and 6
# warps with many PCs and a full WGT (reset.vec's configuration); the pipelined form
# (Pipe=1) at the seed's size, the small and the tiny one; 1.75 M cycles
LOCKSTEP_MATRIX=("@final|" "@small|" "@tiny|hit=0.3,new=0.03" "Warps=6,PcBits=4,Groups=3|iss=0.6,fb=0.2,pcs=7"
                 "@pipe|" "@small_pipe|iss=0.6,fb=0.2" "@tiny_pipe|hit=0.3,new=0.03")
LOCKSTEP_CYCLES=250000
# every decision the configuration has: a pick and none, a group with and without a WGT
# entry (the 6-warp entry with fb=0.2 fills its 3 up too), a feedback that moves a group
coverage_wants() { echo "pick_ok_o=0 pick_ok_o=1 grp_ok_o=0 grp_ok_o=1 fb_ok_o=0 fb_ok_o=1"; }

ASAN_RANDOM=("@final|" "@tiny|new=0.05" "@pipe|")
ASAN_CYCLES=100000

# ---- planted bugs: name|stimulus|knobs|file|catch|sed expression on rtl/laws/<file>
PLANTED=(
  # a head miss moves the group to the head as a hit does: the order registers differ at
  # the first miss report, the pick later
  "miss_to_head|@small||laws.v|state|s/wire \[L-1:0\] g_val = m_hit ? {L{m_vec\[gi\]}} : g_hi;/wire [L-1:0] g_val = {L{m_vec[gi]}};/"
  # the group compares the LLT with the new PC instead of the issuing warp's LLPC:
  # grp_vec_o differs at the first issue where the two differ
  "group_new_pc|@small||laws.v|output|s/grp_vec\[gv\] = g_iss \&\& (llt_q\[gv\*PcBits+:PcBits\] == g_own/grp_vec[gv] = g_iss \&\& (llt_q[gv*PcBits+:PcBits] == iss_pc_i/"
  # Pipe=1: the registered LLPC is the load's new PC, not the issuing warp's LLPC before
  # the write: the probe p_own differs at the first issue where the two differ, the
  # group (grp_vec_o) a cycle later
  "pipe_own_new_pc|@small_pipe||laws.v|state|s/own_q <= own_ll;/own_q <= iss_pc_i;/"
  # Pipe=1: the registered targets are lost (never moved to the head): the registered
  # move differs at the first targets, the order a cycle later
  "pipe_tgt_lost|@small_pipe|pft=0.2|laws.v|state|s/mv_tgt_q <= tgt;/mv_tgt_q <= {Warps{1'b0}};/"
)
# (two more were shown caught when the block was built and are not rerun, for test
# time: a feedback that does not free its WGT entry, launched warps to the head)
PLANTED_SEED=7
PLANTED_CYCLES=20000

# ---- VPI checker and cocotb: the small design
VPI_AGREE=("small|@small||3000")
COCOTB_AGREE=()  # cocotb runs the planted bugs below (Icarus); for test time no agree run
VPI_RANDOM=()  # (the agree runs above cover both simulators)
VPI_VECTORS_ICARUS=()
COCOTB_RANDOM=()
COCOTB_VECTORS_ICARUS=()
COCOTB_PLANTED_VLT=""
VPI_PLANTED=""  # (make test: lockstep catches the bugs above; MRPB's and the decoupled L1D's run on every VPI/cocotb path; make test-full runs these too)

# ---- bench: the seed's design
BENCH_CYCLES_C=5000000
BENCH_CYCLES_RTL=500000
BENCH_CYCLES_LOCKSTEP=300000
BENCH_CYCLES_FST=50000
BENCH_CYCLES_VPI_ICARUS=2000

# ---- GPU model: seed 001's GPU (Table III: 15 SMs, 2 schedulers, LRR base) with LAWS
# alone on every workload; in lockstep on a short atax with APRES (2 SMs, every
# scheduler call of both compared)
GPU_RUNS=("--config apres --sched laws")
GPU_LOCKSTEP=("--workload atax --scale 0.05 --config apres --sched apres --set sms=2"
              "--workload atax --scale 0.05 --config apres --sched apres --set sms=2 --set laws.Pipe=1")

# ---- synthesis smoke: the small configuration, storage from the parameters
SYNTH_SMOKE=(small)
SYNTH_SMOKE_CHECK=tb/blocks/laws/synth_smoke.py

# ---- mutants (make mutants): the configuration of five of its vectors; the default random runs
MUTANT_CONFIGS=("Warps=8,PcBits=8,Groups=3|120" "@pipe|120")

# ---- proofs (make formal): the order is a strict total order (Warps <= 16), one head, the pick is ready and first, WGT/LLT consistency
FORMAL_PROOFS=("w4|-set Warps 4 -set PcBits 2 -set Groups 2|4"
               "w6|-set Warps 6 -set PcBits 3 -set Groups 3|4"
               "w4p|-set Warps 4 -set PcBits 2 -set Groups 2 -set Pipe 1|4")
FORMAL_QUICK="w4"

# ---- make run (tb/bin/demo.sh): "BASE ARGS|BLOCK ARGS|KIND@INDEX in lockstep|counters to show"
DEMO="--workload syrk --scale 0.25 --config apres --sched gto|--sched laws|laws@0|laws_groups,laws_head_misses,laws_picks_not_policy"

# LAWS (with SAP) beside an L1 block that bypasses refused reads: the bypass is the load's
# miss (deviation A17; before issue [fixes] the FIFO of issued loads filled and the run
# stopped with exit 1)
EXTRA_CHECKS=("gpu_bypass_refused|make -s tools >/dev/null && build/bin/gpusim --workload 3dconv --scale 0.1 --selcache on --sched apres --set l1.assoc=1 --set l1.size=1024 --set l1.mshr=2 --set selcache.Sets=8 --set selcache.Ways=1 --set selcache.Scheme=a --quiet")
