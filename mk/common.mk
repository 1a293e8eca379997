# common.mk: tools, flags and the C objects shared by every build (included by the
# top Makefile and by mk/rtl.mk). The blocks come from the block list cmodel/blocks.def.
TOP    := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/..)
BUILD  ?= $(TOP)/build
CC     := gcc
CXX    := g++
CSTD   := -std=c99 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L
COPT   ?= -O3 -g
SAN    := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

# the block list: BLOCK(name, HOOK), one a line
BLOCKS := $(shell sed -n 's/^BLOCK.\([a-z0-9_]*\),.*/\1/p' $(TOP)/cmodel/blocks.def)

# cmodel/ compiles with cmodel's include paths only (tb/ depends on cmodel/, never the
# reverse); tb/ sees both.
CMODEL_INC := -I$(TOP)/cmodel -I$(TOP)/cmodel/include -I$(TOP)/cmodel/gpu \
              $(patsubst %,-I$(TOP)/cmodel/blocks/%,$(BLOCKS))
TB_INC     := $(CMODEL_INC) -I$(TOP)/tb/unit -I$(TOP)/tb/lockstep -I$(TOP)/tb/verilator
INC        := $(TB_INC)

# C models (a block's <b>_gpu.c is its GPU hook driver, part of the GPU model)
BLOCK_GPU_SRC := $(wildcard $(patsubst %,$(TOP)/cmodel/blocks/%/*_gpu.c,$(BLOCKS)))
CMODEL_SRC := $(wildcard $(TOP)/cmodel/blocks/*.c) \
              $(filter-out $(BLOCK_GPU_SRC),$(wildcard $(patsubst %,$(TOP)/cmodel/blocks/%/*.c,$(BLOCKS))))
GPU_SRC    := $(wildcard $(TOP)/cmodel/gpu/*.c) $(wildcard $(TOP)/cmodel/gpu/apps/*.c) $(BLOCK_GPU_SRC)
# testbench: the engine, and each block's stimulus generator (tb/blocks/<b>/<b>_stim.c)
STIM_SRC   := $(wildcard $(patsubst %,$(TOP)/tb/blocks/%/*_stim.c,$(BLOCKS)))
UNIT_BLK_SRC := $(wildcard $(patsubst %,$(TOP)/tb/blocks/%/*_test.c,$(BLOCKS)))
TB_SRC     := $(wildcard $(TOP)/tb/lockstep/*.c) $(STIM_SRC)
TB_LIB_SRC := $(filter-out %/blkrun.c,$(TB_SRC))
PORT_DEFS  := $(wildcard $(patsubst %,$(TOP)/cmodel/blocks/%/*.def,$(BLOCKS))) $(TOP)/cmodel/blocks.def
HDRS       := $(wildcard $(TOP)/cmodel/include/*.h $(TOP)/cmodel/gpu/*.h $(TOP)/cmodel/gpu/apps/*.def $(TOP)/tb/lockstep/*.h \
              $(TOP)/tb/verilator/*.h $(patsubst %,$(TOP)/cmodel/blocks/%/*.h,$(BLOCKS))) $(PORT_DEFS)

obj = $(patsubst $(TOP)/%.c,$(BUILD)/obj/%.o,$(1))
asan_obj = $(patsubst $(TOP)/%.c,$(BUILD)/asan/%.o,$(1))
# gpusim's own sources beside the GPU model: its run (main) and its command line
GPUSIM_SRC := $(TOP)/tb/gpu/gpusim.c $(TOP)/tb/gpu/gpusim_opts.c
$(call obj,$(GPUSIM_SRC)) $(call asan_obj,$(GPUSIM_SRC)): $(TOP)/tb/gpu/gpusim_opts.h

$(BUILD)/obj/cmodel/%.o: $(TOP)/cmodel/%.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(COPT) $(CMODEL_INC) -c $< -o $@
$(BUILD)/obj/%.o: $(TOP)/%.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(COPT) $(TB_INC) -c $< -o $@

$(BUILD)/asan/cmodel/%.o: $(TOP)/cmodel/%.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) -O1 -g $(SAN) $(CMODEL_INC) -c $< -o $@
$(BUILD)/asan/%.o: $(TOP)/%.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) -O1 -g $(SAN) $(TB_INC) -c $< -o $@

PORTGEN := $(BUILD)/bin/portgen
$(PORTGEN): $(call obj,$(TOP)/tb/verilator/portgen.c $(CMODEL_SRC))
	@mkdir -p $(dir $@)
	$(CC) $(COPT) -o $@ $^

# Verilator's runtime, compiled once and shared by every block configuration
VLT_ROOT  := $(shell verilator --getenv VERILATOR_ROOT 2>/dev/null)
VLT_INC   := -I$(VLT_ROOT)/include -I$(VLT_ROOT)/include/vltstd
VLT_DEFS  := -DVM_TRACE=1 -DVM_TRACE_FST=1 -DVM_TRACE_VCD=0 -DVM_COVERAGE=0 -DVM_SC=0 -DVL_THREADED=1
# the Verilated models' own code (every build of mk/rtl.mk, tb/vpi/vpi.mk, tb/cocotb/cocotb.mk):
# -O1 compiles in about 60% of -Os's time (the trace code is most of it) and simulates as
# fast (make bench); VLT_OPT=-Os make ... for the old flags
VLT_OPT   ?= -O1
# a build folder's vlt_opt holds the VLT_OPT its model was compiled with, rewritten only
# when it differs (its rule always runs; make then sees a new time only on a change), so
# a folder built with other flags is recompiled: $(call vlt_opt_rule,FOLDER)
define vlt_opt_rule
$(1)/vlt_opt: FORCE
	@mkdir -p $(1); [ "$$$$(cat $$@ 2>/dev/null)" = "$(VLT_OPT)" ] || echo "$(VLT_OPT)" >$$@
endef
.PHONY: FORCE
FORCE:
VLT_CXX   := -std=gnu++14 -Os -faligned-new -fcf-protection=none -Wno-unused-result $(VLT_INC) $(VLT_DEFS)
VRT_SRC   := verilated verilated_fst_c verilated_save verilated_threads
VRT_OBJS  := $(patsubst %,$(BUILD)/vrt/%.o,$(VRT_SRC))
$(BUILD)/vrt/%.o: $(VLT_ROOT)/include/%.cpp
	@mkdir -p $(dir $@)
	$(CXX) $(VLT_CXX) -c $< -o $@
VLT_LIBS  := -lz -pthread -latomic
# the runtime headers as a precompiled header for the shims (tb/verilator/vlt_pch.h): built
# to a temporary name and renamed, so builds running side by side never read half a file
VLT_PCH   := $(BUILD)/vrt/pch/vlt_pch.h
$(VLT_PCH): $(TOP)/tb/verilator/vlt_pch.h
	@mkdir -p $(dir $@)
	cp $< $@.tmp.$$$$ && mv -f $@.tmp.$$$$ $@
$(VLT_PCH).gch: $(VLT_PCH)
	$(CXX) $(VLT_CXX) -x c++-header $< -o $@.tmp.$$$$ && mv -f $@.tmp.$$$$ $@
