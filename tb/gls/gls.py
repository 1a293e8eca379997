#!/usr/bin/env python3
"""make gls [BLOCK=b] [CONFIG=c]: gate-level lockstep. Each block configuration's mapped
Nangate45 netlist (the one synth_estimates/ takes its area and timing from) runs in the
lockstep engine against the C model, on the block's directed vectors and seeded random
stimulus, and Yosys proves the netlist equivalent to the RTL where the proof completes.

Per block and configuration:
  1. synth_estimates/synth.py maps the configuration with the project's flow (Yosys
     `synth`, `dfflibmap`, `abc -D 870 -constr`, Nangate45 only) into build/gls/synth/,
     the logic variant: the flow's arrays (MRPB's and memsched's request storage) are
     opaque SYNTH_ARRAY boxes there, as in the timing figures. A reported configuration
     (final, ...) is compared with its committed result (synth_estimates/results/): same
     inputs key and area means this is the netlist of the report's figures.
  2. The simulation folder holds the netlist, Verilog models of the Nangate45 cells
     written by Yosys from the liberty file's cell functions (`read_liberty
     -ignore_miss_func; write_verilog`), and for each array box a behavioural model (write
     at the clock edge, per-bit enables, a later write port wins; read combinational, as
     the flow's SRAM timing model assumes). The wrapper's state probes read the netlist's
     flip-flop outputs, which keep the RTL's register names; a probe whose register
     synthesis renamed or removed turns state comparison off for that configuration
     (outputs are still compared every cycle), and the report says so.
  3. Every directed vector of the block whose configuration is this one, then RANDOM runs
     of CYCLES cycles (seeds 1..RANDOM, the generator's default knobs), against the C model:
     by default under Icarus through the C VPI checker (tb/vpi/run.sh --rtl-dir; the
     outputs compared every cycle); --sim verilator runs the lockstep engine (tb/bin/run
     --rtl-dir) with the state probes, faster, but Verilator 5.006 mis-simulates some of
     these netlists (docs/verification.md "Gate-level lockstep"). 0 mismatches wanted.
  4. Equivalence (unless --no-equiv): the RTL (elaborated, `proc`, `flatten`, memories
     mapped to flops) against the netlist with the cell models read as logic (`flatten`):
     `equiv_make` (registers paired by name), `equiv_simple -seq 4`, `equiv_induct -seq 4`,
     `equiv_status`; proven when no unproven $equiv cell is left, within EQUIV_TIMEOUT
     seconds; unproven cells are reported, not failed (induction may not close on equal
     designs whose registers do not all pair by name). A configuration with arrays has no name-matched state for the array's bits
     on the netlist side (the box), so its proof is not attempted (reported "n/a").
Without --config the configurations are the reported ones of synth_estimates/blocks/<b>.json
and, with --vectors, every directed vector's own configuration (synthesized through the same
flow with synth.py --spec). --quick (make test) takes each block's smoke configuration.
Outputs: build/gls/REPORT.md, build/gls/results.tsv, one line per configuration on stdout.
--plant EDIT applies a sed expression to every netlist before it is simulated (make test
uses it to show a changed gate is caught). Exit: 0 every run passed and every attempted proof
completed (proven, unproven or timed out: reported); 1 a mismatch, a failed build or a proof that
errs; 2 bad input (an
unknown block or configuration, no Nangate45 liberty).
"""
import argparse
import concurrent.futures as cf
import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(TOP, "tb", "mutants"))
import mutants  # noqa: E402  (manifest, configuration and wrapper helpers shared with make mutants)

OUT = os.path.join(TOP, "build", "gls")
EQUIV_TIMEOUT = int(os.environ.get("EQUIV_TIMEOUT", "600"))
LINT_OFF = ("/* verilator lint_off WIDTH */\n"
            "/* verilator lint_off UNUSED */\n/* verilator lint_off DECLFILENAME */\n"
            "/* verilator lint_off LATCH */\n/* verilator lint_off COMBDLY */\n"
            "/* verilator lint_off MULTITOP */\n/* verilator lint_off PINCONNECTEMPTY */\n")


def die(msg):
    print(f"gls: {msg}", file=sys.stderr)
    sys.exit(2)


