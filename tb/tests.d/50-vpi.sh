# 50-vpi.sh (sourced by tb/run_tests.sh): the C VPI checker under Icarus and under
# Verilator --vpi, and the cocotb tests under both, each checking RTL against the C
# model; their per-cycle dumps must equal the lockstep engine's for the same seeds, and
# every planted bug must be reported on every path (tb/vpi/planted.sh). What runs for a
# block: the VPI_* and COCOTB_* variables of its manifest (tb/blocks/<b>/manifest.sh).
echo "== VPI checker (Icarus, Verilator --vpi) and cocotb: RTL against the C model"
vpi_t0=$(date +%s)
VL=$L/vpi
rm -rf "$VL"; mkdir -p "$VL"

# builds: the shared objects once, then every configuration the runs below use, two at a time
check vpi_build_shared bash -c "mk/deps.sh && make -s -f tb/cocotb/cocotb.mk lib"
for b in $TEST_BLOCKS; do
  manifest "$b"
  for e in "${VPI_AGREE[@]}"; do
    IFS='|' read -r _ s _ _ <<<"$e"; cfg_args "$s"
    for p in icarus verilator; do echo "tb/vpi/run.sh --sim $p $b ${CFG[*]} --build-only"; done
  done
  for e in "${VPI_RANDOM[@]}"; do
    IFS='|' read -r p s _ <<<"$e"; cfg_args "$s"
    echo "tb/vpi/run.sh --sim $p $b ${CFG[*]} --build-only"
  done
  for e in "${COCOTB_AGREE[@]%%|*}" "${COCOTB_RANDOM[@]%%|*}"; do
    cfg_args "$e"
    for p in icarus verilator; do echo "tb/cocotb/run.sh --sim $p $b ${CFG[*]} --build-only"; done
  done
done | sort -u >"$VL/builds.txt"
check vpi_build_configs bash -c "xargs -d '\n' -P 2 -I{} bash -c '{} >/dev/null' <$VL/builds.txt"

# cycles checked with 0 mismatches, from a run's summary line
vpi_cycles() { grep -ho '[0-9]* compared C-vs-RTL, 0 mismatches\|[0-9]* cycles checked, 0 mismatches' "$@" | awk '{ s += $1 } END { print s + 0 }'; }

