#!/usr/bin/env python3
"""synth.py: storage, area and timing of every block (Yosys 0.23 + OpenSTA), written as
results/<block>-<config>.json; report.py turns them and claims.json into REPORT.md.

Per block (blocks/<block>.json) and named configuration:
  storage   yosys: proc, flatten; memory bits ($mem_v2 after memory_collect) and the bits
            of flip-flops whose output is a declared (public) register, split into arrays
            (the block file's "arrays" globs) and control
  generic   yosys synth to Yosys' generic gates: cell counts and `ltp -noff` logic depth,
            for "full" (every array mapped to flops) and "logic" (arrays cut out as boxes)
  liberty   per liberty file: the same two variants mapped with dfflibmap and
            `abc -D <ps> -constr` (driving cell and load, so ABC buffers fanout), area from
            `stat -liberty`, then OpenSTA: worst register-to-register path and Fmax
Usage: synth.py [--block B[,B..]] [--config C[,C..]] [--smoke] [--out DIR] [--jobs N]
Liberty files come from $LIBERTY (paths separated by ':'; 'none' = generic cells only),
default ../shared/pdk/{nangate45_typ,sky130hd_tt}.lib.gz when present.
Exit status: 0 done, 1 a tool failed (log named), 2 bad input (one line on stderr).
"""
import fnmatch
import hashlib
import glob
import gzip
import json
import math
import os
import re
import shutil
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
DEFAULT_LIBS = ["nangate45_typ.lib.gz", "sky130hd_tt.lib.gz"]
# ABC delay target per known library (ps): the seed GPU's 1.15 GHz core clock at 45 nm,
# and the same logic depth scaled by the libraries' FO4-ish gate delay ratio for sky130hd.
KNOWN_LIBS = {
    "NangateOpenCellLibrary": {"id": "nangate45", "node_nm": 45, "abc_delay_ps": 870},
    "sky130_fd_sc_hd": {"id": "sky130hd", "node_nm": 130, "abc_delay_ps": 2500, "full": False},
}
FF_TYPES = {"$dff", "$dffe", "$adff", "$adffe", "$sdff", "$sdffe", "$sdffce", "$dffsr",
            "$dffsre", "$aldff", "$aldffe", "$dlatch", "$adlatch", "$dlatchsr", "$ff"}
MEM_PARAMS = ["MEMID", "SIZE", "OFFSET", "ABITS", "WIDTH", "INIT", "RD_PORTS", "RD_CLK_ENABLE",
              "RD_CLK_POLARITY", "RD_TRANSPARENCY_MASK", "RD_COLLISION_X_MASK",
              "RD_WIDE_CONTINUATION", "RD_CE_OVER_SRST", "RD_ARST_VALUE", "RD_SRST_VALUE",
              "RD_INIT_VALUE", "WR_PORTS", "WR_CLK_ENABLE", "WR_CLK_POLARITY",
              "WR_PRIORITY_MASK", "WR_WIDE_CONTINUATION"]
STA_PERIOD_NS = 10.0  # large on purpose: Fmax = 1 / (period - worst slack)


class BadInput(Exception):
    pass


class ToolFailed(Exception):
    pass


sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tb", "lib"))
import num  # noqa: E402  (tb/lib/num.py: the project's number rules)


def env_integer(name, default, lo, hi):
    """an integer from the environment, by the project's number rules; BadInput if not"""
    try:
        return num.integer(os.environ.get(name, default), lo, hi, name)
    except ValueError as e:
        raise BadInput(str(e))


def rel(path):
    return os.path.relpath(path, TOP)


# ---------------------------------------------------------------- blocks and configurations

def load_blocks(names):
    files = sorted(glob.glob(os.path.join(HERE, "blocks", "*.json")))
    blocks = {}
    for f in files:
        try:
            with open(f) as fh:
                b = json.load(fh)
        except (OSError, ValueError) as e:
            raise BadInput(f"{rel(f)}: not valid JSON ({e})")
        for key in ("block", "top", "rtl", "configs", "arrays"):
            if key not in b:
                raise BadInput(f"{rel(f)}: missing key '{key}'")
        blocks[b["block"]] = b
    if names:
        for n in names:
            if n not in blocks:
                raise BadInput(f"unknown block '{n}' (known: {', '.join(sorted(blocks)) or 'none'})")
        return [blocks[n] for n in names]
    return [blocks[n] for n in sorted(blocks)]


def rtl_files(block):
    out = []
    for pat in block["rtl"]:
        hits = sorted(glob.glob(os.path.join(TOP, pat)))
        if not hits:
            raise BadInput(f"block {block['block']}: RTL pattern '{pat}' matches no file")
        out += hits
    return out


def config_params(block, cname, work):
    """Verilog parameters of a named configuration: from portgen's wrapper, or listed."""
    c = block["configs"][cname]
    if "params" in c:
        return {k: int(v) for k, v in c["params"].items()}
    if block.get("params_from") != "portgen":
        raise BadInput(f"block {block['block']} config {cname}: neither 'params' nor params_from=portgen")
    portgen = os.path.join(TOP, "build", "bin", "portgen")
    if not os.access(portgen, os.X_OK):
        r = subprocess.run(["make", "-s", "-C", TOP, "portgen"], capture_output=True, text=True)
        if r.returncode != 0:
            raise ToolFailed("cannot build build/bin/portgen: " + (r.stderr.strip().splitlines() or ["?"])[-1])
    os.makedirs(work, exist_ok=True)
    wrapper = os.path.join(work, "wrapper.v")
    cmd = [portgen, block["block"]]
    if c.get("preset"):
        cmd += ["--preset", c["preset"]]
    if c.get("config"):
        cmd += ["--config", c["config"]]
    r = subprocess.run(cmd + ["--wrapper", wrapper], capture_output=True, text=True)
    if r.returncode != 0:
        msg = (r.stderr.strip().splitlines() or ["portgen failed"])[-1]
        raise BadInput(f"block {block['block']} config {cname}: {msg}")
    text = open(wrapper).read()
    m = re.search(r"\b" + re.escape(block["top"]) + r"\s*#\((.*?)\)\s*u_dut", text, re.S)
    if not m:
        raise ToolFailed(f"no parameter list for {block['top']} in portgen's wrapper {rel(wrapper)}")
    return {k: int(v) for k, v in re.findall(r"\.(\w+)\((-?\d+)\)", m.group(1))}


