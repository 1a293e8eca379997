# tb/checks/build.sh: the programs built (plain and sanitized), lint, the C unit tests,
# each block's own checks (its manifest's EXTRA_CHECKS) and the C model under ASan + UBSan.
manifest_loads() { manifest "$1" && echo "tb/blocks/$1/manifest.sh loads"; }
asan_random() { # asan_random BLOCK: the manifest's ASAN_RANDOM runs of the C model
  local e k
  manifest "$1" || return 1
  for e in "${ASAN_RANDOM[@]}"; do
    cfg_args "${e%%|*}"
    k=""; [ "$e" != "${e%%|*}" ] && k=${e#*|}
    echo "+ build/asan/blkrun-c $1 --mode c ${CFG[*]} --seed $ASAN_SEED --cycles $ASAN_CYCLES --knobs '$k'"
    "$B/asan/blkrun-c" "$1" --mode c "${CFG[@]}" --seed "$ASAN_SEED" --cycles "$ASAN_CYCLES" --knobs "$k" || return 1
  done
}
extra_check() { # extra_check BLOCK NAME: the manifest's EXTRA_CHECKS entry NAME
  local e
  manifest "$1" || return 1
  for e in "${EXTRA_CHECKS[@]}"; do
    [ "${e%%|*}" = "$2" ] || continue
    echo "+ ${e#*|}"
    bash -c "${e#*|}"
    return
  done
  echo "no EXTRA_CHECKS entry '$2' in tb/blocks/$1/manifest.sh"; return 1
}
declare_build() {
  local b e v n
  ck build_c -N "" -j 2 -- make -s -j2 tools
  ck lint -t static -- tb/lint/lint.sh
  ck unit_c -t unit -- build/bin/test_units
  for b in $(blocks); do ckf "${b}_manifest" -t "$b" -N "" -- manifest_loads "$b"; done
  for b in $(test_blocks); do
    manifest "$b"
    for e in "${EXTRA_CHECKS[@]}"; do ckf "${b}_${e%%|*}" -t "$b,extra" -- extra_check "$b" "${e%%|*}"; done
  done
  ck build_sanitized -t asan -j 2 -- make -s -j2 sanitize
  CK_NEEDS=build_sanitized
  ck unit_asan -t asan,unit -- build/asan/test_units
  for b in $(test_blocks); do
    manifest "$b"
    [ ${#ASAN_RANDOM[@]} -gt 0 ] && ckf "${b}_asan_random" -t "$b,asan" -- asan_random "$b"
    for v in "${VECTORS[@]}"; do
      n=${v##*/}
      ck "${b}_asan_vec_${n%.vec}" -t "$b,asan" -- build/asan/blkrun-c "$b" --mode c --vec "$v"
    done
  done
}
