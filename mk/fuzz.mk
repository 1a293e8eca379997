# fuzz.mk: libFuzzer targets (tb/fuzz/fuzz_*.c) under AddressSanitizer + UBSan, built with
# clang (Debian's clang and libclang-rt-dev; mk/deps.sh installs them).
#   make fuzz [SECONDS=n]   each target for n seconds (default 60) on its corpus in
#                           build/fuzz/corpus/<target>, seeded from tb/fuzz/seeds and vectors/
# make test runs each for a fixed number of inputs (tb/checks/fuzz.sh).
FUZZ_CC    := clang
FUZZ_FLAGS := -std=c99 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L -O1 -g \
              -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_TARGETS := $(patsubst $(TOP)/tb/fuzz/%.c,%,$(wildcard $(TOP)/tb/fuzz/fuzz_*.c))
FUZZ_BINS  := $(patsubst %,$(BUILD)/fuzz/%,$(FUZZ_TARGETS))
FUZZ_LIB_SRC := $(CMODEL_SRC) $(GPU_SRC) $(TB_LIB_SRC) $(TOP)/tb/verilator/rtl_none.c $(TOP)/tb/fuzz/fuzz.c
fuzz_obj = $(patsubst $(TOP)/%.c,$(BUILD)/fuzz/obj/%.o,$(1))

$(BUILD)/fuzz/obj/%.o: $(TOP)/%.c $(HDRS) $(TOP)/tb/fuzz/fuzz.h
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link $(TB_INC) -I$(TOP)/tb/fuzz -c $< -o $@
# gpusim's main, renamed so that the command-line target can call it, and its options
$(BUILD)/fuzz/obj/tb/gpu/gpusim_main.o: $(TOP)/tb/gpu/gpusim.c $(HDRS) $(TOP)/tb/gpu/gpusim_opts.h
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link -Dmain=gpusim_main $(TB_INC) -c $< -o $@
$(call fuzz_obj,$(TOP)/tb/gpu/gpusim_opts.c): $(TOP)/tb/gpu/gpusim_opts.h

$(BUILD)/fuzz/fuzz_gpusim: $(BUILD)/fuzz/obj/tb/gpu/gpusim_main.o $(call fuzz_obj,$(TOP)/tb/gpu/gpusim_opts.c)
$(BUILD)/fuzz/fuzz_%: $(call fuzz_obj,$(TOP)/tb/fuzz/fuzz_%.c $(FUZZ_LIB_SRC))
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer -o $@ $^ -lm -lz

fuzz-build: $(FUZZ_BINS)
# objects of a pattern-rule chain are kept (planted.sh links fuzz_num.o against mutants)
.SECONDARY: $(call fuzz_obj,$(FUZZ_LIB_SRC) $(wildcard $(TOP)/tb/fuzz/fuzz_*.c)) $(BUILD)/fuzz/obj/tb/gpu/gpusim_main.o \
  $(call fuzz_obj,$(TOP)/tb/gpu/gpusim_opts.c)