# ---------------------------------------------------------------- liberty files

def liberty_list():
    env = os.environ.get("LIBERTY", "")
    if env.strip().lower() == "none":
        return []
    if env.strip():
        paths = [p for p in env.split(":") if p]
        for p in paths:
            if not os.path.isfile(p):
                raise BadInput(f"LIBERTY={p}: no such file")
        return [os.path.abspath(p) for p in paths]
    pdk = os.path.normpath(os.path.join(TOP, "..", "shared", "pdk"))
    return [os.path.join(pdk, f) for f in DEFAULT_LIBS if os.path.isfile(os.path.join(pdk, f))]


def prepare_liberty(path, libdir):
    """Plain-text copy under build/ (ABC does not read .gz), and the figures the flow needs."""
    os.makedirs(libdir, exist_ok=True)
    base = os.path.basename(path)
    try:
        if base.endswith(".gz"):
            with gzip.open(path, "rt", errors="replace") as fh:
                text = fh.read()
        else:
            with open(path, errors="replace") as fh:
                text = fh.read()
    except (OSError, EOFError, gzip.BadGzipFile) as e:
        raise BadInput(f"LIBERTY={path}: cannot read ({e})")
    m = re.search(r"^\s*library\s*\(\s*\"?([^\")\s]+)\"?\s*\)", text, re.M)
    if not m:
        raise BadInput(f"LIBERTY={path}: not a liberty file (no library group)")
    libname = m.group(1)
    prof = None
    for key, p in KNOWN_LIBS.items():
        if libname.startswith(key):
            prof = dict(p)
    if prof is None:
        prof = {"id": re.sub(r"[^A-Za-z0-9]+", "_", libname)[:40], "node_nm": None,
                "abc_delay_ps": env_integer("ABC_DELAY_PS", "1000", 1, 1000000)}
    tu = re.search(r"time_unit\s*:\s*\"?\s*1\s*(ps|ns)", text)
    prof["time_unit_ns"] = 0.001 if (tu and tu.group(1) == "ps") else 1.0
    cu = re.search(r"capacitive_load_unit\s*\(\s*([\d.]+)\s*,\s*\"?(\w+)", text)
    prof["cap_unit"] = (cu.group(2).lower() if cu else "pf")
    # cells: name -> (area, dont_use, input pins {name: cap}, functions of outputs)
    cells = {}
    for cm in re.finditer(r"\n\s*cell\s*\(\s*\"?([\w]+)\"?\s*\)\s*\{", text):
        name = cm.group(1)
        nxt = text.find("\n  cell", cm.end())
        nxt2 = text.find("\n    cell (", cm.end())
        ends = [e for e in (nxt, nxt2) if e > 0]
        body = text[cm.end(): min(ends) if ends else len(text)]
        a = re.search(r"\barea\s*:\s*([\d.]+)", body)
        cells[name] = {
            "area": float(a.group(1)) if a else None,
            "dont_use": bool(re.search(r"dont_use\s*:\s*true", body)),
            "pins": re.findall(r"pin\s*\(\s*\"?(\w+)\"?\s*\)\s*\{(.*?)\n\s*\}", body, re.S),
            "ff": bool(re.search(r"\bff\s*\(", body)),
        }
    if not cells:
        raise BadInput(f"LIBERTY={path}: no cells found")
    # driving cell: the smallest-area non-dont_use buffer (one input pin, output function = it)
    best = None
    for name, c in cells.items():
        if c["dont_use"] or c["area"] is None:
            continue
        ins, outs = [], []
        for pn, pb in c["pins"]:
            d = re.search(r"direction\s*:\s*\"?(\w+)", pb)
            if not d:
                continue
            if d.group(1) == "input":
                cap = re.search(r"\bcapacitance\s*:\s*([\d.]+)", pb)
                ins.append((pn, float(cap.group(1)) if cap else 0.0))
            elif d.group(1) == "output":
                f = re.search(r"function\s*:\s*\"\(?\s*(\w+)\s*\)?\"", pb)
                outs.append((pn, f.group(1) if f else None))
        if len(ins) == 1 and len(outs) == 1 and outs[0][1] == ins[0][0]:
            if best is None or (c["area"], name) < (best[1], best[0]):
                best = (name, c["area"], ins[0][1])
    if best is None:
        raise BadInput(f"LIBERTY={path}: no buffer cell found (needed as driving cell)")
    prof["drive_cell"] = best[0]
    prof["load"] = round(4 * best[2], 6)  # four buffer inputs, in the library's cap unit
    ffs = sorted((c["area"], n) for n, c in cells.items() if c["ff"] and c["area"] and not c["dont_use"])
    prof["smallest_ff"] = {"cell": ffs[0][1], "area_um2": ffs[0][0]} if ffs else None
    prof["library"] = libname
    prof["file"] = base
    plain = os.path.join(libdir, prof["id"] + ".lib")
    with open(plain, "w") as fh:
        fh.write(text)
    prof["plain"] = plain
    # ABC's -constr file: driving cell and load, so that ABC buffers high fanout nets
    constr = os.path.join(libdir, prof["id"] + ".constr")
    with open(constr, "w") as fh:
        fh.write(f"set_driving_cell {prof['drive_cell']}\nset_load {prof['load']}\n")
    prof["constr"] = constr
    return prof


