# link.mk: a program with several Verilated blocks in one process.
#   make -f mk/link.mk OUT=dir MODELS="build/rtl/<block>/<tag> ..." [PROG=gpusim]
# Each MODELS folder is one block configuration built by `mk/rtl.mk ... model`; the
# block is the folder's parent name. The program gets a table of all of them
# (tb/verilator/rtl_table.sh), so each kind is found by name (rtl_find).
include $(dir $(lastword $(MAKEFILE_LIST)))common.mk
.DEFAULT_GOAL := all
PROG   ?= gpusim
MODELS ?=
OUT    ?= $(BUILD)/link
M_BLOCKS := $(foreach d,$(MODELS),$(notdir $(patsubst %/,%,$(dir $(d)))))
M_OBJS   := $(foreach d,$(MODELS),$(d)/rtl_shim.o $(wildcard $(d)/V*_top__ALL.a))
PROG_SRC_gpusim := $(CMODEL_SRC) $(GPU_SRC) $(TB_LIB_SRC) $(GPUSIM_SRC)
PROG_SRC_blkrun := $(CMODEL_SRC) $(TB_SRC)

all: $(OUT)/$(PROG)

$(OUT)/rtl_table.c: $(TOP)/tb/verilator/rtl_table.sh
	@mkdir -p $(OUT)
	$(TOP)/tb/verilator/rtl_table.sh $(M_BLOCKS) >$@
$(OUT)/rtl_table.o: $(OUT)/rtl_table.c $(HDRS)
	$(CC) $(CSTD) $(COPT) $(TB_INC) -c $< -o $@

$(OUT)/$(PROG): $(OUT)/rtl_table.o $(M_OBJS) $(call obj,$(PROG_SRC_$(PROG))) $(VRT_OBJS)
	$(CXX) -o $@ $(filter %.o %.a,$^) $(VLT_LIBS)

.PHONY: all
