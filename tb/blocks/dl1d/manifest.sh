# tb/blocks/dl1d/manifest.sh: what the shared scripts run for the decoupled L1D (seed
# 002 ch. 4). The variables and their defaults are described in
# docs/adding-a-block.md ("The manifest"); what is not set here takes its default.
MAIN_CONFIG="@final"

# ---- lint: the final design, the smallest of everything, the largest of everything
LINT_CONFIGS=("" "-GSets=1 -GTagWays=2 -GDataWays=1 -GRcBits=1 -GThreshold=1 -GTagBits=1 -GDuel=0"
              "-GSets=64 -GTagWays=16 -GDataWays=8 -GRcBits=8 -GThreshold=255 -GTagBits=48 -GInterval=65535 -GDuelPct=100"
              "-GPipe=1" "-GPipe=1 -GSets=1 -GTagWays=2 -GDataWays=1 -GRcBits=1 -GThreshold=1 -GTagBits=1 -GDuel=0"
              "-GPipe=1 -GSets=64 -GTagWays=16 -GDataWays=8 -GRcBits=8 -GThreshold=255 -GTagBits=48 -GInterval=65535 -GDuelPct=100")
LINT_YOSYS_CONFIGS=("" "-GSets=4 -GTagWays=4 -GDataWays=2 -GRcBits=3 -GDuel=0" "-GSets=4 -GTagWays=4 -GDataWays=2 -GRcBits=3 -GPipe=1")
LINT_PORT_CONFIGS=("" "@tiny" "Duel=off" "Sets=1,TagWays=2,DataWays=1,RcBits=1,Threshold=1,TagBits=1" "@pipe" "@tiny,Pipe=1,Duel=off")

# ---- random lockstep: the seed's design, a small and a one-set design with dense
# reuse, the baseline-heavy mix, 8 tag ways over 3 data ways, and threshold 0 (everything
# caches); the pipelined form (Pipe=1, docs/timing/dl1d.md): the final design, one set
# (every back-to-back pair of events on one set: forwarding), and a 4-cycle dueling
# interval (comparisons overlapping in their pipeline); 8 x 210 K cycles
# (entries 4, 5, 7 and 8 share the Verilated models of vectors/dl1d/free_vs_evict.vec,
# threshold0.vec, pipe_latency.vec and pipe_duel.vec)
LOCKSTEP_MATRIX=("@final|" "@small|fill=0.12,tags=6" "@tiny|base=0.1"
                 "Sets=1,TagWays=8,DataWays=3,RcBits=3,Threshold=2|hot=0.7,write=0.1,tags=12"
                 "Sets=1,TagWays=4,DataWays=2,RcBits=3,Threshold=0|tags=5,flush=0.01,gap=400"
                 "@pipe|"
                 "Sets=1,TagWays=4,DataWays=2,RcBits=3,Threshold=2,Pipe=1|tags=6,flush=0.01,write=0.1"
                 "Sets=1,TagWays=4,DataWays=2,RcBits=3,Threshold=2,Interval=4,DuelPct=10,Pipe=1|base=0.1,gap=6")
LOCKSTEP_CYCLES=210000
# every decision kind the configuration has: hit, hit-pending, allocation, tag-miss bypass,
# below-threshold bypass (not at Threshold 0), no-line bypass, write eviction, tag and data
# evictions; both dueling decisions where the unit exists
coverage_wants() {
  local w="res_o=1 res_o=2 res_o=3 res_o=6 res_o=7 thit_o=1 tevict_o=1 devict_o=1"
  case ",$1," in *,Threshold=0,*) ;; *) w="$w res_o=4 res_o=5" ;; esac
  case ",$1," in *,Duel=off,*) ;; *) w="$w duel_base_o=0 duel_base_o=1" ;; esac
  echo "$w"
}

ASAN_RANDOM=("@final|" "@tiny|base=0.3,flush=0.02" "@small,Pipe=1|flush=0.02")
ASAN_CYCLES=200000