# ---------------------------------------------------------------- yosys and sta runs

def run_tool(cmd, log, cwd):
    t0 = time.time()
    with open(log, "w") as fh:
        r = subprocess.run(cmd, stdout=fh, stderr=subprocess.STDOUT, cwd=cwd)
    if r.returncode != 0:
        tail = open(log, errors="replace").read().strip().splitlines()[-3:]
        raise ToolFailed(f"{os.path.basename(cmd[0])} failed (log: {rel(log)}): " + " | ".join(tail))
    return time.time() - t0


def yosys_read(files, top, params):
    s = "read_verilog -defer " + " ".join(files) + "\n"
    if params:
        s += "chparam " + " ".join(f"-set {k} {v}" for k, v in params.items()) + f" {top}\n"
    s += f"hierarchy -check -top {top}\n"
    return s


def sel_names(names):
    return " ".join("c:" + n.replace(" ", "?") for n in names)


def job_storage(ctx):
    d = ctx["dir"]
    ys = yosys_read(ctx["files"], ctx["top"], ctx["params"])
    ys += ("proc\nwrite_rtlil proc.il\nwrite_json pre_flatten.json\nflatten\ntee -q -o stat_proc.txt stat\n"
           "opt_clean\nmemory_collect\nwrite_json storage.json\n")
    open(os.path.join(d, "storage.ys"), "w").write(ys)
    t = run_tool(["yosys", "-q", "storage.ys"], os.path.join(d, "storage.log"), d)
    return {"seconds": t}


def job_storage_parsed(ctx):
    r = job_storage(ctx)
    ctx["storage"] = parse_storage(ctx)
    ctx["arrays_sel"] = sel_names(sorted(n for n, r in ctx["storage"]["arrays"].items() if r["kind"] == "memory"))
    ctx["ctrl_sel"] = sel_names(sorted(ctx["storage"]["control_memories"]))
    return r


def array_cut_script(arrays_sel, ctrl_sel):
    """After `synth -run begin:fine`: control memories to flops, arrays to opaque boxes."""
    s = ""
    if ctrl_sel:
        s += f"memory_map {ctrl_sel}\n"
    if arrays_sel:
        s += "setparam -type SYNTH_ARRAY " + " ".join("-unset " + p for p in MEM_PARAMS) + f" {arrays_sel}\n"
    return s


def job_front(ctx, variant):
    """The technology-independent part of `synth` once per configuration and variant
    (full: every memory to flops; logic: arrays cut out as boxes), saved as RTLIL for
    the generic-cell and per-liberty mappings that follow (`synth` = this + abc)."""
    d = ctx["dir"]
    ys = "read_rtlil proc.il\n"  # the storage run's design after `proc` (synth's proc: a no-op)
    if variant == "full":
        ys += f"synth -flatten -top {ctx['top']} -noabc\n"
    else:
        ys += f"synth -flatten -top {ctx['top']} -run begin:fine\n"
        ys += array_cut_script(ctx["arrays_sel"], ctx["ctrl_sel"])
        ys += f"synth -top {ctx['top']} -noabc -run fine:check\n"
    ys += f"write_rtlil front_{variant}.il\n"
    open(os.path.join(d, f"front_{variant}.ys"), "w").write(ys)
    t = run_tool(["yosys", "-q", f"front_{variant}.ys"], os.path.join(d, f"front_{variant}.log"), d)
    return {"seconds": t}


def job_generic(ctx, variant):
    d = ctx["dir"]
    ys = (f"read_rtlil front_{variant}.il\nabc -fast\nopt -fast\n"  # what `synth` ends with
          f"tee -q -o generic_{variant}_stat.txt stat\ntee -q -o generic_{variant}_ltp.txt ltp -noff\n")
    open(os.path.join(d, f"generic_{variant}.ys"), "w").write(ys)
    t = run_tool(["yosys", "-q", f"generic_{variant}.ys"], os.path.join(d, f"generic_{variant}.log"), d)
    return {"seconds": t}


def job_liberty(ctx, variant, lib):
    d = ctx["dir"]
    L = lib["plain"]
    tag = f"{lib['id']}_{variant}"
    ys = (f"read_rtlil front_{variant}.il\n"
          f"dfflibmap -liberty {L}\n"
          f"abc -D {lib['abc_delay_ps']} -constr {lib['constr']} -liberty {L}\n"
          "setundef -zero\nopt_clean -purge\n"  # -simple-lhs below: OpenSTA reads no {..} = ..
          f"tee -q -o {tag}_stat.txt stat -liberty {L}\n"
          f"write_verilog -noattr -noexpr -nohex -nodec -simple-lhs {tag}.v\n")
    open(os.path.join(d, f"{tag}.ys"), "w").write(ys)
    t = run_tool(["yosys", "-q", f"{tag}.ys"], os.path.join(d, f"{tag}.log"), d)
    runs = [("", f"{tag}.v", None)]
    sram = sram_timing(ctx, lib)
    if variant == "logic" and sram:  # the same netlist with each cut-out array as a timed SRAM model
        runs.append(("_sram", f"{tag}_sram.v", f"{tag}_sram.lib"))
        ctx.setdefault("sram_model", {})[lib["id"]] = {k: {f: v[f] for f in ("bits", "access_ns", "setup_ns", "rd_ports")}
                                                       for k, v in sram.items()}
        write_sram_model(ctx, lib, sram, os.path.join(d, f"{tag}.v"), os.path.join(d, f"{tag}_sram.v"),
                         os.path.join(d, f"{tag}_sram.lib"))
    for suffix, netlist, extra in runs:
        tcl = sta_tcl(ctx, lib, netlist, extra)
        open(os.path.join(d, f"{tag}{suffix}_sta.tcl"), "w").write(tcl)
        t += run_tool(["sta", "-no_splash", "-exit", f"{tag}{suffix}_sta.tcl"],
                      os.path.join(d, f"{tag}{suffix}_sta.log"), d)
    return {"seconds": t}


