# tb/blocks/rft/manifest.sh: what the shared scripts run for the reuse frequency table
# (LASC, seed 003 ch. 5). The variables and their defaults are described in
# docs/adding-a-block.md ("The manifest"); what is not set here takes its default.
MAIN_CONFIG="@final"

# ---- lint: the final design, both update forms, tags, the smallest, the largest, odd ways
LINT_CONFIGS=("" "-GUpdate=1 -GRBits=2 -GTh2=3" "-GTagW=4"
              "-GEntries=16 -GTagW=1 -GSets=1 -GWays=1 -GPcShift=0"
              "-GEntries=256 -GTagW=8 -GUpdate=1 -GRBits=3 -GTh2=6 -GSets=64 -GWays=16 -GPcShift=4"
              "-GSets=2 -GWays=3 -GUpdate=1 -GRBits=1 -GTh2=6"
              "-GPipe=1" "-GPipe=1 -GUpdate=1 -GRBits=3 -GTh2=4 -GTagW=2 -GEntries=16 -GSets=1 -GWays=1")
LINT_YOSYS_CONFIGS=("" "-GUpdate=1 -GRBits=2 -GTh2=3 -GTagW=4" "-GEntries=16 -GSets=4 -GWays=2" "-GPipe=1 -GTagW=4")
LINT_PORT_CONFIGS=("" "@tiny" "@avg15" "Entries=256,TagW=8,Update=avg,RBits=3,Sets=64,Ways=16" "@pipe" "@tiny,Pipe=1")

# ---- random lockstep: every preset, the avg form with tags and 3-bit counters on one
# line, odd ways with incoherent events, avg with 1-bit counters at the top threshold;
# the pipelined form (Pipe=1, docs/timing/rft.md): its preset, and on one line with tags,
# the avg form, remote updates (which hold a pending update) and flushes;
# 11 x 200 K cycles
LOCKSTEP_MATRIX=("@final|" "@avg15|" "@avg10|" "@tagged|" "@small|hot=0.8" "@tiny|"
                 "@tiny,Update=avg,RBits=3,Th2=4,TagW=2|rupd=0.3,other=0.2"
                 "Entries=32,TagW=3,Sets=2,Ways=3,PcShift=1|noise=0.05,write=0.2,refuse=0.3"
                 "@small,Update=avg,RBits=1,Th2=6|stream=0.3,flush=0.01"
                 "@pipe|"
                 "@tiny,Pipe=1,Update=avg,RBits=3,Th2=4,TagW=2|rupd=0.3,other=0.2,flush=0.01")
LOCKSTEP_CYCLES=200000
# make test: seven of them (1.4 M cycles: final, avg15, tagged, small, tiny and both
# pipelined ones); make test-full runs all eleven (each configuration is a Verilator
# build of the 10-minute budget)
LOCKSTEP_QUICK="1 2 4 5 6 10 11"
# every branch: bypass, table hit and miss, mark, allocation, eviction updates with
# and without reuse
coverage_wants() {
  echo "byp_o=0 byp_o=1 tbl_hit_o=0 tbl_hit_o=1 mark_o=1 alloc_o=1 upd_v_o=1 upd_val_o=0 upd_val_o=1"
}

ASAN_RANDOM=("@final|" "@tiny,Update=avg,RBits=3,Th2=4,TagW=2|noise=0.1")
ASAN_CYCLES=100000

