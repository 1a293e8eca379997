# tb/checks/block.sh: what every block gets from its manifest: its RTL builds, directed
# vectors in c, rtl and lockstep, random lockstep over its matrix (0 mismatches, outputs
# and state; every cycle compared; the coverage it asks for), its planted bugs,
# determinism, its waveform, bad input derived from its port list and parameter table,
# and the functional coverage of all its lockstep runs.

builds_joined() { # builds_joined BLOCK N: the join of the block's N configuration builds
  echo "$1: $2 configurations built (checks $1_build_main, $1_build_2 .. $1_build_$2)"
}

lockstep_entry() { # lockstep_entry BLOCK I: entry I of the matrix, seed I; every cycle compared
  local b=$1 i=$2 e c k n
  manifest "$b" || return 1
  e=${LOCKSTEP_MATRIX[$((i - 1))]}
  c=${e%%|*} k=""; [ "$e" != "$c" ] && k=${e#*|}
  cfg_args "$c"
  echo "+ tb/bin/run $b --mode lockstep ${CFG[*]} --seed $i --cycles $LOCKSTEP_CYCLES --knobs '$k' --stats"
  tb/bin/run "$b" --mode lockstep "${CFG[@]}" --seed "$i" --cycles "$LOCKSTEP_CYCLES" --knobs "$k" --stats | tee "$L/$b-lockstep-$i.out" || return 1
  n=$(grep -o '[0-9]* compared C-vs-RTL, 0 mismatches' "$L/$b-lockstep-$i.out" | cut -d' ' -f1)
  echo "lockstep: $b ${c:-(defaults)}${k:+ knobs=$k}: ${n:-0} of $LOCKSTEP_CYCLES cycles compared, 0 mismatches"
  [ "${n:-0}" = "$LOCKSTEP_CYCLES" ]
}

lockstep_coverage() { # lockstep_coverage BLOCK I: entry I's run held each wanted output value
  local b=$1 i=$2 e pv hits missing=""
  manifest "$b" || return 1
  e=${LOCKSTEP_MATRIX[$((i - 1))]}
  for pv in $(coverage_wants "${e%%|*}"); do
    hits=$(awk -v p="${pv%=*}" -v v="=${pv#*=}:" '$1 == p { for (i = 2; i <= NF; i++) if ($i == v) print $(i + 1) }' "$L/$b-lockstep-$i.out")
    [ "${hits:-0}" -ge 1 ] || missing="$missing $pv"
  done
  [ -z "$missing" ] && echo "coverage: $b entry $i reached $(coverage_wants "${e%%|*}")"
  [ -z "$missing" ] || { echo "NOT REACHED:$missing"; return 1; }
}

lockstep_total() { # lockstep_total BLOCK full|quick: cycles compared over the entries run
  local b=$1 i=0 n total=0 runs=0 e
  manifest "$b" || return 1
  for e in "${LOCKSTEP_MATRIX[@]}"; do
    i=$((i + 1))
    if [ "$2" = quick ]; then TEST_FULL=0 quick "$LOCKSTEP_QUICK" $i || continue; fi
    n=$(grep -o '[0-9]* compared C-vs-RTL, 0 mismatches' "$L/$b-lockstep-$i.out" 2>/dev/null | cut -d' ' -f1)
    total=$((total + ${n:-0})) runs=$((runs + 1))
  done
  echo "lockstep: $b random total: $total cycles compared over $runs configurations (of the matrix's $i)"
  [ "$total" -eq $((runs * LOCKSTEP_CYCLES)) ]
}

determinism() { # determinism BLOCK: same seed, same bytes; the RTL prints the C model's bytes
  local b=$1
  manifest "$b" || return 1
  cfg_args "$MAIN_CONFIG"
  tb/bin/run "$b" --mode c "${CFG[@]}" --seed 9 --cycles 20000 --print >"$L/$b-d1.txt" 2>/dev/null &&
    tb/bin/run "$b" --mode c "${CFG[@]}" --seed 9 --cycles 20000 --print >"$L/$b-d2.txt" 2>/dev/null &&
    cmp "$L/$b-d1.txt" "$L/$b-d2.txt" &&
    tb/bin/run "$b" --mode rtl "${CFG[@]}" --seed 9 --cycles 20000 --print >"$L/$b-d3.txt" 2>/dev/null &&
    cmp "$L/$b-d1.txt" "$L/$b-d3.txt" && [ "$(wc -l <"$L/$b-d1.txt")" -gt 20000 ]
}

waves() { # waves BLOCK: make waves, and every signal its .gtkw names is in the FST
  local b=$1
  manifest "$b" || return 1
  cfg_split "$MAIN_CONFIG"
  rm -f "$B/waves/$b-seed4."* && make -s waves BLOCK="$b" PRESET="$CFG_PRESET" CONFIG="$CFG_CONFIG" SEED=4 CYCLES=500 &&
    python3 tb/lint/check_gtkw.py "$B/waves/$b-seed4.gtkw"
}

# ---- bad input, derived from the block's own port list and parameter table
param_over() { # param_over BLOCK: "Name=V", V one above the range of the block's first parameter
  sed -n 's/^[[:space:]]*X(\([A-Za-z0-9_]*\),[[:space:]]*[0-9]*,[[:space:]]*\([0-9]*\),.*/\1 \2/p' \
    "cmodel/blocks/$1/${1}_params.def" | head -n1 | awk '{ print $1 "=" $2 + 1 }'
}
input_ports() { # input_ports BLOCK: "name width" of each input of its wrapper (not the clock or the C side)
  "$B/bin/portgen" "$1" --wrapper "$L/$1-ports.v" --glue "$L/$1-glue.h" || return 1
  awk '$1 == "input" { n = $NF; sub(/,$/, "", n); w = 1
       if ($3 ~ /^\[/) { split(substr($3, 2), a, ":"); w = a[1] + 1 }
       if (n != "clk_i" && n !~ /^cm_/ && n != "mismatch_i") print n, w }' "$L/$1-ports.v"
}
bad_vecs() { # bad_vecs BLOCK: the malformed vector files the bad-input checks read, in $L
  local b=$1 ports p1 p2 pw w
  ports=$(input_ports "$b") || return 1
  p1=$(sed -n 1p <<<"$ports" | cut -d' ' -f1)
  p2=$(sed -n 2p <<<"$ports" | cut -d' ' -f1)
  # a value one bit too wide for the first multi-bit input of at most 32 bits (else the first)
  read -r pw w < <(awk '$2 > 1 && $2 <= 32 { print; exit }' <<<"$ports")
  [ -z "${pw:-}" ] && read -r pw w <<<"$(sed -n 1p <<<"$ports")"
  printf 'in %s\n0x%x\n' "$pw" $((1 << w)) >"$L/$b-bad_width.vec"
  printf 'in %s bogus_i\n1 1\n' "$p1" >"$L/$b-bad_port.vec"
  printf 'in %s %s\n1\n' "$p1" "${p2:-$p1}" >"$L/$b-bad_count.vec"
  printf 'in %s %s\n0 0\n' "$p1" "$p1" >"$L/$b-dup.vec"
  printf '# no cycles\nin %s\n' "$p1" >"$L/$b-empty.vec"
  echo "$b: bad vectors written ($(wc -l <<<"$ports") input ports; the first: $p1)"
}
# knob_bad BLOCK PROGRAM VALUE: PROGRAM's --knobs with the block's first knob set to VALUE
knob_bad() {
  local k1
  k1=$("$2" "$1" --mode c --knobs speed=3 2>&1 | sed -n 's/.*(knobs: \([a-z_0-9]*\)=.*/\1/p')
  [ -n "$k1" ] || { echo "no knob name in the error for speed=3" >&2; exit 3; }
  exec "$2" "$1" --mode c --knobs "${3//K/$k1}"
}
vec_long_line() { # the first expectation line padded past 8191 characters checks as many values
  local b=$1 v1 c1 n1 R=$B/bin/blkrun-c
  v1=$(ls vectors/"$b"/*.vec | head -n1)
  awk 'BEGIN { while (length(pad) < 9000) pad = pad "          " }
       !done && /\|/ && !/^[[:space:]]*#/ { i = index($0, "|"); print substr($0, 1, i - 1) pad substr($0, i); done = 1; next } { print }' "$v1" >"$L/$b-long.vec"
  c1=$($R "$b" --mode c --vec "$v1" | sed -n 's/.* \([0-9]*\) expected values checked.*/\1/p')
  n1=$(awk 'length > 8191' "$L/$b-long.vec" | wc -l)
  echo "$v1: $c1 expected values; the padded copy has $n1 line(s) over 8191 characters"
  [ "$n1" = 1 ] && $R "$b" --mode c --vec "$L/$b-long.vec" | grep " $c1 expected values checked, 0 failed"
}
vec_late_error() { # an error after a 1e8-cycle repeat is reported before anything runs
  local b=$1 v1
  v1=$(ls vectors/"$b"/*.vec | head -n1)
  { grep -v '^[[:space:]]*$' "$v1"; echo "*100000000 $(sed -n 's/#.*//; /^[[:space:]]*\(in\|out\|config\|preset\)[[:space:]]/d; s/|.*//; /[0-9]/{p;q}' "$v1")"; echo "not a cycle"; } >"$L/$b-late.vec"
  exec "$B/bin/blkrun-c" "$b" --mode c --vec "$L/$b-late.vec"
}

declare_block() {
  local b first e i c v m n po k R t lv cov nb BO
  first=$(test_blocks | head -n1)
  [ -n "$first" ] && { manifest "$first"; ck build_rtl_shared -t rtl -- tb/bin/run "$first" $(cfg_str "$MAIN_CONFIG") --build-only; }
  for b in $(test_blocks); do
    manifest "$b"
    CK_TAGS=$b,block
    # one build check per configuration its quick checks use (the main one first): a
    # check that runs a configuration needs that build only, so the builds of one block
    # spread over the cores; ${b}_build_rtl joins them (for other areas)
    local -A BUILT=()
    nb=0
    build_of() { # build_of SPEC: the name of the check that builds SPEC's configuration
      local key=${1:-defaults}
      if [ -z "${BUILT[$key]:-}" ]; then
        nb=$((nb + 1))
        BUILT[$key]=${b}_build_$nb
        [ $nb = 1 ] && BUILT[$key]=${b}_build_main
        cfg_args "$1"
        ck "${BUILT[$key]}" -t rtl -n build_rtl_shared -- tb/bin/run "$b" "${CFG[@]}" --build-only
      fi
      BO=${BUILT[$key]}
    }
    build_of "$MAIN_CONFIG"
    local R_NEEDS=${b}_build_main
    i=0
    for e in "${LOCKSTEP_MATRIX[@]}"; do
      i=$((i + 1))
      TEST_FULL=0 quick "$LOCKSTEP_QUICK" $i && build_of "${e%%|*}"
    done
    for v in "${VECTORS[@]}"; do build_of "$(vec_cfg "$v")"; done
    ck "${b}_build_rtl" -t rtl -n "$(printf '%s,' "${BUILT[@]}" | sed 's/,$//')" -- tb/checks/fn block builds_joined "$b" "$nb"
    # directed vectors, c, rtl, lockstep
    for v in "${VECTORS[@]}"; do
      n=${v##*/} n=${n%.vec}
      build_of "$(vec_cfg "$v")"
      ck "${b}_vec_c_$n" -t vector -- tb/bin/run "$b" --mode c --vec "$v"
      ck "${b}_vec_rtl_$n" -t vector -n "$BO" -- tb/bin/run "$b" --mode rtl --vec "$v"
      ck "${b}_vec_lockstep_$n" -t vector,lockstep -n "$BO" -- tb/bin/run "$b" --mode lockstep --vec "$v"
    done
    # random lockstep: each entry of the matrix, its coverage, and the total
    i=0 c="" cov=""
    for e in "${LOCKSTEP_MATRIX[@]}"; do
      i=$((i + 1))
      printf -v n '%s_lockstep_%02d' "$b" $i
      if TEST_FULL=0 quick "$LOCKSTEP_QUICK" $i; then lv=(); c="$c,$n"; build_of "${e%%|*}"; else lv=(-F) BO=$R_NEEDS; fi
      [ ${#lv[@]} = 0 ] && cov="$cov,$n"
      ckf "$n" -t lockstep "${lv[@]}" -n "$BO" -s '^lockstep: ' -- lockstep_entry "$b" $i
      [ -n "$(coverage_wants "${e%%|*}")" ] && ckf "coverage_$n" -t lockstep,coverage "${lv[@]}" -n "$n" -- lockstep_coverage "$b" $i
    done
    ckf "${b}_lockstep_all_cycles_compared" -t lockstep -n "${c#,}" -s '^lockstep: ' -- lockstep_total "$b" quick
    # planted bugs: each must be reported (tb/bin/plant_bugs.sh BLOCK NAME)
    for e in "${PLANTED[@]}"; do
      planted_fields "$e" 2>/dev/null || { ck "${b}_planted_malformed" -- false; continue; }
      lv=(); TEST_FULL=0 quick "$PLANTED_QUICK" "$P_NAME" || lv=(-F)
      ck "${b}_planted_$P_NAME" -t planted "${lv[@]}" -n "$R_NEEDS" -s '^(CAUGHT|MISSED|WRONG) ' -- tb/bin/plant_bugs.sh "$b" "$P_NAME"
    done
    # functional coverage: every cover point of the block reached by its lockstep runs
    for v in "${VECTORS[@]}"; do v=${v##*/}; cov="$cov,${b}_vec_lockstep_${v%.vec}"; done
    ck "${b}_coverage" -t coverage -n "${cov#,}" -s '^cover' -- tb/cover/cover.sh "$b" --file "$L/cover.txt"
    ckf "${b}_determinism" -n "$R_NEEDS" -- determinism "$b"
    ckf "${b}_waves" -t waves -n "$R_NEEDS" -- waves "$b"
    # bad input: one line on stderr, exit 2
    CK_TAGS=$b,block,bad-input
    ckf "${b}_bad_vecs" -- bad_vecs "$b"
    bad "${b}_bad_vec_width" "does not fit" -n "${b}_bad_vecs" -- tb/bin/run "$b" --mode c --vec "$L/$b-bad_width.vec"
    bad "${b}_bad_vec_port" "not an input port" -n "${b}_bad_vecs" -- tb/bin/run "$b" --mode c --vec "$L/$b-bad_port.vec"
    bad "${b}_bad_vec_count" "expected 2 input values" -n "${b}_bad_vecs" -- tb/bin/run "$b" --mode c --vec "$L/$b-bad_count.vec"
    po=$(param_over "$b")
    [ -n "$po" ] && bad "${b}_bad_config_range" "$po out of range" -- tb/bin/run "$b" --mode lockstep --config "$po"
    bad "${b}_bad_config_key" "unknown parameter" -- tb/bin/run "$b" --mode c --config Colour=red
    bad "${b}_bad_knob" "unknown knob" -- tb/bin/run "$b" --mode c --knobs speed=3
    bad "${b}_bad_mode" "must be c, rtl or lockstep" -- tb/bin/run "$b" --mode fast
    bad "${b}_missing_vec" "cannot open" -- tb/bin/run "$b" --mode rtl --vec /nonexistent.vec
    # numbers: one strict parser, in the plain and the sanitized build (no leak on the way out)
    for R in "$B/bin/blkrun-c" "$B/asan/blkrun-c"; do
      t=${b}_strict; lv=(); [ "$R" != "$B/bin/blkrun-c" ] && t=${b}_asan_strict lv=(-n build_sanitized -t asan)
      bad "${t}_knob_nan" "knob [a-z_0-9]* 'nan': not a number" "${lv[@]}" -- tb/checks/fn block knob_bad "$b" "$R" K=nan
      bad "${t}_knob_wrap" "knob [a-z_0-9]* '4294967296': out of range" "${lv[@]}" -- tb/checks/fn block knob_bad "$b" "$R" K=4294967296
      bad "${t}_knob_twice" "given twice" "${lv[@]}" -- tb/checks/fn block knob_bad "$b" "$R" K=1,K=1
      bad "${t}_knob_empty" "an empty entry" "${lv[@]}" -- tb/checks/fn block knob_bad "$b" "$R" K=1,,
      bad "${t}_window" "--window '5abc': not a number" "${lv[@]}" -- "$R" "$b" --mode c --window 5abc
      bad "${t}_seed" "--seed ' -1': not a number" "${lv[@]}" -- "$R" "$b" --mode c --seed ' -1'
      bad "${t}_cycles" "--cycles '1e3': not a number" "${lv[@]}" -- "$R" "$b" --mode c --cycles 1e3
      bad "${t}_config_garbage" "=4x is not a valid value" "${lv[@]}" -- "$R" "$b" --mode c --config "${po%%=*}=4x"
      bad "${t}_unknown_arg" "unknown argument '--bogus'" "${lv[@]}" -- "$R" "$b" --mode c --bogus
    done
    if ls vectors/"$b"/*.vec >/dev/null 2>&1; then
      ckf "${b}_vec_long_line" -- vec_long_line "$b"
      bad "${b}_vec_late_error" "-late.vec:.*'not' for" -- tb/checks/fn block vec_late_error "$b"
    fi
    bad "${b}_vec_dup_column" "column '[a-z_0-9]*' is listed twice" -n "${b}_bad_vecs" -- "$B/bin/blkrun-c" "$b" --mode c --vec "$L/$b-dup.vec"
    bad "${b}_vec_no_cycles" "no cycle lines" -n "${b}_bad_vecs" -- "$B/bin/blkrun-c" "$b" --mode c --vec "$L/$b-empty.vec"
  done
  CK_TAGS=block,bad-input
  bad bad_block "unknown block 'nosuch'" -- tb/bin/run nosuch --mode c
}
