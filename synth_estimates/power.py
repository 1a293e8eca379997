#!/usr/bin/env python3
"""power.py: dynamic energy per access and leakage of a block from the liberty's power data
(OpenSTA 2.0.17 `report_power` on the Nangate45 netlist of synth.py), with switching
activity from a lockstep waveform of the block inside GPU traffic; writes
results/power/<block>-<config>.json.

Per block whose blocks/<block>.json has a "power" object, and each configuration it lists:
  trace     tb/bin/gpusim <the object's GPU options> --bind KIND@I=lockstep --trace KIND@I=f.fst
            (cached under build/power/<block>-<config>/, keyed by the command and the C
            model and RTL sources)
  activity  fst2vcd; per bit of the DUT scope: transitions per block cycle and the fraction
            of cycles at 1; accesses = cycles whose access port holds an access value
  netlist   the mapped netlist with every flop whose Q (or QN) net is a named register fed
            from a new input port carrying that register's activity (OpenSTA 2.0.17 keeps a
            user activity only on a start point: see README, "Energy"); the flop's former D
            net goes to a new output loaded with the D pin's capacitance
  OpenSTA   ideal clock at the seed's SM clock (0 ps transition at the flops), the input ports and
            the register ports annotated with set_power_activity, the rest propagated;
            report_power; a second run with every annotated activity 0 (clock only)
Usage: power.py [--block B[,B..]] [--config C] [--workload W] [--scale S] [--out DIR] [--no-cache]
                [--if-liberty]
The liberty: the Nangate45 file of $LIBERTY (':'-separated), else ../shared/pdk/nangate45_typ.lib.gz.
Exit status: 0 done, 1 a tool failed (log named), 2 bad input (one line on stderr).
"""
import glob
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import synth  # noqa: E402  (blocks, liberty preparation, tool runs: one flow)
from synth import BadInput, ToolFailed, rel  # noqa: E402
import num  # noqa: E402  (tb/lib/num.py, put on the path by synth)

CYCLE_UNITS = 10            # the engine writes 10 time units a cycle (docs/waveforms.md)
TRACE_VERSION = 1           # bump when the trace or activity format changes (cache key)


# ---------------------------------------------------------------- inputs

def power_blocks(names):
    blocks = synth.load_blocks(names)
    if names:
        for b in blocks:
            if "power" not in b:
                raise BadInput(f"block {b['block']}: no \"power\" object in synth_estimates/blocks/{b['block']}.json")
    out = [b for b in blocks if "power" in b]
    for b in out:
        p = b["power"]
        for key in ("configs", "clock_mhz", "gpu", "access"):
            if key not in p:
                raise BadInput(f"blocks/{b['block']}.json: \"power\" has no '{key}'")
        for key in ("config", "workload", "scale", "options"):
            if key not in p["gpu"]:
                raise BadInput(f"blocks/{b['block']}.json: \"power.gpu\" has no '{key}'")
        for c in p["configs"]:
            if c not in b["configs"]:
                raise BadInput(f"blocks/{b['block']}.json: \"power\" lists unknown configuration '{c}'")
        a = p["access"]
        if "port" not in a or not isinstance(a.get("values"), list) or not a["values"]:
            raise BadInput(f"blocks/{b['block']}.json: \"power.access\" needs 'port' and a list of 'values'")
    return out


def nangate_liberty():
    env = os.environ.get("LIBERTY", "")
    if env.strip().lower() == "none":
        raise BadInput("LIBERTY=none: the power flow needs the Nangate45 liberty")
    paths = synth.liberty_list()
    for p in sorted(paths, key=lambda x: "nangate" not in os.path.basename(x).lower()):
        prof = synth.prepare_liberty(p, os.path.join(TOP, "build", "synth", "lib"))
        if prof["id"] == "nangate45":
            prof["source"] = p
            return prof
    raise BadInput("no Nangate45 liberty (LIBERTY lists none, or ../shared/pdk/nangate45_typ.lib.gz is missing)")


def drop_qn(when):
    """'!D & !Q & QN' -> '!D & !Q': QN is !Q, but OpenSTA takes the duties of a condition's
    pins as independent, so with both a register at duty 0.5 gets a quarter of each state's
    weight instead of a half, and its clock energy halves. Pure conjunctions only."""
    if re.search(r"[|()^+]", when):
        return when
    toks = [t.strip() for t in when.split("&")]
    if not any(t in ("Q", "!Q") for t in toks):
        return when
    kept = [t for t in toks if t not in ("QN", "!QN")]
    return " & ".join(kept) if kept else when