def sta_tcl(ctx, lib, netlist, extra_lib):
    """Two timings of one netlist: register to register (ports untimed), then every path
    with the ports constrained: inputs launched by a register of the neighbour at the
    clock edge (input delay 0, through the driving cell), outputs captured by a register
    at the next edge (output delay 0, the load above)."""
    period = STA_PERIOD_NS / lib["time_unit_ns"]
    clk = ctx["clock"]
    tcl = f"read_liberty {lib['plain']}\n"
    if extra_lib:
        tcl += f"read_liberty {extra_lib}\n"
    tcl += (f"read_verilog {netlist}\nlink_design {ctx['top']}\n"
            f"create_clock -name clk -period {period} [get_ports {clk}]\n"
            f"set_driving_cell -lib_cell {lib['drive_cell']} [all_inputs]\n"
            f"set_load {lib['load']} [all_outputs]\n")
    for stage in ("reg2reg", "io"):
        if stage == "io":
            tcl += ("set_input_delay 0 -clock clk [delete_from_list [all_inputs] [get_ports "
                    f"{clk}]]\nset_output_delay 0 -clock clk [all_outputs]\n")
        tcl += (f"puts \"SYNTH_BEGIN {stage}\"\nreport_checks -path_delay max -digits 4\n"
                f"puts \"SYNTH_WS {stage} [sta::worst_slack -max]\"\n")
    return tcl + "exit\n"


def sram_timing(ctx, lib):
    """Access time of each array as SRAM at the liberty's node (None: no figure for it):
    the reference access time scaled by the square root of the bits (a square array's
    word and bit lines grow with its side); sram_nodes.json gives the figures and sources."""
    node = lib.get("node_nm")
    n = ctx["nodes"].get(str(node)) if node else None
    arrays = {k: r for k, r in ctx["storage"]["arrays"].items() if r["kind"] == "memory"}
    if not n or "access_ns" not in n or not arrays:
        return None
    ref = n["access_ns"]
    out = {}
    for name, r in sorted(arrays.items()):
        acc = ref["ns"] * max(1.0, math.sqrt(r["bits"] / ref["bits"]))
        out[name] = dict(r, access_ns=round(acc, 4), setup_ns=n["write_setup_ns"]["ns"])
    return out


def write_sram_model(ctx, lib, sram, netlist_in, netlist_out, lib_out):
    """A liberty cell per cut-out array (SYNTH_ARRAY_<i>): read address to read data a
    combinational arc of the access time (the RTL reads asynchronously), write address,
    data and enable set up to the write clock. Ports as Yosys' $mem_v2: RD_ADDR
    (ports x abits), RD_DATA (ports x width), WR_ADDR, WR_DATA, WR_EN, the clocks and
    the read enables and resets (constants here)."""
    text = open(netlist_in).read()
    tu = lib["time_unit_ns"]
    cap = lib["load"] / 4  # one buffer input
    widths = {}
    cells = ""
    for i, (name, r) in enumerate(sram.items()):
        inst = "\\" + name if not re.fullmatch(r"[A-Za-z_]\w*", name) else name
        pat = re.compile(r"\bSYNTH_ARRAY(\s+)" + re.escape(inst) + r"(\s)")
        text, nsub = pat.subn(lambda m: f"SYNTH_ARRAY_{i}{m.group(1)}{inst}{m.group(2)}", text)
        if nsub != 1:
            raise ToolFailed(f"array {name}: {nsub} instances in {rel(netlist_in)} (expected one)")
        rp, wp = r["rd_ports"], r["wr_ports"]
        ports = [("RD_ADDR", "input", rp * r["abits"]), ("RD_DATA", "output", rp * r["width"]),
                 ("RD_CLK", "input", rp), ("RD_EN", "input", rp), ("RD_ARST", "input", rp),
                 ("RD_SRST", "input", rp), ("WR_ADDR", "input", wp * r["abits"]),
                 ("WR_DATA", "input", wp * r["width"]), ("WR_EN", "input", wp * r["width"]),
                 ("WR_CLK", "input", wp)]
        acc = r["access_ns"] / tu
        setup = r["setup_ns"] / tu
        body = ""
        for pn, dirn, w in ports:
            kind = f"bus ({pn}) {{\n      bus_type : bw{w};\n" if w > 1 else f"pin ({pn}) {{\n"
            if w > 1:
                widths[w] = 1
            g = f"    {kind}      direction : {dirn};\n"
            if dirn == "input":
                g += f"      capacitance : {cap};\n"
            if pn == "WR_CLK":
                g += "      clock : true;\n"
            if pn == "RD_DATA":
                addr = " ".join(f"RD_ADDR[{k}]" for k in range(rp * r["abits"])) if rp * r["abits"] > 1 else "RD_ADDR"
                g += (f"      timing () {{\n        related_pin : \"{addr}\";\n        timing_sense : non_unate;\n"
                      f"        cell_rise (scalar) {{ values (\"{acc}\"); }}\n"
                      f"        cell_fall (scalar) {{ values (\"{acc}\"); }}\n"
                      f"        rise_transition (scalar) {{ values (\"{0.05 / tu}\"); }}\n"
                      f"        fall_transition (scalar) {{ values (\"{0.05 / tu}\"); }}\n      }}\n")
            if pn in ("WR_ADDR", "WR_DATA", "WR_EN"):
                g += ("      timing () {\n        related_pin : \"WR_CLK\";\n        timing_type : setup_rising;\n"
                      f"        rise_constraint (scalar) {{ values (\"{setup}\"); }}\n"
                      f"        fall_constraint (scalar) {{ values (\"{setup}\"); }}\n      }}\n")
            body += g + "    }\n"
        cells += f"  cell (SYNTH_ARRAY_{i}) {{\n    area : 0;\n    dont_use : true;\n{body}  }}\n"
    unit = "1ps" if tu == 0.001 else "1ns"
    head = (f"library (synth_sram_models) {{\n  delay_model : table_lookup;\n  time_unit : \"{unit}\";\n"
            "  voltage_unit : \"1V\";\n  current_unit : \"1mA\";\n  pulling_resistance_unit : \"1kohm\";\n"
            f"  capacitive_load_unit (1, {lib['cap_unit']});\n  leakage_power_unit : \"1nW\";\n")
    for edge in ("rise", "fall"):
        head += (f"  input_threshold_pct_{edge} : 50;\n  output_threshold_pct_{edge} : 50;\n"
                 f"  slew_lower_threshold_pct_{edge} : 20;\n  slew_upper_threshold_pct_{edge} : 80;\n")
    for w in sorted(widths):
        head += (f"  type (bw{w}) {{\n    base_type : array;\n    data_type : bit;\n    bit_width : {w};\n"
                 f"    bit_from : {w - 1};\n    bit_to : 0;\n    downto : true;\n  }}\n")
    open(lib_out, "w").write(head + cells + "}\n")
    open(netlist_out, "w").write(text)


