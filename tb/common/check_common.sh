#!/usr/bin/env bash
# check_common.sh: the checks of the rtl/common primitives (fifo, sat_ctr_bank, cam,
# age_order, divider, ctr_bank; prio_enc, max_sel, xor_fold, rr_arb, delay_line and
# mq_store have proofs only). Per primitive, in several parameter settings:
#   - a self-checking Icarus testbench (tb/common/tb_<name>.v) against an independent
#     reference model, seeded random stimulus plus the corners it must reach;
#   - a yosys-smtbmc proof of the `ifdef FORMAL properties: bounded from reset and
#     k-induction (every primitive; for ctr_bank, equality with its pre-split
#     single-array form, tb/common/ctr_bank_eqv.v);
#   - for the counter banks, `synth` must map exactly Num*Width flops at Num=48.
# Each prints "PASS name: ..." or "FAIL name: ...". Then one deliberately broken copy
# of each primitive (one line changed by sed, in build/common-mutants/<mutant>/) must
# FAIL the same check ("CAUGHT mutant ..."), and an illegal parameter value of each
# module must stop elaboration in Verilator, Icarus and Yosys.
# Usage: tb/common/check_common.sh [--seed N] [--jobs N] [--formal (the proofs only:
# make formal)]. Exit 0 only if all pass.
# Outputs: build/common/ (logs: build/common/<check>.log).
set -u
. "$(dirname "$0")/../lib/help.sh" "$@" || exit 2
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
B=build/common
M=build/common-mutants
SELF=tb/common/check_common.sh
SEED=${SEED:-1}
. tb/formal/prove.sh
JOBS=2

# ---- the checks of one primitive; RTL is the folder holding the rtl/common files -----

# tb TOP "PARAMS" CYCLES: compile tb/common/TOP.v with -P TOP.k=v, run, 0 if PASS
tb() {
  local tbtop=$1 params=$2 cycles=$3 p args=() tag
  tag=$(echo "$params" | tr ' =' '_-')
  for p in $params; do args+=("-P$tbtop.$p"); done
  local vvp=$W/$tbtop-$tag.vvp
  if ! iverilog -g2005 -Wall -o "$vvp" "${args[@]}" -s "$tbtop" "tb/common/$tbtop.v" "${FILES[@]}" >>"$LOG" 2>&1; then
    echo "tb $params: does not compile" >>"$SUMMARY"; return 1
  fi
  vvp -n "$vvp" +seed="$SEED_NOW" +cycles="$cycles" >"$W/$tbtop-$tag.out" 2>&1
  SEED_NOW=$((SEED_NOW + 1))
  cat "$W/$tbtop-$tag.out" >>"$LOG"
  local res
  res=$(grep -m1 '^RESULT ' "$W/$tbtop-$tag.out")
  echo "tb ${res#RESULT }" >>"$SUMMARY"
  case $res in "RESULT PASS"*) return 0 ;; *) return 1 ;; esac
}

# formal MODULE "chparam args" DEPTH: bounded (DEPTH steps from reset) and induction
# (tb/formal/prove.sh)
formal() {
  local mod=$1 params=$2 depth=$3 tag line
  tag=$(echo "$params" | tr -d '-' | tr ' ' '_' | sed 's/set_//g')
  line=$(prove "$mod" "${FILES[*]}" "$params" "$depth" "$W/formal-$mod-$tag")
  local rc=$?
  cat "$W/formal-$mod-$tag"/bmc.log "$W/formal-$mod-$tag"/ind.log >>"$LOG" 2>/dev/null
  echo "formal $line" >>"$SUMMARY"
  return $rc
}

# flops MODULE NUM WIDTH: `synth` of the bank at Num=NUM maps exactly NUM*WIDTH flops
flops() {
  local mod=$1 num=$2 width=$3 n
  n=$(yosys -q -p "read_verilog ${FILES[*]}; chparam -set Num $num -set Width $width $mod; synth -flatten -top $mod; tee -o /dev/stdout stat" 2>>"$LOG" |
      awk '$1 ~ /DFF/ { s += $2 } END { print s + 0 }')
  echo "synth Num=$num Width=$width: $n flops (want $((num * width)))" >>"$SUMMARY"
  [ "$n" = $((num * width)) ]
}