def power_liberty(lib, out_dir):
    """A copy of the liberty for report_power, with two corrections for OpenSTA 2.0.17 (timing
    tables untouched):
    - every internal_power table halved: 2.0.17 charges each transition the SUM of a pin's
      rise and fall energies; upstream OpenSTA (since 2020) charges their average;
    - internal_power `when` conditions without their redundant QN literal (drop_qn)."""
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, lib["id"] + "_power.lib")
    text = open(lib["plain"], errors="replace").read()
    out, pos, groups = [], 0, 0
    num_re = re.compile(r"-?\d+(?:\.\d*)?(?:[eE][-+]?\d+)?")
    for m in re.finditer(r"\binternal_power\s*\(\s*\)\s*\{", text):
        if m.start() < pos:
            continue
        depth, i = 1, m.end()
        while depth and i < len(text):
            c = text[i]
            depth += c == "{"
            depth -= c == "}"
            i += 1
        body = text[m.end():i]
        body = re.sub(r"(\bvalues\s*\()([^)]*)(\))",
                      lambda v: v.group(1) + num_re.sub(lambda n: repr(float(n.group(0)) / 2.0), v.group(2)) + v.group(3),
                      body)
        body = re.sub(r"(\bwhen\s*:\s*\")([^\"]*)(\")", lambda w: w.group(1) + drop_qn(w.group(2)) + w.group(3), body)
        out.append(text[pos:m.end()])
        out.append(body)
        pos = i
        groups += 1
    out.append(text[pos:])
    new = "".join(out)
    if not os.path.isfile(path) or open(path, errors="replace").read() != new:
        with open(path, "w") as fh:
            fh.write(new)
    return path, groups


def lib_pin_caps(lib):
    """input pin capacitance of every cell's pins: {(cell, pin): cap}"""
    text = open(lib["plain"], errors="replace").read()
    caps = {}
    for cm in re.finditer(r"\n\s*cell\s*\(\s*\"?(\w+)\"?\s*\)\s*\{", text):
        nxt = re.search(r"\n\s*cell\s*\(", text[cm.end():])
        body = text[cm.end(): cm.end() + nxt.start() if nxt else len(text)]
        for pm in re.finditer(r"\n\s*pin\s*\(\s*\"?(\w+)\"?\s*\)\s*\{", body):
            seg = body[pm.end(): pm.end() + 600]
            c = re.search(r"\bcapacitance\s*:\s*([\d.]+)", seg)
            if c:
                caps[(cm.group(1), pm.group(1))] = float(c.group(1))
    return caps


# ---------------------------------------------------------------- the GPU trace

def source_digest():
    """what a trace depends on besides its command: the C models, the RTL, the GPU model's build"""
    h = hashlib.sha1()
    pats = ["cmodel/**/*.c", "cmodel/**/*.h", "cmodel/**/*.def", "rtl/**/*.v", "tb/bin/gpusim",
            "tb/verilator/*", "mk/*.mk"]
    files = sorted({f for p in pats for f in glob.glob(os.path.join(TOP, p), recursive=True)})
    for f in files:
        if os.path.isfile(f):
            h.update(rel(f).encode() + b"\0")
            h.update(open(f, "rb").read())
    return h.hexdigest()


def gpu_args(b, workload, scale):
    g = b["power"]["gpu"]
    kind, idx = b["block"], int(g.get("instance", 0))
    args = ["--config", g["config"], "--workload", workload, "--scale", scale] + list(g["options"])
    args += ["--bind", f"{kind}@{idx}=lockstep"]
    return args, f"{kind}@{idx}"


def check_params(b, cname, args, work):
    """the instance the GPU runs must be the configuration synthesized"""
    gpusim = os.path.join(TOP, "build", "bin", "gpusim")
    r = subprocess.run([gpusim] + args + ["--print-rtl-needs"], capture_output=True, text=True)
    if r.returncode != 0:
        raise BadInput("gpusim: " + ((r.stderr.strip().splitlines() or ["bad options"])[-1]))
    for line in r.stdout.splitlines():
        f = line.split("\t")
        if f[0] == b["block"]:
            c = b["configs"][cname]
            want = (c.get("preset", ""), c.get("config", ""))
            got = (f[1], f[2] if len(f) > 2 else "")
            if want != got:
                # same parameters under other spellings are fine
                pa = synth.config_params(b, cname, os.path.join(work, "p_synth"))
                tmp = {"block": b["block"], "top": b["top"], "params_from": "portgen",
                       "configs": {"g": {"preset": got[0], "config": got[1]}}}
                pb = synth.config_params(tmp, "g", os.path.join(work, "p_gpu"))
                if pa != pb:
                    spell = lambda x: f"preset '{x[0]}'" + (f" with {x[1]}" if x[1] else "")
                    raise BadInput(f"block {b['block']}: the GPU runs {spell(got)}, not configuration '{cname}' "
                                   f"({spell(want)}): set it in the power object's GPU options")
            return
    raise BadInput(f"block {b['block']}: the GPU options bind no {b['block']} instance")


