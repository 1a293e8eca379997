#!/usr/bin/env bash
# tb/vpi/planted.sh: the planted bugs each manifest names in VPI_PLANTED (with TEST_FULL=1
# every one of its PLANTED; same names, stimulus, seed PLANTED_SEED and edits as
# tb/bin/plant_bugs.sh) on every path that checks RTL
# against the C model: the Verilator lockstep engine, the C VPI checker under Icarus and
# under Verilator --vpi, and cocotb under Icarus (and under Verilator for the mutants
# named in the manifest's COCOTB_PLANTED_VLT). The VPI checker and cocotb compare outputs
# only, so the reference is the lockstep engine with --probe-every 0: each path must
# report the mismatch at that very cycle. A state-caught mutant that no output shows
# within the run is reported as such (the other paths are not run). cocotb is skipped for
# a mutant first seen after COCOTB_PLANTED_MAX cycles.
# Usage: tb/vpi/planted.sh   (no arguments; JOBS=n mutants at once, default 2)
# One line per mutant; exit 0 only if every path caught every mutant it ran.
set -u
. "$(dirname "$0")/../lib/help.sh" "$@" || exit 2
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
. tb/lib/blocks.sh
M=build/mutant
O=build/vpi/planted
mkdir -p "$M" "$O"
JOBS=${JOBS:-2}

cycle_of() { sed -n 's/^  cycle: *\([0-9]*\).*/\1/p' "$1" | head -n1; }

one() { # one BLOCK INDEX: run one mutant on every path; prints its verdict line
  local b=$1 k=$2 d o stim ls rc c p verdict="" bad=0
  . tb/lib/blocks.sh
  manifest "$b" || { echo "WRONG $b: no usable manifest"; return; }
  planted_fields "${PLANTED[$k]}" || { echo "WRONG $b: malformed planted entry $k"; return; }
  local name=$P_NAME
  d=$M/$b-$name o=$O/$b/$name
  if [ ! -f "$d/$P_FILE" ]; then # plant_bugs.sh has not run: make the same mutant
    planted_make "${PLANTED[$k]}" "$d" || { echo "WRONG $b/$name: the mutation did not apply"; return; }
  fi
  if cmp -s "rtl/$b/$P_FILE" "$d/$P_FILE"; then echo "WRONG $b/$name: the mutation did not apply"; return; fi
  if [ "${P_STIM#vec:}" != "$P_STIM" ]; then
    stim=(--vec "${P_STIM#vec:}")
  else
    cfg_args "$P_STIM"
    stim=("${CFG[@]}" --seed "$PLANTED_SEED" --cycles "$PLANTED_CYCLES")
    [ -n "$P_KNOBS" ] && stim+=(--knobs "$P_KNOBS")
  fi
  rm -rf "${o:?}"; mkdir -p "$o"
  tb/bin/run "$b" --rtl-dir "$d" --mode lockstep "${stim[@]}" --probe-every 0 --out "$o" >"$o/lockstep.log" 2>&1
  rc=$?
  ls=$(cycle_of "$o/lockstep.log")
  if [ -z "$ls" ]; then
    if [ $rc = 0 ] && [ "$P_CATCH" = state ]; then
      echo "CAUGHT $b/$name: only by the state probes (no output differs in the lockstep run); VPI and cocotb not run"
    else
      echo "WRONG $b/$name: the lockstep engine (outputs only) reported no mismatch (exit $rc)"
    fi
    return
  fi
  for p in icarus verilator; do
    tb/vpi/run.sh --sim $p "$b" --rtl-dir "$d" "${stim[@]}" >"$o/vpi-$p.log" 2>&1
    rc=$?; c=$(cycle_of "$o/vpi-$p.log")
    if [ $rc = 1 ] && grep -q "VPI MISMATCH" "$o/vpi-$p.log" && [ "$c" = "$ls" ]; then
      verdict="$verdict, $p+vpi $c"
    else
      verdict="$verdict, $p+vpi MISSED (exit $rc, cycle ${c:-none})"; bad=1
    fi
  done
  local csims=(icarus)
  case " $COCOTB_PLANTED_VLT " in *" $name "*) csims+=(verilator) ;; esac
  if [ "$ls" -gt "$COCOTB_PLANTED_MAX" ]; then
    verdict="$verdict, cocotb skipped (first seen at cycle $ls > $COCOTB_PLANTED_MAX)"
  else
    for p in "${csims[@]}"; do
      local t=(--test test_random_stim); [ "${P_STIM#vec:}" != "$P_STIM" ] && t=()
      tb/cocotb/run.sh --sim $p "$b" --rtl-dir "$d" "${stim[@]}" "${t[@]}" >"$o/cocotb-$p.log" 2>&1
      rc=$?; c=$(cycle_of "$o/cocotb-$p.log")
      if [ $rc = 1 ] && grep -q "COCOTB MISMATCH" "$o/cocotb-$p.log" && [ "$c" = "$ls" ]; then
        verdict="$verdict, cocotb-$p $c"
      else
        verdict="$verdict, cocotb-$p MISSED (exit $rc, cycle ${c:-none})"; bad=1
      fi
    done
  fi
  if [ $bad = 0 ]; then echo "CAUGHT $b/$name: lockstep (outputs) cycle $ls$verdict"
  else echo "WRONG $b/$name: lockstep (outputs) cycle $ls$verdict (logs: $o)"; fi
}
export -f one cycle_of
export M O

jobs=()
for b in $(blocks); do
  manifest "$b" || { echo "WRONG $b: no usable manifest"; exit 2; }
  for k in "${!PLANTED[@]}"; do
    planted_fields "${PLANTED[$k]}" && quick "$VPI_PLANTED" "$P_NAME" && jobs+=("$b $k")
  done
done
[ ${#jobs[@]} -gt 0 ] || { echo "planted: no planted bugs in any manifest" >&2; exit 2; }
printf '%s\n' "${jobs[@]}" | xargs -d '\n' -P "$JOBS" -I{} bash -c 'one $1' _ {} >"$O/verdicts.txt"
# in the manifests' order
for j in "${jobs[@]}"; do
  read -r b k <<<"$j"
  manifest "$b"
  planted_fields "${PLANTED[$k]}"
  grep -E "^[A-Z]+ $b/$P_NAME:" "$O/verdicts.txt" || echo "WRONG $b/$P_NAME: no verdict"
done | tee "$O/ordered.txt"
! grep -qv '^CAUGHT' "$O/ordered.txt"
