# tb/checks/vpi.sh: the C VPI checker under Icarus and under Verilator --vpi, and the
# cocotb tests under both, each checking RTL against the C model; their per-cycle dumps
# must equal the lockstep engine's for the same seeds, and every planted bug must be
# reported on every path (tb/vpi/planted.sh). What runs for a block: the VPI_* and
# COCOTB_* variables of its manifest.
VL=build/test/vpi
vpi_builds() { # every configuration the runs below use, two at a time
  local b e s p
  mkdir -p "$VL"
  for b in $(test_blocks); do
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
  echo "$(wc -l <"$VL/builds.txt") VPI and cocotb builds"
  xargs -d '\n' -P 2 -I{} bash -c '{} >/dev/null' <"$VL/builds.txt"
}
vpi_agree() { # vpi_agree BLOCK NAME: VPI_AGREE entry NAME's dump (tb/bin/run --print) on each path equals lockstep's
  local b=$1 n=$1-$2 ref=$VL/$1-$2-lockstep.txt p c e s k cyc
  manifest "$b" || return 1
  for e in "${VPI_AGREE[@]}"; do [ "${e%%|*}" = "$2" ] && break; done
  IFS='|' read -r _ s k cyc <<<"$e"
  cfg_args "$s"; c=("${CFG[@]}")
  [ -n "$k" ] && c+=(--knobs "$k")
  mkdir -p "$VL"
  tb/bin/run "$b" --mode lockstep "${c[@]}" --seed "$VPI_AGREE_SEED" --cycles "$cyc" --print >"$ref" 2>/dev/null || return 1
  for p in icarus verilator; do
    tb/vpi/run.sh --sim $p "$b" "${c[@]}" --seed "$VPI_AGREE_SEED" --cycles "$cyc" --print \
      >"$VL/$n-$p.txt" 2>"$VL/$n-$p.err" || { cat "$VL/$n-$p.err"; return 1; }
    cmp "$ref" "$VL/$n-$p.txt" || return 1
    echo "$p+vpi: $(wc -l <"$ref") lines, md5 $(md5sum <"$ref" | cut -c1-12), same as lockstep; $(cat "$VL/$n-$p.err")"
  done
}
cocotb_agree() { # cocotb_agree BLOCK I: COCOTB_AGREE entry I: test_random_stim's dump equals lockstep's
  local b=$1 p e
  manifest "$b" || return 1
  e=${COCOTB_AGREE[$(($2 - 1))]}
  cfg_args "${e%%|*}"
  mkdir -p "$VL"
  for p in icarus verilator; do
    tb/cocotb/run.sh --sim $p "$b" "${CFG[@]}" --test test_random_stim --seed "$COCOTB_AGREE_SEED" --cycles "${e#*|}" --print "$VL/$b-cocotb-$p.txt" || return 1
    tb/bin/run "$b" --mode lockstep "${CFG[@]}" --seed "$COCOTB_AGREE_SEED" --cycles "${e#*|}" --print 2>/dev/null | cmp - "$VL/$b-cocotb-$p.txt" || return 1
  done
}
vpi_random() { # vpi_random BLOCK I: VPI_RANDOM entry I
  local p s k seed cyc kn=()
  manifest "$1" || return 1
  IFS='|' read -r p s k seed cyc <<<"${VPI_RANDOM[$(($2 - 1))]}"
  cfg_args "$s"
  [ -n "$k" ] && kn=(--knobs "$k")
  echo "+ tb/vpi/run.sh --sim $p $1 ${CFG[*]} --seed $seed --cycles $cyc ${kn[*]}"
  tb/vpi/run.sh --sim "$p" "$1" "${CFG[@]}" --seed "$seed" --cycles "$cyc" "${kn[@]}"
}
vpi_vectors() { # vpi_vectors SIM BLOCK: the manifest's vector files for that simulator through the VPI checker
  local s=$1 b=$2 v vs
  manifest "$b" || return 1
  if [ "$s" = icarus ]; then
    printf '%s\n' "${VPI_VECTORS_ICARUS[@]}" | xargs -d '\n' -P 2 -I{} tb/vpi/run.sh --sim icarus "$b" --vec {}
  else
    for v in "${VPI_VECTORS_VERILATOR[@]}"; do tb/vpi/run.sh --sim "$s" "$b" --vec "$v" || return 1; done
  fi
}
cocotb_sim() { # cocotb_sim SIM BLOCK: COCOTB_RANDOM, then the simulator's vector files
  local s=$1 b=$2 e sp seed cyc pyc v
  manifest "$b" || return 1
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
bad_knob() { # bad_knob BLOCK: the checker refuses an unknown knob, after the model is built
  local e s
  manifest "$1" || exit 3
  e=${VPI_AGREE[0]:-main|$MAIN_CONFIG||}
  IFS='|' read -r _ s _ _ <<<"$e"; cfg_args "$s"
  exec tb/vpi/run.sh --sim verilator "$1" "${CFG[@]}" --knobs speed=3
}
declare_vpi() {
  local b e i n po first planted=""
  CK_TAGS=vpi
  ck vpi_build_shared -- bash -c "mk/deps.sh && make -s -f tb/cocotb/cocotb.mk lib"
  ckf vpi_build_configs -j 2 -n vpi_build_shared -- vpi_builds
  for b in $(test_blocks); do
    manifest "$b"
    CK_TAGS=$b,vpi CK_NEEDS=vpi_build_configs,${b}_build_rtl
    for e in "${VPI_AGREE[@]}"; do ckf "${b}_vpi_agree_${e%%|*}" -- vpi_agree "$b" "${e%%|*}"; done
    for i in $(seq 1 ${#COCOTB_AGREE[@]}); do ckf "${b}_cocotb_agree_$i" -t cocotb -- cocotb_agree "$b" "$i"; done
    for i in $(seq 1 ${#VPI_RANDOM[@]}); do ckf "${b}_vpi_${VPI_RANDOM[$((i - 1))]%%|*}_random_$i" -- vpi_random "$b" "$i"; done
    [ ${#VPI_VECTORS_ICARUS[@]} -gt 0 ] && ckf "${b}_vpi_icarus_vectors" -j 2 -- vpi_vectors icarus "$b"
    [ ${#VPI_VECTORS_VERILATOR[@]} -gt 0 ] && ckf "${b}_vpi_verilator_vectors" -- vpi_vectors verilator "$b"
    ckf "${b}_cocotb_icarus" -t cocotb -j 2 -- cocotb_sim icarus "$b"
    ckf "${b}_cocotb_verilator" -t cocotb -- cocotb_sim verilator "$b"
    # bad input: one line, exit 2 (derived from the block's port list and parameter table)
    CK_TAGS=$b,vpi,bad-input
    po=$(param_over "$b")
    [ -n "$po" ] && bad "${b}_vpi_bad_config" "$po out of range" -- tb/vpi/run.sh --sim icarus "$b" --config "$po"
    bad "${b}_vpi_bad_vec" "not an input port" -n "${b}_bad_vecs" -- tb/vpi/run.sh --sim icarus "$b" --vec "$L/$b-bad_port.vec"
    bad "${b}_vpi_bad_knob" "unknown knob" -- tb/checks/fn vpi bad_knob "$b"
    for e in $VPI_PLANTED; do planted="$planted,${b}_planted_$e"; done
  done
  # the planted bugs of the manifests, on every path, at the lockstep engine's cycle (after
  # their lockstep checks, which make the same mutant copies)
  CK_TAGS=vpi,planted
  ck vpi_planted_bugs -j 2 -n "vpi_build_configs${planted}" -s '^(CAUGHT|MISSED|WRONG|---)' -- tb/vpi/planted.sh
  ck vpi_planted_bugs_full -F -j 2 -n "vpi_build_configs${planted}" -s '^(CAUGHT|MISSED|WRONG|---)' -- env TEST_FULL=1 tb/vpi/planted.sh
  first=$(test_blocks | head -n1)
  CK_TAGS=vpi,bad-input CK_NEEDS=build_c
  if [ -n "$first" ]; then
    bad vpi_bad_sim "must be icarus, verilator or both" -- tb/vpi/run.sh --sim modelsim "$first"
    bad vpi_bad_block "unknown block 'nope'" -- tb/vpi/run.sh --sim icarus nope
    bad cocotb_bad_sim "must be icarus, verilator or both" -- tb/cocotb/run.sh --sim xsim "$first"
    bad cocotb_bad_test "must be test_vectors" -- tb/cocotb/run.sh --sim icarus "$first" --test test_nope
  fi
}
