#!/usr/bin/env python3
"""report.py: REPORT.md and area_vs_claim.svg from claims.json and results/*.json.
One row per claim (claimed, ours, ratio, status, why they differ), then one table per
block (storage, flops, area by liberty, SRAM estimate, Fmax, logic depth).
Usage: report.py [--results DIR] [--out DIR]. Exit 2 on bad input (one line on stderr)."""
import argparse
import fnmatch
import glob
import json
import math
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import synth  # noqa: E402  (the SRAM estimate, one formula for the flow and the report)


class BadInput(Exception):
    pass


def fmt(v):
    if v is None:
        return "n/a"
    if isinstance(v, str):
        return v
    if isinstance(v, int) or (isinstance(v, float) and v.is_integer() and abs(v) >= 1):
        return f"{int(v):,}".replace(",", " ") if abs(v) >= 10000 else str(int(v))
    if v == 0:
        return "0"
    mag = math.floor(math.log10(abs(v)))
    return f"{v:.{max(0, 2 - mag)}f}"


def um2_to_mm2(v):
    return None if v is None else v / 1e6


def storage_items(res):
    st = res["storage"]
    items = {}
    for group in ("arrays", "control_memories"):
        for k, r in st[group].items():
            items[k] = r
    for k, bits in st["control_registers"].items():
        items[k] = {"words": 1, "width": bits, "bits": bits}
    return items


def matches(res, pat):
    return [(k, r) for k, r in sorted(storage_items(res).items()) if fnmatch.fnmatchcase(k, pat)]


