# tb/formal/prove.sh: one proof, shared by tb/formal/formal.sh (make formal) and
# tb/common/check_common.sh. Sourced (bash):
#
#   prove TOP "FILES" "PARAMS" DEPTH DIR
#
# Yosys reads FILES with `ifdef FORMAL (read_verilog -formal), sets PARAMS (chparam
# arguments, "-set K V ..."; "" none) on TOP, flattens it (the assertions of every
# submodule come along) and writes an SMT-LIB2 model to DIR/model.smt2; then
# yosys-smtbmc with z3 checks every assertion DEPTH steps from reset (the designs assume
# reset in their first cycle) and proves it by DEPTH-induction. Prints one line:
#   PROVED TOP K=V ...: N assertions (bounded D steps from reset, D-induction; T s)
#   FAILED TOP K=V ...: bounded rc R, induction rc R[, assertion at file:line]
# and returns 0 only for PROVED. Logs: DIR/yosys.log, DIR/bmc.log, DIR/ind.log.
prove() {
  local top=$1 files=$2 params=$3 depth=$4 d=$5 t0=$SECONDS p
  p=$(echo "$params" | sed 's/-set \([^ ]*\) \([^ ]*\)/\1=\2/g')
  mkdir -p "$d"
  # shellcheck disable=SC2086
  if ! yosys -q -l "$d/yosys.log" -p "read_verilog -defer -formal $files; ${params:+chparam $params $top; }prep -top $top; flatten; memory_map; opt -fast; dffunmap; write_smt2 -wires $d/model.smt2" >/dev/null 2>&1; then
    echo "FAILED $top $p: yosys could not build the model ($d/yosys.log)"; return 1
  fi
  local nass bmc ind
  nass=$(grep -c '^; yosys-smt2-assert' "$d/model.smt2")
  if [ "$nass" = 0 ]; then echo "FAILED $top $p: no assertions"; return 1; fi
  # --unroll: z3 4.8 is fast on the unrolled problem, erratic (minutes) without it
  yosys-smtbmc --unroll -s z3 -t "$depth" "$d/model.smt2" >"$d/bmc.log" 2>&1
  bmc=$?
  yosys-smtbmc --unroll -s z3 -i -t "$depth" "$d/model.smt2" >"$d/ind.log" 2>&1
  ind=$?
  if [ $bmc = 0 ] && [ $ind = 0 ] && grep -q 'Status: PASSED' "$d/bmc.log" && grep -q 'Status: PASSED' "$d/ind.log"; then
    echo "PROVED $top $p: $nass assertion$([ "$nass" = 1 ] || echo s) (bounded $depth steps from reset, $depth-induction; $((SECONDS - t0)) s)"
    return 0
  fi
  local why
  why=$(grep -h -m1 -o 'Assert failed in [^ ]* [^ ]*' "$d/bmc.log" "$d/ind.log" | head -n1 | sed 's/.* //; s|.*/||; s/:\([0-9]*\)\..*/:\1/')
  echo "FAILED $top $p: bounded rc $bmc, induction rc $ind${why:+, assertion at $why}"
  return 1
}
