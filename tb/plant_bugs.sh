#!/usr/bin/env bash
# plant_bugs.sh: the lockstep checker is worth what it catches. Each mutant below is
# rtl/mrpb with one line changed; lockstep on random traffic must report it, and at
# the right cycle: the first cycle whose outputs differ between an independent C-only
# run and an RTL-only run of the same seed (closed-loop stimulus is identical up to
# that cycle). The first mutant's waveform files are also checked. A mutant's stimulus
# is random traffic (a config and knobs) or a directed vector (vec:FILE).
# Prints CAUGHT/MISSED/WRONG per mutant; exit 0 only if every mutant is CAUGHT.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
M=build/mutant
mkdir -p "$M"
bad=0
# name | config or vec:FILE | knobs | sed expression on mrpb.v
harsh="refuse=0.6,write=0.15,hot=0.8,maxburst=12,reset=0.002"
mutants=(
  "bypass_any|Bypass=assoc||s/(Bypass == 2) ? (cache_stall_i == 3'd1)/(Bypass == 2) ? (cache_stall_i != 3'd0)/"
  "full_early|Depth=8||s/wire tgt_full = (tgt_len == DepthL);/wire tgt_full = (tgt_len == DepthL - 1'b1);/"
  "rr_follows_enqueue|Policy=rr||s/last_q_d = pick;/last_q_d = sigq;/"
  "latency_plus1|Latency=5||s/.Stages(Stages)/.Stages(Stages + 1)/"
  "wpass_ignores_obuf|Flush=1||s/wire wpass = (Flush != 0) \& is_wr \& tgt_empty \& load_ok;/wire wpass = (Flush != 0) \& is_wr \& tgt_empty;/"
  "greedy_sticky|Policy=greedy-fixed||s/wire hold = (Greedy != 0) \& last_valid_q \& elig\[last_q_q\];/wire hold = (Greedy != 0) \& last_valid_q;/"
  # the round-robin pointer reset to 0, not NumQ-1: visible only when a write passed
  # through and two queues became eligible before the first drain after a reset
  "rr_reset_zero|Policy=rr|$harsh|s/last_q_q <= LastQ;/last_q_q <= {QW{1'b0}};/"
  "rr_reset_zero_vec|vec:vectors/mrpb/rr_after_reset.vec||s/last_q_q <= LastQ;/last_q_q <= {QW{1'b0}};/"
)
first=1
for m in "${mutants[@]}"; do
  IFS='|' read -r name cfg knobs expr <<<"$m"
  d=$M/$name
  rm -rf "$d"; mkdir -p "$d"
  cp rtl/mrpb/*.v "$d/"
  sed -i "$expr" "$d/mrpb.v"
  if cmp -s rtl/mrpb/mrpb.v "$d/mrpb.v"; then
    echo "WRONG $name: the mutation did not apply"; bad=1; continue
  fi
  echo "--- $name ($cfg${knobs:+ $knobs}): $(diff rtl/mrpb/mrpb.v "$d/mrpb.v" | grep '^>' | sed 's/^> *//')"
  seed=7
  if [ "${cfg#vec:}" != "$cfg" ]; then
    stim=(--vec "${cfg#vec:}")
  else
    stim=(--config "$cfg" --seed $seed --knobs "$knobs")
  fi
  out=build/mismatch/planted-$name
  rm -rf "$out"
  tb/run mrpb --rtl-dir "$d" --mode lockstep "${stim[@]}" --cycles 500000 --out "$out" >"$d/lockstep.log" 2>&1
  rc=$?
  cat "$d/lockstep.log"
  if [ $rc != 1 ] || ! grep -q "LOCKSTEP MISMATCH" "$d/lockstep.log"; then
    echo "MISSED $name: lockstep exit $rc, no mismatch reported"; bad=1; continue
  fi
  rep=$(sed -n 's/^  cycle: *\([0-9]*\).*/\1/p' "$d/lockstep.log")
  sigl=$(sed -n 's/^  signal: *\([a-z_]*\).*/\1/p' "$d/lockstep.log")
  # independent: C alone and the mutant RTL alone, same seed; first differing cycle line
  tb/run mrpb --mode c "${stim[@]}" --cycles $((rep + 5)) --print 2>/dev/null | tail -n +4 >"$d/c.txt"
  tb/run mrpb --rtl-dir "$d" --mode rtl "${stim[@]}" --cycles $((rep + 5)) --print 2>/dev/null | tail -n +4 >"$d/rtl.txt"
  ind=$(cmp "$d/c.txt" "$d/rtl.txt" 2>/dev/null | sed -n 's/.* line \([0-9]*\).*/\1/p')
  ind=$(( ${ind:-0} - 1 ))
  if [ "$ind" != "$rep" ]; then
    echo "WRONG $name: reported at cycle $rep, but C-only and RTL-only runs first differ at cycle $ind"; bad=1; continue
  fi
  if [ $first = 1 ]; then
    first=0
    g=$(ls "$out"/*.gtkw 2>/dev/null | head -n1)
    if [ -z "$g" ] || ! python3 tb/lint/check_gtkw.py "$g"; then
      echo "WRONG $name: mismatch waveform missing or its .gtkw names missing signals"; bad=1; continue
    fi
    f=${g%.gtkw}.fst
    # mismatch_i must first rise at time 10 x reported cycle
    t=$(fst2vcd -f "$f" 2>/dev/null | awk -v want="mismatch_i" '
      $1=="$var" && $5==want && !id {id=$4}
      /^#/ {time=substr($1,2)}
      id && $0=="1" id {print time; exit}')
    if [ "$t" != "$((10 * rep))" ]; then
      echo "WRONG $name: waveform marks the mismatch at time ${t:-none}, expected $((10 * rep))"; bad=1; continue
    fi
  fi
  echo "CAUGHT $name at cycle $rep on $sigl (independent C/RTL runs first differ at cycle $ind)"
done
exit $bad
