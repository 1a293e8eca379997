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
  python3 - "$log" "$g" <<'EOF'
import re, subprocess, sys
log, gtkw = open(sys.argv[1]).read(), sys.argv[2]
text = open(gtkw).read()
rep = int(re.search(r"^  cycle: *(\d+)", log, re.M).group(1))
sig = re.search(r"^  signal: *(\S+)", log, re.M).group(1)
fst = re.search(r'^\[dumpfile\] "(.*)"', text, re.M).group(1)
bad = []
# every enumerated value of every filter's port description has its line
filters = set(re.findall(r"^\^\d+ (.+)$", text, re.M))
enum_files = [f for f in filters if "/enum_" in f]
if not enum_files:
    bad.append("no enum filter files")
for f in enum_files:
    lines = open(f).read().splitlines()
    desc = lines[0].split(": ", 1)[1] if lines and lines[0].startswith("# ") else ""
    desc = desc.rsplit(": ", 1)[-1]
    keys = {l.split(None, 1)[0]: l.split(None, 1)[1] for l in lines[1:] if l.strip()}
    for item in desc.split(", "):
        v, name = item.split(" ", 1)
        if keys.get(v) != f"{v} {name}":
            bad.append(f"{f}: value {v} not mapped to '{v} {name}' ({keys.get(v)})")
# marker and view on the failing cycle (time: 10 units a cycle, GTKWave units 100 each)
unit = 1000
zoom = re.search(r"^\*(\S+) (-?\d+)", text, re.M)
start = int(re.search(r"^\[timestart\] (\d+)", text, re.M).group(1))
if int(zoom.group(2)) != rep * unit:
    bad.append(f"marker at {zoom.group(2)}, want {rep * unit}")
px = 2 ** float(zoom.group(1)) * 200 * 10 * 100  # pixels a cycle
if not (start <= rep * unit and (rep * unit - start) / unit * px <= 1000):
    bad.append(f"view from {start} at {px:.0f} px a cycle does not show cycle {rep} in 1000 px")
if not re.search(r"^\[markername\] Acycle %d: %s differs$" % (rep, re.escape(sig)), text, re.M):
    bad.append("no named marker for the failing cycle")
# the FST: mismatch_i first rises at 10 x cycle, mismatch_port_i there names the signal
vcd = subprocess.run(["fst2vcd", "-f", fst], capture_output=True, text=True, check=True).stdout
ids = {}
for m in re.finditer(r"^\$var \S+ (\d+) (\S+) (mismatch_i|mismatch_port_i) ", vcd, re.M):
    ids.setdefault(m.group(3), m.group(2))
t, rise, val, at = 0, None, {}, {}
for line in vcd.split("$enddefinitions", 1)[1].splitlines():
    if line.startswith("#"):
        t = int(line[1:])
        if t > 10 * rep:
            break
        continue
    if line == "1" + ids["mismatch_i"] and rise is None:
        rise = t
    if line.startswith("b") and line.split()[1] == ids["mismatch_port_i"]:
        val = int(line.split()[0][1:], 2)
if rise != 10 * rep:
    bad.append(f"mismatch_i first rises at {rise}, want {10 * rep}")
mp = [f for f in filters if f.endswith("/mismatch_port.txt")][0]
names = dict(l.strip().split(None, 1) for l in open(mp) if l.strip() and not l.startswith("#"))
if names.get(str(val)) != sig:
    bad.append(f"mismatch_port_i at cycle {rep} is {val} = {names.get(str(val))}, report says {sig}")
# the differing pair is the first group
groups = re.findall(r"^@800200\n-(.*)$", text, re.M)
if not groups or groups[0] != f"differs at cycle {rep}: {sig}":
    bad.append(f"first group is {groups[:1]}, want the differing signal")
for b in bad:
    print("WRONG", b)
