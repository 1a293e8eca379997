# tb/blocks/memsched/manifest.sh: what the shared scripts run for memsched, the memory
# request scheduling queue of seed 003 chapter 6. Variables: docs/adding-a-block.md.
MAIN_CONFIG="@final"

# ---- lint: the final design, each policy, one slot of one entry, odd sizes with K =
# Slots, the widest
LINT_CONFIGS=("" "-GPolicy=0 -GK=1" "-GPolicy=1 -GK=1" "-GSlots=2 -GDepth=1 -GK=1 -GLineW=4 -GSlotW=1"
              "-GSlots=5 -GDepth=3 -GK=5 -GPolicy=1" "-GSlots=64 -GDepth=64 -GK=8 -GLineW=64 -GSlotW=8 -GPolicy=0"
              "-GPipe=1" "-GPipe=1 -GPolicy=0 -GK=1" "-GPipe=1 -GSlots=2 -GDepth=1 -GK=1 -GLineW=4 -GSlotW=1"
              "-GPipe=1 -GSlots=64 -GDepth=64 -GK=8 -GLineW=64 -GSlotW=8")
LINT_YOSYS_CONFIGS=("" "-GSlots=5 -GDepth=3 -GK=5 -GPolicy=1" "-GPipe=1 -GSlots=5 -GDepth=3 -GK=5")
LINT_PORT_CONFIGS=("" "@tiny" "@small" "Slots=64,Depth=64,K=8,LineW=64,SlotW=8" "@pipe")
LINT_FORMAL=1

# ---- random lockstep: the presets (the seed's final design and the Figure 6.5 studies),
# fixed and rr with four probes, odd sizes, the widest
LOCKSTEP_MATRIX=("@final|" "@fixed|" "@rr|" "@grr2|" "@small|" "@tiny|"
                 "@final,Policy=rr|streams=6,refuse=0.5"
                 "@final,Policy=fixed|streams=6,hit=0.5"
                 "Slots=5,Depth=3,K=5,Policy=rr|streams=5,refuse=0.5"
                 "Slots=16,Depth=2,K=3,Policy=grr|refuse=0.2,hit=0.5,streams=4"
                 "Slots=64,Depth=64,K=8,LineW=64,SlotW=8,Policy=grr|streams=8,maxburst=100,hotw=1,jam=0.01"
                 "@pipe|"
                 "@pipe,Policy=fixed|streams=6,hit=0.5"
                 "Slots=5,Depth=3,K=5,Pipe=1|streams=5,refuse=0.5"
                 "Slots=4,Depth=2,K=2,LineW=8,SlotW=2,Pipe=1,Policy=fixed|refuse=0.3")
LOCKSTEP_CYCLES=200000
# make test: seven of them (1.4 M cycles: the final design, fixed, small, tiny, an odd
# size, the pipelined form (docs/timing/memsched.md) and an odd size of it; every
# preset's Verilator build costs 10-20 s of the 10 minutes); make test-full runs all fifteen
LOCKSTEP_QUICK="1 2 5 6 9 12 14"

# every configuration: taken and backed-up requests (a full slot), picks, hits, cycles
# with every candidate refused; with K > 1 the yields, to the second and the last
# candidate (K from the preset's value, then a K= key after it)
coverage_wants() {
  local k=4 kv w="req_ready_o=1 full_o=1 pick_valid_o=1 pick_hit_o=1 stall_o=1"
  case ",$1," in *,@fixed,* | *,@rr,* | *,@tiny,*) k=1 ;; *,@grr2,* | *,@small,*) k=2 ;; esac
  for kv in ${1//,/ }; do case "$kv" in K=*) k=${kv#K=} ;; esac; done
  [ "$k" -gt 1 ] && w="$w pick_idx_o=1 pick_idx_o=$((k - 1))"
  echo "$w"
}

ASAN_RANDOM=("@final|" "@tiny|" "Slots=5,Depth=3,K=5,Policy=rr|streams=5" "@pipe|")
ASAN_CYCLES=100000