# ---------------------------------------------------------------- parsing

def pint(v):
    if isinstance(v, int):
        return v
    v = str(v)
    return int(v, 2) if re.fullmatch(r"[01]+", v) else int(v)


def parse_storage(ctx):
    d = ctx["dir"]
    js = json.load(open(os.path.join(d, "storage.json")))
    mod = js["modules"][ctx["top"]]
    # instance port widths (for claims such as "a 48-to-6 priority encoder")
    pre = json.load(open(os.path.join(d, "pre_flatten.json")))["modules"]
    inst = {}

    def walk(modname, prefix):
        for cn, c in pre[modname]["cells"].items():
            if c["type"] in pre:
                path = prefix + cn
                ports = {pn: len(bits) for pn, bits in c["connections"].items()}
                typ = re.sub(r"^\$paramod\$[0-9a-f]+\\", "", c["type"]).lstrip("\\")
                inst[path] = {"module": typ, "ports": ports}
                walk(c["type"], path + ".")
    walk(ctx["top"], "")
    portnames = {f"{p}.{pn}" for p, i in inst.items() for pn in i["ports"]}
    portnames |= set(pre[ctx["top"]]["ports"])

    def better(a, b):  # the name the register is declared under: not a port, deepest
        return (a not in portnames, a.count("."), b) > (b not in portnames, b.count("."), a)
    public = {}
    for name, n in sorted(mod["netnames"].items()):
        if n.get("hide_name", 0) == 0:
            for b in n["bits"]:
                if isinstance(b, int) and (b not in public or better(name, public[b])):
                    public[b] = name
    arrays, ctrl_mem, regs = {}, {}, {}
    for cname, c in mod["cells"].items():
        if c["type"] == "$mem_v2":
            p = c["parameters"]
            name = str(p["MEMID"]).lstrip("\\")
            words, width = pint(p["SIZE"]), pint(p["WIDTH"])
            rec = {"kind": "memory", "words": words, "width": width, "bits": words * width,
                   "abits": pint(p["ABITS"]), "rd_ports": pint(p["RD_PORTS"]), "wr_ports": pint(p["WR_PORTS"])}
            is_array = any(fnmatch.fnmatchcase(name, g) for g in ctx["arrays"])
            (arrays if is_array else ctrl_mem)[name] = rec
        elif c["type"] in FF_TYPES:
            for b in c["connections"].get("Q", []):
                if isinstance(b, int) and b in public:
                    regs[public[b]] = regs.get(public[b], 0) + 1
    arr_regs = {k: v for k, v in regs.items() if any(fnmatch.fnmatchcase(k, g) for g in ctx["arrays"])}
    ctrl_regs = {k: v for k, v in regs.items() if k not in arr_regs}
    for k, v in arr_regs.items():
        arrays[k] = {"kind": "register", "words": 1, "width": v, "bits": v}
    stat = open(os.path.join(d, "stat_proc.txt")).read()
    m = re.search(r"Number of memory bits:\s+(\d+)", stat)
    a_bits = sum(r["bits"] for r in arrays.values())
    cm_bits = sum(r["bits"] for r in ctrl_mem.values())
    cr_bits = sum(ctrl_regs.values())
    return {
        "yosys_stat_memory_bits": int(m.group(1)) if m else None,
        "arrays": arrays, "control_memories": ctrl_mem, "control_registers": ctrl_regs,
        "array_bits": a_bits, "control_memory_bits": cm_bits, "control_register_bits": cr_bits,
        "control_bits": cm_bits + cr_bits, "total_bits": a_bits + cm_bits + cr_bits,
        "array_bytes": a_bits / 8, "total_bytes": (a_bits + cm_bits + cr_bits) / 8,
        "instances": inst,
    }


def parse_cells(stat_text):
    cells = {}
    sec = stat_text.split("=== design hierarchy ===")[-1]
    for m in re.finditer(r"^\s{5}(\S+)\s+(\d+)\s*$", sec, re.M):
        cells[m.group(1)] = int(m.group(2))
    return cells


def is_ff_cell(name):
    return bool(re.match(r"\$_(S?DFF|DFFE|SDFFC?E|ALDFF|DFFSRE?|DLATCH)", name))