# ---- planted bugs: name|stimulus|knobs|file|catch|sed expression on rtl/dl1d/<file>
PLANTED=(
  # the LFU victim is the entry with the LARGEST RC: tway_o differs at the first tag miss
  # with unequal RCs
  "lfu_largest|@small||dl1d.v|output|s/wire \[TagWays\*RcBits-1:0\] lfu_val = ~s_rc;/wire [TagWays*RcBits-1:0] lfu_val = s_rc;/"
  # RC > threshold instead of >=: a candidate is bypassed where it should get a line
  "threshold_gt|@small||dl1d.v|output|s/rcn} >= Thr9/rcn} > Thr9/"
  # aging also hits the allocated entry: its RC register is wrong at the allocation's edge
  "aging_self|@small||dl1d.v|state|s/if (t\[TWW-1:0\] != tway_o \&\& /if (/"
  # hits do not refresh the LRU ranks: the rank registers differ at the hit's edge, the
  # outputs only at a later eviction
  "lru_hit_no_touch|@small||dl1d.v|state|s/wire rd_touch = (d_op == OpRead \&\& (res_o == ResHit || res_o == ResPend)) || alloc;/wire rd_touch = alloc;/"
  # the dueling comparison forgets the DuelPct margin: the decision register differs at
  # an interval end, duel_base_o a cycle later
  "duel_no_margin|@small||dl1d.v|state|s/ + Pct \* {22'd0, acc_a_q} \* {22'd0, acc_b_q};/;/"
  # a flush drops pending lines too (their fills then find no line)
  "flush_pending|@tiny|flush=0.02|dl1d.v|state|s/dval_d = dval_q \& dpend_q;/dval_d = {ND{1'b0}};/"
  # Pipe=1: stage A does not match the tag stage B is entering (forwarding of the new
  # tag lost): the match register differs at the edge, the output a cycle later (a
  # second tag miss of the same tag instead of a tag hit)
  "pipe_fwd_new_tag|@small,Pipe=1|tags=4|dl1d.v|state|s/if (newent \&\& tway_o == t\[TWW-1:0\]) a_match\[t\] = new_hit;/;/"
  # Pipe=1: a flush in stage B is not applied to the row stage A reads: stage A's row
  # register keeps the freed line's owner
  "pipe_fwd_flush|@tiny,Pipe=1|flush=0.05|dl1d.v|state|s/if (d_op == OpFlush) begin  \/\/ the row after the flush/if (1'b0) begin/"
)
PLANTED_SEED=7
PLANTED_CYCLES=20000
# make test: the LFU victim, the threshold and the flush (make test-full: all six)
PLANTED_QUICK="lfu_largest threshold_gt flush_pending pipe_fwd_new_tag"
VPI_PLANTED="threshold_gt"

# ---- VPI checker and cocotb: the small design (the final one's 256 tag entries make
# Icarus slow, and the final design is in lockstep above and in the GPU model)
VPI_AGREE=("small|@small||3000")
COCOTB_AGREE=("@small|1500")
VPI_RANDOM=("icarus|@small||11|10000" "verilator|@small||11|200000")
VPI_VECTORS_ICARUS=(vectors/dl1d/stream_vs_reuse.vec vectors/dl1d/threshold.vec vectors/dl1d/dueling.vec)
COCOTB_RANDOM=()
COCOTB_VECTORS_ICARUS=()
COCOTB_PLANTED_VLT="threshold_gt"

# ---- bench: the final design
BENCH_CYCLES_C=10000000
BENCH_CYCLES_RTL=2000000
BENCH_CYCLES_LOCKSTEP=1000000
BENCH_CYCLES_FST=200000
BENCH_CYCLES_VPI_ICARUS=5000