print(f"cycle {rep}, signal {sig}: marker, view, filters, mismatch_i and mismatch_port_i agree" if not bad else "")
sys.exit(1 if bad else 0)
EOF
}
waves_radix() {
  local b v
  for v in clams_mc/table2_dyn memsched/depth1; do
    b=$WV/${v%%/*}-${v#*/}
    rm -rf "$b".* "$b"-filters
    tb/bin/run "${v%%/*}" --mode lockstep --vec "vectors/$v.vec" --fst "$b.fst" || return 1
    python3 tb/lint/check_gtkw.py "$b.gtkw" || return 1
  done
  python3 - "$WV/clams_mc-table2_dyn.gtkw" "$WV/memsched-depth1.gtkw" "$B/waves/$REF_BLOCK-$(manifest $REF_BLOCK && basename "$REF_WAVES_VEC" .vec).gtkw" <<'EOF'
import re, sys
FLAG_HEX, FLAG_DEC, FLAG_BIN, FLAG_XLAT = 0x2, 0x4, 0x8, 0x2000

def rows_of(path):
    """(name, flags, filter file, width) of each trace row, name as GTKWave shows it"""
    rows, flags, filt = [], 0, None
    for line in open(path).read().splitlines():
        if not line or line[0] in "[*-":
            continue
        if line[0] == "@":
            flags = int(line[1:], 16)
        elif line[0] == "^":
            filt = line.split(" ", 1)[1]
        else:
            m = re.match(r"^(?:[+#]\{([^}]*)\})?\s*(.*)$", line)
            alias, spec = m.group(1), m.group(2)
            if line[0] == "#":
                width = len(spec.split())
            else:
                r = re.search(r"\[(\d+):0\]$", spec)
                width = int(r.group(1)) + 1 if r else 1
            name = alias if alias is not None else re.sub(r"\[\d+:0\]$", "", spec.split(".")[-1])
            rows.append((name, flags, filt if flags & FLAG_XLAT else None, width))
    return rows

texts_of = {}  # filter file: {value: the number its text shows}

def shown(v, w, flags, filt, expected):
    """the text GTKWave shows for value v of a w-bit row (an expected row: checked)"""
    if filt:
        if filt not in texts_of:
            t = [l.split() for l in open(filt) if l.strip() and not l.startswith("#")]
            texts_of[filt] = {x[0]: x[1] if len(x) > 1 else "?" for x in t}
        return texts_of[filt].get(str(v | (1 << w) if expected else v))
    if flags & FLAG_HEX:
        return "%0*X" % ((w + 3) // 4, v)
    if flags & FLAG_BIN:
        return format(v, "0%db" % w)
    return str(v)

bad = []
for path in sys.argv[1:]:
    rows = rows_of(path)
    sig = {}
    for name, flags, filt, width in rows:
        kind = "C" if name.startswith("C: ") else "expected" if name.startswith("expected: ") else "RTL"
        base = re.sub(r"^(C|expected): ", "", name).replace(" (where checked)", "")
        if kind == "expected" and filt:
            width -= 1  # {checked, value}: the value's width
        sig.setdefault(base, {})[kind] = (flags, filt, width)
    n = 0
    for base, k in sig.items():
        if "RTL" not in k or len(k) == 1:
            continue
        n += 1
        w = k["RTL"][2]
        for kind, (flags, filt, width) in k.items():
            if width != w:
                bad.append(f"{path}: {base}: {kind} row {width} bits, RTL row {w}")
        differ = {}
        for v in range(min(1 << w, 4096)):
            texts = {kind: shown(v, k[kind][2], k[kind][0], k[kind][1], kind == "expected") for kind in k}
            if len(set(texts.values())) > 1:
                differ[v] = texts
        if differ:  # a value of two digits or more shows the radix best
            v = min(differ, key=lambda x: (x < 10, x))
            bad.append(f"{path}: {base} = {v} shows as " + ", ".join(f"{t} ({kind})" for kind, t in differ[v].items()))
    print(f"{path}: {n} signals with C or expected rows compared value by value")
    if "memsched" in path and {f for f, _, _ in sig.get("cand_line_o", {}).values()} != {0x22, 0x2024}:
        bad.append(f"memsched cand_line_o: rows {sig.get('cand_line_o')}, want hex (@22) and a translated expected row")
    if "clams_mc" in path:
        thsm = sig.get("thsm_o", {})
        if sorted(thsm) != ["C", "RTL", "expected"]:
            bad.append(f"thsm_o rows: {sorted(thsm)}, want RTL, C and expected")
        elif {f & (FLAG_HEX | FLAG_DEC | FLAG_BIN) for f, _, _ in thsm.values()} != {FLAG_DEC}:
            bad.append("thsm_o rows' radix flags: " + ", ".join(f"{kind} @{f:x}" for kind, (f, _, _) in thsm.items()) + ", want decimal in all")
        pcr = [b for b in sig if re.match(r"^pcr_o\[\d+:\d+\]$", b)]
        if len(pcr) != 8 or any(sig[b]["RTL"][2] != 7 or "C" not in sig[b] for b in pcr):
            bad.append(f"pcr_o: {len(pcr)} field rows ({', '.join(pcr) or 'one 56-bit row'}), want 8 of 7 bits, each with its C row")
        mode = [b for b in sig if re.match(r"^mode_o\[\d+:\d+\]$", b)]
        if len(mode) != 4 or any(sig[b]["RTL"][2] != 2 for b in mode):
            bad.append(f"mode_o: {len(mode)} field rows, want 4 banks of 2 bits")
        elif shown(1, 2, *sig[mode[0]]["RTL"][:2], False) != "1" or "1 criticality mode" not in open(sig[mode[0]]["RTL"][1]).read():
            bad.append("mode_o's fields do not name their values")
for b in bad:
    print("WRONG", b)
sys.exit(1 if bad else 0)
EOF
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