def run(cmd, timeout=None, env=None):
    try:
        r = subprocess.run(cmd, cwd=TOP, text=True, capture_output=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return None
    return r


def liberty():
    lib = os.environ.get("GLS_LIBERTY") or os.path.join(os.path.dirname(TOP), "shared", "pdk", "nangate45_typ.lib.gz")
    if not os.path.isfile(lib):
        die(f"no Nangate45 liberty file at {lib} (set GLS_LIBERTY=path)")
    return os.path.abspath(lib)


def cell_models(lib):
    """Verilog models of the liberty's cells, written by Yosys (once per liberty file)"""
    h = hashlib.sha256(open(lib, "rb").read()).hexdigest()[:12]
    d = os.path.join(OUT, "cells")
    os.makedirs(d, exist_ok=True)
    v = os.path.join(d, f"cells-{h}.v")
    plain = os.path.join(d, f"lib-{h}.lib")
    if not os.path.exists(v):
        opener = gzip.open if lib.endswith(".gz") else open
        tmp = f".tmp{os.getpid()}"  # parallel runs each write their own, then rename
        with opener(lib, "rb") as f, open(plain + tmp, "wb") as g:
            g.write(f.read())
        os.replace(plain + tmp, plain)
        r = run(["yosys", "-q", "-p", f"read_liberty -ignore_miss_func {plain}; write_verilog -noattr {v}{tmp}"])
        if r is None or r.returncode != 0:
            die(f"yosys could not write cell models from {lib}: {(r.stderr if r else 'timeout')[-500:]}")
        os.replace(v + tmp, v)
    return v, plain


def block_file(block):
    p = os.path.join(TOP, "synth_estimates", "blocks", f"{block}.json")
    if not os.path.exists(p):
        return None
    return json.load(open(p))


def spec_of(cfg):
    """a synth configuration ({preset, config}) as a run SPEC"""
    p, c = cfg.get("preset", ""), cfg.get("config", "")
    if p:
        return "@" + p + ("," + c if c else "")
    return c


def synth(block, cname, spec, lib, extra):
    """map one configuration; returns (result json, work folder)"""
    work = os.path.join(OUT, "synth", block)  # per block: parallel runs share no liberty copy or times.json
    res = os.path.join(OUT, "results")
    cmd = ["python3", os.path.join(TOP, "synth_estimates", "synth.py"), "--block", block, "--config", cname,
           "--out", res, "--work", work, "--jobs", "1", "--force"]  # always map: the netlist is simulated from the work folder
    if extra:
        cmd += ["--spec", f"{cname}={spec}"]
    r = run(cmd, env=dict(os.environ, LIBERTY=lib))
    if r is None or r.returncode != 0:
        raise RuntimeError(f"synthesis failed: {((r.stdout + r.stderr) if r else 'timeout')[-1500:]}")
    return json.load(open(os.path.join(res, f"{block}-{cname}.json"))), os.path.join(work, block, cname)


ARRAY_MODEL = """// behavioural model of a SYNTH_ARRAY box of synth_estimates/synth.py (a Yosys $mem_v2 with
// its parameters removed): written by tb/gls/gls.py for {name}
module SYNTH_ARRAY_{ident} (RD_ADDR, RD_ARST, RD_CLK, RD_DATA, RD_EN, RD_SRST, WR_ADDR, WR_CLK, WR_DATA, WR_EN);
  input [{rp}*{ab}-1:0] RD_ADDR;
  input [{rp}-1:0] RD_ARST, RD_CLK, RD_EN, RD_SRST;
  output reg [{rp}*{w}-1:0] RD_DATA;
  input [{wp}*{ab}-1:0] WR_ADDR;
  input [{wp}-1:0] WR_CLK;
  input [{wp}*{w}-1:0] WR_DATA, WR_EN;
  reg [{w}-1:0] mem [0:{words}-1];
  integer p, b;
  always @* begin
    for (p = 0; p < {rp}; p = p + 1)
      RD_DATA[p*{w} +: {w}] = mem[RD_ADDR[p*{ab} +: {ab}]];
  end
  always @(posedge WR_CLK[0]) begin
    for (p = 0; p < {wp}; p = p + 1)
      for (b = 0; b < {w}; b = b + 1)
        if (WR_EN[p*{w} + b]) mem[WR_ADDR[p*{ab} +: {ab}]][b] <= WR_DATA[p*{w} + b];
  end
endmodule
"""


def array_models(netlist, storage):
    """rename each SYNTH_ARRAY instance's type to its own model; returns (netlist, models)"""
    models = []
    arrays = storage.get("arrays", {})
    for name, a in sorted(arrays.items()):
        ident = re.sub(r"[^A-Za-z0-9_]", "_", name)
        esc = re.escape("\\" + name) if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name) else re.escape(name)
        pat = re.compile(r"^(\s*)SYNTH_ARRAY(\s+" + esc + r"\s*\()", re.M)
        netlist, n = pat.subn(r"\1SYNTH_ARRAY_" + ident + r"\2", netlist)
        if n != 1:
            raise RuntimeError(f"array {name}: {n} SYNTH_ARRAY instances of that name in the netlist")
        ab = max(1, (a["words"] - 1).bit_length())
        m = re.search(r"SYNTH_ARRAY_" + ident + r"\s+\S+\s*\((.*?)\);", netlist, re.S)
        if m and re.search(r"\.RD_CLK\(\s*(\w+)\s*\)", m.group(1)) and "1'b0" not in re.search(r"\.RD_CLK\(([^)]*)\)", m.group(1)).group(1):
            raise RuntimeError(f"array {name}: a clocked read port; the model reads combinationally")
        models.append(ARRAY_MODEL.format(name=name, ident=ident, rp=a["rd_ports"], wp=a["wr_ports"], w=a["width"],
                                         ab=a["abits"] if a.get("abits", 0) < 32 else ab, words=a["words"]))
    if re.search(r"^\s*SYNTH_ARRAY\s", netlist, re.M):
        raise RuntimeError("a SYNTH_ARRAY instance the storage report does not name")
    return netlist, models


