# vpi.mk: the C VPI checker and one block configuration's simulations for it.
#   make -f tb/vpi/vpi.mk checker                       build/vpi/blkvpi.vpi (any block),
#                                                       portgen, shared objects
#   make -f tb/vpi/vpi.mk icarus    BLOCK=b TAG=t D=dir [RTL_DIR=]   D/sim.vvp
#   make -f tb/vpi/vpi.mk verilator BLOCK=b TAG=t D=dir [RTL_DIR=]   D/vsim
# tb/bin/rtl-build runs the last two (under the configuration's lock), with the configuration
# resolved: D already holds the portgen wrapper <block>_top.v (and for Icarus the harness
# vpi_tb.v) of one portgen call. RTL_DIR swaps the block's RTL folder (a planted-bug copy).
include $(dir $(lastword $(MAKEFILE_LIST)))../../mk/common.mk
.DEFAULT_GOAL := checker

# BLOCK: a block of the block list (cmodel/blocks.def); needed by every target but checker
RTL_DIR  ?= $(TOP)/rtl/$(BLOCK)
VPIB     := $(BUILD)/vpi
IVL_INC  := -I/usr/include/iverilog
PIC_OBJS := $(patsubst $(TOP)/%.c,$(VPIB)/pic/%.o,$(CMODEL_SRC) $(TB_LIB_SRC))

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
checker: $(VPIB)/blkvpi.vpi $(PORTGEN) $(VPIB)/pic/blkvpi-host.o $(BUILD)/vrt/verilated_vpi.o $(VRT_OBJS)

ifneq ($(filter icarus verilator,$(MAKECMDGOALS)),)
ifeq ($(and $(BLOCK),$(TAG),$(D)),)
$(error icarus and verilator need BLOCK=, TAG= and D= (tb/bin/rtl-build resolves the configuration))
endif
RTL_SRC  := $(wildcard $(RTL_DIR)/*.v) $(wildcard $(TOP)/rtl/common/*.v)
DI       := $(D)
DV       := $(D)
VTOP     := V$(BLOCK)_top
endif

# tb/cocotb/cocotb.mk includes this file for the objects and variables only
ifndef VPI_MK_LIB_ONLY
ifneq ($(filter icarus verilator,$(MAKECMDGOALS)),)
# ---- Icarus: vpi_tb (clock, input regs) around the portgen wrapper
$(DI)/sim.vvp: $(DI)/vpi_tb.v $(DI)/$(BLOCK)_top.v $(RTL_SRC)
	iverilog -g2005 -o $@ -s vpi_tb $^ >$(DI)/iverilog.log 2>&1 || { cat $(DI)/iverilog.log; exit 1; }
icarus: $(VPIB)/blkvpi.vpi $(DI)/sim.vvp

# ---- Verilator --vpi: the wrapper's ports public (nothing inside), the checker linked in
$(DV)/public.vlt:
	@mkdir -p $(DV)
	printf '`verilator_config\npublic_flat_rw -module "$(BLOCK)_top" -var "*"\n' >$@
$(DV)/$(VTOP).mk: $(DV)/$(BLOCK)_top.v $(DV)/public.vlt $(RTL_SRC)
	verilator --cc --vpi --x-initial unique -Mdir $(DV) --prefix $(VTOP) --top-module $(BLOCK)_top \
	  $(DV)/public.vlt $(DV)/$(BLOCK)_top.v $(RTL_SRC) >$(DV)/verilate.log 2>&1 \
	  || { cat $(DV)/verilate.log; exit 1; }
$(eval $(call vlt_opt_rule,$(DV)))
$(DV)/$(VTOP)__ALL.a: $(DV)/$(VTOP).mk $(DV)/vlt_opt
	rm -f $(DV)/$(VTOP)__ALL.o $@
	$(MAKE) -s -C $(DV) -f $(VTOP).mk $(VTOP)__ALL.a OPT_FAST=$(VLT_OPT) >/dev/null
$(DV)/vlt_host.o: $(TOP)/tb/vpi/vlt_host.cpp $(DV)/$(VTOP).mk
	$(CXX) $(VLT_CXX) -I$(DV) -DVTOP=$(VTOP) '-DVTOP_H="$(VTOP).h"' -c $< -o $@
$(DV)/vsim: $(DV)/vlt_host.o $(DV)/$(VTOP)__ALL.a $(VPIB)/pic/blkvpi-host.o $(PIC_OBJS) $(VRT_OBJS) $(BUILD)/vrt/verilated_vpi.o
	$(CXX) -o $@ $(DV)/vlt_host.o $(VPIB)/pic/blkvpi-host.o $(PIC_OBJS) $(DV)/$(VTOP)__ALL.a \
	  $(VRT_OBJS) $(BUILD)/vrt/verilated_vpi.o $(VLT_LIBS)
verilator: $(DV)/vsim
endif
endif

.PHONY: checker icarus verilator