# run the sub-checks of primitive NAME (all of them, or up to the first failure with
# STOP=1; only those of one kind, tb or formal, with ONLY=kind); 0 if every one passed
primitive() {
  local name=$1 rc=0
  sub() {
    [ -n "${ONLY:-}" ] && [ "$1" != "$ONLY" ] && return 0
    if ! "$@"; then rc=1; [ "${STOP:-0}" = 1 ] && return 1; fi
    return 0
  }
  case $name in
    fifo)
      FILES=("$RTL/fifo.v")
      sub tb tb_fifo "Width=8 Depth=4" 20000 && sub tb tb_fifo "Width=5 Depth=5" 20000 &&
      sub tb tb_fifo "Width=1 Depth=1" 20000 && sub tb tb_fifo "Width=3 Depth=2" 20000 &&
      sub tb tb_fifo "Width=16 Depth=16" 20000 &&
      sub formal fifo "-set Width 2 -set Depth 3" 10 && sub formal fifo "-set Width 1 -set Depth 1" 10 &&
      sub formal fifo "-set Width 2 -set Depth 4" 10 ;;
    sat_ctr_bank)
      FILES=("$RTL/sat_ctr_bank.v" "$RTL/ctr_bank.v")
      sub tb tb_sat_ctr_bank "Num=5 Width=3 Max=7" 20000 && sub tb tb_sat_ctr_bank "Num=5 Width=3 Max=5" 20000 &&
      sub tb tb_sat_ctr_bank "Num=1 Width=1 Max=1" 20000 && sub tb tb_sat_ctr_bank "Num=48 Width=4 Max=15" 3000 &&
      sub formal sat_ctr_bank "-set Num 3 -set Width 2 -set Max 2" 6 && sub formal sat_ctr_bank "-set Num 5 -set Width 3 -set Max 5" 6 &&
      sub formal sat_ctr_bank "-set Num 1 -set Width 1 -set Max 1" 6 &&
      sub flops sat_ctr_bank 48 4 ;;
    cam)
      FILES=("$RTL/cam.v" "$RTL/prio_enc.v")
      sub tb tb_cam "Entries=8 KeyW=8" 20000 && sub tb tb_cam "Entries=1 KeyW=1" 20000 &&
      sub tb tb_cam "Entries=5 KeyW=3" 20000 && sub tb tb_cam "Entries=16 KeyW=12" 3000 &&
      sub formal cam "-set Entries 5 -set KeyW 3" 6 && sub formal cam "-set Entries 1 -set KeyW 1" 6 ;;
    age_order)
      FILES=("$RTL/age_order.v" "$RTL/prio_enc.v")
      sub tb tb_age_order "N=8" 6000 && sub tb tb_age_order "N=1" 20000 && sub tb tb_age_order "N=2" 20000 &&
      sub tb tb_age_order "N=5" 10000 && sub tb tb_age_order "N=16" 2000 &&
      sub formal age_order "-set N 4" 6 && sub formal age_order "-set N 1" 6 && sub formal age_order "-set N 3" 6 ;;
    divider)
      FILES=("$RTL/divider.v")
      sub tb tb_divider "Width=1" 20000 && sub tb tb_divider "Width=4" 20000 && sub tb tb_divider "Width=5" 20000 &&
      sub tb tb_divider "Width=8" 20000 && sub tb tb_divider "Width=32" 20000 && sub tb tb_divider "Width=64" 6000 &&
      sub formal divider "-set Width 4" 7 && sub formal divider "-set Width 1" 4 && sub formal divider "-set Width 5" 8 ;;
    ctr_bank)
      FILES=("$RTL/ctr_bank.v")
      sub tb tb_sat_ctr_bank "Wrap=1 Num=48 Width=4 Max=9" 3000 && sub tb tb_sat_ctr_bank "Wrap=1 Num=5 Width=3 Max=5" 20000 &&
      sub tb tb_sat_ctr_bank "Wrap=1 Num=1 Width=2 Max=3" 20000 && sub tb tb_sat_ctr_bank "Wrap=1 Num=4 Width=2 Max=4" 20000 &&
      sub tb tb_sat_ctr_bank "Wrap=1 Num=3 Width=2 Max=4" 20000 &&
      FILES=("$RTL/ctr_bank.v" tb/common/ctr_bank_ref.v tb/common/ctr_bank_eqv.v) &&
      sub formal ctr_bank_eqv "-set Num 12 -set Width 4 -set Modulus 9" 4 &&
      sub formal ctr_bank_eqv "-set Num 7 -set Width 3 -set Modulus 5" 4 &&
      sub formal ctr_bank_eqv "-set Num 6 -set Width 2 -set Modulus 4" 4 &&
      FILES=("$RTL/ctr_bank.v") &&
      sub flops ctr_bank 48 4 && sub flops ctr_bank 5 3 ;;
    # proofs only (their testbenches are the blocks that use them, in lockstep)
    prio_enc)
      FILES=("$RTL/prio_enc.v")
      sub formal prio_enc "-set Width 5" 1 && sub formal prio_enc "-set Width 1" 1 &&
      sub formal prio_enc "-set Width 8" 1 && sub formal prio_enc "-set Width 3 -set IdxW 3" 1 ;;
    max_sel)
      FILES=("$RTL/max_sel.v")
      sub formal max_sel "-set Num 5 -set ValW 3" 1 && sub formal max_sel "-set Num 1 -set ValW 1" 1 &&
      sub formal max_sel "-set Num 4 -set ValW 2 -set IdxW 3" 1 ;;
    xor_fold)
      FILES=("$RTL/xor_fold.v")
      sub formal xor_fold "-set InW 7 -set OutW 3" 1 && sub formal xor_fold "-set InW 6 -set OutW 3" 1 &&
      sub formal xor_fold "-set InW 1 -set OutW 1" 1 && sub formal xor_fold "-set InW 3 -set OutW 5" 1 &&
      sub formal xor_fold "-set InW 32 -set OutW 7" 1 ;;
    rr_arb)
      FILES=("$RTL/rr_arb.v" "$RTL/prio_enc.v")
      sub formal rr_arb "-set Width 5" 1 && sub formal rr_arb "-set Width 1" 1 &&
      sub formal rr_arb "-set Width 4" 1 && sub formal rr_arb "-set Width 3 -set IdxW 3" 1 ;;
    delay_line)
      FILES=("$RTL/delay_line.v")
      sub formal delay_line "-set Stages 3 -set Width 2" 5 && sub formal delay_line "-set Stages 1 -set Width 1" 3 &&
      sub formal delay_line "-set Stages 4 -set Width 3" 6 ;;
    mq_store)
      FILES=("$RTL/mq_store.v")
      sub formal mq_store "-set NumQ 3 -set Depth 3 -set Width 2" 3 && sub formal mq_store "-set NumQ 1 -set Depth 1 -set Width 1" 3 &&
      sub formal mq_store "-set NumQ 2 -set Depth 4 -set Width 3" 3 && sub formal mq_store "-set NumQ 5 -set Depth 2 -set Width 2" 3 &&
      sub formal mq_store "-set NumQ 3 -set Depth 2 -set Width 2 -set Reads 3" 3 ;;
    *) echo "check_common: unknown primitive '$name'" >&2; return 2 ;;
  esac
  return $rc
}

