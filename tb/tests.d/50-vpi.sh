# 50-vpi.sh (sourced by tb/run_tests.sh): the C VPI checker under Icarus and under
# Verilator --vpi, and the cocotb tests under both, each checking RTL against the C
# model; their per-cycle dumps must equal the lockstep engine's for the same seeds, and
# every planted bug must be reported on every path (tb/vpi/planted.sh).
echo "== VPI checker (Icarus, Verilator --vpi) and cocotb: RTL against the C model"
vpi_t0=$(date +%s)
VL=$L/vpi
rm -rf "$VL"; mkdir -p "$VL"
vpi_cfg2="NumQ=8,Sig=block,Depth=4,Policy=greedy-rr,Latency=3,Bypass=all"
vpi_knobs2="refuse=0.6,write=0.15,hot=0.8,maxburst=12,reset=0.002"

# builds: the shared objects once, then the configurations two at a time
check vpi_build_shared bash -c "mk/deps.sh && make -s -f tb/cocotb/cocotb.mk lib"
check vpi_build_configs bash -c "printf '%s\n' 'tb/vpi/run.sh --sim verilator mrpb --preset final --build-only' \
  'tb/cocotb/run.sh --sim verilator mrpb --preset final --build-only' \
  'tb/vpi/run.sh --sim verilator mrpb --config $vpi_cfg2 --build-only' \
  'tb/vpi/run.sh --sim icarus mrpb --preset final --build-only' \
  'tb/vpi/run.sh --sim icarus mrpb --config $vpi_cfg2 --build-only' \
  'tb/cocotb/run.sh --sim icarus mrpb --preset final --build-only' | xargs -d '\n' -P 2 -I{} bash -c '{} >/dev/null'"

# cycles checked with 0 mismatches, from a run's summary line
vpi_cycles() { grep -ho '[0-9]* compared C-vs-RTL, 0 mismatches\|[0-9]* cycles checked, 0 mismatches' "$@" | awk '{ s += $1 } END { print s + 0 }'; }

# the per-cycle dump (tb/run --print) of each path equals the lockstep engine's
vpi_agree() { # vpi_agree NAME CYCLES CONFIG KNOBS
  local n=$1 cyc=$2 ref=$VL/$1-lockstep.txt p c=(--preset final)
  [ -n "$3" ] && c=(--config "$3")
  [ -n "$4" ] && c+=(--knobs "$4")
  tb/run mrpb --mode lockstep "${c[@]}" --seed 5 --cycles "$cyc" --print >"$ref" 2>/dev/null || return 1
  for p in icarus verilator; do
    tb/vpi/run.sh --sim $p mrpb "${c[@]}" --seed 5 --cycles "$cyc" --print \
      >"$VL/$n-$p.txt" 2>"$VL/$n-$p.err" || { cat "$VL/$n-$p.err"; return 1; }
    cmp "$ref" "$VL/$n-$p.txt" || return 1
    echo "$p+vpi: $(wc -l <"$ref") lines, md5 $(md5sum <"$ref" | cut -c1-12), same as lockstep; $(cat "$VL/$n-$p.err")"
  done
}
check vpi_agree_final vpi_agree final 5000 "" ""
check vpi_agree_harsh vpi_agree harsh 5000 "$vpi_cfg2" "$vpi_knobs2"
check cocotb_agree_final bash -c "for p in icarus verilator; do tb/cocotb/run.sh --sim \$p mrpb --preset final --test test_random_stim --seed 5 --cycles 2000 --print $VL/cocotb-\$p.txt || exit 1; \
  tb/run mrpb --mode lockstep --preset final --seed 5 --cycles 2000 --print 2>/dev/null | cmp - $VL/cocotb-\$p.txt || exit 1; done"