def measure(res, m):
    """The value named by a measure string in one result file (None when not measured)."""
    kind, _, arg = m.partition(":")
    st = res["storage"]
    lib = lambda name: res["liberty"].get(name, {})
    if kind == "text":  # a design fact of ours stated in words (a 'reported' row), not measured
        return arg
    if kind == "storage_array_bytes":
        return st["array_bits"] / 8
    if kind == "storage_bytes":
        if arg:
            hits = matches(res, arg)
            return sum(r["bits"] for _, r in hits) / 8 if hits else None
        return st["total_bits"] / 8
    if kind == "storage_bits":
        hits = matches(res, arg)
        return sum(r["bits"] for _, r in hits) if hits else None
    if kind in ("storage_width", "storage_words"):
        hits = matches(res, arg)
        return hits[0][1]["width" if kind == "storage_width" else "words"] if hits else None
    if kind in ("logic_mm2", "full_mm2"):
        r = lib(arg).get(kind.split("_")[0])
        return um2_to_mm2(r["area_um2"]) if r else None
    if kind in ("sram_low_mm2", "sram_high_mm2"):
        s = lib(arg).get("sram")
        return um2_to_mm2(s[kind.split("_")[1] + "_um2"]) if s else None
    if kind == "sram_based_mm2":
        s = lib(arg).get("sram_based_um2")
        return um2_to_mm2(s["low"]) if s else None
    if kind in ("fmax_ghz", "path"):
        # VARIANT[/TIMING]:LIB; TIMING: reg2reg (default: ports untimed, arrays cut out),
        # io (ports constrained), sram (arrays timed as SRAM), sram_io (both)
        variant, _, libname = arg.partition(":")
        variant, _, timing = variant.partition("/")
        r = lib(libname).get(variant)
        if r and timing and timing != "reg2reg":
            r = (r.get("timing") or {}).get(timing)
        if not r:
            return None
        if kind == "fmax_ghz":
            return r.get("fmax_ghz")
        if r.get("path_start") is None:
            return None
        return f"{r['path_start']} -> {r['path_end']}, {r['path_cells']} cells, {fmt(r['critical_path_ns'])} ns"
    if kind == "logic_depth":
        g = res["generic"].get(arg)
        return g.get("logic_depth") if g else None
    if kind == "ports":
        ipat, pin, pout = (arg.split(":") + ["", ""])[:3]
        for path, i in sorted(st["instances"].items()):
            if fnmatch.fnmatchcase(path, ipat):
                return f"{i['ports'].get(pin)}-to-{i['ports'].get(pout)}"
        return None
    if kind == "sram_extra_mm2":
        # the block's storage bits, less a baseline's (a documented constant of the claim),
        # as SRAM at the node's CACTI bitcell / array efficiency (sram_nodes.json, "low")
        node, _, minus = arg.partition(":")
        nodes = json.load(open(os.path.join(HERE, "sram_nodes.json")))
        s = synth.sram_estimate(st["total_bits"] - int(minus or 0), int(node), nodes)
        return um2_to_mm2(s["low_um2"]) if s else None
    if kind == "storage_bits_per":
        # bits of the matching registers divided by a count (per tag entry, per set)
        pat, _, per = arg.rpartition(":")
        hits = matches(res, pat)
        return sum(r["bits"] for _, r in hits) / int(per) if hits else None
    if kind == "l1_percent":
        # like for like with a CACTI figure: the block's storage bits as SRAM over an L1 of
        # BYTES data bytes as SRAM (128-byte lines, 8 ways, 32-bit addresses: a tag and 2
        # status bits per line), both at the liberty's node and CACTI's cell (sram_nodes.json)
        size, _, libname = arg.partition(":")
        node = lib(libname).get("node_nm")
        nodes = json.load(open(os.path.join(HERE, "sram_nodes.json")))
        lines = int(size) // 128
        sets = max(1, lines // 8)
        l1_bits = int(size) * 8 + lines * (32 - 7 - (sets.bit_length() - 1) + 2)
        blk, l1 = synth.sram_estimate(st["total_bits"], node, nodes), synth.sram_estimate(l1_bits, node, nodes)
        return 100.0 * blk["low_um2"] / l1["low_um2"] if blk and l1 else None
    if kind in ("power_mw", "energy_pj_per_access"):
        # power.py's results/power/<block>-<config>.json: OpenSTA's power at the seed's SM
        # clock with a lockstep trace's activity (power_mw:<internal|switching|leakage|dynamic|
        # total|gpu_dynamic>), and the dynamic energy per access in pJ
        f = os.path.join(HERE, "results", "power", f"{res['block']}-{res['config']}.json")
        if not os.path.isfile(f):
            return None
        pw = json.load(open(f))
        if kind == "energy_pj_per_access":
            return pw.get("energy_pj_per_access_clock_only" if arg == "clock_only" else "energy_pj_per_access")
        if arg == "gpu_dynamic":
            return pw.get("gpu_time_dynamic_mw")
        if arg == "clock_only":  # every annotated activity 0: the flops' clock pins alone
            return pw["clock_only_mw"]["dynamic"]
        if arg not in ("internal", "switching", "leakage", "dynamic", "total", "clock_only"):
            raise BadInput(f"claims.json: unknown measure '{m}' (power_mw:internal|switching|leakage|dynamic|total|gpu_dynamic|clock_only)")
        return pw["power_mw"].get(arg)
    raise BadInput(f"claims.json: unknown measure '{m}'")


def timing_text(t):
    if not t:
        return "no constrained path"
    return f"Fmax {fmt(t['fmax_ghz'])} GHz ({fmt(t['critical_path_ns'])} ns, {t.get('path_start')} -> {t.get('path_end')}, {t.get('path_cells')} cells)"


def load_results(d):
    out = {}
    for f in sorted(glob.glob(os.path.join(d, "*.json"))):
        r = json.load(open(f))
        out[(r["block"], r["config"])] = r
    return out


def claim_row(c, results, built):
    if c.get("out_of_scope"):  # a cost claim of a seed's structure this project does not build
        return None, "not built: " + c["out_of_scope"], ""
    blocks = c.get("block")
    blocks = blocks if isinstance(blocks, list) else ([blocks] if blocks else [])
    missing = [b for b in blocks if b not in built]
    if not blocks or missing:
        return None, "block not built yet" + (f" ({', '.join(missing)})" if missing else ""), ""
    vals = []
    for b in blocks:
        r = results.get((b, c["config"]))
        if r is None:
            return None, f"no result for {b}/{c['config']} (run make synth)", ""
        v = measure(r, c["measure"])
        if v is None:
            return None, "not measured", ""
        vals.append(v)
    ours = vals[0] if len(vals) == 1 else (sum(vals) if all(not isinstance(v, str) for v in vals) else None)
    if isinstance(ours, (int, float)) and c.get("scale"):
        ours = ours * c["scale"]
    res0 = results[(blocks[0], c["config"])]

    def fill(mo):
        key = mo.group(1)
        head, colon, rest = key.partition(":")  # CONFIG/ (or BLOCK/) only before the measure's first ':'
        cfg, _, m = head.rpartition("/")
        m += colon + rest
        r = results.get((blocks[0], cfg)) if cfg else res0
        if r is None and cfg:  # {block/measure}: another block's result, same configuration
            r = results.get((cfg, c["config"]))
        if r is None:
            return "n/a"
        try:
            return fmt(measure(r, m))
        except BadInput:
            return "{" + key + "}"
    explain = re.sub(r"\{([^{}]+)\}", fill, c.get("explain", ""))
    return ours, None, explain


def expand(claims):
    """(claim, derived) for each claim, then one derived row per entry of its 'also' list:
    the same claim compared on another basis or configuration (the entry's keys override)"""
    for c in claims:
        yield c, False
        for alt in c.get("also", []):
            d = {k: v for k, v in c.items() if k != "also"}
            d.update(alt)
            d["id"] = f"{c['id']}/{alt['label']}"
            yield d, True


def status_of(c, ours):
    v, rel = c["value"], c["relation"]
    if rel == "info":  # a design choice of the seed's with no number to check: ours beside it
        return "reported"
    if isinstance(ours, str) or isinstance(v, str):
        return "matches" if str(ours) == str(v) else "differs"
    ok = {"<": ours < v, "<=": ours <= v, ">=": ours >= v, "=": ours == v}.get(rel)
    if rel == "~":
        r = ours / v if v else float("inf")
        return "same order (within 2x)" if 0.5 <= r <= 2 else f"differs ({fmt(r)}x)"
    if rel == "=":
        return "matches" if ok else "differs"
    return "holds" if ok else "does not hold"


def svg_plot(points, path):
    """Horizontal bars on a log axis: each area claim beside our estimates."""
    rows = []
    for label, claimed, ours in points:
        rows.append((label + ": claimed", claimed, "#888"))
        for name, v, col in ours:
            rows.append((f"{label}: {name}", v, col))
    vals = [v for _, v, _ in rows if v]
    lo = 10 ** math.floor(math.log10(min(vals))) if vals else 1e-3
    hi = 10 ** math.ceil(math.log10(max(vals))) if vals else 1
    W, left, bh, gap, top = 820, 330, 18, 6, 40
    H = top + len(rows) * (bh + gap) + 40
    x = lambda v: left + (W - left - 60) * (math.log10(v) - math.log10(lo)) / (math.log10(hi) - math.log10(lo))
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" font-family="sans-serif" font-size="12">',
           f'<text x="10" y="20" font-size="14">Area: the seeds\' claims beside our RTL (mm2, log scale)</text>']
    e = lo
    while e <= hi * 1.0001:
        out.append(f'<line x1="{x(e):.1f}" y1="{top - 5}" x2="{x(e):.1f}" y2="{H - 30}" stroke="#ddd"/>')
        out.append(f'<text x="{x(e):.1f}" y="{H - 15}" text-anchor="middle">{fmt(e)}</text>')
        e *= 10
    for i, (label, v, col) in enumerate(rows):
        y = top + i * (bh + gap)
        out.append(f'<text x="{left - 8}" y="{y + 13}" text-anchor="end">{label}</text>')
        if v:
            out.append(f'<rect x="{left}" y="{y}" width="{max(1.0, x(v) - left):.1f}" height="{bh}" fill="{col}"/>')
            out.append(f'<text x="{x(v) + 4:.1f}" y="{y + 13}">{fmt(v)}</text>')
    out.append("</svg>")
    with open(path, "w") as fh:
        fh.write("\n".join(out) + "\n")


