# common.mk: tools, flags and the C objects shared by every build (included by the
# top Makefile and by mk/rtl.mk).
TOP    := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/..)
BUILD  ?= $(TOP)/build
CC     := gcc
CXX    := g++
CSTD   := -std=c99 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L
COPT   ?= -O3 -g
INC    := -I$(TOP)/tb/unit -I$(TOP)/cmodel/include -I$(TOP)/cmodel/gpu -I$(TOP)/tb/ports -I$(TOP)/tb/lockstep -I$(TOP)/tb/verilator
SAN    := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

CMODEL_SRC := $(wildcard $(TOP)/cmodel/blocks/*.c)
GPU_SRC    := $(wildcard $(TOP)/cmodel/gpu/*.c)
TB_SRC     := $(wildcard $(TOP)/tb/lockstep/*.c)
TB_LIB_SRC := $(filter-out %/blkrun.c,$(TB_SRC))
PORT_DEFS  := $(wildcard $(TOP)/tb/ports/*.def)
HDRS       := $(wildcard $(TOP)/cmodel/include/*.h $(TOP)/cmodel/gpu/*.h $(TOP)/tb/lockstep/*.h $(TOP)/tb/verilator/*.h) $(PORT_DEFS)

obj = $(patsubst $(TOP)/%.c,$(BUILD)/obj/%.o,$(1))
asan_obj = $(patsubst $(TOP)/%.c,$(BUILD)/asan/%.o,$(1))

$(BUILD)/obj/%.o: $(TOP)/%.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(COPT) $(INC) -c $< -o $@

$(BUILD)/asan/%.o: $(TOP)/%.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) -O1 -g $(SAN) $(INC) -c $< -o $@

PORTGEN := $(BUILD)/bin/portgen
$(PORTGEN): $(call obj,$(TOP)/tb/verilator/portgen.c $(CMODEL_SRC))
	@mkdir -p $(dir $@)
	$(CC) $(COPT) -o $@ $^

# Verilator's runtime, compiled once and shared by every block configuration
VLT_ROOT  := $(shell verilator --getenv VERILATOR_ROOT 2>/dev/null)
VLT_INC   := -I$(VLT_ROOT)/include -I$(VLT_ROOT)/include/vltstd
VLT_DEFS  := -DVM_TRACE=1 -DVM_TRACE_FST=1 -DVM_TRACE_VCD=0 -DVM_COVERAGE=0 -DVM_SC=0 -DVL_THREADED=1
VLT_CXX   := -std=gnu++14 -Os -faligned-new -fcf-protection=none -Wno-unused-result $(VLT_INC) $(VLT_DEFS)
VRT_SRC   := verilated verilated_fst_c verilated_save verilated_threads
VRT_OBJS  := $(patsubst %,$(BUILD)/vrt/%.o,$(VRT_SRC))
$(BUILD)/vrt/%.o: $(VLT_ROOT)/include/%.cpp
	@mkdir -p $(dir $@)
	$(CXX) $(VLT_CXX) -c $< -o $@
VLT_LIBS  := -lz -pthread -latomic
