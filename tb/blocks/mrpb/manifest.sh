# tb/blocks/mrpb/manifest.sh: what the shared scripts run for MRPB. Bash, sourced by
# `manifest mrpb` (tb/lib/blocks.sh): every variable below, its meaning, its default (what is
# left unset takes it; () or "" means "none") and the scripts that read it are in
# docs/adding-a-block.md, "The manifest". Helper variables of this file start with _mrpb_
# and are unset at its end.

MAIN_CONFIG="@final"
# VECTORS: the default, vectors/mrpb/*.vec

# ---- lint: the final design, both greedy and longest-first, the other signatures, the
# smallest and the widest
LINT_CONFIGS=("" "-GDrain=1 -GGreedy=1" "-GDrain=2 -GNumQ=8 -GSig=1 -GFlush=0" "-GNumQ=32 -GSig=2 -GLatency=18"
              "-GNumQ=1 -GDepth=1 -GLatency=3" "-GNumQ=64 -GDepth=32 -GDrain=2 -GAddrW=64 -GPcW=64 -GTagW=32"
              "-GPipe=1" "-GPipe=1 -GNumQ=2 -GDepth=1 -GDrain=1 -GGreedy=1")
LINT_YOSYS_CONFIGS=("" "-GDrain=2 -GNumQ=8" "-GPipe=1")
# a wide and a narrow qlen_o, a 6- and a 3-bit queue index, one queue of one entry
LINT_PORT_CONFIGS=("" "NumQ=8,Sig=block,Policy=rr" "NumQ=1,Depth=1,Latency=3" "@pipe")
LINT_FORMAL=1

# ---- random lockstep: {48 warp, 8 block, 32 in-block} x {fixed, rr, longest,
# greedy-fixed} x {flush on, off} at depth 8, then a configuration for every other
# branch; every second entry uses the harsher knobs, one entry knobs of its own
_mrpb_harsh="refuse=0.6,write=0.15,hot=0.8,maxburst=12"
_mrpb_cfgs=()
for _mrpb_s in "NumQ=48,Sig=warp" "NumQ=8,Sig=block" "NumQ=32,Sig=inblk"; do
  for _mrpb_p in fixed rr longest greedy-fixed; do
    for _mrpb_f in 1 0; do _mrpb_cfgs+=("$_mrpb_s,Depth=8,Policy=$_mrpb_p,Flush=$_mrpb_f"); done
  done
done
_mrpb_cfgs+=("Policy=greedy-rr,Latency=3" "Policy=greedy-longest,Latency=18" "Bypass=all,Latency=4"
             "Bypass=off,Flush=0" "NumQ=64,Depth=32,Policy=longest,AddrW=64,PcW=64,TagW=32|burst=0.8,hot=0.9,hotq=1,refuse=0.7"
             "NumQ=5,Depth=5,Policy=rr" "NumQ=1,Depth=1,Latency=3" "NumQ=3,Sig=block,Depth=2,Policy=greedy-longest,Bypass=all"
             "@pipe" "@pipe,NumQ=8,Sig=block,Depth=4,Policy=greedy-rr,Bypass=all|$_mrpb_harsh,reset=0.002"
             "@pipe,Policy=longest,Flush=0,Latency=18" "@pipe,NumQ=3,Depth=1,Policy=greedy-longest,Bypass=all")
LOCKSTEP_MATRIX=()
for _mrpb_i in "${!_mrpb_cfgs[@]}"; do
  _mrpb_k=""
  [ $(((_mrpb_i + 1) % 2)) = 0 ] && _mrpb_k=$_mrpb_harsh
  case "${_mrpb_cfgs[$_mrpb_i]}" in
    *"|"*) LOCKSTEP_MATRIX+=("${_mrpb_cfgs[$_mrpb_i]}") ;;   # knobs of its own
    *) LOCKSTEP_MATRIX+=("${_mrpb_cfgs[$_mrpb_i]}|$_mrpb_k") ;;
  esac
