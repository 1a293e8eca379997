# tb/checks/common.sh: the rtl/common primitives. Lint of each in several parameter
# settings (the edge cases among them) by Verilator -Wall (waivers only in
# tb/lint/waivers.vlt), Icarus -Wall (no output at all) and Yosys 0.23 (hierarchy -check,
# proc, check -assert); then tb/common/check_common.sh (testbenches against independent
# references, proofs, a broken copy of each that must fail, illegal parameters), whose
# PASS lines are one check per primitive.
common_lint() { # common_lint MODULE "K=V K=V" ...: every setting through the three tools
  local mod=$1 s k files=(rtl/common/"$1".v) rc=0
  shift
  case $mod in cam | age_order) files+=(rtl/common/prio_enc.v) ;; sat_ctr_bank) files+=(rtl/common/ctr_bank.v) ;; esac
  mkdir -p "$B/common-lint"
  for s in "$@"; do
    local vg=() ip=() yp="" out
    for k in $s; do vg+=("-G$k"); ip+=("-P$mod.$k"); yp="$yp -set ${k%%=*} ${k#*=}"; done
    verilator --lint-only -Wall tb/lint/waivers.vlt "${vg[@]}" "${files[@]}" --top-module "$mod" ||
      { echo "verilator -Wall: $mod $s"; rc=1; }
    out=$(iverilog -g2005 -Wall -o "$B/common-lint/$mod.vvp" "${ip[@]}" -s "$mod" "${files[@]}" 2>&1)
    [ $? = 0 ] && [ -z "$out" ] || { echo "$out"; echo "icarus -Wall: $mod $s"; rc=1; }
    yosys -q -p "read_verilog -defer ${files[*]}; chparam$yp $mod; hierarchy -check -top $mod; proc; check -assert" ||
      { echo "yosys: $mod $s"; rc=1; }
    [ $rc = 0 ] && echo "$mod $s: verilator -Wall, icarus -Wall and yosys check -assert clean"
  done
  return $rc
}
declare_common() {
  CK_TAGS=common,static
  ckf lint_fifo -- common_lint fifo "Width=8 Depth=4" "Width=1 Depth=1" "Width=3 Depth=5" "Width=32 Depth=16"
  ckf lint_sat_ctr_bank -- common_lint sat_ctr_bank "Num=8 Width=4" "Num=1 Width=1 Max=1" "Num=48 Width=3 Max=5" "Num=64 Width=30"
  ckf lint_cam -- common_lint cam "Entries=8 KeyW=8" "Entries=1 KeyW=1" "Entries=5 KeyW=3" "Entries=32 KeyW=40"
  ckf lint_age_order -- common_lint age_order "N=8" "N=1" "N=2" "N=5" "N=16"
  ckf lint_divider -- common_lint divider "Width=32" "Width=1" "Width=2" "Width=7" "Width=64"
  ckf lint_ctr_bank -- common_lint ctr_bank "Num=48 Width=4" "Num=1 Width=1" "Num=5 Width=3 Modulus=5" "Num=64 Width=4" "Num=3 Width=2 Modulus=3"
  CK_TAGS=common,formal
  # the group is common_mutants: the script passes (every broken copy CAUGHT); its lines
  # PASS <primitive> are the checks common_<primitive>
  ck common_mutants -N "" -j 2 -s '^(CAUGHT|MISSED|check_common:)' \
    -x "lines:common_:fifo,sat_ctr_bank,cam,age_order,divider,ctr_bank,prio_enc,max_sel,xor_fold,rr_arb,delay_line,mq_store,illegal_params" \
    -- tb/common/check_common.sh
}
