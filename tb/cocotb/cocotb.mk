# cocotb.mk: the C model library for Python and one configuration's cocotb simulations.
#   make -f tb/cocotb/cocotb.mk lib                      build/cocotb/libblkc.so (any block)
#   make -f tb/cocotb/cocotb.mk icarus    BLOCK=b TAG=t D=dir [RTL_DIR=]   D/sim.vvp
#   make -f tb/cocotb/cocotb.mk verilator BLOCK=b TAG=t D=dir [RTL_DIR=]   D/Vtop
# tb/bin/rtl-build runs the last two (under the configuration's lock): D already holds the
# portgen wrapper of its one portgen call.
# The toplevel is the portgen wrapper <block>_top; under Verilator only its ports are
# public (cocotb's own Verilator main, tb/../cocotb/share/lib/verilator/verilator.cpp).
VPI_MK_LIB_ONLY := 1
include $(dir $(lastword $(MAKEFILE_LIST)))../vpi/vpi.mk
.DEFAULT_GOAL := lib

CB        := $(BUILD)/cocotb
COCO_LIB   ?= $(shell cocotb-config --lib-dir 2>/dev/null)
COCO_SHARE ?= $(shell cocotb-config --share 2>/dev/null)

$(CB)/libblkc.so: $(VPIB)/pic/tb/cocotb/blkc.o $(PIC_OBJS)
	@mkdir -p $(dir $@)
	$(CC) -shared -o $@ $^
lib: $(CB)/libblkc.so checker

ifneq ($(filter icarus verilator,$(MAKECMDGOALS)),)
CI := $(D)
CV := $(D)

$(CI)/sim.vvp: $(CI)/$(BLOCK)_top.v $(RTL_SRC)
	printf '+timescale+1ns/1ps\n' >$(CI)/cmds.f
	iverilog -g2012 -f $(CI)/cmds.f -o $@ -s $(BLOCK)_top $^ >$(CI)/iverilog.log 2>&1 || { cat $(CI)/iverilog.log; exit 1; }
icarus: $(CB)/libblkc.so $(CI)/sim.vvp

$(CV)/public.vlt:
	@mkdir -p $(CV)
	printf '`verilator_config\npublic_flat_rw -module "$(BLOCK)_top" -var "*"\n' >$@
$(CV)/Vtop.mk: $(CV)/$(BLOCK)_top.v $(CV)/public.vlt $(RTL_SRC)
	verilator --cc --vpi --x-initial unique -DCOCOTB_SIM=1 -Mdir $(CV) --prefix Vtop --top-module $(BLOCK)_top \
	  $(CV)/public.vlt $(CV)/$(BLOCK)_top.v $(RTL_SRC) >$(CV)/verilate.log 2>&1 \
	  || { cat $(CV)/verilate.log; exit 1; }
$(eval $(call vlt_opt_rule,$(CV)))
$(CV)/Vtop__ALL.a: $(CV)/Vtop.mk $(CV)/vlt_opt
	rm -f $(CV)/Vtop__ALL.o $@
	$(MAKE) -s -C $(CV) -f Vtop.mk Vtop__ALL.a OPT_FAST=$(VLT_OPT) >/dev/null
$(CV)/main.o: $(COCO_SHARE)/lib/verilator/verilator.cpp $(CV)/Vtop.mk
	$(CXX) $(VLT_CXX) -UVM_TRACE -DVM_TRACE=0 -UVM_TRACE_FST -DVM_TRACE_FST=0 -I$(CV) -c $< -o $@
$(CV)/Vtop: $(CV)/main.o $(CV)/Vtop__ALL.a $(VRT_OBJS) $(BUILD)/vrt/verilated_vpi.o
	$(CXX) -o $@ $(CV)/main.o $(CV)/Vtop__ALL.a $(VRT_OBJS) $(BUILD)/vrt/verilated_vpi.o \
	  -Wl,-rpath,$(COCO_LIB) -L$(COCO_LIB) -lcocotbvpi_verilator $(VLT_LIBS)
verilator: $(CB)/libblkc.so $(CV)/Vtop
endif

.PHONY: lib