done
LOCKSTEP_CYCLES=500000
# make test: every signature, the four base policies and flush on and off, mostly on
# configurations the directed vectors build anyway (1 5 7 9 17: no build of their own),
# then rr without flush on the harsh knobs, the widest and one queue of one entry (8
# entries, 3 builds of their own; [speed]: make test under 10 minutes); make test-full
# runs all 32, among them the pairwise cover of {signature x policy x flush} that make
# test ran before (1 4 5 8 10 11 14 15 17 20 21 24 25 27 29 31)
LOCKSTEP_QUICK="1 4 5 7 9 17 29 31 33 34"

# which outputs must take which values in a configuration's own run (every branch it has):
# producer stall, policy drain; with flush: full-queue and write-flush drains, write pass,
# flush wait; with greedy: greedy hold; with bypass: bypass
coverage_wants() {
  local c=$1 w="req_ready_o=0 out_valid_o=1 drain_why_o=0"
  case ",$c," in *,Flush=0,*) ;; *) w="$w drain_why_o=2 drain_why_o=3 wpass_o=1 flush_o=1" ;; esac
  case ",$c," in *greedy*) w="$w drain_why_o=1" ;; esac
  case ",$c," in *,Bypass=off,*) ;; *) w="$w bypass_o=1" ;; esac
  echo "$w"
}

# ---- the C model alone under ASan + UBSan: every base policy, one greedy
ASAN_RANDOM=("Policy=fixed|" "Policy=rr|" "Policy=longest|" "Policy=greedy-rr|")
ASAN_SEED=5
ASAN_CYCLES=200000

# ---- planted bugs: name|stimulus|knobs|file|catch|sed expression on rtl/mrpb/<file>
_mrpb_reset="$_mrpb_harsh,reset=0.002"
PLANTED=(
  "bypass_any|Bypass=assoc||mrpb.v|output|s/(Bypass == 2) ? (cache_stall_i == 3'd1)/(Bypass == 2) ? (cache_stall_i != 3'd0)/"
  "full_early|Depth=8||mrpb.v|output|s/wire tgt_full = (tgt_len == DepthL);/wire tgt_full = (tgt_len == DepthL - 1'b1);/"
  # the round-robin pointer follows the enqueue: the last_q register is wrong at the first
  # drain's edge, an output only when the pointer decides a later drain
  "rr_follows_enqueue|Policy=rr||mrpb.v|state|s/last_q_d = pick;/last_q_d = sigq;/"
  # one extra delay-line stage: the stage register first, the visible count, then outputs
  "latency_plus1|Latency=5||mrpb.v|state|s/.Stages(Stages)/.Stages(Stages + 1)/"
  "wpass_ignores_obuf|Flush=1||mrpb.v|output|s/wire wpass = (Flush != 0) \& is_wr \& tgt_empty \& load_ok;/wire wpass = (Flush != 0) \& is_wr \& tgt_empty;/"
  "greedy_sticky|Policy=greedy-fixed||mrpb.v|output|s/wire hold = (Greedy != 0) \& last_valid_q \& elig\[last_q_q\];/wire hold = (Greedy != 0) \& last_valid_q;/"
  # the round-robin pointer reset to 0, not NumQ-1: the register differs from the first
  # reset on; at the outputs only when a write passed through and two queues became
  # eligible before the first drain after a reset (frequent resets and refusals here;
  # the default traffic did not reach that in 1.5 M cycles), and in a hand-worked vector
  "rr_reset_zero|Policy=rr|$_mrpb_reset|mrpb.v|state|s/last_q_q <= LastQ;/last_q_q <= {QW{1'b0}};/"
  "rr_reset_zero_vec|vec:vectors/mrpb/rr_after_reset.vec||mrpb.v|state|s/last_q_q <= LastQ;/last_q_q <= {QW{1'b0}};/"
  # only the state probes see it early: the tail pointer also advances on a write that is
  # offered but never stored (Flush=1 flushes or passes writes), so the next request of
  # that queue is written one slot ahead; the outputs show it only when that queue's
  # head is drained (stale data), many cycles later
  "tail_on_write|Flush=1||mrpb.v|state|s/.inc_i(enq), .inc_idx_i(sigq), .dec_i(1'b0),/.inc_i(enq | (req_valid_i \& req_write_i)), .inc_idx_i(sigq), .dec_i(1'b0),/"
  # Pipe=1: the selector no longer hides a queue whose one visible entry is in stage B, so
  # it drains that queue a second time (drain_q_o differs at once)
  "pipe_no_hide|@pipe||mrpb.v|output|s/assign elig\[gq\] = |vis_flat\[gq\*LenW+:LenW\] \& ~(in_b \& vis_one);/assign elig[gq] = |vis_flat[gq*LenW+:LenW];/"
  # Pipe=1: a write passes while stage C holds an older read (wpass_o, req_ready_o differ)
  "pipe_wpass_over_c|@pipe||mrpb.v|output|s/load_ok \& ~((Pipe != 0) \& rd_valid_q);/load_ok;/"
)
PLANTED_SEED=7
PLANTED_CYCLES=500000
PLANTED_WAVES=bypass_any
# make test: an output-caught bug, a state-caught one whose outputs show it late, and one
# only the state probes see early; every planted bug on every VPI/cocotb path is in
# make test-full
PLANTED_QUICK="bypass_any rr_follows_enqueue tail_on_write pipe_no_hide"
VPI_PLANTED="bypass_any"

