# tb/blocks/selcache/manifest.sh: what the shared scripts run for selcache, the
# contention-aware selective caching of seed 003 chapter 4. Variables: see
# docs/adding-a-block.md ("The manifest").
MAIN_CONFIG="@final"

LINT_CONFIGS=("" "-GLocDeg=1" "-GLocDeg=1 -GLocScope=1" "-GScheme=0 -GSets=1 -GWays=1 -GLanes=2" "-GScheme=1 -GSets=64 -GWays=16 -GHashW=8 -GCntW=6 -GNW=10 -GPcShift=0"
              "-GSets=2 -GWays=3 -GLanes=5 -GHashW=2 -GCntW=1 -GNW=2 -GPcShift=4")
LINT_YOSYS_CONFIGS=("" "-GLocDeg=1 -GSets=4 -GWays=2 -GLanes=8")
LINT_PORT_CONFIGS=("" "@tiny" "Sets=64,Ways=16,HashW=8,CntW=6,NW=10" "LocDeg=on,LocScope=all")

# the final design (locality degree on), the index scheme alone (c, b and a), and the
# small and tiny ones where one set and a few PCs make every table entry and counter
# saturate, halve and wrap; the final design with the locality degree on every read
# (LocScope=all) and long-lived table state
LOCKSTEP_MATRIX=("@final|" "@index|" "@first|conc=0.8" "@all|full=0.6" "@small|" "@tiny|wild=0.2"
                 "Sets=2,Ways=3,Lanes=5,HashW=2,CntW=1,NW=2,LocDeg=on,Scheme=b|conc=0.9"
                 "@final,LocScope=all|hit=0.9,reset=0,flush=0.0002,pcall=0.5")
LOCKSTEP_CYCLES=200000
LOCKSTEP_QUICK="1 2 5 6 7"  # 1.0 M cycles: final, index, small, tiny, the odd size (make test-full: all 8)
# every decision output both ways, the scheme's count up to a full set, a divergent load
coverage_wants() {
  case ",$1," in
    *@tiny,*) echo "byp_o=0 byp_o=1 ibyp_o=1 lbyp_o=1 div_o=1" ;;
    *@small,*|*Lanes=5*) echo "byp_o=0 byp_o=1 ibyp_o=1 lbyp_o=1 div_o=1" ;;
    *@final,*) echo "byp_o=0 byp_o=1 ibyp_o=0 ibyp_o=1 lbyp_o=0 lbyp_o=1 div_o=0 div_o=1" ;;
    *) echo "byp_o=0 byp_o=1 ibyp_o=1 div_o=0 div_o=1" ;;
  esac
}

ASAN_RANDOM=("@final|" "@tiny|wild=0.3")
ASAN_CYCLES=100000

# ---- planted bugs: name|stimulus|knobs|file|catch|sed expression on rtl/selcache/<file>
PLANTED=(
  # scheme c off by one: the set's last Ways + 1 requests are cached
  "scheme_c_off_by_one|@index||selcache.v|output|s/  wire ibyp = (Scheme == 0) ? div : ({{(32 - CW) {1'b0}}, same} >= Ways);/  wire ibyp = (Scheme == 0) ? div : ({{(32 - CW) {1'b0}}, same} > Ways);/"
  # the locality degree compares with >= (ties bypass)
  "locality_tie_bypasses|@final||selcache.v|output|s/  wire lbyp = (LocDeg != 0) \&\& (LocScope != 0 || div) \&\& vic_valid \&\& (prod > t_sum);/  wire lbyp = (LocDeg != 0) \&\& (LocScope != 0 || div) \&\& vic_valid \&\& (prod >= t_sum);/"
  # a full table entry is not halved: the count wraps (state: the table registers)
  "no_halving|@tiny||selcache.v|state|s/  wire e_full = (e_n0 == {NW{1'b1}});/  wire e_full = 1'b0;/"
)
PLANTED_SEED=7
PLANTED_CYCLES=50000
PLANTED_QUICK="scheme_c_off_by_one no_halving"  # make test; make test-full plants all three

# ---- VPI checker and cocotb: the small design (and the final one in lockstep above)
VPI_AGREE=("small|@small||3000")
COCOTB_AGREE=()
VPI_RANDOM=()
VPI_VECTORS_ICARUS=()
COCOTB_RANDOM=()
COCOTB_VECTORS_ICARUS=()
COCOTB_PLANTED_VLT=""
VPI_PLANTED=""  # (make test: lockstep catches the bugs above; make test-full runs these too)

BENCH_CYCLES_C=5000000
BENCH_CYCLES_RTL=2000000
BENCH_CYCLES_LOCKSTEP=1000000

# ---- GPU model: seed 003's configuration (Table 4.1) with selective caching on every SM
GPU_RUNS=("--config choo --selcache on" "--config choo --selcache on --locality-degree off")
GPU_LOCKSTEP=("--workload bicg --scale 0.05 --config choo --selcache on --set sms=4")
# the locality degree checks only the requests of divergent loads (H43): 2dconv and gemm
# (no divergent load) get no locality bypass; LocScope=all still bypasses 2dconv's reads
EXTRA_CHECKS=("gpu_locality_scope|tb/blocks/selcache/gpu_scope.sh")

SYNTH_SMOKE=(small)
SYNTH_SMOKE_CHECK=tb/blocks/selcache/synth_smoke.py

# ---- mutants (make mutants): two of its vector configurations (full size, locality degree
# off: the locality check is not in their netlists) and the final design (its locality
# check, the divergence gate of H43). Runs: the defaults; long-lived state (no resets, rare
# flushes, lines hit until their counters saturate, PCs over every table entry: the table
# sums grow, halve and reach their high bits in every entry); every request of a load in
# one set (scheme b/c count up to Lanes - 1)
MUTANT_CONFIGS=("Sets=32,Ways=4,Lanes=32|60" "Scheme=b|60" "@final|40")
MUTANT_KNOBS=("" "hit=0.9,reset=0,flush=0.0002,pcall=0.5" "conc=1,full=0.8")
MUTANT_CYCLES=500000  # the rare branches need long runs; a killed mutant stops at its first failure

# ---- proofs (make formal): the re-reference sum never overflows, index and locality bypass rules, counts saturate, table updates
FORMAL_PROOFS=("c_loc|-set Sets 2 -set Ways 2 -set Lanes 4 -set Scheme 2 -set LocDeg 1 -set HashW 2 -set CntW 2 -set NW 2|4"
               "b_loc|-set Sets 4 -set Ways 4 -set Lanes 8 -set Scheme 1 -set LocDeg 1 -set LocScope 1 -set HashW 3 -set CntW 4 -set NW 8|3"
               "a|-set Sets 2 -set Ways 2 -set Lanes 4 -set Scheme 0 -set LocDeg 0 -set HashW 2 -set CntW 2 -set NW 2|4")
FORMAL_QUICK="c_loc"

# ---- make run (tb/bin/demo.sh): "BASE ARGS|BLOCK ARGS|KIND@INDEX in lockstep|counters to show"
DEMO="--workload bicg --scale 0.25 --config choo|--selcache on|selcache@0|selcache_index_bypass,selcache_locality_bypass"

# ---- tb/gpu/config_sweep.py: settings made whenever the block is on (KEY=a GPU parameter,
# l1.sets or a value) and the kinds a pair's run turns on beside it: its set index and n are the L1's sets and ways
SWEEP_FIT=("selcache.Sets=l1.sets" "selcache.Ways=l1.assoc")