# the illegal parameter value of each module, and what each tool must say
ILLEGAL=("fifo Depth 0" "fifo Width 0" "sat_ctr_bank Max 16" "cam Entries 0" "age_order IdxW 2"
         "divider Width 0" "ctr_bank Modulus 20" "prio_enc IdxW 2" "rr_arb IdxW 2" "max_sel IdxW 2"
         "delay_line Stages 0" "mq_store Reads 0" "xor_fold OutW 0")
illegal() {
  local case_ mod par val bad=0 out n=0
  for case_ in "${ILLEGAL[@]}"; do
    read -r mod par val <<<"$case_"
    local f=(rtl/common/"$mod".v)
    [ "$mod" != prio_enc ] && f+=(rtl/common/prio_enc.v)
    [ "$mod" = sat_ctr_bank ] && f+=(rtl/common/ctr_bank.v)
    local extra=""
    [ "$mod" = age_order ] && extra="-GN=8 " # 2**2 < 8
    out=$W/illegal-$mod-$par
    # shellcheck disable=SC2086
    verilator --lint-only -Wall $extra-G"$par=$val" "${f[@]}" --top-module "$mod" >"$out-verilator.txt" 2>&1 && { echo "verilator accepted $mod $par=$val" >>"$SUMMARY"; bad=1; }
    grep -q "illegal parameters" "$out-verilator.txt" || { echo "verilator: no 'illegal parameters' for $mod $par=$val" >>"$SUMMARY"; bad=1; }
    iverilog -g2005 -o "$out.vvp" ${extra:+-P$mod.N=8} -P"$mod.$par=$val" -s "$mod" "${f[@]}" >"$out-icarus.txt" 2>&1 && { echo "icarus accepted $mod $par=$val" >>"$SUMMARY"; bad=1; }
    grep -q "${mod}_illegal_parameters" "$out-icarus.txt" || { echo "icarus: no '${mod}_illegal_parameters' for $mod $par=$val" >>"$SUMMARY"; bad=1; }
    yosys -q -p "read_verilog ${f[*]}; chparam ${extra:+-set N 8 }-set $par $val $mod; hierarchy -top $mod; proc; check -assert" >"$out-yosys.txt" 2>&1 && { echo "yosys accepted $mod $par=$val" >>"$SUMMARY"; bad=1; }
    grep -q "ERROR: $mod: illegal parameters" "$out-yosys.txt" || { echo "yosys: no 'ERROR: $mod: illegal parameters' for $mod $par=$val" >>"$SUMMARY"; bad=1; }
    n=$((n + 1))
  done
  echo "$n illegal settings x 3 tools" >>"$SUMMARY"
  return $bad
}