# ---- planted bugs: name|stimulus|knobs|file|catch|sed expression on rtl/rft/<file>
PLANTED=(
  # the OR update overwrites: an eviction without reuse clears a reuse entry (the
  # table register differs at that eviction's edge, byp_o at a later lookup)
  "or_overwrite|@small||rft.v|state|s/assign w_new = w_match ? (w_old | w_val\[0\]) : w_val\[0\];/assign w_new = w_val[0];/"
  # the probe-on-bypass mark is dropped (sec. 5.3.1 step 3): a bypassed read that finds
  # its line present does not mark it (mark_o at once)
  "no_probe_mark|@small||rft.v|output|s/(res_i == ResHit || res_i == ResPend || final_byp_i)/(res_i == ResHit || res_i == ResPend)/"
  # the state follows the block's own answer instead of the outcome: a read this block
  # would bypass but the outcome caches does not allocate
  "alloc_own_answer|@small|other=0.3|rft.v|output|s/assign alloc_o = (rd || pf) \&\& way_ok \&\& res_i == ResMiss \&\& !final_byp_i;/assign alloc_o = (rd || pf) \&\& way_ok \&\& res_i == ResMiss \&\& !byp_o;/"
  # the tag is not compared: another PC with the same index finds the entry
  "tag_ignored|@tagged||rft.v|output|s/assign e_tag_eq = ttag_q\[idx\*TagW+:TagW\] == hpc\[HW-1:IW\];/assign e_tag_eq = 1'b1;/"
  # a flush leaves the lines valid: their later evictions update the table
  "flush_keeps_lines|@small|flush=0.01|rft.v|state|s/if (fl) lv_d = {NL{1'b0}};/if (fl) lv_d = lv_q;/"
  # the moving average rounds up instead of down
  "avg_round_up|@avg15||rft.v|state|s/assign w_new = w_match ? sum\[VW:1\] : twice;/assign w_new = w_match ? sum[VW:1] + {{(VW - 1) {1'b0}}, sum[0]} : twice;/"
  # Pipe=1: a remote update does not hold the pipeline: the registered line action and
  # the pending update are overwritten by the remote clock's empty ones and lost
  "pipe_no_hold|@tiny,Pipe=1|rupd=0.3|rft.v|state|s/end else if (!rupd_v_i) begin  \/\/ a remote update holds both stages/end else begin/"
  # Pipe=1: a flush clock's stage-2 allocation keeps its line valid (the flush loses)
  "pipe_flush_loses|@small,Pipe=1|flush=0.01|rft.v|state|s/if (fl) lv_d = {NL{1'b0}};  \/\/ the flush wins/if (fl) lv_d = lv_d \& esel;  \/\/ the flush wins/"
)
PLANTED_SEED=7
PLANTED_CYCLES=20000
PLANTED_QUICK="or_overwrite no_probe_mark pipe_no_hold"
VPI_PLANTED="no_probe_mark"

# ---- VPI checker and cocotb: the small design (the final one is in lockstep above and
# in the GPU model)
VPI_AGREE=("small|@small||3000")
COCOTB_AGREE=("@small|1500")
VPI_RANDOM=()
VPI_VECTORS_ICARUS=(vectors/rft/flip.vec vectors/rft/avg15.vec)
COCOTB_RANDOM=()
COCOTB_VECTORS_ICARUS=()
COCOTB_PLANTED_VLT=""

# ---- bench: the final design
BENCH_CYCLES_C=10000000
BENCH_CYCLES_RTL=2000000
BENCH_CYCLES_LOCKSTEP=1000000
BENCH_CYCLES_FST=200000
BENCH_CYCLES_VPI_ICARUS=5000

# ---- GPU model: seed 003's GPU (Table 5.1: 15 SMs, GTO, 16 KB 4-way L1) with LASC on
# every workload; every SM's replica in lockstep on a short bicg (the seed's best case)
# and, through --l1 lasc, mvt on 4 SMs (more evictions per replica)
GPU_RUNS=("--config choo --rft on")
GPU_LOCKSTEP=("--workload bicg --scale 0.05 --config choo --rft on"
              "--workload mvt --scale 0.1 --config choo --l1 lasc --set sms=4"
              "--workload mvt --scale 0.1 --config choo --l1 lasc --set sms=4 --set rft.Pipe=1")

# ---- synthesis smoke: the small configuration, storage from the parameters
SYNTH_SMOKE=(small)
SYNTH_SMOKE_CHECK=tb/blocks/rft/synth_smoke.py

# ---- mutants (make mutants): the configurations of six of its vectors (both update rules); the default random runs
MUTANT_CONFIGS=("Entries=16,Sets=1,Ways=2,PcShift=0|80" "Entries=16,Sets=1,Ways=2,PcShift=0,Update=avg,RBits=2,Th2=3|40"
                "@pipe|80")

# ---- proofs (make formal): unwritten entries are 0, the average stays within 2 x CntMax, bypass and update rules, counts saturate
FORMAL_PROOFS=("avg|-set Entries 16 -set TagW 2 -set Update 1 -set RBits 2 -set Th2 3 -set Sets 2 -set Ways 2|3"
               "default|-set Entries 64 -set Sets 32 -set Ways 4|3"
               "pipe|-set Entries 16 -set TagW 2 -set Update 1 -set RBits 2 -set Th2 3 -set Sets 2 -set Ways 2 -set Pipe 1|3")
FORMAL_QUICK="avg"

# ---- make run (tb/bin/demo.sh): "BASE ARGS|BLOCK ARGS|KIND@INDEX in lockstep|counters to show"
DEMO="--workload bicg --scale 0.25 --config choo|--l1 lasc|rft@0|rft_bypassed,rft_table_hits"

# ---- tb/gpu/config_sweep.py: settings made whenever the block is on (KEY=a GPU parameter,
# l1.sets or a value) and the kinds a pair's run turns on beside it: its per-line state follows the L1's sets and ways
SWEEP_FIT=("rft.Sets=l1.sets" "rft.Ways=l1.assoc")
