# tb/checks/fuzz.sh: the libFuzzer targets (tb/fuzz). Each runs a fixed number of inputs
# from its seeds (fuzzer seed 1) under ASan + UBSan with leak detection: 0 crashes, 0
# sanitizer reports, 0 failed checks (a rejection is one line, an accepted input is what an
# independent reading of it says). make fuzz runs them longer. Then parser bugs of the
# classes the fuzzer is for, planted in a copy: each must be found.
declare_fuzz() {
  ck fuzz_build -j 2 -- make -s -j2 fuzz-build
  ck fuzz_targets -n fuzz_build -s '^fuzz' -- tb/fuzz/run.sh --runs 30000
  ck fuzz_planted -n fuzz_build -s '^planted parser bugs: ' -- tb/fuzz/planted.sh 100000
}