# the mutants: NAME|PRIMITIVE|FILE|sed expression (one line changed)
MUTANTS=(
  "pop_always_counts|fifo|fifo.v|s/if (pop \& ~push) count_d = count_q - 1'b1;/if (pop) count_d = count_q - 1'b1;/"
  "inc_wraps_at_max|sat_ctr_bank|ctr_bank.v|s/step_up = (c == Last) ? AfterLast : c + 1'b1;/step_up = c + 1'b1;/"
  "invalid_entries_hit|cam|cam.v|s/assign hit_vec_o\[g\] = valid_q\[g\] \& /assign hit_vec_o[g] = /"
  "insert_older_than_higher|age_order|age_order.v|s/insert_sel\[gi\] ? 1'b0 :/insert_sel[gi] ? 1'b1 :/"
  "exact_fit_fails|divider|divider.v|s/wire fits = trial >= {1'b0, div_q};/wire fits = trial > {1'b0, div_q};/"
  "dec_hits_every_part|ctr_bank|ctr_bank.v|s/assign dec_in = dec_idx_i\[IdxW-1:b\] == Base\[IdxW-1:b\];/assign dec_in = 1'b1;/"
)

# ---- one job (run by the parallel driver below) ------------------------------------
job() {
  local j=$1 t0=$SECONDS
  W=$B/$j
  rm -rf "$W"; mkdir -p "$W"
  LOG=$B/$j.log
  SUMMARY=$W/summary.txt
  : >"$LOG"; : >"$SUMMARY"
  SEED_NOW=$SEED
  local res
  case $j in
    mutant-*)
      local m=${j#mutant-} entry
      for entry in "${MUTANTS[@]}"; do [ "${entry%%|*}" = "$m" ] && break; done
      local prim file expr
      IFS='|' read -r _ prim file expr <<<"$entry"
      RTL=$M/$m
      rm -rf "$RTL"; mkdir -p "$RTL"; cp rtl/common/*.v "$RTL/"
      sed -i "$expr" "$RTL/$file"
      if cmp -s "rtl/common/$file" "$RTL/$file"; then
        res="FAIL mutant $m: the sed expression changed nothing in $file (stale mutant)"
      else
        local line
        line=$(diff "rtl/common/$file" "$RTL/$file" | sed -n 's/^> *//p' | head -n1)
        # the testbenches must fail; where there are proofs, they must fail too
        STOP=1 ONLY=tb primitive "$prim"
        local tb_rc=$? tb_why form_why=""
        tb_why=$(grep -m1 -E 'FAIL|want' "$SUMMARY" | cut -c1-110)
        : >"$SUMMARY"
        STOP=1 ONLY=formal primitive "$prim"
        local f_rc=$?
        if [ -s "$SUMMARY" ]; then
          form_why=$(grep -m1 'FAILED' "$SUMMARY" | cut -c1-110)
        else
          f_rc=1 form_why="(no proof for $prim)"
        fi
        if [ $tb_rc != 0 ] && [ $f_rc != 0 ]; then
          res="CAUGHT mutant $m ($prim: '$line')"$'\n'"    $tb_why"$'\n'"    ${form_why}"
        else
          res="MISSED mutant $m ($prim: '$line'): testbench ${tb_why:-passed}; formal ${form_why:-passed}"
        fi
      fi ;;
    illegal)
      if illegal; then res="PASS illegal_params: $(tail -n1 "$SUMMARY") rejected at elaboration"
      else res="FAIL illegal_params: $(head -n1 "$SUMMARY")"; fi ;;
    *)
      RTL=rtl/common
      primitive "$j"
      if [ $? = 0 ]; then res="PASS $j:"; else res="FAIL $j:"; fi
      local tbs forms
      tbs=$(grep -c '^tb ' "$SUMMARY"); forms=$(grep -c '^formal ' "$SUMMARY")
      res="$res $tbs testbench runs, $forms proofs"
      local l
      while IFS= read -r l; do res="$res"$'\n'"    $l"; done <"$SUMMARY" ;;
  esac
  printf '%s\n' "$res" >"$W/result.txt"
  echo "    ($j: $((SECONDS - t0)) s)" >>"$W/result.txt"
}

