# run_tests: beside
# 72-gcov.sh (sourced by tb/run_tests.sh): C line and branch coverage of cmodel/ by gcov
# over the C side of the suite (tb/cover/gcov.sh; the report: build/coverage/gcov.md). It
# fails if a cmodel/ source file never runs.
echo "== C model line and branch coverage (gcov)"
check gcov_cmodel tb/cover/gcov.sh
grep '^gcov:' "$L/gcov_cmodel.log" | sed 's/^/    /'
