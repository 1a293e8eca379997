#!/usr/bin/env bash
# tb/vpi/planted.sh: the mutants of tb/plant_bugs.sh (read from that file: same names,
# stimulus, seed 7 and sed edits) run on every path that checks RTL against the C model:
# the Verilator lockstep engine, the C VPI checker under Icarus and under Verilator
# --vpi, and cocotb under Icarus (and under Verilator for the mutants named in
# COCOTB_VLT, default "bypass_any latency_plus1"). Each path must report the mismatch,
# and the C checker paths at the very cycle the lockstep engine reports; cocotb too.
# cocotb is skipped for a mutant first seen after COCOTB_MAX cycles (default 5000).
# One line per mutant; exit 0 only if every path caught every mutant it ran.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
M=build/mutant
O=build/vpi/planted
mkdir -p "$M" "$O"
COCOTB_VLT=${COCOTB_VLT-bypass_any latency_plus1}
COCOTB_MAX=${COCOTB_MAX:-5000}
JOBS=${JOBS:-2}
# the mutant table of tb/plant_bugs.sh
eval "$(grep -E '^harsh=' tb/plant_bugs.sh)"
mapfile -t lines < <(grep -E '^  "[a-z0-9_]+\|' tb/plant_bugs.sh)
[ ${#lines[@]} -gt 0 ] || { echo "planted: no mutants found in tb/plant_bugs.sh" >&2; exit 2; }

cycle_of() { sed -n 's/^  cycle: *\([0-9]*\).*/\1/p' "$1" | head -n1; }

one() { # one LINE: run one mutant on every path; prints its verdict line
  local m name cfg knobs expr d stim ls r
  eval "m=$(sed 's/^ *//' <<<"$1")"
  IFS='|' read -r name cfg knobs expr <<<"$m"
  d=$M/$name
  if [ ! -f "$d/mrpb.v" ]; then # plant_bugs.sh has not run: make the same mutant
    mkdir -p "$d" && cp rtl/mrpb/*.v "$d/" && sed -i "$expr" "$d/mrpb.v"
  fi
  if cmp -s rtl/mrpb/mrpb.v "$d/mrpb.v"; then echo "WRONG $name: the mutation did not apply"; return; fi
  if [ "${cfg#vec:}" != "$cfg" ]; then
    stim=(--vec "${cfg#vec:}")
  else
    stim=(--config "$cfg" --seed 7 --cycles 500000)
    [ -n "$knobs" ] && stim+=(--knobs "$knobs")
  fi
  rm -rf "${O:?}/$name"; mkdir -p "$O/$name"
  tb/run mrpb --rtl-dir "$d" --mode lockstep "${stim[@]}" --out "$O/$name" >"$O/$name/lockstep.log" 2>&1
  ls=$(cycle_of "$O/$name/lockstep.log")
  [ -n "$ls" ] || { echo "WRONG $name: the lockstep engine reported no mismatch"; return; }
  local verdict="" bad=0 p rc c
  for p in icarus verilator; do
    tb/vpi/run.sh --sim $p mrpb --rtl-dir "$d" "${stim[@]}" >"$O/$name/vpi-$p.log" 2>&1
    rc=$?; c=$(cycle_of "$O/$name/vpi-$p.log")
    if [ $rc = 1 ] && grep -q "VPI MISMATCH" "$O/$name/vpi-$p.log" && [ "$c" = "$ls" ]; then
      verdict="$verdict, $p+vpi $c"
    else
      verdict="$verdict, $p+vpi MISSED (exit $rc, cycle ${c:-none})"; bad=1
    fi
  done
  local csims=(icarus)
  case " $COCOTB_VLT " in *" $name "*) csims+=(verilator) ;; esac
  if [ "$ls" -gt "$COCOTB_MAX" ]; then
    verdict="$verdict, cocotb skipped (first seen at cycle $ls > $COCOTB_MAX)"
  else
    for p in "${csims[@]}"; do
      local t=(--test test_random_stim); [ "${cfg#vec:}" != "$cfg" ] && t=()
      tb/cocotb/run.sh --sim $p mrpb --rtl-dir "$d" "${stim[@]}" "${t[@]}" >"$O/$name/cocotb-$p.log" 2>&1
      rc=$?; c=$(cycle_of "$O/$name/cocotb-$p.log")
      if [ $rc = 1 ] && grep -q "COCOTB MISMATCH" "$O/$name/cocotb-$p.log" && [ "$c" = "$ls" ]; then
        verdict="$verdict, cocotb-$p $c"
      else
        verdict="$verdict, cocotb-$p MISSED (exit $rc, cycle ${c:-none})"; bad=1
      fi
    done
  fi
  if [ $bad = 0 ]; then echo "CAUGHT $name: lockstep cycle $ls$verdict"
  else echo "WRONG $name: lockstep cycle $ls$verdict (logs: $O/$name)"; fi
}
export -f one cycle_of
export M O COCOTB_VLT COCOTB_MAX harsh
printf '%s\n' "${lines[@]}" | xargs -d '\n' -P "$JOBS" -I{} bash -c 'one "$1"' _ {} >"$O/verdicts.txt"
# in the order of tb/plant_bugs.sh
for l in "${lines[@]}"; do
  n=$(sed 's/^  "\([a-z0-9_]*\)|.*/\1/' <<<"$l")
  grep -E "^[A-Z]+ $n:" "$O/verdicts.txt"
done
! grep -qv '^CAUGHT' "$O/verdicts.txt"
