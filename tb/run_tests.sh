#!/usr/bin/env bash
# run_tests.sh: everything `make test` checks. Each check is one line PASS/FAIL;
# the last line is "N passed, M failed". Logs of failures: build/test/<name>.log.
# What runs for a block comes from its manifest, tb/blocks/<b>/manifest.sh (read through
# tb/blocks.sh); this file names no block. Checks of a block are named <block>_<check>.
# Usage: tb/run_tests.sh   (make test; no arguments)
#   TEST_FULL=1       everything, not only the quick subsets (make test-full)
#   ONLY_BLOCKS="a b" only these blocks' checks
set -u
. "$(dirname "$0")/common/help.sh" "$@" || exit 2
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
. tb/blocks.sh
B=build
L=$B/test
mkdir -p "$L"
: >"$L/times.tsv"
# functional coverage: every lockstep run of the suite counts its block's cover points
# here (blkrun, BLK_COVER); checked per block at the end
export BLK_COVER=$top/$L/cover.txt
: >"$BLK_COVER"
pass=0
fail=0
t0=$(date +%s)
at() { echo "   (at $(( $(date +%s) - t0 )) s)"; }  # elapsed, before each section

check() { # check NAME CMD...: the command's exit status decides; its seconds go to times.tsv
  local name=$1 ts=$SECONDS rc; shift
  "$@" >"$L/$name.log" 2>&1; rc=$?
  printf '%s\t%s\n' $((SECONDS - ts)) "$name" >>"$L/times.tsv"
  if [ $rc = 0 ]; then
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

bad_line() { # bad_line NAME PATTERN CMD...: bad input: exit 2, exactly one line on stderr
  # matching PATTERN, nothing on stdout (nothing ran)
  local name=$1 pat=$2; shift 2
  "$@" >"$L/$name.out" 2>"$L/$name.log"
  local rc=$? n; n=$(wc -l <"$L/$name.log")
  if [ "$rc" = 2 ] && [ "$n" = 1 ] && [ ! -s "$L/$name.out" ] && grep -q -- "$pat" "$L/$name.log"; then
    pass=$((pass + 1)); echo "PASS $name (exit 2: $(cut -c1-110 "$L/$name.log"))"
  else
    fail=$((fail + 1)); echo "FAIL $name: exit $rc (wanted 2), $n stderr lines (wanted 1 with '$pat'), stdout $(wc -c <"$L/$name.out") bytes (wanted 0)"
    head -n 5 "$L/$name.log" | sed 's/^/    /'
  fi
}

# Checks run two at a time: pcheck_add NAME CMD... queues one (the command quoted as
# given), pcheck_run runs the queue, then pcheck NAME prints its PASS/FAIL line and counts
# it, in the caller's order (logs in $L/NAME.log, exit status in $L/NAME.rc).
pq=$L/pcheck.queue
: >"$pq"
pcheck_add() { local name=$1; shift; printf '%s\t%s\n' "$name" "$(printf '%q ' "$@")" >>"$pq"; }
pcheck_one() { # pcheck_one "NAME<TAB>COMMAND"
  local name=${1%%$'\t'*} cmd=${1#*$'\t'} ts=$SECONDS
  eval "$cmd" >"$L/$name.log" 2>&1
  echo $? >"$L/$name.rc"
  printf '%s\t%s\n' $((SECONDS - ts)) "$name" >>"$L/times.tsv"
}
export -f pcheck_one
export L
pcheck_run() { xargs -d '\n' -P 2 -I{} bash -c 'pcheck_one "$1"' _ {} <"$pq"; : >"$pq"; }
pcheck() {
  local name=$1 rc
  rc=$(cat "$L/$name.rc" 2>/dev/null || echo missing)
  if [ "$rc" = 0 ]; then
    pass=$((pass + 1)); echo "PASS $name"
  else
    fail=$((fail + 1)); echo "FAIL $name (exit $rc; log: $L/$name.log)"; tail -n 15 "$L/$name.log" | sed 's/^/    /'
  fi
}

at; echo "== build and static checks"
# the blocks whose manifest loads (a missing or broken manifest is one failure)
TEST_BLOCKS=""
for b in $(blocks); do
  if manifest "$b" >"$L/${b}_manifest.log" 2>&1; then
    TEST_BLOCKS="$TEST_BLOCKS $b"
  else
    fail=$((fail + 1)); echo "FAIL ${b}_manifest: $(head -n1 "$L/${b}_manifest.log")"
  fi
done
TEST_BLOCKS=${TEST_BLOCKS# }
echo "    blocks: ${TEST_BLOCKS:-none}"
check build_c make -s -j2 tools
check lint tb/lint/lint.sh
check unit_c "$B/bin/test_units"
# a block's own checks (its manifest's EXTRA_CHECKS: proofs, exhaustive tests)
for b in $TEST_BLOCKS; do
  manifest "$b"
  for e in "${EXTRA_CHECKS[@]}"; do check "${b}_${e%%|*}" bash -c "${e#*|}"; done
done
check build_sanitized make -s -j2 sanitize
check unit_asan "$B/asan/test_units"
asan_random() { # asan_random BLOCK: the manifest's ASAN_RANDOM runs of the C model
  local e k
  for e in "${ASAN_RANDOM[@]}"; do
    cfg_args "${e%%|*}"
    k=""; [ "$e" != "${e%%|*}" ] && k=${e#*|}
    "$B/asan/blkrun-c" "$1" --mode c "${CFG[@]}" --seed "$ASAN_SEED" --cycles "$ASAN_CYCLES" --knobs "$k" || return 1
  done
}
for b in $TEST_BLOCKS; do
  manifest "$b"
  [ ${#ASAN_RANDOM[@]} -gt 0 ] && check "${b}_asan_random" asan_random "$b"
  for v in "${VECTORS[@]}"; do
    check "${b}_asan_vec_$(basename "$v" .vec)" "$B/asan/blkrun-c" "$b" --mode c --vec "$v"
  done
done

at; echo "== RTL builds (one Verilated model per configuration)"
# every configuration the random matrix and the vectors use, one build per distinct tag:
# the shared objects first (the first block's main configuration), then two at a time
first=${TEST_BLOCKS%% *}
if [ -n "$first" ]; then
  manifest "$first"
  cfg_args "$MAIN_CONFIG"
  check build_rtl_shared tb/run "$first" "${CFG[@]}" --build-only
fi
for b in $TEST_BLOCKS; do
  manifest "$b"
  specs=("$MAIN_CONFIG")
  i=0
  for e in "${LOCKSTEP_MATRIX[@]}"; do i=$((i + 1)); quick "$LOCKSTEP_QUICK" $i && specs+=("${e%%|*}"); done
  for v in "${VECTORS[@]}"; do specs+=("$(vec_cfg "$v")"); done
  for s in "${specs[@]}"; do
    cfg_args "$s"
    printf '%s\t%s\t%s\n' "$b" "$("$B/bin/portgen" "$b" "${CFG[@]}" --tag 2>/dev/null || echo "bad:$s")" "$s"
  done
done | sort -u -k1,2 | cut -f1,3 >"$L/configs.txt"
echo "    $(wc -l <"$L/configs.txt") distinct configurations"
build_one() { # build_one "BLOCK<TAB>SPEC"
  . tb/blocks.sh
  cfg_args "${1#*$'\t'}"
  tb/run "${1%%$'\t'*}" "${CFG[@]}" --build-only
}
export -f build_one
check build_rtl_all bash -c "xargs -d '\n' -P 2 -n 1 bash -c 'build_one \"\$1\"' _ <$L/configs.txt"

at; echo "== directed vectors in c, rtl and lockstep"
for b in $TEST_BLOCKS; do
  manifest "$b"
  for v in "${VECTORS[@]}"; do
    for m in c rtl lockstep; do
      pcheck_add "${b}_vec_${m}_$(basename "$v" .vec)" tb/run "$b" --mode "$m" --vec "$v"
    done
  done
done
pcheck_run
for b in $TEST_BLOCKS; do
  manifest "$b"
  for v in "${VECTORS[@]}"; do
    for m in c rtl lockstep; do
      pcheck "${b}_vec_${m}_$(basename "$v" .vec)"
    done
  done
done

at; echo "== random lockstep: every configuration of each block's matrix, 0 mismatches (outputs and state), every branch reached"
# the runs two at a time, then each one's results in order
for b in $TEST_BLOCKS; do
  manifest "$b"
  i=0
  for entry in "${LOCKSTEP_MATRIX[@]}"; do
    i=$((i + 1))
    quick "$LOCKSTEP_QUICK" $i || continue
    c=${entry%%|*}
    knobs=""; [ "$entry" != "$c" ] && knobs=${entry#*|}
    cfg_args "$c"
    pcheck_add "${b}_lockstep_$(printf %02d $i)" tb/run "$b" --mode lockstep "${CFG[@]}" --seed "$i" --cycles "$LOCKSTEP_CYCLES" --knobs "$knobs" --stats
  done
done
pcheck_run
for b in $TEST_BLOCKS; do
  manifest "$b"
  total=0
  i=0
  nrun=0
  for entry in "${LOCKSTEP_MATRIX[@]}"; do
    i=$((i + 1))
    quick "$LOCKSTEP_QUICK" $i || continue
    nrun=$((nrun + 1))
    c=${entry%%|*}
    knobs=""; [ "$entry" != "$c" ] && knobs=${entry#*|}
    cfg_args "$c"
    name="${b}_lockstep_$(printf %02d $i)"
    pcheck "$name"
    n=$(grep -o '[0-9]* compared C-vs-RTL, 0 mismatches' "$L/$name.log" | cut -d' ' -f1)
    [ -n "$n" ] && total=$((total + n))
    # the run's own coverage: each wanted output value held in at least one cycle
    wants=$(coverage_wants "$c")
    missing=""
    for pv in $wants; do
      hits=$(awk -v p="${pv%=*}" -v v="=${pv#*=}:" '$1 == p { for (i = 2; i <= NF; i++) if ($i == v) print $(i + 1) }' "$L/$name.log")
      [ "${hits:-0}" -ge 1 ] || missing="$missing $pv"
    done
    echo "    $b ${c:-(defaults)}${knobs:+ knobs=$knobs}: ${n:-0} cycles compared${missing:+; NOT REACHED:$missing}"
    if [ -n "$wants" ]; then
      if [ -z "$missing" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL coverage_$name:$missing never reached"; fi
    fi
  done
  echo "    $b lockstep random total: $total cycles compared, over $nrun configurations$([ $nrun -lt $i ] && echo " (LOCKSTEP_QUICK: $nrun of the matrix's $i; make test-full runs all)")"
  # every run compared every one of its cycles (a run stopped early, or a summary line
  # that changed form, shows here)
  check "${b}_lockstep_all_cycles_compared" test "$total" -eq $((nrun * LOCKSTEP_CYCLES))
done

at; echo "== the checker can fail: planted RTL bugs must be reported"
tb/plant_bugs.sh >"$L/planted.log" 2>&1
prc=$?
grep -E '^(CAUGHT|MISSED|WRONG)' "$L/planted.log" | sed 's/^/    /'
if [ $prc = 0 ]; then pass=$((pass + 1)); echo "PASS planted_bugs"; else fail=$((fail + 1)); echo "FAIL planted_bugs (log: $L/planted.log)"; tail -n 20 "$L/planted.log" | sed 's/^/    /'; fi

at; echo "== determinism, waveforms, bad input"
determinism() { # determinism BLOCK SPEC: same seed, same bytes; the RTL prints the C model's bytes
  local b=$1
  cfg_args "$2"
  tb/run "$b" --mode c "${CFG[@]}" --seed 9 --cycles 20000 --print >"$L/$b-d1.txt" 2>/dev/null &&
    tb/run "$b" --mode c "${CFG[@]}" --seed 9 --cycles 20000 --print >"$L/$b-d2.txt" 2>/dev/null &&
    cmp "$L/$b-d1.txt" "$L/$b-d2.txt" &&
    tb/run "$b" --mode rtl "${CFG[@]}" --seed 9 --cycles 20000 --print >"$L/$b-d3.txt" 2>/dev/null &&
    cmp "$L/$b-d1.txt" "$L/$b-d3.txt" && [ "$(wc -l <"$L/$b-d1.txt")" -gt 20000 ]
}
waves() { # waves BLOCK SPEC: make waves, and every signal its .gtkw names is in the FST
  local b=$1
  cfg_split "$2"
  rm -f "$B/waves/$b-seed4."* && make -s waves BLOCK="$b" PRESET="$CFG_PRESET" CONFIG="$CFG_CONFIG" SEED=4 CYCLES=500 &&
    python3 tb/lint/check_gtkw.py "$B/waves/$b-seed4.gtkw"
}
# bad input, derived from the block's own port list and parameter table
param_over() { # param_over BLOCK: "Name=V", V one above the range of the block's first parameter
  sed -n 's/^[[:space:]]*X(\([A-Za-z0-9_]*\),[[:space:]]*[0-9]*,[[:space:]]*\([0-9]*\),.*/\1 \2/p' \
    "cmodel/blocks/$1/${1}_params.def" | head -n1 | awk '{ print $1 "=" $2 + 1 }'
}
bad_input() { # bad_input BLOCK
  local b=$1 ports p1 p2 pw w po
  "$B/bin/portgen" "$b" --wrapper "$L/$b-ports.v" --glue "$L/$b-glue.h" || { fail=$((fail + 1)); echo "FAIL ${b}_bad_input: portgen"; return; }
  # the inputs of the wrapper (not the clock, the C model's cm_* values or mismatch_i)
  ports=$(awk '$1 == "input" { n = $NF; sub(/,$/, "", n); w = 1
                if ($3 ~ /^\[/) { split(substr($3, 2), a, ":"); w = a[1] + 1 }
                if (n != "clk_i" && n !~ /^cm_/ && n != "mismatch_i") print n, w }' "$L/$b-ports.v")
  p1=$(sed -n 1p <<<"$ports" | cut -d' ' -f1)
  p2=$(sed -n 2p <<<"$ports" | cut -d' ' -f1)
  # a value one bit too wide for the first multi-bit input of at most 32 bits (else the first)
  read -r pw w < <(awk '$2 > 1 && $2 <= 32 { print; exit }' <<<"$ports")
  [ -z "${pw:-}" ] && read -r pw w <<<"$(sed -n 1p <<<"$ports")"
  printf 'in %s\n0x%x\n' "$pw" $((1 << w)) >"$L/$b-bad_width.vec"
  printf 'in %s bogus_i\n1 1\n' "$p1" >"$L/$b-bad_port.vec"
  printf 'in %s %s\n1\n' "$p1" "${p2:-$p1}" >"$L/$b-bad_count.vec"
  bad_line "${b}_bad_vec_width" "does not fit" tb/run "$b" --mode c --vec "$L/$b-bad_width.vec"
  bad_line "${b}_bad_vec_port" "not an input port" tb/run "$b" --mode c --vec "$L/$b-bad_port.vec"
  [ -n "$p2" ] && bad_line "${b}_bad_vec_count" "expected 2 input values" tb/run "$b" --mode c --vec "$L/$b-bad_count.vec"
  po=$(param_over "$b")
  [ -n "$po" ] && bad_line "${b}_bad_config_range" "$po out of range" tb/run "$b" --mode lockstep --config "$po"
  bad_line "${b}_bad_config_key" "unknown parameter" tb/run "$b" --mode c --config Colour=red
  bad_line "${b}_bad_knob" "unknown knob" tb/run "$b" --mode c --knobs speed=3
  bad_line "${b}_bad_mode" "must be c, rtl or lockstep" tb/run "$b" --mode fast
  bad_line "${b}_missing_vec" "cannot open" tb/run "$b" --mode rtl --vec /nonexistent.vec
  # numbers: one strict parser (decimal or 0x, whole token, range-checked, finite), in the
  # plain and the sanitized build (no leak on the way out: still exit 2)
  local k1 v1 c1 n1 R=$B/bin/blkrun-c
  k1=$($R "$b" --mode c --knobs speed=3 2>&1 | sed -n 's/.*(knobs: \([a-z_0-9]*\)=.*/\1/p')
  for R in "$B/bin/blkrun-c" "$B/asan/blkrun-c"; do
    local t=${b}_strict; [ "$R" != "$B/bin/blkrun-c" ] && t=${b}_asan_strict
    bad_line "${t}_knob_nan" "knob $k1 'nan': not a number" "$R" "$b" --mode c --knobs "$k1=nan"
    bad_line "${t}_knob_wrap" "knob $k1 '4294967296': out of range" "$R" "$b" --mode c --knobs "$k1=4294967296"
    bad_line "${t}_knob_twice" "given twice" "$R" "$b" --mode c --knobs "$k1=1,$k1=1"
    bad_line "${t}_knob_empty" "an empty entry" "$R" "$b" --mode c --knobs "$k1=1,,"
    bad_line "${t}_window" "--window '5abc': not a number" "$R" "$b" --mode c --window 5abc
    bad_line "${t}_seed" "--seed ' -1': not a number" "$R" "$b" --mode c --seed ' -1'
    bad_line "${t}_cycles" "--cycles '1e3': not a number" "$R" "$b" --mode c --cycles 1e3
    bad_line "${t}_config_garbage" "=4x is not a valid value" "$R" "$b" --mode c --config "${po%%=*}=4x"
    bad_line "${t}_unknown_arg" "unknown argument '--bogus'" "$R" "$b" --mode c --bogus
  done
  R=$B/bin/blkrun-c
  # vectors are read whole before cycle 0: the first cycle line of the block's first
  # vector with expectations, padded past 8191 characters, checks as many values as the
  # original; an error after a 1e8-cycle repeat is reported before anything runs; a
  # column listed twice and a file without cycles are errors
  v1=$(ls vectors/"$b"/*.vec 2>/dev/null | head -n1)
  if [ -n "$v1" ]; then
    awk 'BEGIN { while (length(pad) < 9000) pad = pad "          " }
         !done && /\|/ && !/^[[:space:]]*#/ { i = index($0, "|"); print substr($0, 1, i - 1) pad substr($0, i); done = 1; next } { print }' "$v1" >"$L/$b-long.vec"
    c1=$($R "$b" --mode c --vec "$v1" | sed -n 's/.* \([0-9]*\) expected values checked.*/\1/p')
    n1=$(awk 'length > 8191' "$L/$b-long.vec" | wc -l)
    check "${b}_vec_long_line" bash -c "[ $n1 = 1 ] && $R $b --mode c --vec $L/$b-long.vec | grep -q ' $c1 expected values checked, 0 failed'"
    { grep -v '^[[:space:]]*$' "$v1"; echo "*100000000 $(sed -n 's/#.*//; /^[[:space:]]*\(in\|out\|config\|preset\)[[:space:]]/d; s/|.*//; /[0-9]/{p;q}' "$v1")"; echo "not a cycle"; } >"$L/$b-late.vec"
    bad_line "${b}_vec_late_error" "-late.vec:.*'not' for" "$R" "$b" --mode c --vec "$L/$b-late.vec"
  fi
  printf 'in %s %s\n0 0\n' "$p1" "$p1" >"$L/$b-dup.vec"
  printf '# no cycles\nin %s\n' "$p1" >"$L/$b-empty.vec"
  bad_line "${b}_vec_dup_column" "column '$p1' is listed twice" "$R" "$b" --mode c --vec "$L/$b-dup.vec"
  bad_line "${b}_vec_no_cycles" "no cycle lines" "$R" "$b" --mode c --vec "$L/$b-empty.vec"
}
for b in $TEST_BLOCKS; do
  manifest "$b"
  check "${b}_determinism" determinism "$b" "$MAIN_CONFIG"
  check "${b}_waves" waves "$b" "$MAIN_CONFIG"
  bad_input "$b"
done
bad_line bad_block "unknown block 'nosuch'" tb/run nosuch --mode c

# the other areas (GPU model, VPI/cocotb, synthesis flow) add their checks as fragments
# tb/tests.d/NN-name.sh, sourced here in order; they use check / expect_fail above and
# loop over $TEST_BLOCKS (manifest B loads a block's manifest)
# A fragment marked "# run_tests: beside" is mostly one core at a time (or mostly waiting):
# it runs in the background beside the fragments after it, at most two such fragments at
# once (a third first joins the oldest), its output held and printed, its counts added,
# when it is joined: when a third one starts, or at the end.
bg_pids=() bg_outs=()
bg_join() { # join the oldest background fragment
  [ ${#bg_pids[@]} -gt 0 ] || return 0
  wait "${bg_pids[0]}"
  grep -v '^__counts ' "${bg_outs[0]}"
  local c; c=$(grep '^__counts ' "${bg_outs[0]}" | tail -n1)
  if [ -n "$c" ]; then set -- $c; pass=$((pass + $2)); fail=$((fail + $3))
  else fail=$((fail + 1)); echo "FAIL background fragment ended without its counts (log: ${bg_outs[0]})"; fi
  bg_pids=("${bg_pids[@]:1}") bg_outs=("${bg_outs[@]:1}")
}
for frag in tb/tests.d/*.sh; do
  [ -e "$frag" ] || continue
  if grep -q '^# run_tests: beside' "$frag"; then
    [ ${#bg_pids[@]} -ge 2 ] && bg_join
    bg_out=$L/bg-$(basename "$frag" .sh).out
    # shellcheck disable=SC1090
    ( pass=0; fail=0; t1=$(date +%s); . "$frag"; echo "    (ran in the background beside the next sections: $(( $(date +%s) - t1 )) s)"; echo "__counts $pass $fail" ) >"$bg_out" 2>&1 &
    bg_pids+=($!) bg_outs+=("$bg_out")
    echo "   ($(basename "$frag") started in the background at $(( $(date +%s) - t0 )) s; its results follow when it is joined)"
    continue
  fi
  at
  # shellcheck disable=SC1090
  . "$frag"
done
at
while [ ${#bg_pids[@]} -gt 0 ]; do bg_join; done

# functional coverage: every cover point of every block reached by the lockstep runs above
echo "== functional coverage of the lockstep runs (blk.h cover points; build/coverage/functional.txt)"
mkdir -p build/coverage
: >build/coverage/functional.txt
for b in $TEST_BLOCKS; do
  check "${b}_coverage" tb/cover/cover.sh "$b" --file "$BLK_COVER"
  cat "$L/${b}_coverage.log" >>build/coverage/functional.txt
  tail -n1 "$L/${b}_coverage.log" | sed 's/^/    /'
done

echo "== done in $(( $(date +%s) - t0 )) s; the slowest checks (s):"
sort -rn "$L/times.tsv" | head -n 8 | awk -F'\t' '{ printf "    %4d %s\n", $1, $2 }'
echo "   (all: $L/times.tsv)"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