# longer random runs: Icarus at ~16 K cycles/s, Verilator --vpi at ~0.4 M cycles/s
check vpi_icarus_random tb/vpi/run.sh --sim icarus mrpb --preset final --seed 11 --cycles 30000
check vpi_verilator_random tb/vpi/run.sh --sim verilator mrpb --preset final --seed 11 --cycles 2000000
check vpi_verilator_random_harsh tb/vpi/run.sh --sim verilator mrpb --config "$vpi_cfg2" --seed 12 --cycles 1000000 --knobs "$vpi_knobs2"
# every directed vector under Icarus + VPI (the Verilator --vpi ones of the final configuration)
check vpi_icarus_vectors bash -c "ls vectors/mrpb/*.vec | xargs -P 2 -I{} tb/vpi/run.sh --sim icarus mrpb --vec {}"
check vpi_verilator_vectors bash -c "for v in vectors/mrpb/bypass_assoc.vec vectors/mrpb/reset_mid_traffic.vec; do tb/vpi/run.sh --sim verilator mrpb --vec \$v || exit 1; done"
# cocotb: directed (every vector, Icarus; the final configuration's, Verilator) and random
check cocotb_icarus bash -c "tb/cocotb/run.sh --sim icarus mrpb --preset final --test test_random_stim,test_random_py --seed 21 --cycles 5000 --pycycles 2000 && \
  for v in vectors/mrpb/*.vec; do echo \$v; done | xargs -P 2 -I{} tb/cocotb/run.sh --sim icarus mrpb --vec {}"
check cocotb_verilator bash -c "tb/cocotb/run.sh --sim verilator mrpb --preset final --test test_random_stim,test_random_py --seed 21 --cycles 5000 --pycycles 2000 && \
  tb/cocotb/run.sh --sim verilator mrpb --vec vectors/mrpb/bypass_assoc.vec --vec vectors/mrpb/reset_mid_traffic.vec"

# the planted bugs of tb/plant_bugs.sh, on every path, at the lockstep engine's cycle
tb/vpi/planted.sh >"$L/vpi_planted.log" 2>&1
vrc=$?
sed 's/^/    /' "$L/vpi_planted.log"
if [ $vrc = 0 ]; then pass=$((pass + 1)); echo "PASS vpi_planted_bugs"; else fail=$((fail + 1)); echo "FAIL vpi_planted_bugs (log: $L/vpi_planted.log, build/vpi/planted/)"; fi

# bad input: one line, exit 2
expect_fail vpi_bad_sim 2 "must be icarus, verilator or both" tb/vpi/run.sh --sim modelsim mrpb
expect_fail vpi_bad_block 2 "unknown block 'nope'" tb/vpi/run.sh --sim icarus nope
expect_fail vpi_bad_config 2 "Latency=2 out of range" tb/vpi/run.sh --sim icarus mrpb --config Latency=2
printf 'in req_valid_i bogus_i\n1 1\n' >"$VL/bad_port.vec"
expect_fail vpi_bad_vec 2 "not an input port" tb/vpi/run.sh --sim icarus mrpb --vec "$VL/bad_port.vec"
expect_fail vpi_bad_knob 2 "unknown knob" tb/vpi/run.sh --sim verilator mrpb --knobs speed=3
expect_fail cocotb_bad_sim 2 "must be icarus, verilator or both" tb/cocotb/run.sh --sim xsim mrpb
expect_fail cocotb_bad_test 2 "must be test_vectors" tb/cocotb/run.sh --sim icarus mrpb --test test_nope

echo "    cycles checked with 0 mismatches:"
echo "      icarus+vpi    $(cat "$VL"/*-icarus.err "$L"/vpi_icarus_random.log "$L"/vpi_icarus_vectors.log 2>/dev/null | vpi_cycles -)"
echo "      verilator+vpi $(cat "$VL"/*-verilator.err "$L"/vpi_verilator_random.log "$L"/vpi_verilator_random_harsh.log "$L"/vpi_verilator_vectors.log 2>/dev/null | vpi_cycles -)"
echo "      cocotb icarus    $(cat "$L"/cocotb_icarus.log 2>/dev/null | grep '^cocotb icarus' | vpi_cycles -) (+ 2000 in cocotb_agree_final)"
echo "      cocotb verilator $(cat "$L"/cocotb_verilator.log 2>/dev/null | grep '^cocotb verilator' | vpi_cycles -) (+ 2000 in cocotb_agree_final)"
echo "    VPI and cocotb checks took $(( $(date +%s) - vpi_t0 )) s"
unset vrc vpi_t0
