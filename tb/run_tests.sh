#!/usr/bin/env bash
# run_tests.sh: everything `make test` checks. Each check is one line PASS/FAIL;
# the last line is "N passed, M failed". Logs of failures: build/test/<name>.log.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
B=build
L=$B/test
mkdir -p "$L"
pass=0
fail=0
t0=$(date +%s)

check() { # check NAME CMD...: the command's exit status decides
  local name=$1; shift
  if "$@" >"$L/$name.log" 2>&1; then
    pass=$((pass + 1)); echo "PASS $name"
  else
    fail=$((fail + 1)); echo "FAIL $name (log: $L/$name.log)"; tail -n 15 "$L/$name.log" | sed 's/^/    /'
  fi
}
expect_fail() { # expect_fail NAME EXITCODE PATTERN CMD...: must exit EXITCODE and print PATTERN
  local name=$1 code=$2 pat=$3; shift 3
  "$@" >"$L/$name.log" 2>&1
  local rc=$?
  if [ "$rc" = "$code" ] && grep -q -- "$pat" "$L/$name.log"; then
    pass=$((pass + 1)); echo "PASS $name (exit $rc: $(grep -m1 -- "$pat" "$L/$name.log" | cut -c1-110))"
  else
    fail=$((fail + 1)); echo "FAIL $name: exit $rc (wanted $code) or no '$pat' (log: $L/$name.log)"
    tail -n 15 "$L/$name.log" | sed 's/^/    /'
  fi
}

echo "== build and static checks"
check build_c make -s tools
check lint tb/lint/lint.sh
check unit_c "$B/bin/test_units"
check build_sanitized make -s sanitize
check unit_asan "$B/asan/test_units"
check asan_random bash -c "for p in fixed rr longest greedy-rr; do $B/asan/blkrun-c mrpb --mode c --config Policy=\$p --seed 5 --cycles 200000 || exit 1; done"
for v in vectors/mrpb/*.vec; do
  check "asan_vec_$(basename "$v" .vec)" "$B/asan/blkrun-c" mrpb --mode c --vec "$v"
done

echo "== RTL builds (one Verilated model per configuration)"
# the random lockstep matrix: {48 warp, 8 block, 32 in-block} x {fixed, rr, longest,
# greedy-fixed} x {flush on, off} at depth 8, plus configurations for every other branch
sigs=("NumQ=48,Sig=warp" "NumQ=8,Sig=block" "NumQ=32,Sig=inblk")
matrix=()
for s in "${sigs[@]}"; do
  for p in fixed rr longest greedy-fixed; do
    for f in 1 0; do matrix+=("$s,Depth=8,Policy=$p,Flush=$f"); done
  done
done
extras=("Policy=greedy-rr,Latency=3" "Policy=greedy-longest,Latency=18" "Bypass=all,Latency=4"
        "Bypass=off,Flush=0" "NumQ=64,Depth=32,Policy=longest,AddrW=64,PcW=64,TagW=32|burst=0.8,hot=0.9,hotq=1,refuse=0.7"
        "NumQ=5,Depth=5,Policy=rr" "NumQ=1,Depth=1,Latency=3" "NumQ=3,Sig=block,Depth=2,Policy=greedy-longest,Bypass=all")
vec_cfgs=()
for v in vectors/mrpb/*.vec; do
  c=$(sed -n 's/#.*//; s/^[[:space:]]*config[[:space:]]\+\(.*[^[:space:]]\)[[:space:]]*$/\1/p' "$v" | head -n1)
  vec_cfgs+=("$c")
done
# shared objects first (with the final configuration), then the models two at a time,
# one per distinct configuration tag
check build_rtl_shared tb/run mrpb --preset final --build-only
for c in "${matrix[@]}" "${extras[@]}" "${vec_cfgs[@]}"; do
  c=${c%%|*}
  printf '%s\t%s\n' "$("$B/bin/portgen" mrpb --config "$c" --tag)" "$c"
done | sort -u -k1,1 | cut -f2 >"$L/configs.txt"
echo "    $(wc -l <"$L/configs.txt") distinct configurations"
check build_rtl_all bash -c "xargs -d '\n' -P 2 -I{} tb/run mrpb --config {} --build-only <$L/configs.txt"

