# GPU memory-system blocks: C model + RTL + cycle-by-cycle lockstep.
# The two commands: `make run` (demonstration) and `make test` (everything checked).
include mk/common.mk
include mk/fuzz.mk
.DEFAULT_GOAL := all

BLOCK ?= $(firstword $(BLOCKS))
SEED  ?= 1
CYCLES ?= 2000

C_OBJS    := $(call obj,$(CMODEL_SRC) $(TB_LIB_SRC))
BLKRUN_C  := $(BUILD)/bin/blkrun-c
BLKRUN_AS := $(BUILD)/asan/blkrun-c
UNIT      := $(BUILD)/bin/test_units
UNIT_AS   := $(BUILD)/asan/test_units
GPUSIM    := $(BUILD)/bin/gpusim
GPUSIM_AS := $(BUILD)/asan/gpusim
GPU_UNIT  := $(BUILD)/bin/test_gpu
GPU_UNIT_AS := $(BUILD)/asan/test_gpu
GPU_OBJ_SRC := $(CMODEL_SRC) $(GPU_SRC) $(TB_LIB_SRC) $(TOP)/tb/verilator/rtl_none.c
GPU_UNIT_SRC := $(wildcard $(TOP)/tb/unit/gpu/*.c) $(TOP)/tb/unit/unit.c
KSTREAM   := $(BUILD)/bin/kstream
KSTREAM_SRC := $(TOP)/cmodel/gpu/gpu_kernels.c $(TOP)/cmodel/gpu/gk_app.c $(TOP)/cmodel/gpu/gk_trace.c $(wildcard $(TOP)/cmodel/gpu/apps/*.c) $(TOP)/cmodel/blocks/num.c $(TOP)/tb/gpu/kstream.c

.PHONY: all deps tools portgen run test test-full waves bench lint synth vpi cocotb clean help new-block fuzz fuzz-build experiments test-slurm mutants formal soak coverage gls
all: tools

help:
	@echo "make run | test | test-full | waves BLOCK=b [SEED=n | VEC=file] | bench [BASE=rev] [BENCH=blocks,gpu,vpi] | lint | synth [LIBERTY=f] | experiments [SEED=001,...] [EXP=a,b] [PROFILE=slurm] | test-slurm | vpi [SIM=s] | cocotb SIM=s | fuzz [SECONDS=n] | new-block NAME=x [HOOK=h] | deps | clean"
	@echo "verification strength: make mutants [BLOCK=b] | gls [BLOCK=b] [CONFIG=c] | formal [BLOCK=b|common] | coverage | soak [CYCLES=1e8] [BLOCK=b] [SEED=n]"
	@echo "blocks: $(BLOCKS)"

deps:
	@$(TOP)/mk/deps.sh

# C-only programs (no Verilator needed); `make portgen` for scripts that need only it
portgen: $(PORTGEN)
TRACEDUMP := $(BUILD)/bin/tracedump
TRACEDUMP_SRC := $(TOP)/cmodel/gpu/gk_trace.c $(TOP)/cmodel/gpu/gk_app.c $(TOP)/cmodel/blocks/num.c $(TOP)/tb/gpu/tracedump.c
tools: $(PORTGEN) $(BLKRUN_C) $(UNIT) $(GPUSIM) $(GPU_UNIT) $(KSTREAM) $(TRACEDUMP)

$(BLKRUN_C): $(C_OBJS) $(call obj,$(TOP)/tb/lockstep/blkrun.c $(TOP)/tb/verilator/rtl_none.c)
	@mkdir -p $(dir $@)
	$(CC) $(COPT) -o $@ $^ -lm -lz

$(UNIT): $(C_OBJS) $(call obj,$(wildcard $(TOP)/tb/unit/*.c) $(UNIT_BLK_SRC) $(TOP)/tb/verilator/rtl_none.c)
	@mkdir -p $(dir $@)
	$(CC) $(COPT) -o $@ $^ -lm -lz

# the GPU memory model with C blocks only (tb/bin/gpusim builds RTL-linked ones)
$(GPUSIM): $(call obj,$(GPU_OBJ_SRC) $(GPUSIM_SRC))
	@mkdir -p $(dir $@)
	$(CC) $(COPT) -o $@ $^ -lm -lz
# an application's warp instruction streams (tb/streams/)
$(KSTREAM): $(call obj,$(KSTREAM_SRC))
	@mkdir -p $(dir $@)
	$(CC) $(COPT) -o $@ $^ -lm -lz
# an Accel-Sim trace decoded as gpusim reads it (tb/traces/)
$(TRACEDUMP): $(call obj,$(TRACEDUMP_SRC))
	@mkdir -p $(dir $@)
	$(CC) $(COPT) -o $@ $^ -lm -lz
$(GPU_UNIT): $(call obj,$(GPU_OBJ_SRC) $(GPU_UNIT_SRC))
	@mkdir -p $(dir $@)
	$(CC) $(COPT) -o $@ $^ -lm -lz

# the same programs under AddressSanitizer + UndefinedBehaviorSanitizer
$(BLKRUN_AS): $(call asan_obj,$(CMODEL_SRC) $(TB_LIB_SRC) $(TOP)/tb/lockstep/blkrun.c $(TOP)/tb/verilator/rtl_none.c)
	@mkdir -p $(dir $@)
	$(CC) $(SAN) -o $@ $^ -lm -lz
$(UNIT_AS): $(call asan_obj,$(CMODEL_SRC) $(TB_LIB_SRC) $(wildcard $(TOP)/tb/unit/*.c) $(UNIT_BLK_SRC) $(TOP)/tb/verilator/rtl_none.c)
	@mkdir -p $(dir $@)
	$(CC) $(SAN) -o $@ $^ -lm -lz
$(GPUSIM_AS): $(call asan_obj,$(GPU_OBJ_SRC) $(GPUSIM_SRC))
	@mkdir -p $(dir $@)
	$(CC) $(SAN) -o $@ $^ -lm -lz
$(GPU_UNIT_AS): $(call asan_obj,$(GPU_OBJ_SRC) $(GPU_UNIT_SRC))
	@mkdir -p $(dir $@)
	$(CC) $(SAN) -o $@ $^ -lm -lz
sanitize: $(BLKRUN_AS) $(UNIT_AS) $(GPUSIM_AS) $(GPU_UNIT_AS)

run:
	@$(TOP)/mk/deps.sh
	@$(TOP)/tb/bin/demo.sh

# make test [CHECKS='runner options']: the checks tagged quick, through the runner tb/bin/check
# (tb/bin/check --help: --list, -k PATTERN, --tag, --failed, -j); make test-full: every check
# (also each manifest's whole random matrix and every planted bug on every path)
test:
	@$(TOP)/mk/deps.sh
	@$(TOP)/tb/bin/check --tag quick $(CHECKS)

test-full:
	@$(TOP)/mk/deps.sh
	@$(TOP)/tb/bin/check $(CHECKS)

# make waves BLOCK=b [SEED=n CYCLES=n | VEC=file]: FST + .gtkw in build/waves/ (BLOCK defaults
# to the first of the block list)
waves:
	@$(TOP)/mk/deps.sh
	@mkdir -p $(BUILD)/waves
	@if [ -n "$(VEC)" ]; then \
	  out=$(BUILD)/waves/$(BLOCK)-$$(basename $(VEC) .vec).fst; \
	  $(TOP)/tb/bin/run $(BLOCK) --mode lockstep --vec $(VEC) --fst $$out; \
	else \
	  out=$(BUILD)/waves/$(BLOCK)-seed$(SEED).fst; \
	  $(TOP)/tb/bin/run $(BLOCK) --mode lockstep $(if $(PRESET),--preset $(PRESET)) $(if $(CONFIG),--config '$(CONFIG)') \
	    --seed $(SEED) --cycles $(CYCLES) --fst $$out; \
	fi && echo "waves: $${out} -- open with: gtkwave $${out%.fst}.gtkw"

# make bench [BASE=rev] [BENCH=blocks,gpu,vpi]: BASE measures rev and this tree side by side
bench:
	@$(TOP)/mk/deps.sh
	@$(TOP)/tb/bin/bench.sh $(if $(BASE),--base '$(BASE)') $(if $(BENCH),--only '$(BENCH)')

# make fuzz [SECONDS=n]: every libFuzzer target for n seconds (default 60) on its corpus
fuzz:
	@$(TOP)/mk/deps.sh
	@$(TOP)/tb/fuzz/run.sh --seconds $(or $(SECONDS),60)

lint:
	@$(TOP)/mk/deps.sh
	@$(TOP)/tb/lint/lint.sh

# make synth [LIBERTY=path]: area, timing and storage of every block against the seeds' claims
synth:
	@$(TOP)/mk/deps.sh
	@$(TOP)/synth_estimates/run.sh

# make experiments [SEED=001,...] [EXP=a,b] [EXPSCALE=x] [KERNELS=a,b] [PROFILE=slurm] [RESULTS=dir] [REPORT=dir]:
# the seeds' experiments on the GPU model (experiments/Snakefile); report in build/report/
experiments: $(GPUSIM)
	@$(TOP)/mk/deps.sh
	@$(TOP)/experiments/run.sh

# make test-slurm: the experiment workflow through a private single-node Slurm it starts
test-slurm: $(GPUSIM)
	@$(TOP)/mk/deps.sh
	@$(TOP)/experiments/slurm_test.sh

# verification strength (docs/verification.md): BLOCK and CYCLES only when given (the
# defaults above are for make waves)
GIVEN = $(filter command line environment,$(origin $(1)))
# make mutants [BLOCK=b]: Yosys mutants in lockstep, kill rates in build/mutants/REPORT.md
mutants: tools
	@$(TOP)/mk/deps.sh
	@python3 $(TOP)/tb/mutants/mutants.py $(if $(call GIVEN,BLOCK),--block $(BLOCK))
# make gls [BLOCK=b] [CONFIG=c]: gate-level lockstep of the mapped Nangate45 netlists and
# their Yosys equivalence with the RTL, build/gls/REPORT.md (GLS_ARGS: more tb/gls/gls.py options)
gls: tools
	@$(TOP)/mk/deps.sh
	@python3 $(TOP)/tb/gls/gls.py $(if $(call GIVEN,BLOCK),--block $(BLOCK)) $(if $(call GIVEN,CONFIG),--config $(CONFIG),--vectors) $(GLS_ARGS)
# make formal [BLOCK=b|common]: every proof, build/formal/REPORT.md
formal:
	@$(TOP)/mk/deps.sh
	@$(TOP)/tb/formal/formal.sh $(if $(call GIVEN,BLOCK),--block $(BLOCK))
# make coverage: functional coverage (C model over the tests' stimuli) and gcov of cmodel/
coverage: tools
	@$(TOP)/mk/deps.sh
	@rc=0; for b in $(BLOCKS); do $(TOP)/tb/cover/cover.sh $$b | tail -n1 || rc=1; done; \
	  $(TOP)/tb/cover/gcov.sh || rc=1; exit $$rc
# make soak [CYCLES=1e8] [BLOCK=b] [SEED=n]: long lockstep runs of every configuration
soak: tools
	@$(TOP)/mk/deps.sh
	@CYCLES=$(if $(call GIVEN,CYCLES),$(CYCLES),1e8) BLOCK=$(if $(call GIVEN,BLOCK),$(BLOCK)) SEED=$(SEED) \
	  $(TOP)/tb/soak/soak.sh

# make vpi [SIM=icarus|verilator]: the C VPI checker against the C model
vpi:
	@$(TOP)/mk/deps.sh
	@$(TOP)/tb/vpi/run.sh $(if $(SIM),--sim $(SIM))

# make cocotb SIM=icarus|verilator: cocotb tests with the C model as reference
cocotb:
	@$(TOP)/mk/deps.sh
	@$(TOP)/tb/cocotb/run.sh $(if $(SIM),--sim $(SIM))

# make new-block NAME=x [HOOK=REQ|L1|SCHED|PREFETCH|ISSUE|DRAM|NONE]: the skeleton of a new
# block (tb/scaffold), added to the block list; it builds, lints, passes lockstep, is
# synthesized by make synth and runs in the GPU model at HOOK (default ISSUE) as it is
new-block:
	@$(TOP)/tb/scaffold/new_block.sh "$(NAME)" $(HOOK)

clean:
	rm -rf $(BUILD)