def probe_refs(block, d):
    return mutants.probes(block, d)


def netlist_names(netlist):
    names = set(re.findall(r"^\s*(?:wire|reg|output|input)\s+(?:\[[^\]]*\]\s*)?(\\\S+|\w+)\s*;", netlist, re.M))
    return {n[1:] if n.startswith("\\") else n for n in names}


def gls_dir(block, cname, work, res, cells, cells_lib, plant, keep):
    """the simulation folder: netlist, cell models, array models, wrapper edits"""
    d = os.path.join(OUT, "rtl", block, cname + ("-planted" if plant else ""))
    if os.path.isdir(d):
        shutil.rmtree(d)
    os.makedirs(d)
    net = open(os.path.join(work, "nangate45_logic.v")).read()
    net, models = array_models(net, res.get("storage", {}))
    if plant:
        r = subprocess.run(["sed", "-e", plant], input=net, text=True, capture_output=True)
        if r.returncode != 0:
            raise RuntimeError(f"--plant {plant}: {r.stderr.strip()}")
        if r.stdout == net:
            raise RuntimeError(f"--plant {plant}: the edit changes nothing in the netlist")
        net = r.stdout
    # the same circuit with every vector that several cells drive split into single-bit
    # nets (`splitnets -driver`; a probed register's vector is put together again from its
    # bits under its own name for the wrapper's probe, a wire no cell reads): a carry chain
    # written into one vector is a false combinational loop to Verilator, which 5.006
    # evaluates wrongly (docs/verification.md "Gate-level lockstep"); the file is built
    # without an UNOPTFLAT waiver, so a loop left behind fails the build
    raw = os.path.join(d, "mapped.v.txt")
    with open(raw, "w") as f:
        f.write(net)
    boxes = os.path.join(d, "arrays.v")
    if models:
        with open(boxes, "w") as f:
            f.write(LINT_OFF + "\n".join(models))
    out = os.path.join(d, f"{block}.v.tmp")
    r = run(["yosys", "-q", "-p", f"read_liberty -lib {cells_lib}; {'read_verilog -lib ' + boxes + '; ' if models else ''}"
             f"read_verilog {raw}; hierarchy -top {block}; splitnets -driver; write_verilog -noattr {out}"])
    if r is None or r.returncode != 0:
        raise RuntimeError("splitting the netlist's multi-driver vectors failed: " + ((r.stderr if r else "timeout")[-1000:]))
    split = open(out).read()
    decl = {}
    for m in re.finditer(r"^\s*(?:wire|reg|output|input)\s+\[(\d+):(\d+)\]\s*(\\\S+|\w+)\s*;", net, re.M):
        decl[m.group(3).lstrip("\\")] = (int(m.group(1)), int(m.group(2)))
    glue = []
    for k in sorted(keep):
        if k not in decl:
            continue
        v = ("\\" + k + " ") if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", k) else k
        if re.search(r"^\s*(?:wire|reg|output|input)\s+\[\d+:\d+\]\s*" + re.escape(v.strip()) + r"\s*;", split, re.M):
            continue  # still whole
        hi, lo = decl[k]
        part = {}  # bit -> its reference in the split netlist (a single-bit net or a bit of a chunk)
        for m in re.finditer(r"^\s*(?:wire|reg|output|input)\s+(?:\[(\d+):(\d+)\]\s*)?\\" + re.escape(k) + r"\[([\d:]+)\]\s*;", split, re.M):
            name = f"\\{k}[{m.group(3)}] "
            if m.group(1) is None:
                part[int(m.group(3))] = name
            else:
                for i in range(int(m.group(2)), int(m.group(1)) + 1):
                    part[i] = f"{name}[{i}]"
        if any(i not in part for i in range(lo, hi + 1)):
            raise RuntimeError(f"probe {k}: its bits are not all found in the split netlist")
        bits = ", ".join(part[i] for i in range(hi, lo - 1, -1))
        glue.append(f"  wire [{hi}:{lo}] {v} = {{ {bits} }};")
    if glue:
        i = split.rindex("endmodule")
        split = split[:i] + "  // the probed registers' vectors, from their bits (for the lockstep wrapper)\n" + "\n".join(glue) + "\n" + split[i:]
    with open(os.path.join(d, f"{block}.v"), "w") as f:
        f.write(f"// gate-level netlist of {block} {cname} (synth_estimates/synth.py, Nangate45; multi-driver vectors\n"
                f"// split into bits by tb/gls/gls.py), for make gls\n" + LINT_OFF + split)
    os.remove(out)
    os.remove(raw)
    with open(os.path.join(d, "cells.v"), "w") as f:
        f.write(LINT_OFF + open(cells).read())
    return d, net