def fmax_of(r, basis):
    """(Fmax on the basis, reg2reg Fmax, logic area um2) of a result at Nangate45"""
    n = ((r or {}).get("liberty") or {}).get("nangate45", {}).get("logic") or {}
    t = (n.get("timing") or {}).get(basis) or {}
    return t.get("fmax_ghz"), n.get("fmax_ghz"), n.get("area_um2")


def timing_forms(block_files, results, claims):
    """## Timing claims, both forms: per block and timing claim, the single-cycle form
    (configuration final) and the pipelined one (the configuration with a "timing" object:
    the claims it answers, the clock, the Fmax basis, the added latency, and the experiment
    whose geometric-mean IPC ratio pipe_ipc.json holds)"""
    byid = {c["id"]: c for c in claims}
    try:
        ipc = json.load(open(os.path.join(HERE, "pipe_ipc.json")))
    except (OSError, ValueError):
        ipc = {}
    L = ["## Timing claims: the single-cycle and the pipelined forms", "",
         "A block with a pipelined form (parameter `Pipe`, preset `pipe`, lockstep-verified like the single-cycle",
         "form; where the registers went and why: docs/timing/<block>.md) has a row per timing claim it answers.",
         "Fmax at Nangate45 on the claim's basis (*io*: ports constrained; *sram_io*: arrays timed as SRAM and",
         "ports constrained), register to register in brackets; logic area; the cycles the pipeline adds at the",
         "block's ports; and what they cost the GPU: the geometric mean over the seed's applications of IPC with",
         "the pipelined form over IPC with the single-cycle form, on the seed's machine (experiment named; its",
         "table in docs/studies/<experiment>/).", "",
         "| claim | clock | block | single-cycle Fmax | pipelined Fmax | area single / pipelined (um2) | added latency | IPC pipelined / single-cycle | verdict |",
         "|---|---|---|---|---|---|---|---|---|"]
    rows = []
    for b in sorted(block_files):
        cf = block_files[b]["configs"]
        pipe = [(n, c["timing"]) for n, c in cf.items() if isinstance(c.get("timing"), dict)]
        for cname, t in pipe:
            for cid, clk in zip(t["claims"], t["clock_ghz"]):
                rows.append((cid, clk, b, cname, t))
    for cid, clk, b, cname, t in sorted(rows, key=lambda x: (x[0], x[2])):
        f1, r1, a1 = fmax_of(results.get((b, "final")), t["basis"])
        f2, r2, a2 = fmax_of(results.get((b, cname)), t["basis"])
        e = ipc.get(t["ipc"][0], {}).get(t["ipc"][1])
        ipc_txt = (f"{fmt(e['gm'])} ({t['ipc'][0]}: {e['n']} applications, lowest {fmt(e['min'])} {e['min_app']})"
                   if e else f"not measured ({t['ipc'][0]})")
        if f2 is None:
            verdict = "pipelined form not synthesized"
        elif f2 >= clk:
            verdict = "holds with the pipelined form"
        elif f1 is not None and f1 >= clk:
            verdict = "holds single-cycle"
        else:
            verdict = f"does not hold in either form (see {t['doc']})"
        claim = byid.get(cid, {})
        L.append(f"| {cid} | {fmt(clk)} GHz ({claim.get('seed', '?')}) | {b} | {fmt(f1)} ({fmt(r1)}) GHz | "
                 f"{fmt(f2)} ({fmt(r2)}) GHz | {fmt(a1)} / {fmt(a2)} | {t['latency']} | {ipc_txt} | {verdict} |")
    have = {r[2] for r in rows}
    missing = sorted(b for b in block_files if b not in have)
    if missing:
        L += ["", "No pipelined form yet: " + ", ".join(missing) + " (docs/timing.md says why)."]
    return L + [""]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--results", default=os.path.join(HERE, "results"))
    ap.add_argument("--out", default=HERE)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    try:
        claims = json.load(open(os.path.join(HERE, "claims.json")))["claims"]
    except (OSError, ValueError, KeyError) as e:
        raise BadInput(f"claims.json: {e}")
    for c in claims:
        for k in ("id", "seed", "section", "line", "quote", "quantity", "value", "unit", "relation", "basis"):
            if k not in c:
                raise BadInput(f"claims.json: claim {c.get('id', '?')} has no '{k}'")
        if c["relation"] not in ("~", "=", "<", "<=", ">=", "info"):
            raise BadInput(f"claims.json: claim {c['id']}: relation '{c['relation']}' (one of ~ = < <= >= info)")
        for alt in c.get("also", []):
            if "label" not in alt:
                raise BadInput(f"claims.json: claim {c['id']}: an 'also' entry has no 'label'")
    block_files = {}
    for f in glob.glob(os.path.join(HERE, "blocks", "*.json")):
        bj = json.load(open(f))
        block_files[bj["block"]] = bj
    built = set(block_files)
    results = load_results(a.results)
    nodes = json.load(open(os.path.join(HERE, "sram_nodes.json")))

    L = ["# Synthesis estimates against the seeds' claims", "",
         "Generated by `make synth` (synth_estimates/run.sh: synth.py, power.py, then report.py) from",
         "`claims.json`, `blocks/*.json` and `results/`; do not edit by hand.",
         "Tools: Yosys 0.23, OpenSTA 2.0.17 (Debian `sta`); liberty files Nangate45 typical (45 nm, the",
         "seeds' node) and sky130hd tt (130 nm). Method, caveats and how to add a block: README.md.", "",
         "## Claims", "",
         "Every hardware cost, storage, timing, energy and latency claim of the five seeds",
         "(`claims.json`: the seed's words, section and line), each compared on the seed's own basis",
         "(basis column: *SRAM* = bits as SRAM at CACTI's cell, like a CACTI figure; *flops* / *logic* =",
         "our RTL mapped to Nangate45 cells; *storage* = declared bits; *timing* = OpenSTA on the mapped",
         "netlist; *energy* = OpenSTA power with a lockstep run's switching activity; *design* = a",
         "structure the seed names). A claim compared on more than one basis has a row per basis",
         "(`claim/basis`).", "",
         "| claim | seed, section, line | the seed's words | claimed | basis | ours | ratio | verdict | why |",
         "|---|---|---|---|---|---|---|---|---|"]
    plot = []
    tally = {}
    for c, derived in expand(claims):
        ours, why_not, explain = claim_row(c, results, built)
        rel = {"~": "~", "=": "", "<": "< ", "<=": "<= ", ">=": ">= ", "info": ""}[c["relation"]]
        claimed = f"{rel}{fmt(c['value'])} {c['unit'] if c['relation'] != 'info' else ''}".strip()
        where = f"{c['seed']}, {c['section']}, l. {c['line']}"
        words = "(as above)" if derived else '"' + c["quote"].replace("|", "/") + '"'
        head = f"| {c['id']}: {c['quantity']} | {where} | {words} | {claimed} | {c['basis']} |"
        if why_not:
            L.append(f"{head} - | - | {why_not} | - |")
            tally[why_not.split(":")[0]] = tally.get(why_not.split(":")[0], 0) + 1
            continue
        ratio = fmt(ours / c["value"]) if isinstance(ours, (int, float)) and isinstance(c["value"], (int, float)) and c["value"] else "-"
        st = status_of(c, ours)
        key = st.split(" (")[0]
        tally[key] = tally.get(key, 0) + 1
        L.append(f"{head} {(fmt(ours) + ' ' + c['unit']).strip()} | {ratio} | {st} | {explain or '-'} |")
        if c["unit"] == "mm2" and isinstance(c["value"], (int, float)) and not derived and c.get("plot", True):
            b = c["block"] if isinstance(c["block"], str) else c["block"][0]
            r = results[(b, c["config"])]
            n45 = r["liberty"].get("nangate45", {})
            bars = [("ours, " + c["basis"], ours, "#2a7"),
                    ("ours, logic + SRAM (OpenRAM density)", um2_to_mm2((n45.get("sram_based_um2") or {}).get("high")), "#5b9"),
                    ("ours, all flops", um2_to_mm2((n45.get("full") or {}).get("area_um2")), "#c44")]
            if c.get("scale"):
                bars = bars[:1]
            plot.append((c["id"], c["value"], [x for x in bars if x[1]]))
    L += ["", "Verdicts: `holds` / `does not hold` for bounds, `matches` / `differs` for exact values,",
          "`same order (within 2x)` / `differs (Nx)` for estimates (`~`), `reported` for a design statement of the",
          "seed's with no number to check (ours beside it). Areas are at 45 nm (Nangate45) like the seeds' CACTI figures.", "",
          "Rows by verdict: " + ", ".join(f"{k} {v}" for k, v in sorted(tally.items())) +
          f" ({sum(tally.values())} rows, {len(claims)} claims).", ""]
    if plot:
        svg_plot(plot, os.path.join(a.out, "area_vs_claim.svg"))
        L += ["![area vs claim](area_vs_claim.svg)", ""]

    L += timing_forms(block_files, results, claims)
    L += ["## Blocks", ""]
    for (b, cfg), r in sorted(results.items()):
        st = r["storage"]
        hist = (block_files.get(b) or {}).get("history", {})
        L += [f"### {b} / {cfg}", "", r.get("about", ""), "",
              "Parameters: " + ", ".join(f"{k}={v}" for k, v in r["params"].items()), "",
              "| quantity | value |", "|---|---|",
              f"| storage: arrays | {fmt(st['array_bits'])} bits ({fmt(st['array_bytes'])} B): " +
              ", ".join(f"{k} {v['words']} x {v['width']}" for k, v in sorted(st["arrays"].items())) + " |",
              f"| storage: control memories | {fmt(st['control_memory_bits'])} bits: " +
              ", ".join(f"{k} {v['words']} x {v['width']}" for k, v in sorted(st["control_memories"].items())) + " |",
              f"| storage: control registers | {fmt(st['control_register_bits'])} bits: " +
              ", ".join(f"{k} {v}" for k, v in sorted(st["control_registers"].items())) + " |",
              f"| storage: total | {fmt(st['total_bits'])} bits ({fmt(st['total_bytes'])} B); Yosys `stat` after `proc`: {fmt(st['yosys_stat_memory_bits'])} memory bits |"]
        for v in ("full", "logic"):
            g = r["generic"].get(v)
            if g:
                what = "arrays as flops" if v == "full" else "arrays cut out"
                declared = st["total_bits"] if v == "full" else st["control_bits"]
                extra = g["flops"] - declared
                note = f" ({fmt(extra)} more than the {fmt(declared)} declared bits: Yosys maps some memories to more words than declared, see README)" if extra > 0 else ""
                L.append(f"| generic cells, {what} | {fmt(g['cells'])} cells, {fmt(g['flops'])} flops{note}, logic depth {g['logic_depth']} (`ltp -noff`) |")
        for lid, lr in sorted(r["liberty"].items()):
            for v in ("logic", "full"):
                x = lr.get(v)
                if not x:
                    continue
                what = "logic only (arrays cut out)" if v == "logic" else "full (arrays as flops)"
                fm = f"Fmax {fmt(x['fmax_ghz'])} GHz ({fmt(x['critical_path_ns'])} ns, {x.get('path_start')} -> {x.get('path_end')}, {x.get('path_cells')} cells)" if x.get("fmax_ghz") else "no register-to-register path"
                L.append(f"| {lid}: {what} | {fmt(um2_to_mm2(x['area_um2']))} mm2 ({fmt(x['area_um2'])} um2), {fmt(x['cells'])} cells, {fmt(x['flops'])} flops, {fmt(x['buffers'])} buffers; {fm} |")
                tm = x.get("timing") or {}
                parts = []
                if tm.get("io"):
                    parts.append("ports constrained (input delay 0, output delay 0): " + timing_text(tm["io"]))
                if tm.get("sram_io"):
                    acc = ", ".join(f"{k} {fmt(m['access_ns'])} ns" for k, m in sorted((tm.get("sram_model") or {}).items()))
                    parts.append(f"arrays timed as SRAM (access {acc}): register to register " +
                                 timing_text(tm.get("sram")) + "; with the ports constrained " + timing_text(tm["sram_io"]))
                if parts:
                    L.append(f"| {lid}: timing, {what} | " + "; ".join(parts) + " |")
            for h in hist.get(cfg, []):
                if h["lib"] != lid:
                    continue
                for v in ("logic", "full"):
                    x, o = lr.get(v), h.get(v)
                    if x and o:
                        da = 100.0 * (x["area_um2"] - o["area_um2"]) / o["area_um2"]
                        L.append(f"| {lid}: {v}, before (commit {h['commit']}) | {h['what']}: {fmt(o['area_um2'])} um2, {fmt(o['flops'])} flops, Fmax {fmt(o['fmax_ghz'])} GHz; now {fmt(x['area_um2'])} um2 ({da:+.1f}%), {fmt(x['flops'])} flops ({x['flops'] - o['flops']:+d}), Fmax {fmt(x['fmax_ghz'])} GHz (register to register, as then) |")
            s = lr.get("sram")
            if s:
                L.append(f"| {lid}: arrays as SRAM ({lr['node_nm']} nm) | {fmt(um2_to_mm2(s['low_um2']))} to {fmt(um2_to_mm2(s['high_um2']))} mm2: {fmt(s['bits'])} bits x {s['bitcell_um2']} um2 / {s['array_efficiency']} efficiency, to x {s['macro_um2_per_bit']} um2/bit (macro density) |")
                sb = lr.get("sram_based_um2")
                if sb:
                    L.append(f"| {lid}: logic + SRAM | {fmt(um2_to_mm2(sb['low']))} to {fmt(um2_to_mm2(sb['high']))} mm2 " + (f"(flop-based upper bound: {fmt(um2_to_mm2(lr['full']['area_um2']))} mm2)" if lr.get("full") else "(all-flop mapping not run for this configuration or library)") + " |")
        pf = os.path.join(HERE, "results", "power", f"{b}-{cfg}.json")
        if os.path.isfile(pf):  # power.py (README, "Energy")
            pw = json.load(open(pf))
            p, t, an = pw["power_mw"], pw["trace"], pw["annotation"]
            L.append(f"| nangate45: power at {pw['clock']['mhz']} MHz (OpenSTA, activity of {pw['gpu']['instance']} in "
                     f"{pw['gpu']['workload']} x{pw['gpu']['scale']}, {fmt(t['block_cycles'])} block cycles) | dynamic "
                     f"{fmt(p['dynamic'])} mW (internal {fmt(p['internal'])}, switching {fmt(p['switching'])}; the flops' clock "
                     f"pins alone {fmt(pw['clock_only_mw']['dynamic'])}), leakage {fmt(p['leakage'])} mW; "
                     f"{fmt(pw['energy_pj_per_access'])} pJ per access ({fmt(t['accesses'])} accesses, `{t['access']['port']}`); "
                     f"{fmt(an['annotated_bits'])} bits annotated, {fmt(an['flops_not_annotated'])} flops not |")
        L.append("")
    L += ["## SRAM figures", "", "| node | bitcell | source | array efficiency | macro density | source |", "|---|---|---|---|---|---|"]
    for k, n in sorted((k, v) for k, v in nodes.items() if k != "about"):
        cell = n["cell_f2"] * (int(k) / 1000) ** 2
        L.append(f"| {k} nm | {n['cell_f2']} F2 = {cell:.3f} um2 | {n['cell_source']} | {n['array_efficiency']} ({n['efficiency_source']}) | {n['macro_um2_per_bit']} um2/bit | {n['macro_source']} |")
    L.append("")
    with open(os.path.join(a.out, "REPORT.md"), "w") as fh:
        fh.write("\n".join(L))
    print(f"report: {os.path.relpath(os.path.join(a.out, 'REPORT.md'))}: {len(claims)} claims, {len(results)} result files")


if __name__ == "__main__":
    try:
        main()
    except BadInput as e:
        print(f"report: {e}", file=sys.stderr)
        sys.exit(2)