def make_tools():
    r = subprocess.run(["make", "-s", "-C", TOP, "tools"], capture_output=True, text=True)
    if r.returncode != 0:
        raise ToolFailed("make tools failed: " + (r.stderr.strip().splitlines() or ["?"])[-1])


def run_trace(b, cname, workload, scale, work, use_cache):
    args, inst = gpu_args(b, workload, scale)
    key = hashlib.sha1(json.dumps([TRACE_VERSION, args, source_digest()]).encode()).hexdigest()[:12]
    d = os.path.join(work, f"trace-{workload}-{scale}-{key}")
    cmd = ["tb/bin/gpusim"] + args + ["--trace", f"{inst}=trace.fst", "--json", "gpu.json", "--quiet"]
    done = os.path.join(d, "activity.json")
    if use_cache and os.path.isfile(done):
        return d, cmd, inst, True
    if os.path.isdir(d):
        shutil.rmtree(d)
    os.makedirs(d)
    full = [os.path.join(TOP, "tb", "gpusim")] + args + ["--trace", f"{inst}={os.path.join(d, 'trace.fst')}",
                                                         "--json", os.path.join(d, "gpu.json"), "--quiet",
                                                         "--out", d]
    log = os.path.join(d, "gpusim.log")
    with open(log, "w") as fh:
        rr = subprocess.run(full, stdout=fh, stderr=subprocess.STDOUT, cwd=TOP)
    if rr.returncode == 2:
        tail = open(log, errors="replace").read().strip().splitlines()
        raise BadInput("gpusim: " + (tail[-1] if tail else "bad input"))
    if rr.returncode != 0 or not os.path.isfile(os.path.join(d, "trace.fst")):
        tail = open(log, errors="replace").read().strip().splitlines()[-2:]
        raise ToolFailed(f"tb/bin/gpusim failed (exit {rr.returncode}, log: {rel(log)}): " + " | ".join(tail))
    return d, cmd, inst, False


# ---------------------------------------------------------------- activity from the waveform

def norm_net(name):
    """netlist net -> the key used for VCD names: '\\a.b_q [3]' -> 'a.b_q[3]'"""
    name = name.strip()
    if name.startswith("\\"):
        name = name[1:]
    return re.sub(r"\s+\[", "[", name)