# ---- planted bugs: name|stimulus|knobs|file|catch|sed expression on rtl/memsched/<file>
PLANTED=(
  # a full slot still takes the request (overwrites its oldest entry): req_ready_o at
  # the first full slot
  "full_accepts|@small||memsched.v|output|s/assign enq = offered \& ~tgt_full;/assign enq = offered;/"
  # grouped round-robin forgets the hits: the first accepted candidate, not the first
  # hit, is served (pick_idx_o differs at the first cycle a later candidate hits and an
  # earlier one is a miss)
  "grr_hits_ignored|@final||memsched.v|output|s/? hit : acc;/? acc : acc;/"
  # the round-robin pointer is not advanced past the served slot (stays; moves only when
  # all candidates are refused): the pointer register differs at the first pick's edge
  "rr_ptr_stuck|@rr||memsched.v|state|s/else if (Policy == 1 \&\& pick_v) ptr_d = after(pick_slot);/else if (Policy == 1 \&\& pick_v) ptr_d = ptr_q;/"
  # grr moves past the served candidate instead of the whole group (rr's rule)
  "grr_ptr_after_pick|@grr2||memsched.v|state|s/else if (Policy == 1 \&\& pick_v)/else if (Policy != 0 \&\& pick_v)/"
  # the tail pointer also advances when a full slot refuses the request: only the tail
  # register shows it at once; the outputs when that slot's later requests reach the head
  "tail_on_full|@small||memsched.v|state|s/.inc_i(enq), .inc_idx_i(wq), .dec_i(1'b0),/.inc_i(offered), .inc_idx_i(wq), .dec_i(1'b0),/"
  # the wrap of start + position at exactly Slots is missed: slot Slots (out of range)
  "wrap_off_by_one|Slots=5,Depth=3,K=5,Policy=rr|streams=5,refuse=0.5|memsched.v|output|s/(sum >= SlotsW) ? over/(sum > SlotsW) ? over/"
  # the same, caught by a hand-worked vector (rr pointer wrapping past the last slot)
  "wrap_off_by_one_vec|vec:vectors/memsched/rr_order.vec||memsched.v|output|s/(sum >= SlotsW) ? over/(sum > SlotsW) ? over/"
  # Pipe=1: the registered read address misses the head bump (a slot served in the cycle
  # its next list is found shows the served entry again): cand_line_o differs
  "pipe_no_head_bump|@pipe||memsched.v|output|s/(fv\[k3\] \&\& pick_v \&\& pick_slot == fslot\[k3\*QW+:QW\]) ?/(1'b0) ?/"
  "pipe_no_head_bump_vec|vec:vectors/memsched/pipe_hazards.vec||memsched.v|output|s/(fv\[k3\] \&\& pick_v \&\& pick_slot == fslot\[k3\*QW+:QW\]) ?/(1'b0) ?/"
  # Pipe=1: a registered candidate whose slot the previous pick emptied is still shown
  # (the count check dropped): cand_valid_o differs
  "pipe_no_hide|@pipe||memsched.v|output|s/assign cv_s\[gj\] = cq_v_q\[gj\] \& nonempty\[q\] \& ~rst_i;/assign cv_s[gj] = cq_v_q[gj] \& ~rst_i;/"
  # Pipe=1: the search start is not moved past the group (smask kept): the pointer probe
  # register (ptr) shows the wrong next group at once; the outputs a cycle later
  "pipe_smask_stuck|@pipe||memsched.v|state|s/            smask_q <= mnext;/            smask_q <= smask_q;/"
)
PLANTED_SEED=7
PLANTED_CYCLES=200000
PLANTED_WAVES=full_accepts
PLANTED_QUICK="full_accepts grr_hits_ignored pipe_no_head_bump"
# the VPI checker (Icarus, Verilator --vpi) and cocotb compare outputs only: an
# output-caught mutant, reported at the cycle lockstep reports it
VPI_PLANTED="full_accepts"

# ---- VPI checker and cocotb: the small design
VPI_AGREE=("small|@small||3000")
COCOTB_AGREE=()
VPI_RANDOM=()
VPI_VECTORS_ICARUS=(vectors/memsched/grr_group.vec)
COCOTB_RANDOM=()
COCOTB_VECTORS_ICARUS=()
COCOTB_PLANTED_VLT=""

BENCH_CONFIG="@final"
BENCH_CYCLES_C=10000000
BENCH_CYCLES_RTL=3000000
BENCH_CYCLES_LOCKSTEP=3000000
BENCH_CYCLES_FST=300000

SYNTH_SMOKE=(small)
SYNTH_SMOKE_CHECK=tb/blocks/memsched/synth_smoke.py

# ---- GPU model: seed 003 Table 6.1's GPU (15 SMs, GTO, 16 KB 4-way L1) with each
# scheduler of Figure 6.5c, fewer probe units (6.5b) and depth 1 (6.5a)
GPU_RUNS=("--config choo --memsched grr" "--config choo --memsched fixed" "--config choo --memsched rr"
          "--config choo --memsched grr --probes 2" "--config choo --memsched grr --set memsched.Depth=1")
GPU_LOCKSTEP=("--workload atax --scale 0.1 --config choo --memsched grr"
              "--workload 2dconv --scale 0.1 --config choo --memsched fixed --probes 4"
              "--workload atax --scale 0.1 --config choo --memsched grr --set memsched.Pipe=1")

# ---- mutants (make mutants): two of its vector configurations (greedy round-robin, round-robin); the default random runs
MUTANT_CONFIGS=("Slots=4,Depth=2,Policy=grr,K=2,LineW=8,SlotW=2|60" "Slots=6,Depth=4,Policy=rr,K=1,LineW=8,SlotW=4|60"
                "@pipe|60")

# ---- proofs (make formal): counts, pointers, candidates, the grant is an accepted non-empty candidate, grr hits first
FORMAL_PROOFS=("grr|-set Slots 4 -set Depth 2 -set K 2 -set LineW 2 -set SlotW 1 -set Policy 2|10"
               "rr|-set Slots 5 -set Depth 3 -set K 3 -set LineW 2 -set SlotW 1 -set Policy 1|10"
               "pipe|-set Slots 4 -set Depth 2 -set K 2 -set LineW 2 -set SlotW 1 -set Policy 2 -set Pipe 1|10")
FORMAL_QUICK="grr"

# ---- make run (tb/bin/demo.sh): "BASE ARGS|BLOCK ARGS|KIND@INDEX in lockstep|counters to show"
DEMO="--workload bicg --scale 0.25 --config choo|--memsched grr --probes 4|memsched@0|memsched_picks,memsched_yields"