def parse_generic(ctx, variant):
    d = ctx["dir"]
    cells = parse_cells(open(os.path.join(d, f"generic_{variant}_stat.txt")).read())
    ltp = open(os.path.join(d, f"generic_{variant}_ltp.txt")).read()
    m = re.search(r"Longest topological path in \S+ \(length=(\d+)\)", ltp)
    return {
        "cells": sum(v for k, v in cells.items() if k != "SYNTH_ARRAY"),
        "flops": sum(v for k, v in cells.items() if is_ff_cell(k)),
        "logic_depth": int(m.group(1)) if m else None,
        "cell_types": dict(sorted(cells.items())),
    }


def parse_liberty_run(ctx, variant, lib, ffnames):
    d = ctx["dir"]
    tag = f"{lib['id']}_{variant}"
    stat = open(os.path.join(d, f"{tag}_stat.txt")).read()
    m = re.search(r"Chip area for (?:top )?module '\\?\S+':\s+([\d.]+)", stat)
    cells = parse_cells(stat)
    out = {
        "area_um2": round(float(m.group(1)), 1) if m else None,
        "cells": sum(v for k, v in cells.items() if k != "SYNTH_ARRAY"),
        "flops": sum(v for k, v in cells.items() if k in ffnames),
        "buffers": sum(v for k, v in cells.items() if re.search(r"BUF", k, re.I)),
    }
    netlist = open(os.path.join(d, f"{tag}.v"), errors="replace").read()
    timing = parse_sta(os.path.join(d, f"{tag}_sta.log"), netlist, lib)
    # the headline figures stay register to register (ports untimed, arrays cut out)
    out.update(timing.get("reg2reg") or {"critical_path_ns": None, "fmax_ghz": None})
    out["timing"] = {"io": timing.get("io")}
    srl = os.path.join(d, f"{tag}_sram_sta.log")
    if os.path.exists(srl):
        st = parse_sta(srl, netlist, lib)
        out["timing"]["sram"] = st.get("reg2reg")
        out["timing"]["sram_io"] = st.get("io")
        out["timing"]["sram_model"] = ctx.get("sram_model", {}).get(lib["id"])
    return out


def parse_sta(log, netlist, lib):
    """{stage: Fmax, critical path and its ends} from an sta_tcl log"""
    text = open(log, errors="replace").read()
    period = STA_PERIOD_NS / lib["time_unit_ns"]
    res = {}
    for part in text.split("SYNTH_BEGIN ")[1:]:
        stage = part.split()[0]
        ws = re.search(r"SYNTH_WS\s+\S+\s+(\S+)", part)
        try:
            wsv = float(ws.group(1)) if ws else None
        except ValueError:
            wsv = None
        if wsv is None or abs(wsv) >= 1e20 or period - wsv <= 0:
            res[stage] = None
            continue
        crit_ns = (period - wsv) * lib["time_unit_ns"]
        r = {"critical_path_ns": round(crit_ns, 3), "fmax_ghz": round(1.0 / crit_ns, 3)}
        sp = re.search(r"Startpoint:\s+(\S+)", part)
        ep = re.search(r"Endpoint:\s+(\S+)", part)
        path = part[part.find("Startpoint:"):]
        path = path[:path.find("data arrival time")]
        r["path_start"] = reg_name(netlist, sp.group(1)) if sp else None
        r["path_end"] = reg_name(netlist, ep.group(1)) if ep else None
        r["path_cells"] = len(re.findall(r"^\s+[-\d.]+\s+[-\d.]+ [v^] \S+/\S+ \(", path, re.M))
        res[stage] = r
    return res


def reg_name(netlist, inst):
    """The register a flop instance holds: its Q net when that is a named wire."""
    if "/" in inst:
        return inst
    m = re.search(r"\s" + re.escape(inst) + r"\s*\((.*?)\n\s*\);", netlist, re.S)
    if m:
        q = re.search(r"\.Q\(\s*(.*?)\s*\)\s*,?\s*$", m.group(1), re.M)
        if q and not q.group(1).startswith("_"):
            return q.group(1).replace("\\", "").replace(" ", "")
    return inst


# ---------------------------------------------------------------- SRAM estimate

def sram_estimate(bits, node_nm, nodes):
    n = nodes.get(str(node_nm)) if node_nm else None
    if not n or bits == 0:
        return None
    cell = n["cell_f2"] * (node_nm / 1000.0) ** 2  # um2
    low = bits * cell / n["array_efficiency"]
    high = bits * n["macro_um2_per_bit"]
    return {"bits": bits, "bitcell_um2": round(cell, 4), "array_efficiency": n["array_efficiency"],
            "low_um2": round(low, 1), "high_um2": round(high, 1),
            "macro_um2_per_bit": n["macro_um2_per_bit"]}


# ---------------------------------------------------------------- main

