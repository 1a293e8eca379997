# tb/blocks/clams_mc/manifest.sh: what the shared scripts run for clams_mc, CLAMS's
# memory-controller side (seed 004). Variables: docs/adding-a-block.md.
MAIN_CONFIG="@final"

LINT_CONFIGS=("" "-GScheme=0" "-GScheme=1" "-GBanks=1 -GBuf=3 -GWindow=96 -GWinBits=2" "-GPipe=1" "-GPipe=1 -GScheme=0"
              "-GPipe=1 -GBanks=1 -GBuf=3 -GWindow=112 -GWinBits=2"
              "-GBanks=16 -GBuf=1024 -GWinBits=16 -GWindow=65535" "-GBanks=5 -GBuf=7 -GWindow=200 -GWinBits=3")
LINT_YOSYS_CONFIGS=("" "-GBanks=4 -GBuf=16 -GWindow=120 -GWinBits=4 -GScheme=1" "-GPipe=1")
LINT_PORT_CONFIGS=("" "@tiny" "Banks=16,Buf=1024,WinBits=16,Window=65535" "@pipe")

# Dyn (the seed's best) at full size, then small controllers with short windows (many
# threshold updates): each scheme, a drifting rank mix, a hot bank, a nearly full buffer
LOCKSTEP_MATRIX=("@final|arr=0.6,dep=0.55,drift=0.0005" "@small,ThSM=50|" "@small,Scheme=semi|drift=0.01"
                 "@small,Scheme=static,ThCR=4,ThSM=20|hot=0.8" "@tiny|arr=0.7,dep=0.3,wild=0.01"
                 "Banks=3,Buf=40,Window=150,WinBits=5,ThSM=25|arr=0.7,dep=0.6,drift=0.02"
                 # the pipelined form (Pipe=1, docs/timing/clams_mc.md): full size, then small
                 # ones with short windows (each scheme; resets in the middle of the pipe)
                 "@pipe|arr=0.6,dep=0.55,drift=0.0005" "@small,Pipe=1,Window=128,ThSM=50|"
                 "@small,Pipe=1,Window=128,Scheme=semi|drift=0.01" "@small,Pipe=1,Window=128,Scheme=static,ThCR=4,ThSM=20|hot=0.8"
                 "@tiny,Pipe=1,Window=112|arr=0.7,dep=0.3,wild=0.01")
LOCKSTEP_CYCLES=200000
# every Th_CR where the scheme moves it, each mode, window ends and threshold updates
coverage_wants() {
  local w="win_end_o=1 upd_o=1 busy_o=1"
  case ",$1," in
    *Scheme=static,*) echo "$w" ;;
    *@tiny,*) echo "$w thcr_o=7 mode_o=0 mode_o=1 mode_o=2" ;;
    *@pipe,*) echo "$w thcr_o=0 thcr_o=1 thcr_o=2 thcr_o=3 thcr_o=4 thcr_o=5 thcr_o=6 thcr_o=7" ;;
    *) echo "$w thcr_o=0 thcr_o=1 thcr_o=2 thcr_o=3 thcr_o=4 thcr_o=5 thcr_o=6 thcr_o=7" ;;
  esac
}

ASAN_RANDOM=("@final|" "@tiny|wild=0.05" "@pipe|" "@tiny,Pipe=1,Window=112|wild=0.05")
ASAN_CYCLES=100000

# ---- planted bugs: name|stimulus|knobs|file|catch|sed expression on rtl/clams_mc/<file>
PLANTED=(
  # Table 2's test as PCR(k) < Th_SM: a PCR equal to Th_SM no longer matches (the
  # threshold registers differ at an update)
  "table2_strict|@small,Scheme=semi|drift=0.01|clams_mc.v|state|s/pcr_d\[7\*(tk-1)+:7\] <= sm \&\& sm < pcr_d/pcr_d[7*(tk-1)+:7] < sm \&\& sm < pcr_d/"
  # the per-bank mode compares with >= (criticality mode above Th_SM): mode_o differs
  "mode_ge|@small||clams_mc.v|output|s/(crit100 <= smpend) ? 2'd1 : 2'd2/(crit100 >= smpend) ? 2'd1 : 2'd2/"
  # the mode counts the request leaving this cycle (the rule before C13): mode_o differs
  # in a departure's cycle
  "mode_dep_late|@small||clams_mc.v|output|s/wire dep_b = dep_i \&\& /wire dep_b = 1'b0 \&\& dep_i \&\& /"
  # Pipe=1: stage B drops the departure flag of the critical count (stage A's dca_q): the
  # critical count differs (state) in the cycle after a critical departure
  "pipe_dep_lost|@small,Pipe=1,Window=128||clams_mc.v|state|s/- {{(PW - 1) {1'b0}}, dca_q\[b\]}/- {PW{1'b0}}/"
  # Pipe=1: Table 2's step moves on to the next pair with the pair of the step before
  # (ta_q keeps PCR(k)): the running Th_CR / Th_SM differ at a later match
  "pipe_step_stale|@small,Pipe=1,Window=128,Scheme=semi|drift=0.01|clams_mc.v|state|s/        ta_d = na;/        ta_d = ta_q;/"
  # Pipe=1: the mode compares with the products' high part unshifted: mode_o differs
  "pipe_sp_shift|@small,Pipe=1,Window=128||clams_mc.v|output|s/{ph_q\[b\*MW+:MW-3\], 3'b000}/ph_q[b*MW+:MW]/"
)
PLANTED_SEED=7
PLANTED_CYCLES=50000
PLANTED_WAVES=mode_ge