def wrapper_sed(block, d, missing):
    """the lockstep wrapper: no parameters (the netlist has none), probes by the netlist's
    flattened names; probes whose register the netlist lacks read 0 (state comparison off)"""
    sed = mutants.WRAPPER_SED.replace("{b}", block)
    for p in sorted(missing, key=len, reverse=True):
        sed += "s/u_dut\\.%s\\(\\[[^]]*\\]\\)\\?/'0/g\n" % re.escape(p).replace("/", "\\/")
        if "." in p:
            a, b = p.split(".", 1)
            sed += "s/u_dut\\.\\\\%s\\.%s \\(\\[[^]]*\\]\\)\\?/'0/g\n" % (re.escape(a), re.escape(b))
    with open(os.path.join(d, "wrapper.sed"), "w") as f:
        f.write(sed)


def equivalence(block, spec, net_file, cells_lib, params, timeout):
    chp = " ".join(f"-set {k} {v}" for k, v in params)
    rtl = " ".join(mutants.rtl_files(block))
    ys = (f"read_verilog -defer {rtl}; {'chparam ' + chp + ' ' + block + '; ' if chp else ''}"
          f"hierarchy -top {block}; proc; flatten; memory_map; opt_clean; rename {block} gold; design -stash gold; "
          f"read_liberty -ignore_miss_func {cells_lib}; read_verilog {net_file}; hierarchy -top {block}; proc; flatten; "
          f"opt_clean; rename {block} gate; design -stash gate; "
          f"design -copy-from gold -as gold gold; design -copy-from gate -as gate gate; "
          f"equiv_make gold gate equiv; hierarchy -top equiv; async2sync; equiv_simple -seq 4; equiv_induct -seq 4; equiv_status")
    t0 = time.time()
    r = run(["yosys", "-q", "-p", ys, "-l", "/dev/stdout"], timeout=timeout)
    secs = time.time() - t0
    if r is None:
        return "timeout", f"not completed in {timeout} s"
    text = r.stdout + r.stderr
    m = re.search(r"Found (\d+) \$equiv cells in equiv:\s*\n\s*Of those cells (\d+) are proven and (\d+) are unproven", text)
    if r.returncode != 0 or not m:
        return "error", (text.strip().splitlines() or ["yosys failed"])[-1][:300]
    tot, prov, unp = int(m.group(1)), int(m.group(2)), int(m.group(3))
    if unp == 0 and "Equivalence successfully proven" in text:
        return "proven", f"{prov}/{tot} $equiv cells proven (equiv_simple + equiv_induct, {secs:.0f} s)"
    return "unproven", f"{unp} of {tot} $equiv cells unproven ({secs:.0f} s)"