# ---- driver ---------------------------------------------------------------------------
if [ "${1:-}" = "--job" ]; then
  job "$2"
  exit 0
fi
while [ $# -gt 0 ]; do
  case $1 in
    --seed) SEED=$2; shift 2 ;;
    --jobs) JOBS=$2; shift 2 ;;
    --formal) export ONLY=formal; shift ;;
    *) echo "check_common: unknown argument '$1' (usage: $SELF [--seed N] [--jobs N] [--formal])" >&2; exit 2 ;;
  esac
done
for t in iverilog vvp yosys yosys-smtbmc z3 verilator flock; do
  command -v $t >/dev/null || { echo "check_common: $t not found (see README: tools)" >&2; exit 2; }
done
export SEED
mkdir -p "$B" "$M"
# one run at a time writes build/common (make test may be running it too)
exec 9>"$B.lock"
flock -w 900 9 || { echo "check_common: $B.lock held by another run for 15 minutes" >&2; exit 2; }
t0=$SECONDS
prims=(fifo sat_ctr_bank cam age_order divider ctr_bank prio_enc max_sel xor_fold rr_arb delay_line mq_store)
# --formal (make formal): the proofs alone, no testbench, mutant or illegal-parameter check
extra=()
if [ -z "${ONLY:-}" ]; then
  extra=(illegal)
  for e in "${MUTANTS[@]}"; do extra+=("mutant-${e%%|*}"); done
fi
# the slow ones first
printf '%s\n' age_order divider fifo sat_ctr_bank cam ctr_bank prio_enc max_sel xor_fold rr_arb delay_line mq_store "${extra[@]}" |
  xargs -P "$JOBS" -I{} bash "$SELF" --job {}
fail=0
for j in "${prims[@]}" "${extra[@]}"; do
  r=$B/$j/result.txt
  if [ ! -s "$r" ]; then echo "FAIL $j: no result (log: $B/$j.log)"; fail=1; continue; fi
  cat "$r"
  head -n1 "$r" | grep -qE '^(PASS|CAUGHT) ' || fail=1
done
echo "check_common: $((SECONDS - t0)) s, seed $SEED, $([ $fail = 0 ] && echo 'all passed' || echo 'FAILURES above')"
exit $fail
