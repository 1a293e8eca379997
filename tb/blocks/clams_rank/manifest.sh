# tb/blocks/clams_rank/manifest.sh: what the shared scripts run for clams_rank, the
# per-core criticality rank of CLAMS (seed 004). Variables: docs/adding-a-block.md.
MAIN_CONFIG="@final"

LINT_CONFIGS=("" "-GForm=1" "-GWarps=2 -GEpoch=1" "-GWarps=64 -GEpoch=4096 -GForm=1" "-GWarps=5 -GEpoch=3"
              "-GPipe=1" "-GPipe=1 -GForm=1" "-GPipe=1 -GWarps=2 -GEpoch=9" "-GPipe=1 -GForm=1 -GWarps=8 -GEpoch=12"
              "-GPipe=1 -GWarps=64 -GEpoch=4096")
LINT_YOSYS_CONFIGS=("" "-GForm=1" "-GWarps=2 -GEpoch=1" "-GPipe=1" "-GPipe=1 -GForm=1")
LINT_PORT_CONFIGS=("" "@tiny" "Warps=64,Epoch=4096" "@pipe" "@pipe_divide" "Warps=2,Epoch=9,Pipe=1")

# the seed's design in both forms, short epochs (many rank updates), the smallest, and
# the vectors' 4-cycle epoch with exact eighths most of the time
LOCKSTEP_MATRIX=("@final|" "@divide|exact=0.9,shift=0.05" "@small|" "@tiny|wild=0.2"
                 "Warps=48,Epoch=4|exact=0.8,shift=0.2,move=0.2"
                 # the pipelined forms (docs/timing/clams_rank.md): the seed's design in both
                 # forms; both at their shortest legal epoch (an epoch ends as the last
                 # one's rank is taken), with resets mid-computation, idle epochs and counts
                 # the core cannot report; the smallest
                 "@pipe|" "@pipe_divide|exact=0.9,shift=0.05,idle=0.05"
                 "Warps=8,Epoch=12,Pipe=1|wild=0.2,reset=0.005,idle=0.05"
                 "Warps=8,Epoch=12,Form=divide,Pipe=1|wild=0.1,idle=0.05,reset=0.005"
                 "Warps=2,Epoch=9,Pipe=1|exact=0.8,shift=0.3")
LOCKSTEP_CYCLES=250000
# every rank, and an epoch end; the tiny configuration (counts 0..3 per cycle, one-cycle
# epochs) reaches ranks 1, 3, 4, 6 and 8 only (ratios 0, 1/3, 1/2, 2/3, 1)
coverage_wants() {
  case ",$1," in
    *@tiny,*) echo "rank_o=0 rank_o=2 rank_o=3 rank_o=5 rank_o=7 end_o=1" ;;
    *) echo "rank_o=0 rank_o=1 rank_o=2 rank_o=3 rank_o=4 rank_o=5 rank_o=6 rank_o=7 end_o=0 end_o=1" ;;
  esac
}

ASAN_RANDOM=("@final|" "@tiny|wild=0.3")
ASAN_CYCLES=100000

# ---- planted bugs: name|stimulus|knobs|file|catch|sed expression on rtl/clams_rank/<file>
PLANTED=(
  # a rank boundary off by one: a ratio of exactly 4/8 becomes rank 5 (rank_q at the
  # epoch's edge, rank_o a cycle later)
  "boundary_ge|@small|exact=0.9,shift=0.1|clams_rank_calc.v|state|s/assign gt\[3\] = s8 > (l << 2);/assign gt[3] = s8 >= (l << 2);/"
  # the epoch's last cycle's counts are left out of the rank: the rank register differs
  "last_cycle_dropped|@small||clams_rank.v|state|s/clams_rank_calc #(.AW(AW), .Form(Form)) u_calc (.s_i(short_sum), .l_i(live_sum)/clams_rank_calc #(.AW(AW), .Form(Form)) u_calc (.s_i(acc_short_q), .l_i(acc_live_q)/"
  # Pipe=1 compare: 5L's carry dropped (5L = L + 4L added without carrying): some
  # comparisons with 5L go wrong
  "pipe_carry5|Warps=8,Epoch=12,Pipe=1|exact=0.9,shift=0.2|clams_rank.v|state|s/c5_q <= (l0 \& l2) | (c5_q \& (l0 ^ l2));/c5_q <= (l0 \& l2);/"
  # Pipe=1 compare: reset leaves the step count, so the dropped comparisons go on and
  # their rank replaces reset's rank 8
  "pipe_reset_keeps|Warps=8,Epoch=12,Pipe=1|reset=0.01|clams_rank.v|state|s/cnt_q <= {CC{1'b0}};/cnt_q <= cnt_q;/"
  # Pipe=1 compare: the L = 0 test ignored: an idle epoch (S = L = 0) ranks 1, not 8
  "pipe_lz_dropped|Warps=8,Epoch=12,Pipe=1|idle=0.1|clams_rank.v|state|s/assign late_rank = nz_q ? cnt_ones : 3'd7;/assign late_rank = cnt_ones;/"
  # Pipe=1 divide: the quotient not rounded up (floor of 8S / L): every inexact ratio ranks
  # one lower
  "pipe_div_floor|Warps=8,Epoch=12,Form=divide,Pipe=1||clams_rank.v|state|s/(rem != {DW{1'b0}})/1'b0/"
)
PLANTED_SEED=7
PLANTED_CYCLES=20000