def stimuli(block, mf, spec, tag, seeds, cycles, with_vectors):
    out = []
    if with_vectors:
        for v in mf.get("VECTORS", []):
            vcfg = mf.get(f"VEC {v}", [""])[0]
            if mutants.tag_of(block, vcfg) == tag:
                out.append((os.path.relpath(v, TOP) if os.path.isabs(v) else v, ["--vec", v] + mutants.cfg_args(vcfg)))
    for s in range(1, seeds + 1):
        out.append((f"random seed {s}", mutants.cfg_args(spec) + ["--seed", str(s), "--cycles", str(cycles)]))
    return out


def one(block, cname, spec, extra, a, lib, cells, cells_lib, mf):
    row = {"block": block, "config": cname, "spec": spec, "runs": [], "ok": True}
    try:
        res, work = synth(block, cname, spec, lib, extra)
        ng = res["liberty"]["nangate45"]["logic"]
        row["area_um2"], row["fmax_ghz"] = ng["area_um2"], ng.get("fmax_ghz")
        row["cells"], row["flops"] = ng["cells"], ng["flops"]
        committed = os.path.join(TOP, "synth_estimates", "results", f"{block}-{cname}.json")
        row["figures"] = "-"
        if not extra and os.path.exists(committed):
            c = json.load(open(committed))
            cl = c.get("liberty", {}).get("nangate45", {}).get("logic", {})
            same = c.get("inputs_sha256") == res.get("inputs_sha256") and cl.get("area_um2") == ng["area_um2"]
            row["figures"] = "same netlist" if same else "differs (make synth to refresh the committed result)"
        tag = mutants.tag_of(block, spec)
        bd = mutants.build_dir(block, spec)  # the RTL build's wrapper names the probes
        refs = probe_refs(block, bd)
        have = netlist_names(open(os.path.join(work, "nangate45_logic.v")).read())
        d, net = gls_dir(block, cname, work, res, cells, cells_lib, a.plant, [p for p in refs if p in have])
        waves = set(mutants.wave_only(block, bd))  # waveform-only wires: shown, never compared
        missing = [p for p in refs if p not in have]
        state = [p for p in refs if p not in waves]
        lost = [p for p in missing if p not in waves]
        row["probes"] = ("outputs every cycle (Icarus, VPI checker)" if a.sim == "icarus" else
                         f"probes {len(state) - len(lost)}/{len(state)}" + (f" (lost: {' '.join(lost)})" if lost else ""))
        wrapper_sed(block, d, missing)
        t0 = time.time()
        if a.sim == "icarus":
            base = ["tb/vpi/run.sh", "--sim", "icarus", block, "--rtl-dir", d]
            extra_args = []  # the VPI checker compares the outputs every cycle (no state probes)
        else:
            base = ["tb/bin/run", block, "--rtl-dir", d, "--mode", "lockstep"]
            extra_args = ["--probe-every", "0"] if lost else []
        r = run(base + ["--build-only"] + mutants.cfg_args(spec))
        if r is None or r.returncode != 0:
            raise RuntimeError("gate-level build failed: " + ((r.stdout + r.stderr) if r else "timeout")[-2000:])
        row["build_s"] = round(time.time() - t0)
        for label, args in stimuli(block, mf, spec, tag, a.random, a.cycles, a.vectors):
            rr = run(base + args + extra_args)
            ok = rr is not None and rr.returncode == 0
            row["runs"].append((label, ok))
            if not ok:
                row["ok"] = False
                rep = os.path.join(OUT, "fail", f"{block}-{cname}-{re.sub(r'[^A-Za-z0-9]+', '_', label)}.txt")
                os.makedirs(os.path.dirname(rep), exist_ok=True)
                open(rep, "w").write((rr.stdout + rr.stderr) if rr else "timeout")
                txt = (rr.stdout + rr.stderr) if rr else "timeout"
                what = [m.group(1).strip() for m in re.finditer(r"^\s*((?:(?:LOCKSTEP|VPI) MISMATCH.*|cycle:.*|signal:.*|register:.*))$", txt, re.M)]
                row["first_fail"] = f"{label}: {'; '.join(what[:3]) or 'failed'} ({os.path.relpath(rep, TOP)})"
                break
        if a.equiv:
            if res.get("storage", {}).get("arrays"):
                row["equiv"] = ("n/a", "array boxes: no name-matched state on the netlist side")
            else:
                params = mutants.wrapper_params(block, bd)
                row["equiv"] = equivalence(block, spec, os.path.join(d, f"{block}.v"), cells_lib, params, a.equiv_timeout)
                # reported, not failed: equiv_induct can leave cells of equal designs unproven when
                # registers do not pair by name (SAP's smoke configuration: 29 of 171, with the
                # simulation finding no difference); a proof that errs is a failure
                if row["equiv"][0] == "error":
                    row["ok"] = False
    except RuntimeError as e:
        row["ok"] = False
        row["error"] = str(e)
    return row


