# vpi.mk: the C VPI checker and one block configuration's simulations for it.
#   make -f tb/vpi/vpi.mk checker                       build/vpi/blkvpi.vpi (any block),
#                                                       portgen, vpigen, shared objects
#   make -f tb/vpi/vpi.mk icarus    BLOCK=b [PRESET=] [CONFIG=] [RTL_DIR=] [TAG_SUFFIX=]
#   make -f tb/vpi/vpi.mk verilator BLOCK=b [PRESET=] [CONFIG=] [RTL_DIR=] [TAG_SUFFIX=]
#   make -f tb/vpi/vpi.mk print-icarus | print-verilator   the simulation's path
# RTL_DIR swaps the block's RTL folder (the planted-bug test builds a broken copy).
include $(dir $(lastword $(MAKEFILE_LIST)))../../mk/common.mk
.DEFAULT_GOAL := checker

# BLOCK: a block of the block list (cmodel/blocks.def); needed by every target but checker
RTL_DIR  ?= $(TOP)/rtl/$(BLOCK)
VPIB     := $(BUILD)/vpi
IVL_INC  := -I/usr/include/iverilog
PIC_OBJS := $(patsubst $(TOP)/%.c,$(VPIB)/pic/%.o,$(CMODEL_SRC) $(TB_LIB_SRC))
VPIGEN   := $(BUILD)/bin/vpigen

$(VPIB)/pic/%.o: $(TOP)/%.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(COPT) -fPIC $(INC) -c $< -o $@

# the checker as a VPI module (Icarus, or any simulator that loads .vpi/.so modules)
$(VPIB)/pic/blkvpi-icarus.o: $(TOP)/tb/vpi/blkvpi.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(COPT) -fPIC -DBLKVPI_ICARUS $(INC) $(IVL_INC) -c $< -o $@
# the checker for a host that runs the simulation loop itself (tb/vpi/vlt_host.cpp)
$(VPIB)/pic/blkvpi-host.o: $(TOP)/tb/vpi/blkvpi.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(COPT) -fPIC -DBLKVPI_HOST $(INC) -I$(VLT_ROOT)/include/vltstd -c $< -o $@
$(VPIB)/blkvpi.vpi: $(VPIB)/pic/blkvpi-icarus.o $(PIC_OBJS)
	$(CC) -shared -o $@ $^
# everything the configurations share (built once, under one lock, by the run scripts)
checker: $(VPIB)/blkvpi.vpi $(VPIGEN) $(PORTGEN) $(VPIB)/pic/blkvpi-host.o $(BUILD)/vrt/verilated_vpi.o $(VRT_OBJS)

$(VPIGEN): $(call obj,$(TOP)/tb/vpi/vpigen.c $(CMODEL_SRC))
	@mkdir -p $(dir $@)
	$(CC) $(COPT) -o $@ $^

ifneq ($(filter icarus verilator print-icarus print-verilator,$(MAKECMDGOALS)),)
CFG_ARGS := $(if $(PRESET),--preset $(PRESET)) $(if $(CONFIG),--config '$(CONFIG)')
TAG      := $(shell $(PORTGEN) $(BLOCK) $(CFG_ARGS) --tag)
ifeq ($(TAG),)
$(error bad block or configuration: $(BLOCK) $(CFG_ARGS))
endif
RTL_SRC  := $(wildcard $(RTL_DIR)/*.v) $(wildcard $(TOP)/rtl/common/*.v)
DI       := $(VPIB)/icarus/$(BLOCK)/$(TAG)$(TAG_SUFFIX)
DV       := $(VPIB)/verilator/$(BLOCK)/$(TAG)$(TAG_SUFFIX)
VTOP     := V$(BLOCK)_top
endif

# tb/cocotb/cocotb.mk includes this file for the objects and variables only
ifndef VPI_MK_LIB_ONLY
ifneq ($(filter icarus verilator print-icarus print-verilator,$(MAKECMDGOALS)),)
# ---- Icarus: vpi_tb (clock, input regs) around the portgen wrapper
$(DI)/$(BLOCK)_top.v: $(PORTGEN) $(PORT_DEFS)
	@mkdir -p $(DI)
	$(PORTGEN) $(BLOCK) $(CFG_ARGS) --wrapper $@
$(DI)/vpi_tb.v: $(VPIGEN) $(PORT_DEFS)
	@mkdir -p $(DI)
	$(VPIGEN) $(BLOCK) $(CFG_ARGS) --harness $@
$(DI)/sim.vvp: $(DI)/vpi_tb.v $(DI)/$(BLOCK)_top.v $(RTL_SRC)
	iverilog -g2005 -o $@ -s vpi_tb $^ >$(DI)/iverilog.log 2>&1 || { cat $(DI)/iverilog.log; exit 1; }
icarus: $(VPIB)/blkvpi.vpi $(DI)/sim.vvp
print-icarus:
	@echo $(DI)/sim.vvp

# ---- Verilator --vpi: the wrapper's ports public (nothing inside), the checker linked in
$(DV)/$(BLOCK)_top.v: $(PORTGEN) $(PORT_DEFS)
	@mkdir -p $(DV)
	$(PORTGEN) $(BLOCK) $(CFG_ARGS) --wrapper $@
$(DV)/public.vlt:
	@mkdir -p $(DV)
	printf '`verilator_config\npublic_flat_rw -module "$(BLOCK)_top" -var "*"\n' >$@
$(DV)/$(VTOP).mk: $(DV)/$(BLOCK)_top.v $(DV)/public.vlt $(RTL_SRC)
	verilator --cc --vpi --x-initial unique -Mdir $(DV) --prefix $(VTOP) --top-module $(BLOCK)_top \
	  $(DV)/public.vlt $(DV)/$(BLOCK)_top.v $(RTL_SRC) >$(DV)/verilate.log 2>&1 \
	  || { cat $(DV)/verilate.log; exit 1; }
$(DV)/$(VTOP)__ALL.a: $(DV)/$(VTOP).mk
	$(MAKE) -s -C $(DV) -f $(VTOP).mk $(VTOP)__ALL.a OPT_FAST=-Os >/dev/null
$(DV)/vlt_host.o: $(TOP)/tb/vpi/vlt_host.cpp $(DV)/$(VTOP).mk
	$(CXX) $(VLT_CXX) -I$(DV) -DVTOP=$(VTOP) '-DVTOP_H="$(VTOP).h"' -c $< -o $@
$(DV)/vsim: $(DV)/vlt_host.o $(DV)/$(VTOP)__ALL.a $(VPIB)/pic/blkvpi-host.o $(PIC_OBJS) $(VRT_OBJS) $(BUILD)/vrt/verilated_vpi.o
	$(CXX) -o $@ $(DV)/vlt_host.o $(VPIB)/pic/blkvpi-host.o $(PIC_OBJS) $(DV)/$(VTOP)__ALL.a \
	  $(VRT_OBJS) $(BUILD)/vrt/verilated_vpi.o $(VLT_LIBS)
verilator: $(DV)/vsim
print-verilator:
	@echo $(DV)/vsim
endif
endif

.PHONY: checker icarus verilator print-icarus print-verilator
