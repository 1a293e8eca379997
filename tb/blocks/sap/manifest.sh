# tb/blocks/sap/manifest.sh: what the shared scripts run for SAP, APRES's prefetcher
# (seed 001 sec. IV-B). The variables and their defaults are described in
# docs/adding-a-block.md ("The manifest"); what is not set here takes its default.
MAIN_CONFIG="@final"

# ---- lint: the seed's design, the smallest, the largest
LINT_CONFIGS=("" "-GWarps=2 -GPcBits=1 -GAddrW=8 -GEntries=1" "-GWarps=64 -GPcBits=32 -GAddrW=64 -GEntries=11"
              "-GWarps=5 -GPcBits=3 -GAddrW=9 -GEntries=6" "-GPipe=1" "-GWarps=2 -GPcBits=1 -GAddrW=8 -GEntries=1 -GPipe=1"
              "-GWarps=64 -GPcBits=32 -GAddrW=64 -GEntries=11 -GPipe=1")
LINT_YOSYS_CONFIGS=("" "-GWarps=8 -GPcBits=4 -GAddrW=12 -GEntries=3" "-GWarps=8 -GPcBits=4 -GAddrW=12 -GEntries=3 -GPipe=1")
LINT_PORT_CONFIGS=("" "@tiny" "Warps=64,Entries=11" "@pipe")

# ---- random lockstep: the seed's design, a small and a one-entry PT (every new PC
# replaces; 8-bit addresses wrap), and 3 entries under 14 PCs with mostly negative
# strides (the small, tiny and last share the vectors' configurations); 1.0 M cycles
LOCKSTEP_MATRIX=("@final|" "@small|" "@tiny|pcs=2" "Warps=8,PcBits=8,AddrW=12,Entries=3|pcs=14,neg=0.6"
                 # the pipelined form (Pipe=1, docs/timing/sap.md): the seed's design, a small one, one
                 # entry under 2 PCs (the entry changes hands under a load in flight), 3 entries, slow port
                 "@pipe|" "@small_pipe|" "Warps=8,PcBits=8,AddrW=8,Entries=1,Pipe=1|pcs=2"
                 "Warps=8,PcBits=8,AddrW=12,Entries=3,Pipe=1|pcs=14,neg=0.6,ack=0.4")
LOCKSTEP_CYCLES=250000
# every check outcome (new entry, same warp, match, mismatch with the divider started
# and busy), targets and prefetches
coverage_wants() { echo "res_o=0 res_o=1 res_o=2 res_o=3 res_o=4 res_o=5 tgt_o=1 pf_o=1"; }

ASAN_RANDOM=("@final|" "@tiny|restride=0.05")
ASAN_CYCLES=100000

# ---- planted bugs: name|stimulus|knobs|file|catch|sed expression on rtl/sap/<file>
PLANTED=(
  # the new stride's sign ignores the warp difference's: the stride register differs
  # when a division with a negative warp difference ends
  "stride_sign|@small||sap.v|state|s/dv_neg_d  = k_diffneg ^ k_dwneg;/dv_neg_d  = k_diffneg;/"
  # prefetch addresses always add the offset (v < u goes the wrong way): pf_addr_o differs
  "offset_sign|@small||sap.v|output|s/(v_neg ? {AddrW{1'b0}} - gen_prod : gen_prod)/gen_prod/"
  # Pipe: a load in flight ignores a new PC taking its entry, so the division it starts
  # writes into the new PC's entry (dv_live_q, then the stride, differ)
  "pipe_live|Warps=8,PcBits=8,AddrW=8,Entries=1,Pipe=1|pcs=2,ld=0.8|sap.v|state|s/d_live_q <= !(pt_wr && e == c_e_q);/d_live_q <= 1'b1;/"
  # Pipe: the output stage does not wait for the acknowledge (a prefetch the port did not
  # take is overwritten by the next): pf_addr_o differs
  "pipe_stall|@small_pipe|ack=0.4|sap.v|output|s/if (f_rdy) begin/if (1'b1) begin/"
)
# (two more were shown caught when the block was built and are not rerun, for test
# time: the check ignoring the warp difference's sign, a replaced entry keeping its stride)
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
BENCH_CYCLES_C=10000000
BENCH_CYCLES_RTL=1000000
BENCH_CYCLES_LOCKSTEP=500000
BENCH_CYCLES_FST=100000
BENCH_CYCLES_VPI_ICARUS=5000

# ---- GPU model: seed 001's GPU (Table III) with APRES (SAP needs LAWS's groups) on
# every workload; in lockstep on a short atax (2 SMs, prefetches issued)
GPU_RUNS=("--config apres --sched apres")
GPU_LOCKSTEP=("--workload atax --scale 0.1 --config apres --sched apres --set sms=2"
              "--workload atax --scale 0.1 --config apres --sched apres --set sms=2 --set sap.Pipe=1")

# ---- synthesis smoke: the small configuration, storage from the parameters
SYNTH_SMOKE=(small)
SYNTH_SMOKE_CHECK=tb/blocks/sap/synth_smoke.py

# ---- mutants (make mutants): three vector configurations with 2 and 3 entries (one entry: Yosys writes the 1-bit probe as a scalar port); the default random runs
MUTANT_CONFIGS=("Warps=8,PcBits=8,AddrW=12,Entries=2|80" "Warps=8,PcBits=8,AddrW=12,Entries=3|40" "@pipe|80")
MUTANT_CYCLES=500000  # the rare branches need long runs; a killed mutant stops at its first failure

# ---- proofs (make formal): PT LRU covers the valid entries, warps and indices in range, divider handshake, the warp queue
FORMAL_PROOFS=("small|-set Warps 6 -set PcBits 3 -set AddrW 8 -set Entries 3|4"
               "e5|-set Warps 8 -set PcBits 4 -set AddrW 12 -set Entries 5|3"
               "pipe|-set Warps 6 -set PcBits 3 -set AddrW 8 -set Entries 3 -set Pipe 1|4")
FORMAL_QUICK="small"

# ---- make run (tb/bin/demo.sh): "BASE ARGS|BLOCK ARGS|KIND@INDEX in lockstep|counters to show"
DEMO="--workload syrk --scale 0.25 --config apres --sched laws|--sched apres|sap@0|sap_prefetches_sent,sap_prefetches_allocated"

# ---- tb/gpu/config_sweep.py: settings made whenever the block is on (KEY=a GPU parameter,
# l1.sets or a value) and the kinds a pair's run turns on beside it: SAP prefetches for LAWS's warp groups
SWEEP_FIT=()
SWEEP_WITH="laws"
