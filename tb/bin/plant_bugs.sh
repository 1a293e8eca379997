#!/usr/bin/env bash
# plant_bugs.sh: the lockstep checker is worth what it catches. Each block's manifest
# (tb/blocks/<b>/manifest.sh, PLANTED) lists mutants: a file of rtl/<b>/ with one edit,
# a stimulus (random traffic: a configuration and knobs, seed PLANTED_SEED; or vec:FILE),
# and how lockstep must catch it:
#   output  an output mismatch ("LOCKSTEP MISMATCH"), at exactly the first cycle whose
#           outputs differ between an independent C-only and RTL-only --print run of the
#           same stimulus (closed-loop stimulus is identical up to that cycle)
#   state   a state-probe mismatch ("LOCKSTEP MISMATCH (state)") at or before that cycle;
#           and with --probe-every 0 (outputs only) the same run reports it later, at that
#           very cycle, or not at all (then the independent runs agree throughout)
# The mutant named PLANTED_WAVES (default the first) also has its mismatch waveform
# checked: every signal its .gtkw names is in the FST, and mismatch_i first rises at
# time 10 x the reported cycle.
# Usage: tb/bin/plant_bugs.sh [BLOCK [NAME]]
#   no argument: every block's PLANTED_QUICK mutants (TEST_FULL=1: all of them); BLOCK: that
#   block's; BLOCK NAME: that one mutant, quick or not (make test: one check per mutant)
# Prints CAUGHT/MISSED/WRONG per mutant; exit 0 only if every mutant is CAUGHT.
set -u
. "$(dirname "$0")/../lib/help.sh" "$@" || exit 2
unset BLK_COVER  # mutants are not the suite's coverage
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
. tb/lib/blocks.sh
M=build/mutant
mkdir -p "$M"
bad=0
ONE=""
if [ $# -ge 1 ]; then
  manifest "$1" >/dev/null || exit 2
  ONLY_BLOCKS=$1 ONE=${2:-}
  if [ -n "$ONE" ]; then planted_find "$ONE" || { echo "plant_bugs: block $1 has no planted bug '$ONE'" >&2; exit 2; }; fi
fi
# the mutant NAME is run: the one asked for, else those of PLANTED_QUICK
wanted() { if [ -n "$ONE" ]; then [ "$1" = "$ONE" ]; else quick "$PLANTED_QUICK" "$1"; fi; }

cycle_of() { sed -n 's/^  cycle: *\([0-9]*\).*/\1/p' "$1" | head -n1; }
# the first cycle whose --print lines differ between C alone and the mutant RTL alone over
# CYCLES cycles (empty: none); the three header lines are skipped
independent() { # independent BLOCK MUTANT_DIR CYCLES STIM...
  local b=$1 d=$2 n=$3 l; shift 3
  l=$(cmp <(tb/bin/run "$b" --mode c "$@" --cycles "$n" --print 2>/dev/null | tail -n +4) \
          <(tb/bin/run "$b" --rtl-dir "$d" --mode rtl "$@" --cycles "$n" --print 2>/dev/null | tail -n +4) 2>/dev/null |
      sed -n 's/.* line \([0-9]*\).*/\1/p')
  [ -n "$l" ] && echo $((l - 1))
}

# the stimulus arguments of the current planted entry (P_STIM, P_KNOBS) into the array stim
stim_of() {
  if [ "${P_STIM#vec:}" != "$P_STIM" ]; then
    stim=(--vec "${P_STIM#vec:}")
  else
    cfg_args "$P_STIM"
    stim=("${CFG[@]}" --seed "$PLANTED_SEED" --knobs "$P_KNOBS")
  fi
}

# every mutant's copy first, and their Verilated builds two at a time (a failed build is
# reported by its lockstep run below)
builds=$(mktemp "$M/builds.XXXXXX")
trap 'rm -f "$builds"' EXIT
for b in $(blocks); do
  manifest "$b" 2>/dev/null || continue
  for m in "${PLANTED[@]}"; do
    planted_fields "$m" 2>/dev/null || continue
    wanted "$P_NAME" || continue
    planted_make "$m" "$M/$b-$P_NAME" 2>/dev/null || continue
    spec=$P_STIM
    [ "${P_STIM#vec:}" != "$P_STIM" ] && spec=$(vec_cfg "${P_STIM#vec:}")
    printf '%s\t%s\t%s\n' "$b" "$M/$b-$P_NAME" "$spec" >>"$builds"
  done
done
build_mutant() { # build_mutant "BLOCK<TAB>DIR<TAB>SPEC"
  local b d s
  . tb/lib/blocks.sh
  IFS=$'\t' read -r b d s <<<"$1"
  cfg_args "$s"
  tb/bin/run "$b" --rtl-dir "$d" "${CFG[@]}" --build-only >/dev/null 2>&1
}
export -f build_mutant
xargs -d '\n' -P 2 -n 1 bash -c 'build_mutant "$1"' _ <"$builds" || true

for b in $(blocks); do
  if ! manifest "$b"; then echo "WRONG $b: no usable manifest"; bad=1; continue; fi
  [ ${#PLANTED[@]} -gt 0 ] || { echo "--- $b: no planted bugs in its manifest"; continue; }
  waves=$PLANTED_WAVES
  [ -z "$waves" ] && { planted_fields "${PLANTED[0]}" && waves=$P_NAME; }
  for m in "${PLANTED[@]}"; do
    if ! planted_fields "$m"; then echo "WRONG $b: malformed planted entry"; bad=1; continue; fi
    wanted "$P_NAME" || { [ -n "$ONE" ] && continue; echo "--- $b/$P_NAME: not in PLANTED_QUICK (make test-full runs it)"; continue; }
    name=$P_NAME cfg=$P_STIM knobs=$P_KNOBS file=$P_FILE catch=$P_CATCH
    d=$M/$b-$name   # its basename is the build suffix (tb/bin/run --rtl-dir): block and name
    if [ ! -f "$d/$file" ] || cmp -s "rtl/$b/$file" "$d/$file"; then
      echo "WRONG $b/$name: the mutation did not apply to rtl/$b/$file"; bad=1; continue
    fi
    echo "--- $b/$name ($cfg${knobs:+ $knobs}; must be caught as $catch): $(diff "rtl/$b/$file" "$d/$file" | grep '^>' | sed 's/^> *//')"
    stim_of
    out=build/mismatch/planted-$b-$name
    rm -rf "$out"
    # the RTL on its own thread, the probes compared every 64 cycles (the defaults on an
    # idle machine): the mismatch is found late and located by replay
    tb/bin/run "$b" --rtl-dir "$d" --mode lockstep "${stim[@]}" --cycles "$PLANTED_CYCLES" --async --out "$out" >"$d/lockstep.log" 2>&1
    rc=$?
    cat "$d/lockstep.log"
    if [ $rc != 1 ] || ! grep -q "^LOCKSTEP MISMATCH" "$d/lockstep.log"; then
      echo "MISSED $b/$name: lockstep exit $rc, no mismatch reported"; bad=1; continue
    fi
    rep=$(cycle_of "$d/lockstep.log")
    if grep -q "^LOCKSTEP MISMATCH (state)" "$d/lockstep.log"; then
      got=state; what=$(sed -n 's/^  register: *\([a-z_0-9]*\(\[[0-9]*\]\)\{0,1\}\).*/\1/p' "$d/lockstep.log" | head -n1)
    else
      got=output; what=$(sed -n 's/^  signal: *\([a-z_0-9]*\).*/\1/p' "$d/lockstep.log" | head -n1)
    fi
    if [ "$got" != "$catch" ]; then
      echo "WRONG $b/$name: reported as a mismatch of kind $got at cycle $rep ($what), the manifest wants $catch"; bad=1; continue
    fi
    if [ "$catch" = output ]; then
      ind=$(independent "$b" "$d" $((rep + 5)) "${stim[@]}")
      if [ "$ind" != "$rep" ]; then
        echo "WRONG $b/$name: reported at cycle $rep, but C-only and RTL-only runs first differ at cycle ${ind:-none}"; bad=1; continue
      fi
      verdict="at cycle $rep on $what (independent C/RTL runs first differ at cycle $ind)"
    else
      # located where a check of every cycle on one thread stops: the same cycle and register
      tb/bin/run "$b" --rtl-dir "$d" --mode lockstep "${stim[@]}" --cycles "$PLANTED_CYCLES" --sync --probe-stride 1 >"$d/lockstep-each.log" 2>&1
      each=$(cycle_of "$d/lockstep-each.log")
      ewhat=$(sed -n 's/^  register: *\([a-z_0-9]*\(\[[0-9]*\]\)\{0,1\}\).*/\1/p' "$d/lockstep-each.log" | head -n1)
      if [ "$each" != "$rep" ] || [ "$ewhat" != "$what" ]; then
        echo "WRONG $b/$name: reported at cycle $rep ($what), with the probes compared every cycle on one thread at cycle ${each:-none} (${ewhat:-none})"; bad=1; continue
      fi
      # the same run with the outputs alone compared
      tb/bin/run "$b" --rtl-dir "$d" --mode lockstep "${stim[@]}" --cycles "$PLANTED_CYCLES" --probe-every 0 >"$d/lockstep-noprobe.log" 2>&1
      rc0=$?
      if [ $rc0 = 1 ] && grep -q "^LOCKSTEP MISMATCH$" "$d/lockstep-noprobe.log"; then
        late=$(cycle_of "$d/lockstep-noprobe.log")
        lsig=$(sed -n 's/^  signal: *\([a-z_0-9]*\).*/\1/p' "$d/lockstep-noprobe.log" | head -n1)
        ind=$(independent "$b" "$d" $((late + 5)) "${stim[@]}")
        if [ "$ind" != "$late" ] || ! [ "$rep" -le "$ind" ] || ! [ "$late" -gt "$rep" ]; then
          echo "WRONG $b/$name: state mismatch at cycle $rep, outputs-only at cycle $late, independent runs first differ at cycle ${ind:-none} (want state <= independent = outputs-only, outputs-only later)"; bad=1; continue
        fi
        noprobe="with --probe-every 0 at cycle $late on $lsig"
      elif [ $rc0 = 0 ]; then
        # missed at the outputs: the independent runs must agree over the whole run too
        ind=$(independent "$b" "$d" "$PLANTED_CYCLES" "${stim[@]}")
        if [ -n "$ind" ]; then
          echo "WRONG $b/$name: missed with --probe-every 0, yet C-only and RTL-only runs differ at cycle $ind"; bad=1; continue
        fi
        noprobe="with --probe-every 0 missed (no output differs in $PLANTED_CYCLES cycles)"
        ind="none in $PLANTED_CYCLES cycles"
      else
        echo "WRONG $b/$name: the --probe-every 0 run exited $rc0"; tail -n 5 "$d/lockstep-noprobe.log"; bad=1; continue
      fi
      verdict="at cycle $rep as a state mismatch on $what (the same with every cycle compared on one thread); $noprobe (independent C/RTL runs first differ at cycle $ind)"
    fi
    if [ "$name" = "$waves" ]; then
      g=$(ls "$out"/*.gtkw 2>/dev/null | head -n1)
      if [ -z "$g" ] || ! python3 tb/lint/check_gtkw.py "$g" >"$d/gtkw.log" 2>&1; then
        tail -n 3 "$d/gtkw.log" 2>/dev/null
        echo "WRONG $b/$name: mismatch waveform missing or its .gtkw names missing signals"; bad=1; continue
      fi
      f=${g%.gtkw}.fst
      # mismatch_i must first rise at time 10 x reported cycle
      t=$(fst2vcd -f "$f" 2>/dev/null | awk -v want="mismatch_i" '
        $1=="$var" && $5==want && !id {id=$4}
        /^#/ {time=substr($1,2)}
        id && $0=="1" id {print time; exit}')
      if [ "$t" != "$((10 * rep))" ]; then
        echo "WRONG $b/$name: waveform marks the mismatch at time ${t:-none}, expected $((10 * rep))"; bad=1; continue
      fi
      verdict="$verdict; waveform checked"
    fi
    echo "CAUGHT $b/$name $verdict"
  done
done
exit $bad