def line_of(r):
    runs = r["runs"]
    nv = sum(1 for l, _ in runs if not l.startswith("random"))
    nr = sum(1 for l, _ in runs if l.startswith("random"))
    fails = sum(1 for _, ok in runs if not ok)
    s = f"gls {r['block']}/{r['config']}: "
    if "error" in r:
        return s + "ERROR " + r["error"].splitlines()[0][:300]
    s += (f"{r['cells']} cells, {r['flops']} flops, {r['area_um2']} um2 ({r['figures']}); "
          f"{nv} vectors + {nr} random runs, {r['probes']}, "
          + (f"{fails} failed: {r['first_fail']}" if fails else "0 mismatches"))
    if "equiv" in r:
        s += f"; equivalence {r['equiv'][0]}: {r['equiv'][1]}"
    return s


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0], usage="tb/gls/gls.py [options] (make gls [BLOCK=b] [CONFIG=c])")
    ap.add_argument("--block", default="", help="blocks (comma separated), default every block with a synth_estimates/blocks file")
    ap.add_argument("--config", default="", help="configurations of synth_estimates/blocks/<b>.json (comma separated)")
    ap.add_argument("--quick", action="store_true", help="each block's smoke configuration only (make test)")
    ap.add_argument("--vectors", action="store_true", help="also every directed vector's own configuration")
    ap.add_argument("--random", type=int, default=2, help="random runs per configuration (default 2)")
    ap.add_argument("--cycles", type=int, default=100000, help="cycles per random run (default 100000)")
    ap.add_argument("--no-equiv", dest="equiv", action="store_false", help="skip the Yosys equivalence proofs")
    ap.add_argument("--equiv-timeout", type=int, default=None, help="seconds per proof (default EQUIV_TIMEOUT or 600; 120 with --quick)")
    ap.add_argument("--plant", default="", help="a sed expression applied to every netlist (must change it)")
    ap.add_argument("--sim", choices=("icarus", "verilator"), default="icarus",
                    help="icarus (default): the VPI checker under Icarus, outputs every cycle; verilator: the lockstep "
                         "engine with state probes (faster; Verilator 5.006 mis-simulates some mapped netlists)")
    ap.add_argument("--jobs", type=int, default=int(os.environ.get("JOBS", "2")))
    ap.add_argument("--report", default=OUT, help="folder of REPORT.md and results.tsv (default build/gls)")
    a = ap.parse_args()
    if a.equiv_timeout is None:
        a.equiv_timeout = 120 if a.quick and "EQUIV_TIMEOUT" not in os.environ else EQUIV_TIMEOUT
    if a.random < 0 or a.cycles < 1 or a.jobs < 1 or a.equiv_timeout < 1:
        die("--random, --cycles, --jobs and --equiv-timeout must be positive")
    known = mutants.block_list()
    blocks = [b for b in a.block.split(",") if b] or [b for b in known if block_file(b)]
    for b in blocks:
        if b not in known:
            die(f"unknown block '{b}' (the block list has: {' '.join(known)})")
        if not block_file(b):
            die(f"block {b} has no synth_estimates/blocks/{b}.json")
    lib = liberty()
    if not os.access(os.path.join(TOP, "build", "bin", "portgen"), os.X_OK):
        r = run(["make", "-s", "tools"])
        if r is None or r.returncode != 0:
            die("make tools failed: " + (r.stderr if r else "")[-500:])
    cells, cells_lib = cell_models(lib)
    want = [c for c in a.config.split(",") if c]
    jobs = []
    for b in blocks:
        bf = block_file(b)
        mf = mutants.manifest(b)
        if want:
            for c in want:
                if c not in bf["configs"]:
                    die(f"block {b}: unknown configuration '{c}' (known: {', '.join(bf['configs'])})")
            names = want
        elif a.quick:
            names = [c for c, v in bf["configs"].items() if v.get("smoke")]
        else:
            names = [c for c, v in bf["configs"].items() if v.get("report", True)]
        seen = set()
        for c in names:
            spec = spec_of(bf["configs"][c])
            seen.add(mutants.tag_of(b, spec))
            jobs.append((b, c, spec, False, mf))
        if a.vectors and not want:
            for v in mf.get("VECTORS", []):
                vcfg = mf.get(f"VEC {v}", [""])[0]
                tag = mutants.tag_of(b, vcfg)
                if tag not in seen:
                    seen.add(tag)
                    jobs.append((b, "v" + hashlib.sha256(tag.encode()).hexdigest()[:8], vcfg, True, mf))
    os.makedirs(a.report, exist_ok=True)
    rows = []
    with cf.ThreadPoolExecutor(max_workers=a.jobs) as ex:
        futs = [ex.submit(one, b, c, s, e, a, lib, cells, cells_lib, mf) for b, c, s, e, mf in jobs]
        for f in futs:
            r = f.result()
            rows.append(r)
            print(line_of(r), flush=True)
    with open(os.path.join(a.report, "results.tsv"), "w") as f:
        f.write("block\tconfig\tspec\tcells\tflops\tarea_um2\tfmax_ghz\tprobes\tvectors\trandom\tfailed\tequivalence\n")
        for r in rows:
            runs = r["runs"]
            f.write("\t".join(str(x) for x in (
                r["block"], r["config"], r["spec"] or "(defaults)", r.get("cells", "-"), r.get("flops", "-"),
                r.get("area_um2", "-"), r.get("fmax_ghz", "-"), r.get("probes", "-"),
                sum(1 for l, _ in runs if not l.startswith("random")), sum(1 for l, _ in runs if l.startswith("random")),
                sum(1 for _, ok in runs if not ok) if "error" not in r else "error",
                r.get("equiv", ("-",))[0])) + "\n")
    with open(os.path.join(a.report, "REPORT.md"), "w") as f:
        f.write("# Gate-level lockstep (make gls)\n\nGenerated by tb/gls/gls.py; one line per block configuration.\n\n")
        for r in rows:
            f.write("- " + line_of(r) + "\n")
    bad = [r for r in rows if not r["ok"]]
    print(f"gls: {len(rows)} configuration(s), {len(rows) - len(bad)} passed, {len(bad)} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] in ("-h", "--help"):
        print("usage: tb/gls/gls.py [--block B,..] [--config C,..] [--quick] [--vectors] [--random N] [--cycles N]\n"
              "                     [--no-equiv] [--equiv-timeout S] [--plant SED] [--sim icarus|verilator] [--jobs N] [--report DIR]\n" + __doc__)
        sys.exit(0)
    sys.exit(main())
