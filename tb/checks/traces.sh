# tb/checks/traces.sh: Accel-Sim SASS traces as workloads (cmodel/gpu/gk_trace.h,
# docs/traces.md): every built-in kernel family exported and read back runs exactly as
# built in (same JSON, the workload's name apart), plain and gzip-compressed, under the
# seeds' machines with their blocks on; a hand-written trace with every address form and
# every opcode class decodes instruction by instruction as written down by hand; the
# scoreboard's timing; malformed traces are one line naming file:line and exit 2.
G=${GPUSIM:-build/bin/gpusim}

# the exported trace of W gzip-compressed (kernelslist.g too) runs the same as built in
roundtrip_gz() {
  local d="$L/traces-gz"
  rm -rf "$d" && mkdir -p "$d" || return 1
  $G --workload hotspot --scale 0.05 --export-trace "$d/trace" --quiet || return 1
  gzip -n "$d/trace"/*.traceg "$d/trace/kernelslist.g" || return 1
  ls "$d/trace"
  $G --workload hotspot --scale 0.05 --quiet --json "$d/a.json" 2>/dev/null &&
    $G --trace-dir "$d/trace" --quiet --json "$d/b.json" 2>/dev/null || return 1
  python3 - "$d/a.json" "$d/b.json" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
a.pop("workload"); b.pop("workload")
assert a == b, "the gzip trace's run differs from the built-in run"
print("gzip trace of hotspot x0.05: identical (%d cycles)" % a["counters"]["cycles"])
PY
}

# the decoded streams of an exported application equal kstream's built-in streams
streams_same() {
  local d="$L/traces-streams"
  rm -rf "$d" && mkdir -p "$d" || return 1
  $G --workload bfs --scale 0.01 --export-trace "$d/trace" --quiet || return 1
  build/bin/kstream --workload bfs --scale 0.01 >"$d/builtin.txt" &&
    build/bin/kstream --workload "trace:$d/trace" >"$d/trace.txt" || return 1
  cmp "$d/builtin.txt" "$d/trace.txt" || { echo "bfs: the trace's streams differ from the built-in ones"; return 1; }
  echo "bfs x0.01: $(grep -c '^W ' "$d/builtin.txt") warp streams, $(grep -vc '^[LW] ' "$d/builtin.txt") instructions, identical"
}

# the hand-written trace decodes as written down, and runs to the end with the counts
# its instructions give
hand_decode() {
  build/bin/tracedump tb/traces/hand >"$L/traces-hand.txt" || return 1
  diff "$L/traces-hand.txt" tb/traces/hand.expected || { echo "tb/traces/hand decodes differently from hand.expected"; return 1; }
  echo "hand: $(wc -l <"$L/traces-hand.txt") instructions decode as expected"
}
hand_run() {
  local bin=${1:-$G}
  "$bin" --trace-dir tb/traces/hand --quiet --json "$L/traces-hand-$(basename "$bin").json" 2>/dev/null || return 1
  python3 - "$L/traces-hand-$(basename "$bin").json" <<'PY'
import json, sys
c = json.load(open(sys.argv[1]))["counters"]
# 29 + 6 + 1 + 0 instructions in kernel 1, 3 in kernel 2; global loads and atomics:
# pc 80 90 b0 c0 110 1b0 1020 and kernel 2's 8; stores: pc a0 120
want = {"warp_instructions": 39, "launches_completed": 2, "load_instructions": 8, "store_instructions": 2}
got = {k: c[k] for k in want}
assert got == want, "hand trace: %s, expected %s" % (got, want)
print("hand trace runs: %s, %d cycles" % (got, c["cycles"]))
PY
}

# the comparison catches a fault: the exported bfs with its @src tokens removed (a
# consumer then waits for its first four loads only) must not run the same
roundtrip_catches() {
  local out rc
  out=$(ROUNDTRIP_SED='s/ @src=[^ ]*//' tb/traces/roundtrip.sh "$G" "$L/rt-broken" bfs --scale 0.01 2>&1)
  rc=$?
  echo "$out"
  [ $rc -eq 1 ] && grep -q "values differ" <<<"$out" && echo "the planted fault (no @src) is caught"
}