def extract_activity(fst, want_keys, access_port, log):
    """Toggle counts and time at 1 of every wanted bit under the DUT scope, the cycles, and the
    time the access port spent at each value. want_keys: normalized bit names (no scope)."""
    p = subprocess.Popen(["fst2vcd", "-f", fst], stdout=subprocess.PIPE, stderr=open(log, "w"),
                         text=True, bufsize=1 << 20)
    f = p.stdout
    scope = []
    dut = None
    # VCD id -> {width, bits: the wanted bit name of each position (LSB first) or None, access}
    ids = {}
    for line in f:
        if line.startswith("$enddefinitions"):
            break
        t = line.split()
        if not t:
            continue
        if t[0] == "$scope":
            scope.append(t[2])
            if t[2] == "u_dut" and len(scope) == 2 and dut is None:
                dut = tuple(scope)
        elif t[0] == "$upscope":
            scope.pop()
        elif t[0] == "$var" and dut and tuple(scope[:2]) == dut:
            typ, width, vid, name = t[1], int(t[2]), t[3], t[4]
            if typ == "parameter":
                continue
            rng = t[5] if len(t) > 6 and t[5].startswith("[") else None
            path = ".".join(scope[2:] + [name])
            if rng:
                m = re.match(r"\[(-?\d+)(?::(-?\d+))?\]", rng)
                msb = int(m.group(1))
                lsb = int(m.group(2)) if m.group(2) is not None else msb
            else:
                msb = lsb = None
            keys = []
            for j in range(width):
                if msb is None:
                    k = path if width == 1 else f"{path}[{j}]"
                    alt = f"{path}[0]" if width == 1 else None
                else:
                    k = f"{path}[{lsb + j if msb >= lsb else lsb - j}]"
                    alt = path if width == 1 else None
                keys.append(k if (k in want_keys or alt not in want_keys) else alt)
            track = [k if k in want_keys else None for k in keys]
            is_access = path == access_port
            if any(track) or is_access:
                e = ids.setdefault(vid, {"width": width, "bits": [None] * width, "access": False})
                for j, k in enumerate(track):
                    if k:
                        e["bits"][j] = k
                e["access"] = e["access"] or is_access
    if dut is None:
        p.kill()
        raise ToolFailed(f"{rel(fst)}: no u_dut scope in the waveform")
    for e in ids.values():
        e["val"] = 0
        e["tog"] = [0] * e["width"]
        e["high"] = [0] * e["width"]
        e["rise"] = [0] * e["width"]
        e["vals"] = {}
        e["since"] = 0
    t0 = None
    now = 0
    tr = str.maketrans("xzXZuUwW-", "000000000")
    for line in f:
        c = line[0]
        if c == "#":
            now = int(line[1:])
            if t0 is None:
                t0 = now
                for e in ids.values():
                    e["since"] = t0
            continue
        if c == "b" or c == "B":
            sp = line.find(" ")
            vid = line[sp + 1:].strip()
            e = ids.get(vid)
            if e is None:
                continue
            v = int(line[1:sp].translate(tr), 2)
        elif c in "01xzXZ":
            vid = line[1:].strip()
            e = ids.get(vid)
            if e is None:
                continue
            v = 1 if c == "1" else 0
        else:
            continue
        old = e["val"]
        if v == old:
            continue
        if e["access"]:
            e["vals"][old] = e["vals"].get(old, 0) + now - e["since"]
            e["since"] = now
        x = old ^ v
        tog, high, rise, bits = e["tog"], e["high"], e["rise"], e["bits"]
        initial = now == t0
        while x:
            lowbit = x & -x
            j = lowbit.bit_length() - 1
            x ^= lowbit
            if bits[j] is None:
                continue
            if v & lowbit:
                rise[j] = now
            else:
                high[j] += now - rise[j]
            if not initial:
                tog[j] += 1
        e["val"] = v
    p.stdout.close()
    if p.wait() != 0:
        raise ToolFailed(f"fst2vcd failed on {rel(fst)} (log: {rel(log)})")
    if t0 is None:
        raise ToolFailed(f"{rel(fst)}: no value changes")
    t_end = (now // CYCLE_UNITS) * CYCLE_UNITS + CYCLE_UNITS
    total = t_end - t0
    cycles = total // CYCLE_UNITS
    bits = {}
    access_vals = {}
    for e in ids.values():
        for j, k in enumerate(e["bits"]):
            if k is None or k in bits:
                continue
            h = e["high"][j] + ((t_end - e["rise"][j]) if (e["val"] >> j) & 1 else 0)
            bits[k] = [e["tog"][j], h / CYCLE_UNITS]
        if e["access"] and not access_vals:
            e["vals"][e["val"]] = e["vals"].get(e["val"], 0) + t_end - e["since"]
            access_vals = {str(v): n // CYCLE_UNITS for v, n in sorted(e["vals"].items())}
    return {"cycles": cycles, "bits": bits, "access_cycles_by_value": access_vals}


# ---------------------------------------------------------------- the netlist

def parse_netlist(path, top, ff_cells):
    text = open(path, errors="replace").read()
    hm = re.search(r"\bmodule\s+" + re.escape(top) + r"\s*\((.*?)\);", text, re.S)
    if not hm:
        raise ToolFailed(f"{rel(path)}: no module {top}")
    ports = [p.strip() for p in hm.group(1).split(",") if p.strip()]
    decl = {}
    for m in re.finditer(r"^\s*(input|output)\s+(?:\[(\d+):(\d+)\]\s+)?([^\s;]+)\s*;", text, re.M):
        d, msb, lsb, name = m.group(1), m.group(2), m.group(3), m.group(4)
        if msb is None:
            decl[name] = (d, [name])
        else:
            hi, lo = int(msb), int(lsb)
            step = -1 if hi >= lo else 1
            decl[name] = (d, [f"{name}[{i}]" for i in range(hi, lo + step, step)])
    flops = []
    for m in re.finditer(r"^\s*(\w+)\s+(\S+)\s*\((.*?)\);", text, re.M | re.S):
        cell, inst, body = m.group(1), m.group(2), m.group(3)
        if cell not in ff_cells:
            continue
        pins = {pm.group(1): pm.group(2).strip() for pm in re.finditer(r"\.(\w+)\((.*?)\)\s*(?:,|$)", body, re.S)}
        flops.append({"cell": cell, "inst": inst, "pins": pins, "span": (m.start(3), m.end(3))})
    return text, hm.span(1), ports, decl, flops


def is_named(net):
    return bool(net) and not net.startswith("_") and not re.match(r"\d+'[bh]", net)


def build_power_netlist(text, top, hspan, ports, flops, annotated, out_path):
    """annotated: [(flop, port index k)]: D <- input pwr_d<k>; old D net -> output pwr_n<k>"""
    edits = []  # (start, end, replacement) on text
    new_in, new_out, assigns = [], [], []
    for fl, k in annotated:
        s, e = fl["span"]
        body = text[s:e]
        dnet = fl["pins"].get("D")
        body2, n = re.subn(r"\.D\((.*?)\)", f".D(pwr_d{k})", body, count=1)
        if n != 1:
            raise ToolFailed(f"flop {fl['inst']}: no D pin")
        edits.append((s, e, body2))
        new_in.append(f"pwr_d{k}")
        if dnet and not re.match(r"\d+'[bh]", dnet):
            new_out.append((f"pwr_n{k}", fl))
            assigns.append(f"  assign pwr_n{k} = {dnet};\n")
    edits.append((hspan[0], hspan[1], ", ".join(ports + new_in + [n for n, _ in new_out])))
    edits.sort(key=lambda x: -x[0])
    out = text
    for s, e, r in edits:
        out = out[:s] + r + out[e:]
    decls = "".join(f"  input {n};\n" for n in new_in) + "".join(f"  output {n};\n" for n, _ in new_out)
    # declarations right after the module header, the assigns before endmodule
    hdr_end = out.find(";", out.find("module " + top)) + 1
    out = out[:hdr_end] + "\n" + decls + out[hdr_end:]
    em = out.rfind("endmodule")
    out = out[:em] + "".join(assigns) + out[em:]
    with open(out_path, "w") as fh:
        fh.write(out)
    return new_out


# ---------------------------------------------------------------- OpenSTA

def tcl_port(name):
    return "{" + name + "}"


def sta_script(top, lib, libfile, netlist, clock_port, period_ns, inputs, out_ports, act_in, act_reg, dcaps, zero):
    L = [f"read_liberty {libfile}", f"read_verilog {netlist}", f"link_design {top}",
         f"create_clock -name clk -period {period_ns:.6f} [get_ports {clock_port}]"]
    data_in = [p for p in inputs if p != clock_port]
    for i in range(0, len(data_in), 200):
        chunk = " ".join(tcl_port(p) for p in data_in[i:i + 200])
        L.append(f"set_input_delay 0 -clock clk [get_ports [list {chunk}]]")
        L.append(f"set_driving_cell -lib_cell {lib['drive_cell']} [get_ports [list {chunk}]]")
    if act_reg:
        L.append("set_input_delay 0 -clock clk [get_ports pwr_d*]")
        L.append(f"set_driving_cell -lib_cell {lib['drive_cell']} [get_ports pwr_d*]")
    for i in range(0, len(out_ports), 200):
        chunk = " ".join(tcl_port(p) for p in out_ports[i:i + 200])
        L.append(f"set_load {lib['load']} [get_ports [list {chunk}]]")
    for cap, names in sorted(dcaps.items()):
        for i in range(0, len(names), 200):
            L.append(f"set_load {cap} [get_ports [list {' '.join(names[i:i + 200])}]]")
    # the default activity of an input left unannotated is OpenSTA's (0.1, duty 0.5)
    for p, (a, d) in sorted(act_in.items()):
        L.append(f"set_power_activity -input_ports [get_ports {tcl_port(p)}] -activity {0.0 if zero else a:.6g} -duty {d:.6g}")
    for p, (a, d) in sorted(act_reg.items(), key=lambda x: int(x[0][5:])):
        L.append(f"set_power_activity -input_ports [get_ports {p}] -activity {0.0 if zero else a:.6g} -duty {d:.6g}")
    L.append("report_power -digits 8")
    L.append("exit")
    return "\n".join(L) + "\n"


def parse_report_power(log):
    text = open(log, errors="replace").read()
    out = {}
    for grp in ("Sequential", "Combinational", "Macro", "Pad", "Total"):
        m = re.search(r"^" + grp + r"\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)", text, re.M)
        if not m:
            raise ToolFailed(f"no '{grp}' row in OpenSTA's report_power (log: {rel(log)})")
        i, s, l, t = (float(x) * 1e3 for x in m.groups())  # W -> mW
        out[grp.lower()] = {"internal": i, "switching": s, "leakage": l, "dynamic": i + s, "total": t}
    return out


def sig(x, n=5):
    """n significant digits (stable output)"""
    if x == 0 or x is None:
        return x
    return float(f"{x:.{n}g}")


def sig_tree(d, n=5):
    if isinstance(d, dict):
        return {k: sig_tree(v, n) for k, v in d.items()}
    if isinstance(d, float):
        return sig(d, n)
    return d


# ---------------------------------------------------------------- one block configuration

def run_one(b, cname, workload, scale, lib, out_dir, use_cache):
    t0 = time.time()
    p = b["power"]
    top = b["top"]
    clock_port = b.get("clock", "clk_i")
    work = os.path.join(TOP, "build", "power", f"{b['block']}-{cname}")
    netlist = os.path.join(TOP, "build", "synth", b["block"], cname, "nangate45_logic.v")
    rtl = synth.rtl_files(b)
    os.makedirs(work, exist_ok=True)
    make_tools()
    check_params(b, cname, gpu_args(b, workload, scale)[0], work)
    if not os.path.isfile(netlist) or os.path.getmtime(netlist) < max(os.path.getmtime(f) for f in rtl):
        print(f"power: {b['block']}/{cname}: no current Nangate45 netlist; running synth.py")
        env = dict(os.environ, LIBERTY=lib["source"])
        r = subprocess.run([sys.executable, os.path.join(HERE, "synth.py"), "--block", b["block"], "--config", cname,
                            "--out", os.path.join(TOP, "build", "power", "synth-results")], env=env)
        if r.returncode != 0:
            raise ToolFailed(f"synth.py failed for {b['block']}/{cname} (exit {r.returncode})")
    # the trace
    tdir, cmd, inst, cached = run_trace(b, cname, workload, scale, work, use_cache)
    ff_cells = synth.lib_ff_names(lib)
    text, hspan, ports, decl, flops = parse_netlist(netlist, top, ff_cells)
    inputs = [bit for name in ports if decl.get(name, ("", []))[0] == "input" for bit in decl[name][1]]
    outputs = [bit for name in ports if decl.get(name, ("", []))[0] == "output" for bit in decl[name][1]]
    # which register bit each flop holds: its Q net when named, else its QN net (inverted)
    reg_of = []
    for fl in flops:
        q, qn = fl["pins"].get("Q", ""), fl["pins"].get("QN", "")
        if is_named(q):
            reg_of.append((fl, norm_net(q), False))
        elif is_named(qn):
            reg_of.append((fl, norm_net(qn), True))
        else:
            reg_of.append((fl, None, False))
    want = {k for _, k, _ in reg_of if k} | {i for i in inputs if i != clock_port}
    act_path = os.path.join(tdir, "activity.json")
    act = json.load(open(act_path)) if cached else {}
    if set(act.get("want", [])) != want:  # not extracted yet, or for another netlist
        act = extract_activity(os.path.join(tdir, "trace.fst"), want, p["access"]["port"],
                               os.path.join(tdir, "fst2vcd.log"))
        act["want"] = sorted(want)
        with open(act_path, "w") as fh:
            json.dump(act, fh, sort_keys=True)
    cycles = act["cycles"]
    bits = act["bits"]
    gpu = json.load(open(os.path.join(tdir, "gpu.json")))
    gpu_cycles = gpu["counters"]["cycles"]
    # annotation
    act_in, in_missing = {}, []
    for i in inputs:
        if i == clock_port:
            continue
        if i in bits:
            tg, hi = bits[i]
            act_in[i] = (tg / cycles, min(1.0, hi / cycles))
        else:
            in_missing.append(i)
    annotated, act_reg, reg_missing = [], {}, []
    caps = lib_pin_caps(lib)
    dcaps = {}
    for fl, k, inv in reg_of:
        if k is None or k not in bits:
            reg_missing.append(k or fl["inst"])
            continue
        idx = len(annotated)
        annotated.append((fl, idx))
        tg, hi = bits[k]
        duty = min(1.0, hi / cycles)
        act_reg[f"pwr_d{idx}"] = (tg / cycles, 1.0 - duty if inv else duty)
    sdir = os.path.join(work, "sta")
    if os.path.isdir(sdir):
        shutil.rmtree(sdir)
    os.makedirs(sdir)
    pnet = os.path.join(sdir, "netlist_power.v")
    new_out = build_power_netlist(text, top, hspan, ports, flops, annotated, pnet)
    for name, fl in new_out:
        cap = caps.get((fl["cell"], "D"), 0.0)
        dcaps.setdefault(f"{cap:g}", []).append(name)
    period_ns = 1000.0 / p["clock_mhz"]
    results = {}
    halved, _ = power_liberty(lib, os.path.join(TOP, "build", "power", "lib"))
    for tag, libfile, zero in (("power", halved, False), ("clock_only", halved, True), ("raw", lib["plain"], False)):
        tcl = os.path.join(sdir, f"{tag}.tcl")
        with open(tcl, "w") as fh:
            fh.write(sta_script(top, lib, libfile, "netlist_power.v", clock_port, period_ns, inputs, outputs,
                                act_in, act_reg, dcaps, zero))
        synth.run_tool(["sta", "-no_splash", "-exit", f"{tag}.tcl"], os.path.join(sdir, f"{tag}.log"), sdir)
        results[tag] = parse_report_power(os.path.join(sdir, f"{tag}.log"))
    # accesses
    a = p["access"]
    by_val = act["access_cycles_by_value"]
    if not by_val:
        raise ToolFailed(f"access port {a['port']} not found under the DUT in {rel(os.path.join(tdir, 'trace.fst'))}")
    accesses = sum(n for v, n in by_val.items() if int(v) in a["values"])
    tot = results["power"]["total"]
    clk = results["clock_only"]["total"]
    f_hz = p["clock_mhz"] * 1e6
    per_cycle_pj = tot["dynamic"] * 1e-3 / f_hz * 1e12
    apc = accesses / cycles if cycles else 0.0
    reg_rates = [act_reg[k][0] for k in act_reg]
    in_rates = [act_in[k][0] for k in act_in]
    g = p["gpu"]
    res = {
        "block": b["block"], "config": cname, "top": top,
        "about": p.get("about", ""),
        "netlist": rel(netlist),
        "liberty": {"library": lib["library"], "file": lib["file"]},
        "clock": {"mhz": p["clock_mhz"], "about": p.get("clock_about", ""), "period_ns": sig(period_ns, 6),
                  "ideal": True, "transition_ns": 0.0},
        "gpu": {"command": " ".join(cmd), "config": g["config"], "workload": workload, "scale": scale,
                "options": g["options"], "instance": inst, "gpu_cycles": gpu_cycles},
        "trace": {"block_cycles": cycles, "block_cycles_per_gpu_cycle": sig(cycles / gpu_cycles),
                  "access": {"port": a["port"], "values": a["values"], "about": a.get("about", "")},
                  "access_cycles_by_value": by_val,
                  "accesses": accesses, "accesses_per_cycle": sig(apc)},
        "annotation": {
            "input_bits": len(inputs) - (1 if clock_port in inputs else 0),
            "input_bits_annotated": len(act_in), "input_bits_not_found": in_missing,
            "flops": len(flops), "register_bits_annotated": len(act_reg),
            "flops_not_annotated": len(reg_missing), "flops_not_annotated_first": sorted(reg_missing)[:20],
            "annotated_bits": len(act_in) + len(act_reg),
            "mean_toggle_rate_registers": sig(sum(reg_rates) / len(reg_rates)) if reg_rates else None,
            "mean_toggle_rate_inputs": sig(sum(in_rates) / len(in_rates)) if in_rates else None,
            "about": "per bit: transitions per block cycle and the fraction of cycles at 1, from the trace; "
                     "registers annotated on a new input port feeding the flop's D (the flop's Q then carries "
                     "it: OpenSTA 2.0.17 keeps user activities only on start points); every other net "
                     "propagated by OpenSTA"},
        "power_mw": sig_tree(tot),
        "power_mw_by_group": sig_tree({k: results["power"][k] for k in ("sequential", "combinational")}),
        "clock_only_mw": sig_tree(clk),
        "opensta_uncorrected_mw": sig_tree(results["raw"]["total"]),
        "energy_pj_per_cycle": sig(per_cycle_pj),
        "energy_pj_per_access": sig(per_cycle_pj / apc) if apc else None,
        "energy_pj_per_access_clock_only": sig(clk["dynamic"] * 1e-3 / f_hz * 1e12 / apc) if apc else None,
        "gpu_time_dynamic_mw": sig(tot["dynamic"] * cycles / gpu_cycles),
        "notes": ["power_mw: one block cycle per clock at clock.mhz with the trace's per-cycle activity; "
                  "gpu_time_dynamic_mw: the same energy per block cycle at the trace's block cycles per GPU "
                  "cycle (a block clocked only on its cycles)",
                  "energy_pj_per_access = power_mw.dynamic / (clock * trace.accesses_per_cycle)",
                  "clock_only_mw: every annotated activity 0 (the flops' clock pins only)",
                  "internal power from a copy of the liberty with every internal_power table halved: OpenSTA "
                  "2.0.17 charges each transition the sum of the rise and the fall energy (upstream OpenSTA "
                  "uses their average since 2020); opensta_uncorrected_mw is 2.0.17 on the liberty as it is"],
        "tools": {"opensta": "2.0.17", "yosys": "0.23"},
    }
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, f"{b['block']}-{cname}.json")
    with open(path, "w") as fh:
        json.dump(res, fh, indent=1, sort_keys=True)
        fh.write("\n")
    print(f"power: {b['block']}/{cname}: {workload} x{scale}, {cycles} block cycles ({accesses} accesses), "
          f"{len(act_in) + len(act_reg)} bits annotated ({len(reg_missing)} flops and {len(in_missing)} input bits not found); "
          f"dynamic {sig(tot['dynamic'], 4)} mW at {p['clock_mhz']} MHz, leakage {sig(tot['leakage'], 4)} mW, "
          f"{sig(res['energy_pj_per_access'], 4)} pJ/access"
          f"{' (cached trace)' if cached else ''}, {time.time() - t0:.0f} s -> {rel(path)}")
    return res


def main():
    ap = num.one_line_parser(description="dynamic energy per access and leakage from a lockstep trace (OpenSTA)")
    ap.add_argument("--block", default="", help="blocks (comma separated), default every block file with a power object")
    ap.add_argument("--config", default="", help="a configuration (default: the power object's list)")
    ap.add_argument("--workload", default="", help="GPU workload (default: the power object's)")
    ap.add_argument("--scale", default="", help="workload scale (default: the power object's)")
    ap.add_argument("--out", default=os.path.join(HERE, "results", "power"))
    ap.add_argument("--no-cache", action="store_true", help="run the GPU trace again even when cached")
    ap.add_argument("--if-liberty", action="store_true",
                    help="(run.sh) skip with a line on stdout, exit 0, when there is no Nangate45 liberty")
    a = ap.parse_args()
    if a.if_liberty:
        try:
            lib = nangate_liberty()
        except BadInput as e:
            print(f"power: skipped ({e})")
            return
    blocks = power_blocks([x for x in a.block.split(",") if x])
    if a.scale:
        try:
            num.real(a.scale, 1e-6, 1000.0, "--scale")
        except ValueError as e:
            raise BadInput(str(e))
    if a.workload:
        make_tools()
        lst = subprocess.run([os.path.join(TOP, "build", "bin", "gpusim"), "--list"], capture_output=True, text=True)
        known = lst.stdout.split()
        if a.workload not in known:
            raise BadInput(f"unknown workload '{a.workload}' (known: {' '.join(known)})")
    runs = []
    for b in blocks:
        cfgs = [a.config] if a.config else b["power"]["configs"]
        for c in cfgs:
            if c not in b["configs"]:
                raise BadInput(f"block {b['block']}: unknown configuration '{c}' (known: {', '.join(b['configs'])})")
            runs.append((b, c))
    if not runs:
        raise BadInput("no block file has a \"power\" object")
    lib = nangate_liberty()
    for b, c in runs:
        g = b["power"]["gpu"]
        run_one(b, c, a.workload or g["workload"], a.scale or str(g["scale"]), lib, a.out, not a.no_cache)


if __name__ == "__main__":
    try:
        main()
    except BadInput as e:
        print(f"power: {e}", file=sys.stderr)
        sys.exit(2)
    except ToolFailed as e:
        print(f"power: {e}", file=sys.stderr)
        sys.exit(1)
