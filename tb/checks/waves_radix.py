"""tb/checks/waves_radix.py GTKW...: one radix per signal (waves_radix): every row of a port
(RTL, C model, expected) shows each value with the same text (the @flags radix, or a
translate filter's text); packed vectors of equal fields are one row per field (clams_mc:
thsm_o decimal, pcr_o 8 x 7 bits, mode_o 4 banks of 2-bit named modes; memsched: a hex
cand_line_o with its expected values)."""
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