# event skipping stays exact under the scoreboard (a trace's warp waits on registers, not
# on all its loads): the hand trace, plain and with MRPB under GTO
skip_traces() {
  skip_same trace-hand --trace-dir tb/traces/hand &&
    skip_same trace-hand-mrpb --trace-dir tb/traces/hand --mrpb on --set core.sched=gto
}

# names from the user (the directory, a traced kernel's name) are escaped in the JSON
json_names() {
  local d="$L/traces \"q\\"
  rm -rf "$d" && mkdir -p "$d" && cp tb/traces/tiny/* "$d/" || return 1
  sed -i 's/^-kernel name = tiny/-kernel name = ti"ny\\x/' "$d/kernel-1.traceg"
  $G --trace-dir "$d" --quiet --json "$L/traces-names.json" 2>/dev/null || return 1
  python3 - "$L/traces-names.json" "$d" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["workload"]["name"] == "trace:" + sys.argv[2], d["workload"]["name"]
names = [k["kernel"] for k in d["breakdown"]["kernels"]]
assert names == ['ti"ny\\x'], names
print("names escaped: %s, kernels %s" % (d["workload"]["name"], names))
PY
}

declare_traces() {
  local w
  ck traces_hand_decode -s '^hand' -- tb/checks/fn traces hand_decode
  ckf traces_hand_run -s 'runs' -- hand_run
  ckf traces_hand_asan -t asan -n build_sanitized -s 'runs' -- hand_run build/asan/gpusim
  ck traces_scoreboard -s '^scoreboard' -- python3 tb/traces/scoreboard.py "$G"
  ckf traces_streams -s 'identical' -- streams_same
  ckf traces_gzip -s 'identical' -- roundtrip_gz
  ckf traces_roundtrip_catches -s 'caught' -- roundtrip_catches
  ckf traces_json_names -s 'escaped' -- json_names
  ckf traces_skip_exact -s 'same' -- skip_traces
  # exported and read back: the same JSON on PolyBench kernels (one with a branch
  # inside), applications with divergence, shared memory, barriers and atomics, each on
  # a seed's machine with its blocks on
  ck traces_roundtrip_atax -s '^roundtrip' -- tb/traces/roundtrip.sh "$G" "$L/rt-atax" atax --scale 0.05 --mrpb on
  ck traces_roundtrip_fdtd -s '^roundtrip' -- tb/traces/roundtrip.sh "$G" "$L/rt-fdtd" fdtd --scale 0.05 --config base-l --mrpb on
  ck traces_roundtrip_bfs -s '^roundtrip' -- tb/traces/roundtrip.sh "$G" "$L/rt-bfs" bfs --scale 0.01 --config apres --laws on --sap on
  ck traces_roundtrip_hotspot -s '^roundtrip' -- tb/traces/roundtrip.sh "$G" "$L/rt-hotspot" hotspot --scale 0.05 --config dl1d --dl1d on
  ck traces_roundtrip_reduction -s '^roundtrip' -- tb/traces/roundtrip.sh "$G" "$L/rt-reduction" reduction --scale 0.05 --config choo --rft on --selcache on --memsched on
  ck traces_roundtrip_histo -s '^roundtrip' -- tb/traces/roundtrip.sh "$G" "$L/rt-histo" histo --scale 0.01 --config clams --clams_mc on --clams_pick on --clams_rank on
  ck traces_roundtrip_lud -s '^roundtrip' -- tb/traces/roundtrip.sh "$G" "$L/rt-lud" lud --scale 0.05 --config choo --mrpb on
  ck traces_roundtrip_kmeans -s '^roundtrip' -- tb/traces/roundtrip.sh "$G" "$L/rt-kmeans" kmeans --scale 0.002 --config apres --laws on --sap on
  CK_TAGS=traces,bad-input
  for w in truncated truncated_gz count_more count_less bad_hex_pc bad_hex_addr bad_delta unknown_opcode bad_form \
    extra_token missing_block out_of_order warps no_binver unknown_binver raw_only no_kernel_file mask_lanes bad_memcpy bad_reg \
    nul_byte block_overflow lineinfo long_field src_empty src_comma; do
    bad "traces_bad_$w" "$(bad_pattern "$w" | sed 's/[][().*?+^$|\\{}]/\\&/g')" -- tb/traces/bad.sh "$w"
  done
  for w in truncated count_more truncated_gz; do
    bad "traces_bad_asan_$w" "$(bad_pattern "$w" | sed 's/[][().*?+^$|\\{}]/\\&/g')" -t asan -n build_sanitized -- env GPUSIM=build/asan/gpusim tb/traces/bad.sh "$w"
  done
  bad traces_bad_reexport "is a trace already" -- "$G" --trace-dir tb/traces/tiny --export-trace "$L/traces-reexport"
  bad traces_bad_scale "a trace has no scale" -- "$G" --trace-dir tb/traces/tiny --scale 2
  bad traces_bad_both "--trace-dir and --workload both" -- "$G" --trace-dir tb/traces/tiny --workload atax
  bad traces_bad_export_dir "--export-trace /proc/gpusim-no: cannot create" -- "$G" --workload atax --export-trace /proc/gpusim-no
  bad traces_bad_lat "trace.lat_sp" -- "$G" --trace-dir tb/traces/tiny --set trace.lat_sp=0
  bad traces_bad_tracedump "tracedump: .*kernel-1.traceg:18: unknown opcode 'FROB'" -- bash -c 'd=$(mktemp -d) && cp tb/traces/tiny/* "$d" && sed -i "s/ FADD / FROB /" "$d/kernel-1.traceg" && build/bin/tracedump "$d" >/dev/null; rc=$?; rm -rf "$d"; exit $rc'
}

# what each malformed trace's one line must say (file:line and the fault)
bad_pattern() {
  case $1 in
    truncated) echo 'kernel-1.traceg:17: the trace ends inside thread block (0,0,0) (no #END_TB: truncated?)' ;;
    truncated_gz) echo 'kernel-1.traceg.gz:6: cannot read: ' ;;
    count_more) echo "kernel-1.traceg:21: warp 0 of thread block (0,0,0) has 3 instruction lines, but its 'insts =' says 4" ;;
    count_less) echo "kernel-1.traceg:19: warp 0 of thread block (0,0,0) has more instruction lines than its 'insts = 2'" ;;
    bad_hex_pc) echo "kernel-1.traceg:18: bad hex PC '00g0'" ;;
    bad_hex_addr) echo "kernel-1.traceg:17: bad hex base address '0x1000zz00'" ;;
    bad_delta) echo "kernel-1.traceg:17: bad address delta 'x'" ;;
    unknown_opcode) echo "kernel-1.traceg:18: unknown opcode 'FROB' for binary version 70" ;;
    bad_form) echo "kernel-1.traceg:17: bad address form '3'" ;;
    extra_token) echo "kernel-1.traceg:19: unexpected 'junk' after the instruction's fields" ;;
    missing_block) echo 'kernel-1.traceg:21: the trace ends before thread block (1,0,0)' ;;
    out_of_order) echo 'kernel-1.traceg:13: thread block (1,0,0) where block (0,0,0) was expected' ;;
    warps) echo 'kernel-1.traceg:21: thread block (0,0,0) has 1 warps; a block of 64 threads has 2' ;;
    no_binver) echo "kernel-1.traceg:8: the header has no '-binary version'" ;;
    unknown_binver) echo 'kernel-1.traceg:6: binary version 52 has no opcode table' ;;
    raw_only) echo "no kernelslist.g, only the tracer's raw kernelslist" ;;
    no_kernel_file) echo 'kernel-1.traceg: cannot open' ;;
    mask_lanes) echo "kernel-1.traceg:17: active mask 0xffffffff has lanes beyond the block's 16 threads" ;;
    bad_memcpy) echo 'kernelslist.g:1: bad memcpy line' ;;
    bad_reg) echo "kernel-1.traceg:18: bad source register 'R256'" ;;
    nul_byte) echo 'kernel-1.traceg:19: a NUL byte in the line' ;;
    block_overflow) echo "kernel-1.traceg:3: bad block dim (expected '-block dim = (x,y,z)', each 1..1024)" ;;
    lineinfo) echo 'kernel-1.traceg:8: a trace with lineinfo (source line numbers in each instruction) is not read' ;;
    long_field) echo 'kernel-1.traceg:18: a field of 604 characters (at most 511)' ;;
    src_empty) echo 'kernel-1.traceg:18: an empty @src=' ;;
    src_comma) echo 'kernel-1.traceg:18: @src= ends with a comma' ;;
  esac
}