def main():
    ap = num.one_line_parser(description="storage, area and timing of every block")
    ap.add_argument("--block", default="", help="blocks (comma separated), default all")
    ap.add_argument("--config", default="", help="configurations (comma separated), default every reported one")
    ap.add_argument("--smoke", action="store_true", help="only the configurations marked smoke")
    ap.add_argument("--spec", action="append", default=[], metavar="NAME=SPEC",
                    help="an extra configuration NAME of every block given, from a run SPEC (@preset, "
                         "K=V,... or @preset,K=V,...), logic variant only, not reported (make gls: a vector's "
                         "configuration through the same flow)")
    ap.add_argument("--out", default=os.path.join(HERE, "results"))
    ap.add_argument("--work", default=os.path.join(TOP, "build", "synth"))
    ap.add_argument("--force", action="store_true",
                    help="run every configuration, also those whose inputs match their result file")
    ap.add_argument("--jobs", type=num.arg_integer(1, 64, "--jobs"), default=None,
                    help="parallel synthesis runs (default JOBS or 2)")
    a = ap.parse_args()
    if a.jobs is None:
        a.jobs = env_integer("JOBS", "2", 1, 64)
    a.work, a.out = os.path.abspath(a.work), os.path.abspath(a.out)  # the tools run inside the work folders
    t0 = time.time()
    blocks = load_blocks([b for b in a.block.split(",") if b])
    libs_paths = liberty_list()
    nodes = json.load(open(os.path.join(HERE, "sram_nodes.json")))
    libs = [prepare_liberty(p, os.path.join(a.work, "lib")) for p in libs_paths]
    if len({l["id"] for l in libs}) != len(libs):
        raise BadInput("LIBERTY lists the same library twice")
    want = [c for c in a.config.split(",") if c]
    for sp in a.spec:
        name, eq, spec = sp.partition("=")
        if not eq or not re.fullmatch(r"[A-Za-z0-9_.-]+", name):
            raise BadInput(f"--spec {sp}: must be NAME=SPEC with NAME of letters, digits, '_', '.' or '-'")
        preset, conf = (spec[1:].partition(",")[0], spec[1:].partition(",")[2]) if spec.startswith("@") else ("", spec)
        for b in blocks:
            if name in b["configs"]:
                raise BadInput(f"--spec {name}: block {b['block']} already has a configuration of that name")
            b["configs"][name] = {"preset": preset, "config": conf, "flows": ["logic"], "report": False,
                                  "about": f"ad hoc configuration {spec or '(defaults)'}"}
    for b in blocks:  # every name checked before anything is printed or run
        for c in want:
            if c not in b["configs"]:
                raise BadInput(f"block {b['block']}: unknown configuration '{c}' (known: {', '.join(b['configs'])})")
    if not libs:
        print("synth: no liberty file (LIBERTY=none or ../shared/pdk missing): generic cells only")

    runs, kept = [], []
    tools = tool_versions()
    for b in blocks:
        names = list(b["configs"])
        if want:
            names = want
        elif a.smoke:
            names = [c for c in names if b["configs"][c].get("smoke")]
        else:
            names = [c for c in names if b["configs"][c].get("report", True)]
        files = rtl_files(b)
        for cname in names:
            work = os.path.join(a.work, b["block"], cname)
            params = config_params(b, cname, os.path.join(a.work, "params", b["block"], cname))
            ctx = {"block": b, "cname": cname, "dir": work, "files": files, "top": b["top"], "nodes": nodes,
                   "params": params, "clock": b.get("clock", "clk_i"), "arrays": b["arrays"],
                   "flows": b["configs"][cname].get("flows", ["logic", "full"])}
            ctx["inputs_sha256"] = inputs_key(ctx, libs, tools)
            old = os.path.join(a.out, f"{b['block']}-{cname}.json")
            try:
                same = not a.force and json.load(open(old)).get("inputs_sha256") == ctx["inputs_sha256"]
            except (OSError, ValueError):
                same = False
            if same:  # the same RTL, parameters, flow, liberty files and tools: the result stands
                kept.append(ctx)
                continue
            if os.path.isdir(work):
                shutil.rmtree(work)
            os.makedirs(work)
            runs.append(ctx)

    # per configuration: storage (which memories are arrays; the design after `proc`), then
    # per variant the front end, then the generic-cell and per-liberty mappings, each its own
    # process on JOBS workers, the longest remaining chain first by the last run's seconds
    # (build/synth/times.json) when there are any
    try:
        last = json.load(open(os.path.join(a.work, "times.json")))
    except (OSError, ValueError):
        last = {}
    tasks = []
    for ctx in runs:
        base = f"{ctx['block']['block']}/{ctx['cname']}"
        stor = f"{base}/storage"
        tasks.append({"key": stor, "fn": job_storage_parsed, "args": (ctx,), "deps": [],
                      "cost": last.get(stor, ctx_size(ctx))})
        for variant in ("full", "logic"):
            if variant not in ctx["flows"]:
                continue
            guess = ctx_size(ctx) * (10 if variant == "full" else 1)
            front = f"{base}/front/{variant}"
            tasks.append({"key": front, "fn": job_front, "args": (ctx, variant), "deps": [stor],
                          "cost": last.get(front, guess)})
            for lib in [None] + libs:
                if lib is not None and variant == "full" and not lib.get("full", True):
                    continue  # the all-flop upper bound at the seeds' node only (KNOWN_LIBS)
                k = f"{base}/{lib['id'] if lib else 'generic'}/{variant}"
                fn, args = (job_generic, (ctx, variant)) if lib is None else (job_liberty, (ctx, variant, lib))
                tasks.append({"key": k, "fn": fn, "args": args, "deps": [front], "cost": last.get(k, guess)})
    done = run_scheduled(tasks, a.jobs)
    times = {k: round(v["seconds"], 1) for k, v in done.items()}
    with open(os.path.join(a.work, "times.json"), "w") as fh:
        json.dump(times, fh, indent=1, sort_keys=True)

    os.makedirs(a.out, exist_ok=True)
    if not (a.block or a.config or a.smoke):  # a full run: drop results of configurations gone
        keep = {f"{c['block']['block']}-{c['cname']}.json" for c in runs + kept}
        for f in glob.glob(os.path.join(a.out, "*.json")):
            if os.path.basename(f) not in keep:
                os.remove(f)
    for ctx in runs:
        b, st = ctx["block"], ctx["storage"]
        res = {"block": b["block"], "config": ctx["cname"], "about": b["configs"][ctx["cname"]].get("about", ""),
               "top": b["top"], "params": ctx["params"],
               "rtl": [rel(f) for f in ctx["files"]],
               "storage": st, "generic": {}, "liberty": {}, "inputs_sha256": ctx["inputs_sha256"]}
        for variant in ("full", "logic"):
            if variant in ctx["flows"]:
                res["generic"][variant] = parse_generic(ctx, variant)
        for lib in libs:
            r = {"library": lib["library"], "file": lib["file"], "node_nm": lib["node_nm"],
                 "abc_delay_ps": lib["abc_delay_ps"], "driving_cell": lib["drive_cell"],
                 "load": lib["load"], "cap_unit": lib["cap_unit"], "smallest_ff": lib["smallest_ff"]}
            libtext_ff = lib_ff_names(lib)
            for variant in ("full", "logic"):
                if variant in ctx["flows"] and (variant != "full" or lib.get("full", True)):
                    r[variant] = parse_liberty_run(ctx, variant, lib, libtext_ff)
            r["sram"] = sram_estimate(st["array_bits"], lib["node_nm"], nodes)
            if r["sram"] and "logic" in r:
                la = r["logic"]["area_um2"] or 0
                r["sram_based_um2"] = {"low": round(la + r["sram"]["low_um2"], 1),
                                       "high": round(la + r["sram"]["high_um2"], 1)}
            res["liberty"][lib["id"]] = r
        path = os.path.join(a.out, f"{b['block']}-{ctx['cname']}.json")
        with open(path, "w") as fh:
            json.dump(res, fh, indent=1, sort_keys=True)
            fh.write("\n")
        line = f"synth: {b['block']}/{ctx['cname']}: storage {st['array_bits']} array + {st['control_bits']} control bits"
        for lid, r in res["liberty"].items():
            if "full" in r:
                line += f"; {lid} full {r['full']['area_um2']} um2"
            if "logic" in r:
                line += f", logic {r['logic']['area_um2']} um2, Fmax {r['logic']['fmax_ghz']} GHz"
        print(line + f" -> {rel(path)}")
    if kept:
        print(f"synth: {len(kept)} configuration(s) unchanged since their result files (inputs_sha256), "
              f"not run again: {', '.join(c['block']['block'] + '/' + c['cname'] for c in kept)} (--force or FORCE=1 runs them)")
    print(f"synth: {len(runs)} configuration(s) run, {len(libs)} liberty file(s), {time.time() - t0:.0f} s")


