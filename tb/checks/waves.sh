# tb/checks/waves.sh: the waveforms a person reads. A planted RTL bug's mismatch waveform
# (the reference block's PLANTED_WAVES bug) must name the failing signal and open on the
# failing cycle, with translate filters for every enumerated value of the port list; a
# vector run's waveform shows the expected values; one radix per signal in every row of
# a port; GTKWave (under Xvfb) loads them.
WV=build/test/waves
mismatch_run() { # the mismatch: exit 1 and a report
  manifest $REF_BLOCK || exit 3
  planted_find "$PLANTED_WAVES" || exit 3
  rm -rf "$WV/rtl" "$WV/mm" && mkdir -p "$WV" && planted_make "$P_ENTRY" "$WV/rtl" || exit 3
  # shellcheck disable=SC2086
  exec tb/bin/run $REF_BLOCK --rtl-dir "$WV/rtl" --mode lockstep $REF_WAVES_STIM --out "$WV/mm"
}
vector_waves() { # a vector run: expected values under the outputs, the vector line, every filter complete
  local n
  manifest $REF_BLOCK || return 1
  n=$B/waves/$REF_BLOCK-$(basename "$REF_WAVES_VEC" .vec)
  rm -rf "$n".* "$n"-filters && make -s waves BLOCK=$REF_BLOCK VEC="$REF_WAVES_VEC" &&
    python3 tb/lint/check_gtkw.py "$n.gtkw" && grep -q "^#{expected: $REF_WAVES_EXPECT}" "$n.gtkw" && grep -q 'vec_line_i' "$n.gtkw"
}
waves_mismatch_files() { # the report's waveform: filters, marker, zoom, the named signal
  local log=$L/waves_mismatch_run.log g
  g=$(sed -n 's/^  view: *gtkwave //p' "$log")
  [ -n "$g" ] && [ -f "$g" ] || { echo "no view: line or no $g"; return 1; }
  python3 tb/lint/check_gtkw.py "$g" || return 1
  python3 tb/checks/waves_mismatch.py "$log" "$g"
}
waves_radix() {
  local b v
  for v in clams_mc/table2_dyn memsched/depth1; do
    b=$WV/${v%%/*}-${v#*/}
    rm -rf "$b".* "$b"-filters
    tb/bin/run "${v%%/*}" --mode lockstep --vec "vectors/$v.vec" --fst "$b.fst" || return 1
    python3 tb/lint/check_gtkw.py "$b.gtkw" || return 1
  done
  python3 tb/checks/waves_radix.py "$WV/clams_mc-table2_dyn.gtkw" "$WV/memsched-depth1.gtkw" "$B/waves/$REF_BLOCK-$(manifest $REF_BLOCK && basename "$REF_WAVES_VEC" .vec).gtkw"
}
waves_gtkwave() {
  local g v out
  if ! command -v xvfb-run >/dev/null || ! command -v gtkwave >/dev/null; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
      DEBIAN_FRONTEND=noninteractive apt-get install -y -q xvfb gtkwave >/dev/null 2>&1 || true
    fi
  fi
  if ! command -v xvfb-run >/dev/null || ! command -v gtkwave >/dev/null; then
    echo "SKIPPED: xvfb-run or gtkwave missing and could not be installed (needs root and apt-get)"
    return 0
  fi
  g=$(sed -n 's/^  view: *gtkwave //p' "$L/waves_mismatch_run.log")
  v=$(sed -n 's/^  cycle: *\([0-9]*\).*/\1/p' "$L/waves_mismatch_run.log")
  printf '%s\n' 'puts "SHOWN [llength [gtkwave::getDisplayedSignals]]"' \
    'puts "MARKER [gtkwave::getMarker]"' \
    'puts "VIEW [gtkwave::getWindowStartTime] [gtkwave::getWindowEndTime]"' 'gtkwave::/File/Quit' >"$WV/q.tcl"
  for f in "$g" "$B/waves/$REF_BLOCK-$(manifest $REF_BLOCK && basename "$REF_WAVES_VEC" .vec).gtkw" "$WV/clams_mc-table2_dyn.gtkw"; do
    [ -f "$f" ] || { echo "$f: missing (written by the checks above)"; return 1; }
    out=$(timeout 120 xvfb-run -a -s "-screen 0 1600x1000x24" gtkwave -S "$WV/q.tcl" "$f" 2>&1) || { echo "$out"; return 1; }
    echo "$out" | grep -E "SHOWN|MARKER|VIEW" | sed "s|^|$(basename "$f"): |"
    echo "$out" | grep -qiE "error|could not|not found" && { echo "$out"; return 1; }
    [ "$(echo "$out" | sed -n 's/^SHOWN //p')" -gt 20 ] || { echo "GTKWave shows too few traces"; return 1; }
  done
  # the mismatch file: marker on the failing cycle, which is in view
  out=$(timeout 120 xvfb-run -a -s "-screen 0 1600x1000x24" gtkwave -S "$WV/q.tcl" "$g" 2>&1)
  echo "$out" | awk -v m=$((v * 1000)) '
    /^MARKER/ { mk = $2 } /^VIEW/ { a = $2; b = $3 }
    END { if (mk != m || a > m || b < m) { print "marker " mk " view " a ".." b ", want " m " in view"; exit 1 } }'
}
declare_waves() {
  CK_TAGS=waves CK_NEEDS=build_rtl_shared
  ck waves_mismatch_run -t planted -x "fail:1:LOCKSTEP MISMATCH" -- tb/checks/fn waves mismatch_run
  ckf waves_mismatch_files -n waves_mismatch_run -- waves_mismatch_files
  ckf waves_vector -- vector_waves
  # one radix per signal: every row of a port (RTL, C model, expected) shows a value with the
  # same text, and packed vectors of equal fields are one row per field (clams_mc: thsm_o in
  # decimal, pcr_o as 8 x 7 bits, mode_o as 4 banks of 2-bit modes with their names;
  # memsched: an 8-bit hex cand_line_o with its expected values; the reference block's vector)
  ckf waves_radix -n waves_vector -- waves_radix
  ckf waves_gtkwave -n waves_mismatch_run,waves_vector,waves_radix -s SKIPPED -- waves_gtkwave
}
