# tb/blocks/clams_pick/manifest.sh: what the shared scripts run for clams_pick, CLAMS's
# DRAM request picker (seed 004). Variables: docs/adding-a-block.md.
MAIN_CONFIG="@mid"  # (the reference for make test's determinism and waveform checks; bench: final)
BENCH_CONFIG="@final"

LINT_CONFIGS=("" "-GAlgo=0" "-GAlgo=1" "-GSlots=16 -GBanks=4 -GAgeW=6" "-GSlots=4 -GBanks=2 -GAgeW=3 -GCap=2"
              "-GSlots=5 -GBanks=3 -GAgeW=2 -GCap=16 -GAlgo=1" "-GSlots=2 -GBanks=1"
              "-GPipe=4" "-GSlots=5 -GBanks=3 -GAgeW=2 -GAlgo=1 -GPipe=3" "-GSlots=2 -GBanks=1 -GPipe=1")
LINT_YOSYS_CONFIGS=("-GSlots=16 -GBanks=4 -GAgeW=6" "-GSlots=5 -GBanks=3 -GAgeW=2 -GAlgo=1" "-GSlots=16 -GBanks=4 -GAgeW=6 -GPipe=4")
LINT_PORT_CONFIGS=("" "@tiny" "Slots=5,Banks=3,AgeW=2,Algo=cap,Cap=16" "@pipe" "@tiny,Pipe=2")

# CLAMS over the full 256-slot buffer, then small buffers with each algorithm, stamps that
# wrap, odd sizes
# (8-11: the pipelined form, docs/timing/clams_pick.md: the pipe preset over 256 slots,
# then small buffers with each algorithm and stage placement)
LOCKSTEP_MATRIX=("@final|arr=0.5,rows=4" "@mid|arr=0.5,rows=4" "@small|" "@small,Algo=frfcfs|ready=0.7" "@small,Algo=cap,Cap=2|rows=2,hot=0.6"
                 "@tiny|wild=0.02" "Slots=7,Banks=3,AgeW=2,Algo=cap,Cap=3|arr=0.6,rows=2"
                 "@pipe|arr=0.5,rows=4" "@small,Pipe=2|" "@tiny,Algo=cap,Pipe=2|wild=0.02" "Slots=7,Banks=3,AgeW=2,Algo=frfcfs,Pipe=1|arr=0.6,rows=2")
LOCKSTEP_CYCLES=170000
# make test: all but the 256-slot final picker (its Verilated build takes 40 s: 256
# leaves of the pick tree unrolled), with the 64-slot one in its place; make test-full
# runs the final one too (about 100 K lockstep cycles/s)
LOCKSTEP_QUICK="2 3 4 5 6 7 8 9 10 11"
coverage_wants() {
  local w="pick_ok_o=0 pick_ok_o=1 pick_col_o=0 pick_col_o=1"
  case ",$1," in
    *Algo=frfcfs,*) echo "$w pick_mode_o=0" ;;
    *Algo=cap,* | *@tiny,*) echo "$w pick_mode_o=0 pick_mode_o=3" ;;
    *) echo "$w pick_crit_o=1 pick_mode_o=0 pick_mode_o=1 pick_mode_o=2" ;;
  esac
}

ASAN_RANDOM=("@final|" "@tiny|wild=0.05" "@small,Pipe=3|")
ASAN_CYCLES=50000

# ---- planted bugs: name|stimulus|knobs|file|catch|sed expression on rtl/clams_pick/<file>
PLANTED=(
  # criticality mode ranks row hits above critical requests (locality's order): the pick
  # differs at the first critical miss beside a non-critical hit of a bank in that mode
  "crit_mode_swapped|@small||clams_pick.v|output|s/cls = {crit, col};/cls = {col, crit};/"
  # a tie goes to the higher slot: the pick differs when two candidates share {class, age}
  # (stamps wrap at 2^AgeW: equal ages do happen)
  "tie_high|Slots=7,Banks=3,AgeW=2,Algo=cap,Cap=3|arr=0.6,rows=2|clams_pick.v|output|s/take_hi = hi \&\& (!lo || g_lv\[l-1\].key\[2\*i+1\] > g_lv\[l-1\].key\[2\*i\]);/take_hi = hi \&\& (!lo || g_lv[l-1].key[2*i+1] >= g_lv[l-1].key[2*i]);/"
  # Pipe: a stage register keeps an entry whose slot departs: the request that left comes
  # out as a pick (the random stimulus departs only last cycle's pick, which lp_q drops
  # anyway: the vector departs a slot in flight that was never given)
  "pipe_no_dep_kill|vec:vectors/clams_pick/pipe_hazards.vec||clams_pick.v|output|s/wire kill = (dep_ok \&\& cidx\[i\] == dep_slot_i) ||/wire kill =/"
  # Pipe: the output forgets last cycle's pick: the same slot is given twice in a row
  "pipe_repick|@small,Pipe=2||clams_pick.v|output|s/(lp_ok \&\& pick == lp));/1'b0);/"
)
PLANTED_SEED=7
PLANTED_CYCLES=50000