# ---- VPI checker and cocotb: the small controller
VPI_AGREE=("small|@small||3000")
COCOTB_AGREE=()
VPI_RANDOM=()
VPI_VECTORS_ICARUS=(vectors/clams_mc/modes.vec)
COCOTB_RANDOM=()
COCOTB_VECTORS_ICARUS=()
COCOTB_PLANTED_VLT=""
VPI_PLANTED=""  # (lockstep catches both above; the VPI paths' planted bugs: the other blocks')

BENCH_CYCLES_C=10000000
BENCH_CYCLES_RTL=2000000
BENCH_CYCLES_LOCKSTEP=1000000

# ---- GPU model: the CLAMS configuration, ranks on every SM, a controller on every channel
GPU_RUNS=("--config clams --clams_rank on --clams_mc on")
GPU_LOCKSTEP=("--workload atax --scale 0.1 --config clams --clams_rank on --clams_mc on --set sms=4"
              "--workload atax --scale 0.1 --config clams --clams_rank on --clams_mc on --set sms=4 --set clams_mc.Pipe=1")

SYNTH_SMOKE=(small)
SYNTH_SMOKE_CHECK=tb/blocks/clams_mc/synth_smoke.py

# ---- mutants (make mutants): two of its vector configurations: the semi-dynamic and the dynamic scheme; the default random runs
MUTANT_CONFIGS=("Banks=4,Buf=16,Window=120,WinBits=4,Scheme=semi,ThSM=40|60" "Banks=4,Buf=16,Window=120,WinBits=4,Scheme=dyn,ThSM=50|60"
                "@pipe|60")

# ---- proofs (make formal): occupancy, window and PCR sequencing, PCR definition, threshold rules (buffer assumptions stated as assume)
FORMAL_PROOFS=("dyn|-set Banks 1 -set Buf 3 -set Window 73 -set WinBits 1 -set Scheme 2 -set ThCR 4 -set ThSM 40|10"
               "static|-set Banks 1 -set Buf 2 -set Window 73 -set WinBits 1 -set Scheme 0 -set ThCR 3 -set ThSM 20|10"
               "pipe|-set Banks 1 -set Buf 3 -set Window 97 -set WinBits 1 -set Scheme 2 -set ThCR 4 -set ThSM 40 -set Pipe 1|10")
FORMAL_QUICK="static"

# ---- make run (tb/bin/demo.sh): "BASE ARGS|BLOCK ARGS|KIND@INDEX in lockstep|counters to show"
DEMO="--workload 2dconv --scale 0.25 --config clams|--clams_rank on --clams_mc on|clams_mc@0|clams_mc_windows,clams_mc_bank_crit_cycles,clams_mc_bank_local_cycles"

# ---- tb/gpu/config_sweep.py: settings made whenever the block is on (KEY=a GPU parameter,
# l1.sets or a value) and the kinds a pair's run turns on beside it: one arrival port; the channel's banks; counters that hold the channel's buffer
SWEEP_FIT=("dram.accept=1" "clams_mc.Banks=dram.banks" "clams_mc.Buf=dram.queue")

# ---- the pipelined form against the single-cycle one (same stimulus, C model): modes three
# cycles late, threshold updates 16 cycles late with the same values (docs/timing/clams_mc.md)
EXTRA_CHECKS=("pipe_equiv|python3 tb/blocks/clams_mc/pipe_equiv.py")
