# 20-common.sh (sourced by tb/run_tests.sh; uses check): the rtl/common primitives.
# Lint of each primitive in several parameter settings (the edge cases among them) by
# Verilator -Wall (waivers only in tb/lint/waivers.vlt), Icarus -Wall (no output at
# all) and Yosys 0.23 (hierarchy -check, proc, check -assert); then tb/common/
# check_common.sh, whose lines become one check per primitive, per mutant (it must be
# caught) and for the illegal parameter values.
# run_tests: beside (one core at a time: runs beside the GPU, fuzz and synthesis sections)
echo "== rtl/common primitives (lint; testbenches, proofs and mutants: tb/common/check_common.sh)"
common_lint() { # common_lint MODULE "K=V K=V" ...: every setting through the three tools
  local mod=$1 s k files=(rtl/common/"$1".v) rc=0
  shift
  case $mod in cam | age_order) files+=(rtl/common/prio_enc.v) ;; sat_ctr_bank) files+=(rtl/common/ctr_bank.v) ;; esac
  mkdir -p "$B/common-lint"
  for s in "$@"; do
    local vg=() ip=() yp=""
    for k in $s; do vg+=("-G$k"); ip+=("-P$mod.$k"); yp="$yp -set ${k%%=*} ${k#*=}"; done
    verilator --lint-only -Wall tb/lint/waivers.vlt "${vg[@]}" "${files[@]}" --top-module "$mod" ||
      { echo "verilator -Wall: $mod $s"; rc=1; }
    local out
    out=$(iverilog -g2005 -Wall -o "$B/common-lint/$mod.vvp" "${ip[@]}" -s "$mod" "${files[@]}" 2>&1)
    [ $? = 0 ] && [ -z "$out" ] || { echo "$out"; echo "icarus -Wall: $mod $s"; rc=1; }
    yosys -q -p "read_verilog -defer ${files[*]}; chparam$yp $mod; hierarchy -check -top $mod; proc; check -assert" ||
      { echo "yosys: $mod $s"; rc=1; }
    [ $rc = 0 ] && echo "$mod $s: verilator -Wall, icarus -Wall and yosys check -assert clean"
  done
  return $rc
}
check lint_fifo common_lint fifo "Width=8 Depth=4" "Width=1 Depth=1" "Width=3 Depth=5" "Width=32 Depth=16"
check lint_sat_ctr_bank common_lint sat_ctr_bank "Num=8 Width=4" "Num=1 Width=1 Max=1" "Num=48 Width=3 Max=5" "Num=64 Width=30"
check lint_cam common_lint cam "Entries=8 KeyW=8" "Entries=1 KeyW=1" "Entries=5 KeyW=3" "Entries=32 KeyW=40"
check lint_age_order common_lint age_order "N=8" "N=1" "N=2" "N=5" "N=16"
check lint_divider common_lint divider "Width=32" "Width=1" "Width=2" "Width=7" "Width=64"
check lint_ctr_bank common_lint ctr_bank "Num=48 Width=4" "Num=1 Width=1" "Num=5 Width=3 Modulus=5" "Num=64 Width=4" "Num=3 Width=2 Modulus=3"

tb/common/check_common.sh >"$L/common.log" 2>&1
common_rc=$?
grep -E '^(PASS|FAIL|CAUGHT|MISSED|check_common:)' "$L/common.log" | sed 's/^/    /'
for common_name in fifo sat_ctr_bank cam age_order divider ctr_bank illegal_params; do
  if grep -q "^PASS $common_name:" "$L/common.log"; then
    pass=$((pass + 1)); echo "PASS common_$common_name"
  else
    fail=$((fail + 1)); echo "FAIL common_$common_name (log: $L/common.log, build/common/)"
  fi
done
common_caught=$(grep -c '^CAUGHT mutant' "$L/common.log")
if [ "$common_rc" = 0 ] && [ "$common_caught" -ge 6 ]; then
  pass=$((pass + 1)); echo "PASS common_mutants ($common_caught broken copies, each failed its check)"
else
  fail=$((fail + 1)); echo "FAIL common_mutants: $common_caught caught, script exit $common_rc (log: $L/common.log)"
fi
unset common_rc common_caught common_name