# ---- GPU model: seed 002's GPU (Table 4.2: 15 SMs, 16 KB 4-way L1 = the data store)
# with dueling on every workload; every SM in lockstep on a short atax (cache-unfriendly)
# and syrk (the final design: the same Verilated model as the random lockstep)
GPU_RUNS=("--config dl1d --dl1d on")
GPU_LOCKSTEP=("--workload atax --scale 0.125 --config dl1d --l1 decoupled --dueling on" "--workload syrk --scale 0.125 --config dl1d --dl1d on"
              "--workload syrk --scale 0.125 --config dl1d --dl1d on --set dl1d.Pipe=1")

# ---- synthesis smoke: the small configuration, storage from the parameters
SYNTH_SMOKE=(small)
SYNTH_SMOKE_CHECK=tb/blocks/dl1d/synth_smoke.py

# ---- mutants (make mutants): the two vector configurations (one set, and two sets with threshold 2); the default random runs
MUTANT_CONFIGS=("Sets=1,TagWays=4,DataWays=2,RcBits=3,Threshold=4|60" "Sets=2,TagWays=4,DataWays=2,RcBits=3,Threshold=2|60" "@pipe|60")
MUTANT_CYCLES=500000  # the rare branches need long runs; a killed mutant stops at its first failure
# invariants the equivalence proof may use (proven by make mutants, docs/verification.md),
# one set of 4 tag entries and 2 lines (pos_q: one bit per entry): an invalid entry owns
# no line, a line has at most one owner, a line is allocated exactly when an entry owns it
_dl1d_m1="Sets=1,TagWays=4,DataWays=2,RcBits=3,Threshold=4"
MUTANT_INVARIANTS=("$_dl1d_m1|invalid_no_line|(pval_q & ~tval_q) == 4'd0"
                   "$_dl1d_m1|one_owner|((pval_q & ~pos_q) & ((pval_q & ~pos_q) - 4'd1)) == 4'd0 && ((pval_q & pos_q) & ((pval_q & pos_q) - 4'd1)) == 4'd0"
                   "$_dl1d_m1|line_owned|dval_q == {|(pval_q & pos_q), |(pval_q & ~pos_q)}")
unset _dl1d_m1

# ---- proofs (make formal): invalid entries own nothing, Position uniqueness, distinct tags, LRU permutation, free count, RC and dueling ranges
FORMAL_PROOFS=("small3|-set Sets 2 -set TagWays 4 -set DataWays 3 -set RcBits 2 -set TagBits 2 -set Interval 5|4"
               "ways8|-set Sets 1 -set TagWays 8 -set DataWays 4 -set RcBits 6 -set TagBits 4|3"
               "thr0_noduel|-set Sets 2 -set TagWays 3 -set DataWays 2 -set RcBits 3 -set Threshold 0 -set TagBits 2 -set Duel 0|4"
               "pipe_thr0_noduel|-set Sets 2 -set TagWays 3 -set DataWays 2 -set RcBits 3 -set Threshold 0 -set TagBits 2 -set Duel 0 -set Pipe 1|4")
FORMAL_QUICK="thr0_noduel"

# ---- make run (tb/bin/demo.sh): "BASE ARGS|BLOCK ARGS|KIND@INDEX in lockstep|counters to show"
DEMO="--workload syrk --scale 0.25 --config dl1d|--l1 decoupled|dl1d@0|dl1d_bypass_tag_miss,dl1d_bypass_below_threshold,dl1d_duel_switches"

# a tag field too narrow for the workload's addresses is refused before the run: exit 2 and
# one line (D15; before issue [fixes] the run stopped mid-way with exit 1)
EXTRA_CHECKS=("gpu_tagbits_refused|make -s tools >/dev/null; e=build/test/dl1d-tagbits; build/bin/gpusim --workload atax --scale 0.1 --config dl1d --dl1d on --set dl1d.TagBits=1 >\$e.out 2>\$e.err; test \$? = 2 && test ! -s \$e.out && test \"\$(wc -l <\$e.err)\" = 1 && grep -q 'TagBits=1 cannot hold the tag of line' \$e.err")