# ---- VPI checker and cocotb: the small picker
VPI_AGREE=("small|@small||3000")
COCOTB_AGREE=()
VPI_RANDOM=()
VPI_VECTORS_ICARUS=(vectors/clams_pick/orders_clams.vec)
COCOTB_RANDOM=()
COCOTB_VECTORS_ICARUS=()
COCOTB_PLANTED_VLT=""
VPI_PLANTED=""  # (lockstep catches both above; the VPI paths' planted bugs: the other blocks')

BENCH_CYCLES_C=2000000
BENCH_CYCLES_RTL=500000
BENCH_CYCLES_LOCKSTEP=300000
BENCH_CYCLES_FST=50000

# ---- GPU model: the CLAMS configuration with each scheduler; the picker as FR-FCFS must
# pick exactly what the channel's own FR-FCFS picks (picks_not_frfcfs 0)
GPU_RUNS=("--config clams --dram-sched clams-dyn")
# (lockstep with a 16-entry buffer: the 256-slot picker's RTL runs about 20 K cycles/s)
GPU_LOCKSTEP=("--workload atax --scale 0.1 --config clams --dram-sched clams-dyn --set sms=4 --set dram.queue=16 --set clams_pick.Slots=16"
              "--workload atax --scale 0.1 --config clams --dram-sched clams-dyn --set sms=4 --set dram.queue=16 --set clams_pick.Slots=16 --set clams_pick.Pipe=4")

SYNTH_SMOKE=(small)
SYNTH_SMOKE_CHECK=tb/blocks/clams_pick/synth_smoke.py

# FR-FCFS through the picker equals the channel's own FR-FCFS, pick for pick
EXTRA_CHECKS=("frfcfs_equal|make -s tools >/dev/null && for w in atax 2dconv; do build/bin/gpusim --workload \$w --scale 0.1 --config clams --set clams_pick=on --set clams_pick.Algo=frfcfs --quiet --json build/test/pick-\$w.json && grep -q '\"clams_pick_picks_not_frfcfs\": 0,' build/test/pick-\$w.json && build/bin/gpusim --workload \$w --scale 0.1 --config clams --quiet --json build/test/nopick-\$w.json && test \"\$(grep -o '\"cycles\": [0-9]*' build/test/pick-\$w.json)\" = \"\$(grep -o '\"cycles\": [0-9]*' build/test/nopick-\$w.json)\" || exit 1; done")

# ---- mutants (make mutants): its three vector configurations, one per algorithm; the default random runs
MUTANT_CONFIGS=("Slots=16,Banks=4,AgeW=6,Algo=clams|60" "Slots=16,Banks=4,AgeW=6,Algo=cap,Cap=2|30" "Slots=16,Banks=4,AgeW=6,Algo=frfcfs|30" "@pipe|60")

# ---- proofs (make formal): the pick is a valid eligible candidate, blocked precharges, the tree picks the largest key, streak bounds
# pipe: the pipelined form (entries in flight name held slots of real banks, no slot
# given twice in a row, streak bounds and steps), two stage registers
FORMAL_PROOFS=("cap|-set Slots 4 -set Banks 2 -set AgeW 3 -set Algo 2 -set Cap 2|8"
               "clams|-set Slots 3 -set Banks 3 -set AgeW 2 -set Algo 1 -set Cap 2|8"
               "pipe|-set Slots 4 -set Banks 2 -set AgeW 3 -set Algo 1 -set Cap 2 -set Pipe 2|8")
FORMAL_QUICK="clams"

# ---- make run (tb/bin/demo.sh): "BASE ARGS|BLOCK ARGS|KIND@INDEX in lockstep|counters to show"
DEMO="--workload 2dconv --scale 0.25 --config clams --set dram.queue=16|--dram-sched clams-dyn --set clams_pick.Slots=16|clams_pick@0|clams_pick_picks_not_frfcfs,clams_pick_crit_cols"

# ---- tb/gpu/config_sweep.py: settings made whenever the block is on (KEY=a GPU parameter,
# l1.sets or a value) and the kinds a pair's run turns on beside it: one arrival port, the channel's banks and buffer; CLAMS's order (the default Algo) needs the controller's Th_CR and modes
SWEEP_FIT=("dram.accept=1" "clams_pick.Banks=dram.banks" "clams_pick.Slots=dram.queue")
SWEEP_WITH="clams_mc"