# the per-cycle dump (tb/run --print) of each path equals the lockstep engine's
vpi_agree() { # vpi_agree BLOCK NAME SPEC KNOBS CYCLES
  local b=$1 n=$1-$2 ref=$VL/$1-$2-lockstep.txt p c
  cfg_args "$3"; c=("${CFG[@]}")
  [ -n "$4" ] && c+=(--knobs "$4")
  tb/run "$b" --mode lockstep "${c[@]}" --seed "$VPI_AGREE_SEED" --cycles "$5" --print >"$ref" 2>/dev/null || return 1
  for p in icarus verilator; do
    tb/vpi/run.sh --sim $p "$b" "${c[@]}" --seed "$VPI_AGREE_SEED" --cycles "$5" --print \
      >"$VL/$n-$p.txt" 2>"$VL/$n-$p.err" || { cat "$VL/$n-$p.err"; return 1; }
    cmp "$ref" "$VL/$n-$p.txt" || return 1
    echo "$p+vpi: $(wc -l <"$ref") lines, md5 $(md5sum <"$ref" | cut -c1-12), same as lockstep; $(cat "$VL/$n-$p.err")"
  done
}
cocotb_agree() { # cocotb_agree BLOCK SPEC CYCLES: test_random_stim's dump equals lockstep's
  local b=$1 p
  cfg_args "$2"
  for p in icarus verilator; do
    tb/cocotb/run.sh --sim $p "$b" "${CFG[@]}" --test test_random_stim --seed "$COCOTB_AGREE_SEED" --cycles "$3" --print "$VL/$b-cocotb-$p.txt" || return 1
    tb/run "$b" --mode lockstep "${CFG[@]}" --seed "$COCOTB_AGREE_SEED" --cycles "$3" --print 2>/dev/null | cmp - "$VL/$b-cocotb-$p.txt" || return 1
  done
}
vpi_vectors() { # vpi_vectors SIM BLOCK FILE...: each vector file through the VPI checker
  local s=$1 b=$2; shift 2
  if [ "$s" = icarus ]; then
    printf '%s\n' "$@" | xargs -d '\n' -P 2 -I{} tb/vpi/run.sh --sim icarus "$b" --vec {}
  else
    local v; for v in "$@"; do tb/vpi/run.sh --sim "$s" "$b" --vec "$v" || return 1; done
  fi
}
cocotb_sim() { # cocotb_sim SIM BLOCK: COCOTB_RANDOM, then the simulator's vector files
  local s=$1 b=$2 e sp seed cyc pyc v
  for e in "${COCOTB_RANDOM[@]}"; do
    IFS='|' read -r sp seed cyc pyc <<<"$e"; cfg_args "$sp"
    tb/cocotb/run.sh --sim "$s" "$b" "${CFG[@]}" --test test_random_stim,test_random_py --seed "$seed" --cycles "$cyc" --pycycles "$pyc" || return 1
  done
  if [ "$s" = icarus ] && [ ${#COCOTB_VECTORS_ICARUS[@]} -gt 0 ]; then
    printf '%s\n' "${COCOTB_VECTORS_ICARUS[@]}" | xargs -d '\n' -P 2 -I{} tb/cocotb/run.sh --sim icarus "$b" --vec {} || return 1
  fi
  if [ "$s" = verilator ] && [ ${#COCOTB_VECTORS_VERILATOR[@]} -gt 0 ]; then
    local va=(); for v in "${COCOTB_VECTORS_VERILATOR[@]}"; do va+=(--vec "$v"); done
    tb/cocotb/run.sh --sim verilator "$b" "${va[@]}" || return 1
  fi
}

for b in $TEST_BLOCKS; do
  manifest "$b"
  for e in "${VPI_AGREE[@]}"; do
    IFS='|' read -r n s k cyc <<<"$e"
    check "${b}_vpi_agree_$n" vpi_agree "$b" "$n" "$s" "$k" "$cyc"
  done
  i=0
  for e in "${COCOTB_AGREE[@]}"; do
    i=$((i + 1))
    check "${b}_cocotb_agree_$i" cocotb_agree "$b" "${e%%|*}" "${e#*|}"
  done
  # longer random runs
  i=0
  for e in "${VPI_RANDOM[@]}"; do
    i=$((i + 1))
    IFS='|' read -r p s k seed cyc <<<"$e"; cfg_args "$s"
    kn=(); [ -n "$k" ] && kn=(--knobs "$k")
    check "${b}_vpi_${p}_random_$i" tb/vpi/run.sh --sim "$p" "$b" "${CFG[@]}" --seed "$seed" --cycles "$cyc" "${kn[@]}"
  done
  # directed vectors under each simulator
  [ ${#VPI_VECTORS_ICARUS[@]} -gt 0 ] && check "${b}_vpi_icarus_vectors" vpi_vectors icarus "$b" "${VPI_VECTORS_ICARUS[@]}"
  [ ${#VPI_VECTORS_VERILATOR[@]} -gt 0 ] && check "${b}_vpi_verilator_vectors" vpi_vectors verilator "$b" "${VPI_VECTORS_VERILATOR[@]}"
  # cocotb: random (both simulators) and directed
  check "${b}_cocotb_icarus" cocotb_sim icarus "$b"
  check "${b}_cocotb_verilator" cocotb_sim verilator "$b"
done

# the planted bugs of the manifests, on every path, at the lockstep engine's cycle
tb/vpi/planted.sh >"$L/vpi_planted.log" 2>&1
vrc=$?
sed 's/^/    /' "$L/vpi_planted.log"
if [ $vrc = 0 ]; then pass=$((pass + 1)); echo "PASS vpi_planted_bugs"; else fail=$((fail + 1)); echo "FAIL vpi_planted_bugs (log: $L/vpi_planted.log, build/vpi/planted/)"; fi

# bad input: one line, exit 2 (derived from each block's port list and parameter table)
first=${TEST_BLOCKS%% *}
if [ -n "$first" ]; then
  bad_line vpi_bad_sim "must be icarus, verilator or both" tb/vpi/run.sh --sim modelsim "$first"
  bad_line vpi_bad_block "unknown block 'nope'" tb/vpi/run.sh --sim icarus nope
  bad_line cocotb_bad_sim "must be icarus, verilator or both" tb/cocotb/run.sh --sim xsim "$first"
  bad_line cocotb_bad_test "must be test_vectors" tb/cocotb/run.sh --sim icarus "$first" --test test_nope
fi
for b in $TEST_BLOCKS; do
  manifest "$b"
  po=$(param_over "$b")
  [ -n "$po" ] && bad_line "${b}_vpi_bad_config" "$po out of range" tb/vpi/run.sh --sim icarus "$b" --config "$po"
  [ -e "$L/$b-bad_port.vec" ] && bad_line "${b}_vpi_bad_vec" "not an input port" tb/vpi/run.sh --sim icarus "$b" --vec "$L/$b-bad_port.vec"
  # (in the configuration of the block's first agree run, built above: the knob is
  # refused by the checker, after the model is built)
  e=${VPI_AGREE[0]:-main|$MAIN_CONFIG||}
  IFS='|' read -r _ s _ _ <<<"$e"; cfg_args "$s"
  bad_line "${b}_vpi_bad_knob" "unknown knob" tb/vpi/run.sh --sim verilator "$b" "${CFG[@]}" --knobs speed=3
done

echo "    cycles checked with 0 mismatches:"
echo "      icarus+vpi    $(cat "$VL"/*-icarus.err "$L"/*_vpi_icarus_random_*.log "$L"/*_vpi_icarus_vectors.log 2>/dev/null | vpi_cycles -)"
echo "      verilator+vpi $(cat "$VL"/*-verilator.err "$L"/*_vpi_verilator_random_*.log "$L"/*_vpi_verilator_vectors.log 2>/dev/null | vpi_cycles -)"
echo "      cocotb icarus    $(cat "$L"/*_cocotb_icarus.log 2>/dev/null | grep '^cocotb icarus' | vpi_cycles -) (+ the agree runs)"
echo "      cocotb verilator $(cat "$L"/*_cocotb_verilator.log 2>/dev/null | grep '^cocotb verilator' | vpi_cycles -) (+ the agree runs)"
echo "    VPI and cocotb checks took $(( $(date +%s) - vpi_t0 )) s"
unset vrc vpi_t0 po first
