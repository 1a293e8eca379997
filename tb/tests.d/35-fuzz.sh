# 35-fuzz.sh: the libFuzzer targets (tb/fuzz; sourced by tb/run_tests.sh). Each runs a
# fixed number of inputs from its seeds (fuzzer seed 1) under ASan + UBSan with leak
# detection: 0 crashes, 0 sanitizer reports, 0 failed checks (a rejection is one line, an
# accepted input is what an independent reading of it says). make fuzz runs them longer.
echo "== fuzzing: vector reader, configuration and knob parsers, gpusim's command line, numbers"
check fuzz_build make -s -j2 fuzz-build
check fuzz_targets tb/fuzz/run.sh --runs 30000
sed -n 's/^\(fuzz.*\)/    \1/p' "$L/fuzz_targets.log"
# the oracle can fail: parser bugs of the classes the fuzzer is for, planted in a copy
check fuzz_planted tb/fuzz/planted.sh 100000
sed -n 's/^planted parser bugs: /    planted parser bugs: /p' "$L/fuzz_planted.log"
