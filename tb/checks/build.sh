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
  ckf runner_self_test -t runner -N "" -s "^runner: " -- runner_self_test
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
# the runner can fail: its own table (tb/checks/runner_test.tsv) of checks of every kind
# that pass and that fail, a need that fails, a timeout; then --failed runs exactly the
# failures again, and --list names every line check
runner_self_test() {
  local R=(tb/bin/check --table tb/checks/runner_test.tsv --logs "$L/runner") out
  out=$("${R[@]}" --tag quick) && { echo "the runner passed a table with failures"; return 1; }
  echo "$out"
  grep -qx '9 passed, 6 failed' <<<"$out" &&
    grep -q '^FAIL no_needs_failed: not run: no_plain failed' <<<"$out" &&
    grep -q "^PASS ok_fail_kind (exit 3: boom at 42" <<<"$out" &&
    grep -q '^FAIL no_bad_kind_two_lines: exit 2 (wanted 2), 2 stderr lines' <<<"$out" &&
    grep -q '^FAIL grp2_c: its line says FAIL' <<<"$out" &&
    grep -q '^    note: shown' <<<"$out" &&
    [ "$(head -n1 "$L/runner/no_plain.log")" = "# no_plain: echo failing; exit 1" ] || { echo "WRONG: a line above is missing"; return 1; }
  out=$("${R[@]}" --failed --no-needs) ; echo "$out" | tail -n1
  grep -qx '2 passed, 6 failed' <<<"$out" || { echo "WRONG: --failed did not run the 6 failures (and the lines group's passing line) again"; return 1; }
  out=$("${R[@]}" --only no_timeout --timeout 1); grep -q '^FAIL no_timeout: timed out' <<<"$out" || { echo "WRONG: no timeout"; return 1; }
  [ "$("${R[@]}" --list | wc -l)" = 16 ] || { echo "WRONG: --list"; return 1; }
  echo "runner: every kind passes and fails as it should; --failed, --timeout and --list too"
}
