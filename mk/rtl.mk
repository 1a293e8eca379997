# rtl.mk: one block configuration, Verilated and linked into its runner. tb/bin/rtl-build runs
# it (under the configuration's lock), with the configuration already resolved:
#   make -f mk/rtl.mk BLOCK=<name> TAG=<portgen's tag> D=<folder> [RTL_DIR=dir]
#   ... model      only the Verilated model and its shim (for a program of several blocks)
# D holds the wrapper <block>_top.v and glue.h, which tb/bin/rtl-build writes there (with one
# portgen call, and the RTL folder's wrapper.sed applied) only when they change; nothing
# here reads the configuration again. RTL_DIR swaps the block's RTL folder (a planted-bug
# copy).
include $(dir $(lastword $(MAKEFILE_LIST)))common.mk
.DEFAULT_GOAL := all

ifeq ($(BLOCK),)
$(error mk/rtl.mk needs BLOCK=<name>, a block of cmodel/blocks.def)
endif
ifeq ($(and $(TAG),$(D)),)
$(error mk/rtl.mk needs TAG= and D= (tb/bin/rtl-build resolves the configuration and writes the wrapper))
endif
RTL_DIR ?= $(TOP)/rtl/$(BLOCK)
VTOP    := V$(BLOCK)_top
RTL_SRC := $(wildcard $(RTL_DIR)/*.v) $(wildcard $(TOP)/rtl/common/*.v)
C_OBJS  := $(call obj,$(CMODEL_SRC) $(TB_SRC))
# waveforms: a 100 ps time precision, so that the engine's 10 units a cycle read as
# 1 ns a cycle in GTKWave (cycle c at "c ns"); the wrapper's waveform-only inputs; every
# signal traced. TRACE_DEPTH=1 (in the environment, with a fresh build folder) traces
# only the wrapper's (what the save files show): FST about twice as fast, but the RTL
# about 10% slower untraced (Verilator keeps untraced wide wires as temporaries it
# clears every evaluation)
TRACE_DEPTH ?= 99
VFLAGS  := --timescale 1ns/100ps -DBLK_WAVES --trace-depth $(TRACE_DEPTH)

all: $(D)/blkrun
model: $(D)/rtl_shim.o $(D)/$(VTOP)__ALL.a

# the GPU memory model with this configuration's RTL linked in (tb/bin/gpusim links
# several blocks' models with mk/link.mk)
gpusim: $(D)/gpusim

$(D)/$(VTOP).mk: $(D)/$(BLOCK)_top.v $(RTL_SRC) $(TOP)/mk/rtl.mk
	verilator --cc --trace-fst --savable --trace-max-array 64 --x-initial unique $(VFLAGS) \
	  -Mdir $(D) --prefix $(VTOP) --top-module $(BLOCK)_top $(D)/$(BLOCK)_top.v $(RTL_SRC) >$(D)/verilate.log 2>&1 \
	  || { cat $(D)/verilate.log; exit 1; }

$(eval $(call vlt_opt_rule,$(D)))
$(D)/$(VTOP)__ALL.a: $(D)/$(VTOP).mk $(D)/vlt_opt
	rm -f $(D)/$(VTOP)__ALL.o $@
	$(MAKE) -s -C $(D) -f $(VTOP).mk $(VTOP)__ALL.a OPT_FAST=$(VLT_OPT) >/dev/null

$(D)/rtl_shim.o: $(TOP)/tb/verilator/rtl_shim.cpp $(D)/glue.h $(D)/$(VTOP).mk $(HDRS) $(VLT_PCH).gch
	$(CXX) $(VLT_CXX) -include $(VLT_PCH) -Winvalid-pch -I$(D) $(INC) -DVTOP=$(VTOP) '-DVTOP_H="$(VTOP).h"' '-DGLUE_H="glue.h"' \
	  '-DRTL_BLOCK="$(BLOCK)"' '-DRTL_TAG="$(TAG)"' '-DRTL_SCOPE="$(BLOCK)_top"' \
	  -DRTL_SYM=rtl_ops_$(BLOCK) -c $< -o $@

$(D)/rtl_table.c: $(TOP)/tb/verilator/rtl_table.sh
	$(TOP)/tb/verilator/rtl_table.sh $(BLOCK) >$@
$(D)/rtl_table.o: $(D)/rtl_table.c $(HDRS)
	$(CC) $(CSTD) $(COPT) $(TB_INC) -c $< -o $@

$(D)/blkrun: $(D)/rtl_shim.o $(D)/rtl_table.o $(D)/$(VTOP)__ALL.a $(C_OBJS) $(VRT_OBJS)
	$(CXX) -o $@ $(C_OBJS) $(D)/rtl_shim.o $(D)/rtl_table.o $(D)/$(VTOP)__ALL.a $(VRT_OBJS) $(VLT_LIBS)

$(D)/gpusim: $(D)/rtl_shim.o $(D)/rtl_table.o $(D)/$(VTOP)__ALL.a $(call obj,$(CMODEL_SRC) $(GPU_SRC) $(TB_LIB_SRC) $(GPUSIM_SRC)) $(VRT_OBJS)
	$(CXX) -o $@ $(filter %.o %.a,$^) $(VLT_LIBS)

.PHONY: all model gpusim