# ---- VPI checker and cocotb
_mrpb_vcfg="NumQ=8,Sig=block,Depth=4,Policy=greedy-rr,Latency=3,Bypass=all"
_mrpb_vknobs="$_mrpb_reset"
VPI_AGREE=("final|@final||5000" "harsh|$_mrpb_vcfg|$_mrpb_vknobs|5000")
VPI_AGREE_SEED=5
COCOTB_AGREE=("@final|2000")
COCOTB_AGREE_SEED=5
# Icarus at ~16 K cycles/s, Verilator --vpi at ~0.4 M cycles/s
VPI_RANDOM=("icarus|@final||11|30000" "verilator|@final||11|2000000" "verilator|$_mrpb_vcfg|$_mrpb_vknobs|12|1000000")
# Icarus through the VPI checker: one vector per policy family (every vector runs in c,
# rtl and lockstep modes and under ASan above; these check the simulator path), cocotb on
# Icarus a smaller set (each is its own cocotb run, about 5 s)
VPI_VECTORS_ICARUS=(vectors/mrpb/drain_fixed.vec vectors/mrpb/drain_rr.vec vectors/mrpb/drain_greedy_longest.vec
                    vectors/mrpb/flush_write.vec vectors/mrpb/flush_full_queue.vec vectors/mrpb/bypass_all.vec
                    vectors/mrpb/latency18.vec vectors/mrpb/reset_mid_traffic.vec)
COCOTB_VECTORS_ICARUS=(vectors/mrpb/drain_rr.vec vectors/mrpb/flush_write.vec vectors/mrpb/bypass_assoc.vec
                       vectors/mrpb/latency18.vec)
VPI_VECTORS_VERILATOR=(vectors/mrpb/bypass_assoc.vec vectors/mrpb/reset_mid_traffic.vec)
COCOTB_RANDOM=("@final|21|5000|2000")
COCOTB_VECTORS_VERILATOR=(vectors/mrpb/bypass_assoc.vec vectors/mrpb/reset_mid_traffic.vec)
COCOTB_PLANTED_VLT="bypass_any latency_plus1"
COCOTB_PLANTED_MAX=5000

# ---- bench: the final design (48 queues, depth 8, fixed order, flush on, latency 5,
# bypass on associativity stalls)
BENCH_CONFIG="@final"
BENCH_CYCLES_C=30000000
BENCH_CYCLES_RTL=5000000
BENCH_CYCLES_LOCKSTEP=5000000
BENCH_CYCLES_FST=1000000
BENCH_CYCLES_VPI_ICARUS=50000
BENCH_CYCLES_VPI_VERILATOR=2000000
BENCH_CYCLES_COCOTB=10000

# ---- synthesis smoke: the small round-robin configuration, storage from the parameters
SYNTH_SMOKE=(small)
SYNTH_SMOKE_CHECK=tb/blocks/mrpb/synth_smoke.py