echo "== directed vectors in c, rtl and lockstep"
for v in vectors/mrpb/*.vec; do
  for m in c rtl lockstep; do
    check "vec_${m}_$(basename "$v" .vec)" tb/run mrpb --mode "$m" --vec "$v"
  done
done

echo "== random lockstep: 500000 cycles a configuration, 0 mismatches, every branch reached"
# which outputs must reach which values in a configuration's run (coverage of the run itself)
wanted() {
  local c=$1 w="req_ready_o=0 out_valid_o=1 drain_why_o=0"
  case ",$c," in *,Flush=0,*) ;; *) w="$w drain_why_o=2 drain_why_o=3 wpass_o=1 flush_o=1" ;; esac
  case ",$c," in *greedy*) w="$w drain_why_o=1" ;; esac
  case ",$c," in *,Bypass=off,*) ;; *) w="$w bypass_o=1" ;; esac
  echo "$w"
}
total=0
i=0
for entry in "${matrix[@]}" "${extras[@]}"; do
  i=$((i + 1))
  c=${entry%%|*}
  knobs="" ; [ $((i % 2)) = 0 ] && knobs="refuse=0.6,write=0.15,hot=0.8,maxburst=12"
  [ "$entry" != "$c" ] && knobs=${entry#*|}  # "config|knobs": knobs of its own
  name="lockstep_$(printf %02d $i)"
  check "$name" tb/run mrpb --mode lockstep --config "$c" --seed "$i" --cycles 500000 --knobs "$knobs" --stats
  n=$(grep -o '[0-9]* compared C-vs-RTL, 0 mismatches' "$L/$name.log" | cut -d' ' -f1)
  [ -n "$n" ] && total=$((total + n))
  missing=""
  for pv in $(wanted "$c"); do
    hits=$(awk -v p="${pv%=*}" -v v="=${pv#*=}:" '$1 == p { for (i = 2; i <= NF; i++) if ($i == v) print $(i + 1) }' "$L/$name.log")
    [ "${hits:-0}" -ge 1 ] || missing="$missing $pv"
  done
  echo "    $c${knobs:+ knobs=$knobs}: ${n:-0} cycles compared${missing:+; NOT REACHED:$missing}"
  if [ -z "$missing" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL coverage_$name:$missing never reached"; fi
done
echo "    lockstep random total: $total cycles compared, over $i configurations"
check lockstep_total_at_least_1M test "$total" -ge 1000000

echo "== the checker can fail: planted RTL bugs must be reported"
tb/plant_bugs.sh >"$L/planted.log" 2>&1
prc=$?
grep -E '^(CAUGHT|MISSED|WRONG)' "$L/planted.log" | sed 's/^/    /'
if [ $prc = 0 ]; then pass=$((pass + 1)); echo "PASS planted_bugs"; else fail=$((fail + 1)); echo "FAIL planted_bugs (log: $L/planted.log)"; tail -n 20 "$L/planted.log" | sed 's/^/    /'; fi

echo "== determinism, waveforms, bad input"
check determinism bash -c "tb/run mrpb --mode c --seed 9 --cycles 20000 --print > $L/d1.txt 2>/dev/null && tb/run mrpb --mode c --seed 9 --cycles 20000 --print > $L/d2.txt 2>/dev/null && cmp $L/d1.txt $L/d2.txt && tb/run mrpb --mode rtl --preset final --seed 9 --cycles 20000 --print > $L/d3.txt 2>/dev/null && cmp $L/d1.txt $L/d3.txt"
check waves bash -c "rm -f $B/waves/mrpb-seed4.* && make -s waves BLOCK=mrpb SEED=4 CYCLES=500 && python3 tb/lint/check_gtkw.py $B/waves/mrpb-seed4.gtkw"
printf 'in req_valid_i req_warp_i\n1 0x40\n' > "$L/bad_width.vec"
printf 'in req_valid_i bogus_i\n1 1\n' > "$L/bad_port.vec"
printf 'in req_valid_i req_warp_i\n1\n' > "$L/bad_count.vec"
expect_fail bad_vec_width 2 "does not fit" tb/run mrpb --mode c --vec "$L/bad_width.vec"
expect_fail bad_vec_port 2 "not an input port" tb/run mrpb --mode c --vec "$L/bad_port.vec"
expect_fail bad_vec_count 2 "expected 2 input values" tb/run mrpb --mode c --vec "$L/bad_count.vec"
expect_fail bad_config_range 2 "Latency=2 out of range" tb/run mrpb --mode lockstep --config Latency=2
expect_fail bad_config_key 2 "unknown parameter" tb/run mrpb --mode c --config Colour=red
expect_fail bad_knob 2 "unknown knob" tb/run mrpb --mode c --knobs speed=3
expect_fail bad_mode 2 "must be c, rtl or lockstep" tb/run mrpb --mode fast
expect_fail missing_vec 2 "cannot open" tb/run mrpb --mode rtl --vec /nonexistent.vec

# the other areas (GPU model, VPI/cocotb, synthesis flow) add their checks as fragments
# tb/tests.d/NN-name.sh, sourced here in order; they use check / expect_fail above
for frag in tb/tests.d/*.sh; do
  [ -e "$frag" ] || continue
  # shellcheck disable=SC1090
  . "$frag"
done

echo "== done in $(( $(date +%s) - t0 )) s"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