# ---- VPI checker and cocotb: the small design (and the final one in lockstep above)
VPI_AGREE=("small|@small||3000")
COCOTB_AGREE=()
VPI_RANDOM=()
VPI_VECTORS_ICARUS=()
COCOTB_RANDOM=()
COCOTB_VECTORS_ICARUS=()
COCOTB_PLANTED_VLT=""
VPI_PLANTED=""  # (make test: lockstep catches the bugs above; MRPB's and the decoupled L1D's run on every VPI/cocotb path; make test-full runs these too)

BENCH_CYCLES_C=20000000
BENCH_CYCLES_RTL=5000000
BENCH_CYCLES_LOCKSTEP=2000000

# ---- GPU model: the CLAMS configuration (seed 004 Table 3) with ranks on every core
GPU_RUNS=("--config clams --clams_rank on")
GPU_LOCKSTEP=("--workload atax --scale 0.1 --config clams --clams_rank on --set sms=4"
              "--workload atax --scale 0.1 --config clams --clams_rank on --set sms=4 --set clams_rank.Pipe=1"
              "--workload atax --scale 0.1 --config clams --clams_rank on --set sms=4 --set clams_rank.Pipe=1 --set clams_rank.Form=divide")

SYNTH_SMOKE=(small small_pipe small_pipe_divide)
SYNTH_SMOKE_CHECK=tb/blocks/clams_rank/synth_smoke.py

# the two forms equal the seed's rank over every pair of 13-bit accumulator values; the
# pipelined forms give the single-cycle form's ranks exactly AW + 4 cycles late
EXTRA_CHECKS=("rank_forms|tb/blocks/clams_rank/rank_forms.sh 13"
              "pipe_equiv|python3 tb/blocks/clams_rank/pipe_equiv.py")

# ---- mutants (make mutants): its vector configurations: the shift form, and the divide form; the default random runs
MUTANT_CONFIGS=("Warps=48,Epoch=4|60" "Warps=64,Epoch=1,Form=divide|60" "Warps=8,Epoch=12,Pipe=1|60" "Warps=8,Epoch=12,Form=divide,Pipe=1|60")

# ---- proofs (make formal): rank bounds, accumulators, the rank definition (both forms), epoch steps
FORMAL_PROOFS=("shift|-set Warps 3 -set Epoch 3 -set Form 0|8"
               "divide|-set Warps 5 -set Epoch 5 -set Form 1|10"
               "seed_size|-set Warps 48 -set Epoch 128 -set Form 0|4"
               "pipe|-set Warps 3 -set Epoch 9 -set Form 0 -set Pipe 1|12"
               "pipe_divide|-set Warps 3 -set Epoch 9 -set Form 1 -set Pipe 1|12")
FORMAL_QUICK="shift"

# ---- make run (tb/bin/demo.sh): "BASE ARGS|BLOCK ARGS|KIND@INDEX in lockstep|counters to show"
DEMO="--workload 2dconv --scale 0.25 --config clams|--clams_rank on|clams_rank@0|clams_rank_epochs,clams_rank_rank1_cycles"