# ---- mutants (make mutants): the small greedy-rr design with bypass on every stall (make
# test runs its first MUTANT_QUICK mutants) and the final design; random runs with the
# default, the harsh and the reset-heavy knobs, and random PCs (every stored PC bit: the
# default PCs are 16 values near 0x100)
MUTANT_CONFIGS=("$_mrpb_vcfg|60" "@final|60" "@pipe|60")
MUTANT_CYCLES=500000  # the rare branches need long runs; a killed mutant stops at its first failure
MUTANT_KNOBS=("" "$_mrpb_harsh" "$_mrpb_reset" "pcrand=0.5")
MUTANT_QUICK=12
# invariants the equivalence proof may use (proven by make mutants, docs/verification.md):
# the last drained queue is the reset value (NumQ - 1 = 7) until the first drain
MUTANT_INVARIANTS=("$_mrpb_vcfg|last_q|last_valid_q || last_q_q == 3'd7")

# ---- proofs (make formal): queue bounds, pointers, in-flight entries, drain eligibility,
# flush priority, one load a cycle; fixed / round-robin greedy / longest-first
_mrpb_w="-set AddrW 1 -set PcW 1 -set TagW 1"
FORMAL_PROOFS=("fixed|-set NumQ 2 -set Depth 2 -set Latency 3 $_mrpb_w|6"
               "rr_greedy|-set NumQ 3 -set Depth 3 -set Drain 1 -set Greedy 1 -set Latency 4 -set Bypass 1 $_mrpb_w|6"
               "longest_noflush|-set NumQ 4 -set Sig 2 -set Depth 2 -set Drain 2 -set Flush 0 -set Latency 5 -set Bypass 2 $_mrpb_w|6"
               "pipe|-set NumQ 3 -set Depth 2 -set Drain 1 -set Greedy 1 -set Latency 5 -set Pipe 1 $_mrpb_w|6")
FORMAL_QUICK="rr_greedy"

unset _mrpb_w _mrpb_harsh _mrpb_cfgs _mrpb_s _mrpb_p _mrpb_f _mrpb_i _mrpb_k _mrpb_reset _mrpb_vcfg _mrpb_vknobs

# ---- GPU: the pipelined form in lockstep inside workload traffic
GPU_LOCKSTEP=("--workload atax --scale 0.05 --mrpb on --set mrpb.Pipe=1 --set sms=2")

# ---- make run (tb/bin/demo.sh): "BASE ARGS|BLOCK ARGS|KIND@INDEX in lockstep|counters to show"
DEMO="--workload atax --scale 0.25|--mrpb on|mrpb@0|mrpb_enqueued,mrpb_drain_full,mrpb_drain_flush"

# ---- the reference block's data: the shared checks that need one block to exercise a
# shared path use REF_BLOCK (tb/checks/lib.sh) and these fields of its manifest
REF_GPU_PLANTED=full_early                  # gpu_planted_bug: this PLANTED bug inside workload traffic
REF_GPU_SET="Depth=16"                      # gpu_rtl_needs: a setting that gives another RTL build
REF_WAVES_STIM="--preset final --seed 7"    # waves_mismatch_run: the PLANTED_WAVES bug under this stimulus
REF_WAVES_VEC=vectors/mrpb/flush_write.vec  # waves_vector: a vector whose waveform shows the expected values of
REF_WAVES_EXPECT=drain_why_o                #   this output
# formal_catches_planted_bug: "sed edit of FILE|chparam settings|depth": a bug the block's
# proofs must refute
REF_FORMAL_BROKEN="mrpb.v|s/wire \[QW-1:0\] pick = prio ? sigq : hold ? last_q_q : pol_idx;/wire [QW-1:0] pick = hold ? last_q_q : prio ? sigq : pol_idx;/|-set NumQ 3 -set Depth 3 -set Drain 1 -set Greedy 1 -set Latency 4 -set Bypass 1 -set AddrW 1 -set PcW 1 -set TagW 1|6"
REF_COVER_POINT=drain_flush                 # coverage_unreached_point_fails: a cover point zeroed by hand