_ff_cache = {}


def lib_ff_names(lib):
    if lib["id"] not in _ff_cache:
        text = open(lib["plain"], errors="replace").read()
        names = set()
        for m in re.finditer(r"\n\s*cell\s*\(\s*\"?(\w+)\"?\s*\)\s*\{", text):
            body = text[m.end(): m.end() + 4000]
            nxt = re.search(r"\n\s*cell\s*\(", body)
            if nxt:
                body = body[:nxt.start()]
            if re.search(r"\b(ff|latch)\s*\(", body):
                names.add(m.group(1))
        _ff_cache[lib["id"]] = names
    return _ff_cache[lib["id"]]


def run_scheduled(tasks, workers):
    """Run tasks ({key, fn, args, deps, cost}) on `workers` threads, each once its deps are
    done, the ready one heading the longest remaining chain (its cost plus its longest
    dependent's) first. {key: result}; the first failure is raised once running ones end."""
    def chain(t):
        if "chain" not in t:
            t["chain"] = t["cost"] + max([chain(u) for u in tasks if t["key"] in u["deps"]] or [0])
        return t["chain"]
    for t in tasks:
        chain(t)
    cond = threading.Condition()
    done, running, failed = {}, set(), []

    def worker():
        while True:
            with cond:
                while True:
                    ready = [t for t in tasks if t["key"] not in done and t["key"] not in running
                             and all(d in done for d in t["deps"])]
                    if failed or (not ready and not running):
                        cond.notify_all()
                        return
                    if ready:
                        t = max(ready, key=lambda x: (x["chain"], x["key"]))
                        running.add(t["key"])
                        break
                    cond.wait()
            try:
                r = t["fn"](*t["args"])
            except Exception as e:  # noqa: BLE001  (re-raised in the caller's thread)
                with cond:
                    failed.append(e)
                    running.discard(t["key"])
                    cond.notify_all()
                return
            with cond:
                done[t["key"]] = r
                running.discard(t["key"])
                cond.notify_all()
    threads = [threading.Thread(target=worker) for _ in range(max(1, workers))]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    if failed:
        raise failed[0]
    return done


def tool_versions():
    out = []
    for cmd in (["yosys", "-V"], ["sta", "-version"]):
        try:
            r = subprocess.run(cmd, capture_output=True, text=True)
            out.append((r.stdout or r.stderr).strip())
        except OSError:
            raise BadInput(f"{cmd[0]} not found (make deps installs it)")
    return out


def inputs_key(ctx, libs, tools):
    """sha256 over everything a configuration's result depends on: the flow's own source
    and SRAM figures, the RTL files' contents, the parameters and block-file fields, the
    liberty files' contents and the tools' versions (no paths, no times)."""
    h = hashlib.sha256()

    def put(tag, data):
        data = data if isinstance(data, bytes) else str(data).encode()
        h.update(f"{tag}:{len(data)}:".encode() + data)
    put("flow", open(os.path.abspath(__file__), "rb").read())
    put("nodes", json.dumps(ctx["nodes"], sort_keys=True))
    for f in ctx["files"]:
        put(rel(f), open(f, "rb").read())
    put("cfg", json.dumps([ctx["top"], ctx["params"], ctx["arrays"], ctx["flows"], ctx["clock"],
                           ctx["block"]["configs"][ctx["cname"]]], sort_keys=True))
    for lib in libs:
        if "sha256" not in lib:
            lib["sha256"] = hashlib.sha256(open(lib["plain"], "rb").read()).hexdigest()
        put("lib", lib["id"] + lib["sha256"])
    put("tools", "\n".join(tools))
    return h.hexdigest()


def ctx_size(ctx):
    st = ctx.get("storage")
    return 1 + (st["total_bits"] if st else 0) / 1000.0


if __name__ == "__main__":
    try:
        main()
    except BadInput as e:
        print(f"synth: {e}", file=sys.stderr)
        sys.exit(2)
    except ToolFailed as e:
        print(f"synth: {e}", file=sys.stderr)
        sys.exit(1)
