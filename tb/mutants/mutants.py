#!/usr/bin/env python3
"""make mutants [BLOCK=b]: RTL mutants from Yosys `mutate`, each run in the lockstep
engine against the C model, classified killed / survived / equivalent.

Per block and per mutation configuration of its manifest (MUTANT_CONFIGS, entries
"SPEC|COUNT"):
  1. Yosys elaborates rtl/<block>/ with that configuration's parameters (the ones the
     generated wrapper passes), `prep`, `flatten`, `memory_map` (memories as flops: Verilator
     ran Yosys's netlist of a two-write-port memory differently from the source), and lists COUNT mutations with
     `mutate -list COUNT -seed MUTANT_SEED` (Yosys samples them evenly over the source
     locations). All of them go into one netlist behind a selector `mutsel` (mutant i is
     active when mutsel == i; 0 is the unmutated design), read from +mutsel=N, so one
     Verilator build serves every mutant of the configuration.
  2. Mutant 0 must pass every run (the flow itself changes nothing); each mutant i runs
     the block's directed vectors of that configuration, then MUTANT_RUNS bounded random
     runs (seeded knobs, MUTANT_CYCLES cycles), in lockstep with state probes, until one
     run fails: killed (the first failing run is recorded, its mismatch report kept).
  3. A mutant no run killed is checked for equivalence with the unmutated netlist, over
     the ports and state probes, by the first proof that succeeds:
     a. the step proof (step_equivalent): with every register a cut point, the two
        netlists give the same outputs and next state from every common state and input
        (ABC's iprove on the miter, after Yosys merged the logic they share);
     b. the same over the states that satisfy the configuration's MUTANT_INVARIANTS
        (Verilog expressions over the netlist's registers), proven by the flow first by
        1-induction on the unmutated netlist (invariants_proven);
     c. Yosys `equiv_make` (registers matched by name), `equiv_simple -seq 4`,
        `equiv_induct -seq 4`, `equiv_status -assert`.
     Proven: equivalent (the proof is named). Otherwise: survived, with its source
     location and why each proof failed.
Outputs (--out, default build/mutants): results.tsv (one line per mutant), REPORT.md (kill
rate per block, the survivors and the equivalent mutants with their locations), the
mutated netlists and the killing runs' mismatch reports. Exit 0 when every step ran (the
kill rate is a figure, not a pass mark); 1 if the unmutated design failed a run or a
step broke; 2 on bad input.
"""
import argparse
import concurrent.futures as cf
import hashlib
import json
import os
import re
import shlex
import subprocess
import sys
import threading
import time

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CTRL_W = 10  # mutsel width: up to 1023 mutants per configuration
EQUIV_TIMEOUT = 20  # seconds for one equiv_induct proof (a dead-logic mutant takes a few)
STEP_TIMEOUT = 600  # seconds for one step proof (the final MRPB's 35 K flip-flops: under a minute)


def die(msg):
    print(f"mutants: {msg}", file=sys.stderr)
    sys.exit(2)


def sh(cmd, **kw):
    return subprocess.run(cmd, cwd=TOP, text=True, capture_output=True, **kw)


def block_list():
    out = []
    for line in open(os.path.join(TOP, "cmodel/blocks.def")):
        m = re.match(r"BLOCK\(([a-z0-9_]+),", line)
        if m:
            out.append(m.group(1))
    return out


MANIFEST_DUMP = r'''
. tb/lib/blocks.sh
unset MUTANT_INVARIANTS
manifest "$1" || exit 2
j() { printf '%s\0' "$@"; }
printf 'MUTANT_CONFIGS\0'; j "${MUTANT_CONFIGS[@]}"; printf '\1'
printf 'MUTANT_KNOBS\0'; j "${MUTANT_KNOBS[@]}"; printf '\1'
printf 'VECTORS\0'; j "${VECTORS[@]}"; printf '\1'
printf 'MUTANT_SEED\0'; j "$MUTANT_SEED"; printf '\1'
printf 'MUTANT_CYCLES\0'; j "$MUTANT_CYCLES"; printf '\1'
printf 'MUTANT_QUICK\0'; j "$MUTANT_QUICK"; printf '\1'
printf 'MUTANT_INVARIANTS\0'; j "${MUTANT_INVARIANTS[@]}"; printf '\1'
for v in "${VECTORS[@]}"; do printf 'VEC %s\0' "$v"; j "$(vec_cfg "$v")"; printf '\1'; done
'''


def manifest(block):
    r = sh(["bash", "-c", MANIFEST_DUMP, "-", block])
    if r.returncode != 0:
        die(r.stderr.strip().splitlines()[-1] if r.stderr.strip() else f"manifest {block} failed")
    out = {}
    for rec in r.stdout.split("\1"):
        if not rec:
            continue
        parts = rec.split("\0")
        out[parts[0]] = [p for p in parts[1:-1]] if len(parts) > 1 else []
    return out


def cfg_args(spec):
    """a manifest SPEC ("", "K=V,...", "@P", "@P,K=V,...") -> tb/bin/run arguments"""
    args = []
    if spec.startswith("@"):
        p, _, rest = spec[1:].partition(",")
        args += ["--preset", p]
        spec = rest
    if spec:
        args += ["--config", spec]
    return args


def tag_of(block, spec):
    r = sh([os.path.join(TOP, "build/bin/portgen"), block] + cfg_args(spec) + ["--tag"])
    if r.returncode != 0:
        die(f"{block}: configuration '{spec}': {r.stderr.strip()}")
    return r.stdout.strip()


def build_dir(block, spec, rtl_dir=None):
    cmd = ["tb/bin/run", block] + cfg_args(spec) + ["--build-only"]
    if rtl_dir:
        cmd[2:2] = ["--rtl-dir", rtl_dir]
    r = sh(cmd)
    if r.returncode != 0:
        raise RuntimeError(f"building {block} '{spec}'{' from ' + rtl_dir if rtl_dir else ''} failed:\n"
                           + (r.stdout + r.stderr)[-3000:])
    return r.stdout.strip().splitlines()[-1]


def wrapper_params(block, d):
    """the parameters the generated wrapper passes to the block: [(name, value)]"""
    text = open(os.path.join(d, f"{block}_top.v")).read()
    m = re.search(r"^\s*%s\s*#\((.*?)\)\s*u_dut\s*\(" % re.escape(block), text, re.M)
    if not m:
        return []
    return re.findall(r"\.(\w+)\(([^()]*)\)", m.group(1))


def yosys(script, log):
    r = subprocess.run(["yosys", "-q", "-l", log, "-p", script], cwd=TOP, text=True, capture_output=True)
    return r.returncode == 0, (r.stdout + r.stderr)


def rtl_files(block):
    """the block's RTL and rtl/common, relative to the repository (Yosys runs there: the
    source locations and cell names of the mutations do not depend on the checkout)"""
    files = sorted(f"rtl/{block}/{f}" for f in os.listdir(os.path.join(TOP, "rtl", block)) if f.endswith(".v"))
    files += sorted(f"rtl/common/{f}" for f in os.listdir(os.path.join(TOP, "rtl/common")) if f.endswith(".v"))
    return files


def rtl_hash(block):
    """the RTL the mutants come from: its files without their `ifdef FORMAL sections and
    blank lines (proofs added or changed at a module's end leave the mutants as they
    were; a line moved inside the logic changes the mutations' source lines, which
    --compare sees)"""
    h = hashlib.sha256()
    for f in rtl_files(block):
        text = re.sub(r"`ifdef FORMAL.*?`endif", "", open(os.path.join(TOP, f)).read(), flags=re.S)
        text = re.sub(r"\n[ \t]*(?=\n)", "", text)  # and blank lines
        h.update(f.encode() + b"\0" + text.encode())
    return h.hexdigest()[:16]


def probes(block, d):
    """the signals the wrapper reads inside the block (u_dut.x, u_dut.u_sub.y)"""
    text = open(os.path.join(d, f"{block}_top.v")).read()
    return sorted(set(re.findall(r"\bu_dut\.([A-Za-z_][A-Za-z0-9_.]*)", text)))


def prep_script(block, params, keep):
    """elaborate and flatten; the wrapper's probes become output ports (`expose`: Yosys
    keeps them, and `splitnets` leaves ports whole); every other multi-bit net split
    where its drivers change (`splitnets -driver`): Verilator 5.006 mis-evaluated Yosys
    netlists whose vectors are assembled from many drivers (docs/verification.md,
    "Mutation testing")"""
    chp = " ".join(f"-set {k} {v}" for k, v in params)
    sel = " ".join(f"w:{k}" for k in keep)
    flow = os.environ.get("MUTANT_FLOW", "prep -top {b}; memory_map; opt -fast")
    return (f"read_verilog -defer {' '.join(rtl_files(block))}; "
            f"{'chparam ' + chp + ' ' + block + '; ' if chp else ''}"
            f"hierarchy -top {block}; proc; flatten; {'setattr -set keep 1 ' + sel + '; expose ' + sel + '; ' if sel else ''}"
            f"{flow.replace('{b}', block)}; splitnets -driver; rename -top {block}")


def src_of(line):
    """the source locations of a mutation line, relative to the repository"""
    locs = re.findall(r"-src (\S+)", line)
    locs = [l.split(":")[0] + ":" + l.split(":")[1].split(".")[0] for l in locs if ":" in l]
    return " < ".join(reversed(locs)) if locs else "?"


WRAPPER_SED = r"""# the flattened netlist has no parameters, names a submodule's signals u_x.sig and has
# the probes as output ports the wrapper leaves unconnected
1i /* verilator lint_off PINMISSING */
s/^\(\s*{b}\) #(.*) u_dut (/\1 u_dut (/
s/u_dut\.\([A-Za-z_][A-Za-z0-9_]*\)\.\([A-Za-z_][A-Za-z0-9_.]*\)/u_dut.\\\1.\2 /g
"""


def unloop_script(block, il, keep):
    """after `mutate`: each exposed probe port P becomes a fresh output driven from the
    net it was (rename P, then `connect`), so that no logic reads a port vector, and a last
    `splitnets -driver` splits every vector that `mutate` assembled from several drivers
    again. Without this the mutation muxes, which read another bit of the same vector,
    leave false combinational loops that Verilator 5.006 evaluates wrongly
    (tb/mutants/verilator_loop/, docs/verification.md "Mutation testing"); the netlist is
    built without an UNOPTFLAT waiver, so a loop left behind fails the build."""
    ports = re.findall(r"^\s*wire width (\d+) output \d+ \\(\S+)$", open(il).read(), re.M)
    ports += [("1", n) for n in re.findall(r"^\s*wire output \d+ \\(\S+)$", open(il).read(), re.M)]
    s = ""
    for w, n in ports:
        if n not in keep:  # a port of the block's own port list stays as it is
            continue
        q = "\\" + n
        s += (f"cd {block}; rename {q} {q}__int; delete -port w:{q}__int; add -output {q} {w}; "
              f"connect -set {q} {q}__int; cd ..; ")
    return s + "splitnets -driver; "


def make_netlist(block, spec, count, seed, wdir):
    """the mutated netlist of one configuration in wdir/rtl/; returns the mutation lines"""
    os.makedirs(os.path.join(wdir, "rtl"), exist_ok=True)
    d = build_dir(block, spec)
    params = wrapper_params(block, d)
    base = prep_script(block, params, probes(block, d))
    with open(os.path.join(wdir, "waves.txt"), "w") as f:
        f.write("\n".join(wave_only(block, d)) + "\n")
    il = os.path.join(wdir, "base.il")
    lst = os.path.join(wdir, "list.txt")
    ok, out = yosys(f"{base}; write_rtlil {il}; mutate -list {2 * count} -seed {seed} -o {lst}",
                    os.path.join(wdir, "list.log"))
    if not ok:
        raise RuntimeError(f"yosys could not list the mutations of {block} '{spec}':\n{out[-2000:]}")
    lines = [l.strip() for l in open(lst) if l.strip()]
    # twice the count listed, clock ports left out (Yosys cannot rewire a memory's clock;
    # a flop's clock tied off is not a logic fault), duplicates dropped, then every k-th
    # of what is left for COUNT evenly spread mutations
    seen, cand = set(), []
    for l in lines:
        if re.search(r"-port \S*CLK\b", l) or l in seen:
            continue
        seen.add(l)
        cand.append(l)
    uniq = [cand[(i * len(cand)) // count] for i in range(count)] if len(cand) > count else cand
    lines = [l.replace("mutate ", f"mutate -ctrl mutsel {CTRL_W} {i + 1} ", 1) for i, l in enumerate(uniq)]
    with open(os.path.join(wdir, "apply.ys"), "w") as f:
        f.write("\n".join(lines) + "\n")
    net = os.path.join(wdir, "rtl", f"{block}.v")
    ok, out = yosys(f"read_rtlil {il}; script {os.path.join(wdir, 'apply.ys')}; {unloop_script(block, il, set(probes(block, d)))}"
                    f"write_verilog -noattr {net}", os.path.join(wdir, "apply.log"))
    if not ok:
        raise RuntimeError(f"yosys could not apply the mutations of {block} '{spec}':\n{out[-2000:]}")
    # mutsel: a port in Yosys's output, a register set from +mutsel=N here
    v = open(net).read()
    m = re.search(r"^module\s+\S+\s*\((.*?)\);", v, re.S | re.M)  # mutsel anywhere in the port list
    if not m or not re.search(r"\bmutsel\b", m.group(1)):
        raise RuntimeError(f"{block} '{spec}': no mutsel port in the mutated netlist's header")
    ports = [p.strip() for p in m.group(1).split(",") if p.strip() != "mutsel"]
    v = v[:m.start(1)] + ", ".join(p + " " if p.startswith("\\") else p for p in ports) + v[m.end(1):]  # an escaped name ends at a space
    v = re.sub(r"^\s*input \[%d:0\] mutsel;\s*$" % (CTRL_W - 1),
               f"  reg [{CTRL_W - 1}:0] mutsel;\n  initial if (!$value$plusargs(\"mutsel=%d\", mutsel)) mutsel = 0;",
               v, count=1, flags=re.M)
    v = re.sub(r"^\s*wire \[%d:0\] mutsel;\s*$\n" % (CTRL_W - 1), "", v, count=1, flags=re.M)
    with open(net, "w") as f:
        f.write("// generated by tb/mutants/mutants.py: Yosys mutate netlist, do not edit\n"
                "/* verilator lint_off WIDTH */\n/* verilator lint_off UNSIGNED */\n/* verilator lint_off CMPCONST */\n/* verilator lint_off LATCH */\n" + v)
    with open(os.path.join(wdir, "rtl", "wrapper.sed"), "w") as f:
        f.write(WRAPPER_SED.replace("{b}", block))
    return lines, params


def run_one(blkrun, block, args, mutsel, outdir, timeout):
    env = dict(os.environ, RTL_PLUSARGS=f"+mutsel={mutsel}")
    env.pop("BLK_COVER", None)  # a mutant's run is not the suite's coverage
    cmd = [blkrun, block, "--mode", "lockstep", "--sync", "--out", outdir] + args
    try:
        r = subprocess.run(cmd, cwd=TOP, env=env, text=True, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout", ""
    text = r.stdout + r.stderr
    if r.returncode == 0:
        return "pass", text
    if r.returncode == 1:
        return "fail", text
    return "error", text


def first_mismatch(text):
    m = re.search(r"(LOCKSTEP MISMATCH[^\n]*)[\s\S]*?cycle:\s*(\d+)", text)
    if m:
        return f"{m.group(1).strip()} at cycle {m.group(2)}"
    for l in text.splitlines():
        if l.strip():
            return l.strip()[:120]
    return "failed"


def wave_only(block, d):
    """the wrapper's waveform-only references into the block (wire wv_x = u_dut.y): not
    compared by lockstep, so a mutant that changes only them is equivalent"""
    text = open(os.path.join(d, f"{block}_top.v")).read()
    waves = set(re.findall(r"^\s*wire\b[^=]*\bwv_\w+\s*=\s*u_dut\.([A-Za-z_][A-Za-z0-9_.]*)\s*;", text, re.M))
    return sorted(waves - set(re.findall(r"assign\s+pr_\w+(?:\[[^]]*\])?\s*=\s*u_dut\.([A-Za-z_][A-Za-z0-9_.]*)", text)))


def equivalent(block, wdir, line, idx, invs=()):
    """Is mutant idx equivalent to the unmutated netlist over what lockstep compares (the
    ports and the state probes; the waveform-only signals are made internal and their logic
    removed first)? The proofs in order, the first that succeeds decides: the step proof
    (step_equivalent); the step proof over the states that satisfy the configuration's
    invariants (invs: [(name, expression)], proven first by invariants_proven); Yosys's
    equiv_induct. Returns (True, method) when proven, (False, why) or (None, why) (timed
    out) when not."""
    e, why = step_equivalent(block, wdir, line, idx)
    if e:
        return True, "step proof (ABC)"
    if e is False and invs:
        ok, iwhy = invariants_proven(block, wdir, invs)
        if ok:
            e, why = step_equivalent(block, wdir, line, idx, invs)
            if e:
                return True, "step proof under the invariant" + ("s " if len(invs) > 1 else " ") + \
                    ", ".join(n for n, _ in invs) + " (ABC)"
        else:
            why += f"; invariants not used ({iwhy})"
    e2 = induct_equivalent(block, wdir, line, idx)
    if e2:
        return True, "equiv_induct proof"
    why += "; equiv_induct " + ("timed out" if e2 is None else "not proven")
    return (None if e is None and e2 is None else False), why


def _drop_waves(wdir):
    waves = open(os.path.join(wdir, "waves.txt")).read().split() if os.path.exists(os.path.join(wdir, "waves.txt")) else []
    return "".join(f"setattr -unset keep {m}/{w}; delete -port {m}/{w}; " for w in waves for m in ("gold", "gate"))


AIG_FLOW = ("setattr -unset keep; opt_clean; opt -fast; setundef -anyseq; techmap; setundef -anyseq; opt -fast; "
            "aigmap; opt_clean")


def _abc_prove(aig, log, timeout):
    """ABC's iprove on a combinational AIGER file with one output: True (the output is
    never 1), False (it can be 1), None (undecided, or the netlist kept a register)"""
    r = subprocess.run(["yosys-abc", "-c", f"read_aiger {aig}; print_stats; iprove"], cwd=TOP,
                       capture_output=True, text=True, timeout=timeout)
    out = r.stdout + r.stderr
    with open(log, "w") as f:
        f.write(out)
    st = re.search(r"lat\s*=\s*(\d+)", out)
    if not st or st.group(1) != "0":
        return None
    if re.search(r"^UNSATISFIABLE", out, re.M):
        return True
    if re.search(r"^SATISFIABLE", out, re.M):
        return False
    return None


def _yosys(script, log, timeout):
    r = subprocess.run(["yosys", "-q", "-l", log, "-p", script], cwd=TOP, capture_output=True, text=True,
                       timeout=timeout)
    if r.returncode != 0:
        err = re.search(r"ERROR: ([^\n]*)", r.stdout + r.stderr)
        return err.group(1)[:100] if err else "yosys failed"
    return None


def _ports(il, module):
    """the ports of a module in an RTLIL file: [(direction, width, RTLIL name)]"""
    out, inside = [], False
    for l in open(il):
        if l.startswith("module "):
            inside = l.split()[1] == module
        elif inside:
            m = re.match(r"\s*wire\s+(?:width\s+(\d+)\s+)?(?:upto\s+)?(?:offset\s+\S+\s+)?(?:signed\s+)?"
                         r"(input|output|inout)\s+\d+\s+(\S+)\s*$", l)
            if m:
                out.append((m.group(2), int(m.group(1) or 1), m.group(3)))
    return out


def _vname(name):
    """an RTLIL name as a Verilog escaped identifier"""
    return "\\" + name[1:] + " " if name.startswith("\\") else "\\" + name + " "


INV_ID = re.compile(r"(?<![\w'$.\\])([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)")


def _inv_expr(expr, to):
    """an invariant's expression with each register name r replaced by to(r)"""
    return INV_ID.sub(lambda m: to(m.group(1)), expr)


def _inv_regs(invs):
    return sorted({m.group(1) for _, e in invs for m in INV_ID.finditer(e)})


def _wrapper(mod, ports, body):
    """Verilog: a module mutinv_top with mod's ports as its own (inputs) and wires
    (outputs), an instance of mod, and body (which assigns the output bad)"""
    decl, conn = [], []
    for d, w, n in ports:
        rng = f"[{w - 1}:0] " if w > 1 else ""
        decl.append(f"  {'input wire' if d == 'input' else 'wire'} {rng}{_vname(n)};")
        conn.append(f".{_vname(n)}({_vname(n)})")
    names = ", ".join(_vname(n) for d, _, n in ports if d == "input")
    return (f"module mutinv_top ({names}, bad);\n" + "\n".join(decl) + "\n  output wire bad;\n"
            f"  {mod} u_chk ({', '.join(conn)});\n{body}endmodule\n")


_cut_lock = threading.Lock()


def _base_cut(wdir):
    """WDIR/base.il with every flip-flop's Q on a net of its own: a register that drives
    only part of a wire (the rest constant: Yosys dropped the flip-flops of bits it proved
    0) gets a wire \\__ffq<n> for its Q, joined to the old bits by a connection, so that
    `expose -evert-dff` (which cuts only nets driven by flip-flops alone) cuts every
    register. Made once per netlist."""
    src, dst = os.path.join(wdir, "base.il"), os.path.join(wdir, "base.cut.il")
    with _cut_lock:
        if os.path.exists(dst) and os.path.getmtime(dst) >= os.path.getmtime(src):
            return dst
        lines = open(src).read().split("\n")
        width, ffq, mod, cell = {}, [], None, None  # ffq: (line index, module, sigspec)
        for i, l in enumerate(lines):
            t = l.split()
            if not t:
                continue
            if t[0] == "module":
                mod = t[1]
            elif t[0] == "wire" and mod:
                w = re.search(r"\bwidth (\d+)", l)
                width[(mod, t[-1])] = int(w.group(1)) if w else 1
            elif t[0] == "cell":
                cell = t[1]
            elif t[0] == "end":
                cell = None
            elif t[0] == "connect" and len(t) > 2 and t[1] == "\\Q" and cell and re.match(r"\$_?(s|a|al)?dff|\$_DFF|\$_SDFF|\$_ALDFF|\$_DFFSR|\$dlatch|\$_DLATCH", cell):
                ffq.append((i, mod, l.split(None, 2)[2].strip()))
        covered = {}
        for _, m, sig in ffq:
            for name, a, b in re.findall(r"(\S+?)(?: \[(\d+)(?::(\d+))?\])?(?= |$|})", sig.strip("{} ")):
                if (m, name) not in width:
                    continue
                bits = range(width[(m, name)]) if not a else range(int(b or a), int(a) + 1)
                covered.setdefault((m, name), set()).update(bits)
        full = {k for k, v in covered.items() if len(v) == width[k]}
        add = {}
        for n, (i, m, sig) in enumerate(ffq):
            names = [x for x, _, _ in re.findall(r"(\S+?)(?: \[(\d+)(?::(\d+))?\])?(?= |$|})", sig.strip("{} "))]
            if sig.startswith("{") or any((m, x) not in full for x in names if (m, x) in width):
                wq = f"\\__ffq{n}"
                wd = sum(len(range(int(b or a), int(a) + 1)) if a else width.get((m, x), 1)
                         for x, a, b in re.findall(r"(\S+?)(?: \[(\d+)(?::(\d+))?\])?(?= |$|})", sig.strip("{} ")))
                lines[i] = lines[i].replace(sig, wq)
                add.setdefault(m, []).append((wq, wd, sig))
        out, mod = [], None
        for l in lines:
            t = l.split()
            if t and t[0] == "module":
                mod = t[1]
                out.append(l)
                out += [f"  wire width {wd} {wq}" for wq, wd, _ in add.get(mod, [])]
                continue
            if t == ["end"] and not l.startswith(" ") and mod:
                out += [f"  connect {sig} {wq}" for wq, _, sig in add.get(mod, [])]
                mod = None
            out.append(l)
        with open(dst + ".tmp", "w") as f:
            f.write("\n".join(out))
        os.replace(dst + ".tmp", dst)
    return dst


def invariants_proven(block, wdir, invs):
    """The configuration's invariants (MUTANT_INVARIANTS: Verilog expressions over the
    registers of the unmutated netlist, by their names in it) hold in every state a lockstep
    run compares: the state after a reset cycle satisfies them, from any state, and a cycle
    without reset from a state that satisfies them leads to one that does (1-induction, with
    every register a cut point as in the step proof; ABC). Once per configuration (the
    answer is kept in WDIR/inv/). Returns (True, "") or (False, why)."""
    with _inv_lock:  # the mutants of a configuration share the answer
        return _invariants_proven(block, wdir, invs)


_inv_lock = threading.Lock()


def _invariants_proven(block, wdir, invs):
    d = os.path.join(wdir, "inv")
    os.makedirs(d, exist_ok=True)
    h = hashlib.sha256(repr(invs).encode())
    with open(os.path.join(wdir, "base.il"), "rb") as f:
        h.update(f.read())
    done = os.path.join(d, f"{h.hexdigest()[:16]}.result")
    if os.path.exists(done):
        ok, _, why = open(done).read().partition(" ")
        return ok == "1", why.strip()
    il = os.path.join(d, "dut.il")
    res = (False, "")
    try:
        regs = _inv_regs(invs)
        # a register's Q value under its own name: several names of one net each get a
        # .q input (only the first drives the net), so the name itself is made an output
        err = _yosys(f"read_rtlil {_base_cut(wdir)}; rename {block} dut; memory_map; async2sync; "
                     f"dffunmap; expose -evert-dff dut/t:$dff; {'expose ' + ' '.join('dut/w:' + r for r in regs) + '; ' if regs else ''}"
                     f"opt_clean; write_rtlil {il}", os.path.join(d, "dut.log"), STEP_TIMEOUT)
        if err:
            res = (False, f"netlist: {err}")
        else:
            ports = _ports(il, "\\dut")
            pn = {n for _, _, n in ports}
            bad = [r for r in regs if "\\" + r + ".d" not in pn or "\\" + r not in pn]
            if bad or "\\rst_i" not in pn:
                res = (False, "not registers of the netlist: " + ", ".join(bad) if bad else "no rst_i")
            else:
                now = " && ".join(f"({_inv_expr(e, lambda r: _vname(chr(92) + r))})" for _, e in invs)
                nxt = " && ".join(f"({_inv_expr(e, lambda r: _vname(chr(92) + r + '.d'))})" for _, e in invs)
                with open(os.path.join(d, "check.v"), "w") as f:
                    f.write(_wrapper("dut", ports, f"  wire ok_now = {now};\n  wire ok_next = {nxt};\n"
                                     "  assign bad = !ok_next && (\\rst_i  || ok_now);\n"))
                aig = os.path.join(d, "check.aig")
                err = _yosys(f"read_rtlil {il}; read_verilog {os.path.join(d, 'check.v')}; hierarchy -top mutinv_top; "
                             f"flatten; {AIG_FLOW}; write_aiger -zinit {aig}", os.path.join(d, "check.log"), STEP_TIMEOUT)
                if err:
                    res = (False, f"check: {err}")
                else:
                    p = _abc_prove(aig, os.path.join(d, "check.abc.log"), STEP_TIMEOUT)
                    res = (True, "") if p else (False, "not 1-inductive" if p is False else "undecided")
    except subprocess.TimeoutExpired:
        res = (False, "timed out")
    with open(done, "w") as f:
        f.write(f"{1 if res[0] else 0} {res[1]}\n")
    return res


def step_equivalent(block, wdir, line, idx, invs=()):
    """The step proof: from EVERY state the two netlists share, with every input, the
    unmutated netlist and the mutant give the same outputs (ports and probes) and the same
    next state, register by register (registers matched by name). Both start from the same
    state after the bind-time reset, so by induction every lockstep run sees the same
    values: proven equivalent. Each netlist's flip-flops become cut points (`expose
    -evert-dff`: Q an input shared by the two, D an output compared), Yosys merges the
    logic the two share (everything outside the mutation's fan-out cone), x constants
    become free inputs (after the merge, so one shared x stays one input), and ABC's
    `iprove` decides whether the miter's output can be 1. Stronger than needed (a state
    no run reaches may give a counterexample), never weaker. With invs (invariants proven
    by invariants_proven), only the states that satisfy them count, and every state on a
    reset cycle (the bind-time reset starts from any state). Returns (True, ""),
    (False, why) or (None, why): a counterexample, or undecided (a time limit, a register
    that could not be cut, the two netlists' registers not matching by name)."""
    single = re.sub(r"-ctrl mutsel \d+ \d+ ", "", line)
    d = os.path.join(wdir, "equiv")
    os.makedirs(d, exist_ok=True)
    il = _base_cut(wdir)
    sfx = ".inv" if invs else ""
    aig = os.path.join(d, f"m{idx}{sfx}.aig")
    miter = (f"read_rtlil {il}; rename {block} gold; read_rtlil {il}; rename {block} gate; "
             f"{single.replace('-module ' + block, '-module gate')}; {_drop_waves(wdir)}"
             "memory_map; async2sync; dffunmap; expose -evert-dff gold/t:$dff gate/t:$dff; " +
             "".join(f"expose gold/w:{r} gate/w:{r}; " for r in _inv_regs(invs)) +
             f"miter -equiv -flatten{' -make_outputs' if invs else ''} gold gate miter; hierarchy -top miter")
    t0 = time.time()
    left = lambda: max(1, STEP_TIMEOUT - (time.time() - t0))
    try:
        if not invs:
            err = _yosys(f"{miter}; {AIG_FLOW}; write_aiger -zinit {aig}", os.path.join(d, f"m{idx}.step.log"), left())
        else:
            mil = os.path.join(d, f"m{idx}.miter.il")
            err = _yosys(f"{miter}; write_rtlil {mil}", os.path.join(d, f"m{idx}.miter.log"), left())
            if not err:
                ports = _ports(mil, "\\miter")
                ok = " && ".join(f"({_inv_expr(e, lambda r: _vname(chr(92) + 'gold_' + r))})" for _, e in invs)
                vf = os.path.join(d, f"m{idx}.inv.v")
                with open(vf, "w") as f:
                    f.write(_wrapper("miter", ports, f"  assign bad = \\trigger  && (\\in_rst_i  || ({ok}));\n"))
                err = _yosys(f"read_rtlil {mil}; read_verilog {vf}; hierarchy -top mutinv_top; flatten; {AIG_FLOW}; "
                             f"write_aiger -zinit {aig}", os.path.join(d, f"m{idx}.inv.log"), left())
                os.remove(mil)
        if err:
            return None, f"step proof not built ({err})"
        p = _abc_prove(aig, os.path.join(d, f"m{idx}{sfx}.abc.log"), left())
    except subprocess.TimeoutExpired:
        return None, "step proof timed out"
    if p:
        return True, ""
    if p is False:
        return False, "a state differs in one step (step proof" + (" under the invariants)" if invs else ")")
    return None, "step proof undecided"


def induct_equivalent(block, wdir, line, idx):
    """Yosys's equivalence proof of the unmutated netlist and mutant idx alone:
    equiv_make (signals matched by name), equiv_simple -seq 4, equiv_induct -seq 4,
    EQUIV_TIMEOUT seconds; True, False, or None (timed out)"""
    single = re.sub(r"-ctrl mutsel \d+ \d+ ", "", line)
    d = os.path.join(wdir, "equiv")
    os.makedirs(d, exist_ok=True)
    il = os.path.join(wdir, "base.il")
    script = (f"read_rtlil {il}; rename {block} gold; read_rtlil {il}; rename {block} gate; "
              f"{single.replace('-module ' + block, '-module gate')}; {_drop_waves(wdir)}"
              "memory_map; opt_clean; async2sync; equiv_make gold gate eq; hierarchy -top eq; "
              "equiv_simple -seq 4; equiv_induct -seq 4; equiv_status -assert")
    try:
        r = subprocess.run(["yosys", "-q", "-l", os.path.join(d, f"m{idx}.log"), "-p", script], cwd=TOP,
                           capture_output=True, timeout=EQUIV_TIMEOUT)
    except subprocess.TimeoutExpired:
        return None
    return r.returncode == 0


def stimuli(block, mf, spec, tag):
    """(label, blkrun args) of one configuration: its vectors, then the random runs"""
    out = []
    vecs = mf.get("VECTORS", [])
    for v in vecs:
        vcfg = mf.get(f"VEC {v}", [""])[0]
        if tag_of(block, vcfg) == tag:
            out.append((os.path.basename(v), ["--vec", v] + cfg_args(vcfg)))
    seed = int(mf["MUTANT_SEED"][0])
    cycles = mf["MUTANT_CYCLES"][0]
    for j, knobs in enumerate(mf["MUTANT_KNOBS"] or [""]):
        args = cfg_args(spec) + ["--seed", str(seed + j), "--cycles", cycles]
        if knobs:
            args += ["--knobs", knobs]
        out.append((f"random seed {seed + j}{' ' + knobs if knobs else ''}", args))
    return out


def invariants_of(block, mf, spec):
    """the manifest's MUTANT_INVARIANTS entries ("SPEC|NAME|EXPRESSION") for configuration
    spec: [(name, expression)]"""
    out = []
    for ent in mf.get("MUTANT_INVARIANTS", []):
        if not ent:
            continue
        parts = ent.split("|", 2)
        if len(parts) != 3 or not re.fullmatch(r"[A-Za-z0-9_]+", parts[1]) or not parts[2].strip():
            die(f"{block}: MUTANT_INVARIANTS entry '{ent}': want SPEC|NAME|EXPRESSION")
        if parts[0] == spec:
            out.append((parts[1], parts[2].strip()))
    return out


def run_config(block, mf, ci, spec, count, out, jobs, limit, equiv):
    seed = int(mf["MUTANT_SEED"][0])
    invs = invariants_of(block, mf, spec)
    wdir = os.path.join(out, block, f"c{ci}")
    lines, params = make_netlist(block, spec, count, seed, wdir)
    tag = tag_of(block, spec)
    blkrun = os.path.join(build_dir(block, spec, os.path.join(wdir, "rtl")), "blkrun")
    stim = stimuli(block, mf, spec, tag)
    idxs = list(range(1, len(lines) + 1))
    if limit:
        idxs = idxs[:limit]
    tmo = 600
    # the unmutated netlist first: a stimulus it fails (Yosys's netlist and the source
    # differ there in Verilator) is dropped and reported; none left, nothing to judge by
    kept, dropped = [], []
    for label, args in stim:
        st, text = run_one(blkrun, block, args, 0, os.path.join(wdir, "m0"), tmo)
        if st == "pass":
            kept.append((label, args))
        else:
            dropped.append(f"{label}: {first_mismatch(text) if st == 'fail' else st}")
    if not kept:
        raise RuntimeError(f"{block} '{spec}': the UNMUTATED netlist fails every stimulus: " + "; ".join(dropped))
    stim = kept

    def one(i):
        line = lines[i - 1]
        for label, args in stim:
            st, text = run_one(blkrun, block, args, i, os.path.join(wdir, f"m{i}"), tmo)
            if st in ("fail", "timeout"):
                return i, "killed", f"{label}: {first_mismatch(text) if st == 'fail' else 'timeout'}"
            if st == "error":
                return i, "error", f"{label}: {first_mismatch(text)}"
        if not equiv:
            return i, "survived", "no run failed (equivalence not tried)"
        e, why = equivalent(block, wdir, line, i, invs)
        if e:
            return i, "equivalent", why
        return i, "survived", f"no run failed; equivalence not proven: {why}"

    res = {}
    with cf.ThreadPoolExecutor(max_workers=jobs) as ex:
        for n, (i, cls, why) in enumerate(ex.map(one, idxs), 1):
            res[i] = (cls, why)
            if n == len(idxs) or n % 10 == 0:
                print(f"  {block} {spec or '(defaults)'}: {n}/{len(idxs)} mutants", file=sys.stderr, flush=True)
    rows = []
    for i in idxs:
        line = lines[i - 1]
        mode = re.search(r"-mode (\S+)", line).group(1)
        cell = re.search(r"-cell (\S+)", line)
        rows.append({"block": block, "config": spec, "tag": tag, "id": i, "mode": mode,
                     "cell": cell.group(1) if cell else "", "src": src_of(line),
                     "class": res[i][0], "why": res[i][1], "mutation": re.sub(r"-ctrl mutsel \d+ \d+ ", "", line)})
    return rows, [s[0] for s in stim], dropped


def report(rows, meta, path):
    blocks = []
    for r in rows:
        if r["block"] not in blocks:
            blocks.append(r["block"])
    L = ["# Mutation testing: kill rates", "",
         "Generated by `make mutants` (tb/mutants/mutants.py); docs/verification.md says how to read it.",
         "Mutants: Yosys 0.23 `mutate` on the flattened, elaborated netlist of each configuration; each run",
         "in lockstep (state probes every cycle) against the C model with the block's directed vectors of",
         "that configuration and bounded random runs. Kill rate = killed / (mutants - proven equivalent).", "",
         "| block | configurations | mutants | killed | equivalent (proven) | survived | kill rate | RTL hash |",
         "|---|---|---:|---:|---:|---:|---:|---|"]
    tot = [0, 0, 0, 0]
    for b in blocks:
        rs = [r for r in rows if r["block"] == b]
        k = sum(r["class"] == "killed" for r in rs)
        e = sum(r["class"] == "equivalent" for r in rs)
        s = sum(r["class"] in ("survived", "error") for r in rs)
        rate = 100.0 * k / (len(rs) - e) if len(rs) > e else 100.0
        cfgs = ", ".join(f"`{c or '(defaults)'}`" for c in meta[b]["configs"])
        L.append(f"| {b} | {cfgs} | {len(rs)} | {k} | {e} | {s} | {rate:.1f}% | {meta[b]['rtl_hash']} |")
        tot = [tot[0] + len(rs), tot[1] + k, tot[2] + e, tot[3] + s]
    if len(blocks) > 1:
        rate = 100.0 * tot[1] / (tot[0] - tot[2]) if tot[0] > tot[2] else 100.0
        L.append(f"| **all** | | {tot[0]} | {tot[1]} | {tot[2]} | {tot[3]} | {rate:.1f}% | |")
    L += ["", "## Stimulus per configuration", ""]
    for b in meta:
        for c, st, dr in zip(meta[b]["configs"], meta[b]["stimuli"], meta[b].get("dropped", [])):
            L.append(f"- {b} `{c or '(defaults)'}`: " + "; ".join(st))
            for d in dr:
                L.append(f"  - dropped (the unmutated Yosys netlist fails it in Verilator): {d}")
        for x in meta[b].get("excluded", []):
            L.append(f"- {b} configuration not run: {x}")
    for title, cls in (("Survivors", ("survived", "error")), ("Proven equivalent", ("equivalent",))):
        sel = [r for r in rows if r["class"] in cls]
        L += ["", f"## {title} ({len(sel)})", ""]
        if sel:
            L += ["| block | config | id | mode | cell | source | note |", "|---|---|---:|---|---|---|---|"]
            for r in sel:
                note = meta[r["block"]].get("notes", {}).get(r["src"], r["why"])
                L.append(f"| {r['block']} | `{r['config'] or '(defaults)'}` | {r['id']} | {r['mode']} | "
                         f"`{r.get('cell', '')[:60]}` | {r['src']} | {note} |")
    with open(path, "w") as f:
        f.write("\n".join(L) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--block", action="append", default=[], help="a block (repeatable; default: all)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--out", default=os.path.join(TOP, "build/mutants"))
    ap.add_argument("--limit", type=int, default=0, help="only the first N mutants of each configuration")
    ap.add_argument("--quick", action="store_true", help="each manifest's MUTANT_QUICK subset (make test)")
    ap.add_argument("--no-equiv", action="store_true")
    ap.add_argument("--recheck-equiv", action="store_true",
                    help="only re-run the equivalence proofs of the survivors in --out (after the proofs changed; "
                         "a missing netlist is rebuilt from the same RTL)")
    ap.add_argument("--compare", metavar="DIR",
                    help="a published run (results.tsv, meta.json): every mutant run here must have its "
                         "class and mutation there, from the same RTL (make test)")
    a = ap.parse_args()
    known = block_list()
    for b in a.block:
        if b not in known:
            die(f"unknown block '{b}' (the block list cmodel/blocks.def has: {' '.join(known)})")
    if a.jobs < 1 or a.jobs > 256:
        die(f"--jobs {a.jobs}: out of range 1..256")
    for t in ("yosys", "verilator"):
        if subprocess.run(["which", t], capture_output=True).returncode:
            die(f"{t} not found (make deps installs it)")
    sh(["make", "-s", "tools"])
    blocks = a.block or known
    if a.recheck_equiv:
        return recheck(a.out, blocks, a.jobs)
    os.makedirs(a.out, exist_ok=True)
    rows, meta, broke = [], {}, 0
    t0 = time.time()
    for b in blocks:
        mf = manifest(b)
        entries = mf["MUTANT_CONFIGS"]
        if a.quick:
            q = mf["MUTANT_QUICK"][0] if mf["MUTANT_QUICK"] else ""
            if not q:
                continue
            entries = entries[:1]
            a.limit = int(q)
            a.no_equiv = True
        meta[b] = {"configs": [], "stimuli": [], "rtl_hash": rtl_hash(b)}
        for ci, ent in enumerate(entries):
            spec, _, cnt = ent.rpartition("|")
            if not cnt.isdigit() or not 1 <= int(cnt) <= (1 << CTRL_W) - 1:
                die(f"{b}: MUTANT_CONFIGS entry '{ent}': want SPEC|COUNT, COUNT in 1..{(1 << CTRL_W) - 1}")
            try:
                rs, st, dropped = run_config(b, mf, ci, spec, int(cnt), a.out, a.jobs, a.limit, not a.no_equiv)
            except RuntimeError as e:
                print(f"mutants: {e}", file=sys.stderr)
                meta[b].setdefault("excluded", []).append(f"`{spec or '(defaults)'}`: {str(e).splitlines()[0]}")
                broke = 1
                continue
            rows += rs
            meta[b]["configs"].append(spec)
            meta[b]["stimuli"].append([s for s in st])
            meta[b].setdefault("dropped", []).append(dropped)
    # blocks not run this time keep their rows from an earlier run into the same folder
    # (make mutants BLOCK=b updates one block of the report)
    if not a.quick:
        try:
            old_meta = json.load(open(os.path.join(a.out, "meta.json")))
            old_lines = open(os.path.join(a.out, "results.tsv")).read().splitlines()
        except (OSError, ValueError):
            old_meta, old_lines = {}, []
        if old_lines:
            cols0 = old_lines[0].split("\t")
            kept = [dict(zip(cols0, l.split("\t"))) for l in old_lines[1:]]
            kept = [r for r in kept if r["block"] in old_meta and r["block"] not in meta]
            for r in kept:
                r["id"] = int(r["id"])
            order = {b: i for i, b in enumerate(known)}
            rows = sorted(kept + rows, key=lambda r: (order.get(r["block"], 99), r["block"]))
            for b, m in old_meta.items():
                if b not in meta:
                    meta[b] = m
            meta = {b: meta[b] for b in sorted(meta, key=lambda b: order.get(b, 99))}
    with open(os.path.join(a.out, "results.tsv"), "w") as f:
        cols = ["block", "config", "tag", "id", "mode", "cell", "src", "class", "why", "mutation"]
        f.write("\t".join(cols) + "\n")
        for r in rows:
            f.write("\t".join(str(r.get(c, "")) for c in cols) + "\n")
    with open(os.path.join(a.out, "meta.json"), "w") as f:
        json.dump(meta, f, indent=1, sort_keys=True)
    report(rows, meta, os.path.join(a.out, "REPORT.md"))
    for b in meta:
        if b not in blocks:
            continue
        rs = [r for r in rows if r["block"] == b]
        k = sum(r["class"] == "killed" for r in rs)
        e = sum(r["class"] == "equivalent" for r in rs)
        s = len(rs) - k - e
        rate = 100.0 * k / (len(rs) - e) if len(rs) > e else 100.0
        print(f"mutants {b}: {len(rs)} mutants, {k} killed, {e} equivalent, {s} survived: kill rate {rate:.1f}%")
    print(f"mutants: report {os.path.relpath(os.path.join(a.out, 'REPORT.md'), TOP)} ({time.time() - t0:.0f} s)")
    if a.compare:
        broke |= compare(rows, meta, a.compare)
    return broke


def load_run(out):
    meta = json.load(open(os.path.join(out, "meta.json")))
    lines = open(os.path.join(out, "results.tsv")).read().splitlines()
    cols = lines[0].split("\t")
    rows = [dict(zip(cols, l.split("\t"))) for l in lines[1:]]
    for r in rows:
        r["id"] = int(r["id"])
        if not r.get("cell"):
            m = re.search(r"-cell (\S+)", r["mutation"])
            r["cell"] = m.group(1) if m else ""
    return rows, meta


def write_run(out, rows, meta):
    with open(os.path.join(out, "results.tsv"), "w") as f:
        cols = ["block", "config", "tag", "id", "mode", "cell", "src", "class", "why", "mutation"]
        f.write("\t".join(cols) + "\n")
        for r in rows:
            f.write("\t".join(str(r.get(c, "")) for c in cols) + "\n")
    with open(os.path.join(out, "meta.json"), "w") as f:
        json.dump(meta, f, indent=1, sort_keys=True)
    report(rows, meta, os.path.join(out, "REPORT.md"))


def recheck(out, blocks, jobs):
    """the equivalence proofs again for every survivor of an earlier run in OUT (after the
    proofs changed); the lockstep runs are not repeated. A configuration whose netlist is
    not in OUT (a published run copied there) is rebuilt first: the same RTL (the hash the
    run recorded) and the same mutation for every survivor, else its block is skipped"""
    rows, meta = load_run(out)
    todo, skip, built = [], set(), {}
    for r in rows:
        if r["block"] not in blocks or r["class"] != "survived" or r["block"] in skip:
            continue
        b = r["block"]
        if meta[b]["rtl_hash"] != rtl_hash(b):
            print(f"mutants: {b}: its recorded mutants are of other RTL (hash {meta[b]['rtl_hash']}, now "
                  f"{rtl_hash(b)}): not re-checked (run make mutants BLOCK={b})")
            skip.add(b)
            continue
        mf = manifest(b)
        ents = [e.rpartition("|") for e in mf["MUTANT_CONFIGS"]]
        specs = [e[0] for e in ents]
        ci = specs.index(r["config"])
        wdir = os.path.join(out, b, f"c{ci}")
        if (b, ci) not in built:
            lines = None
            if not os.path.exists(os.path.join(wdir, "base.il")):
                lines, _ = make_netlist(b, r["config"], int(ents[ci][2]), int(mf["MUTANT_SEED"][0]), wdir)
            elif os.path.exists(os.path.join(wdir, "apply.ys")):
                lines = [l.strip() for l in open(os.path.join(wdir, "apply.ys")) if l.strip()]
            built[(b, ci)] = [re.sub(r"-ctrl mutsel \d+ \d+ ", "", l) for l in lines] if lines else None
        lines = built[(b, ci)]
        if lines is not None and (r["id"] > len(lines) or lines[r["id"] - 1] != r["mutation"]):
            print(f"mutants: {b} '{r['config']}' mutant {r['id']}: the rebuilt netlist has another mutation there: "
                  f"not re-checked")
            continue
        wf = os.path.join(wdir, "waves.txt")
        if not os.path.exists(wf):
            with open(wf, "w") as f:
                f.write("\n".join(wave_only(b, build_dir(b, r["config"]))) + "\n")
        todo.append((r, wdir))

    def one(t):
        r, wdir = t
        return r, equivalent(r["block"], wdir, r["mutation"], r["id"], invariants_of(r["block"], manifest(r["block"]), r["config"]))
    n = 0
    with cf.ThreadPoolExecutor(max_workers=jobs) as ex:
        for r, (e, why) in ex.map(one, todo):
            if e:
                r["class"], r["why"] = "equivalent", why
                n += 1
            else:
                r["why"] = f"no run failed; equivalence not proven: {why}"
    write_run(out, rows, meta)
    print(f"mutants: {len(todo)} survivors re-checked, {n} now proven equivalent; report {os.path.join(out, 'REPORT.md')}")
    return 0


def compare(rows, meta, pub):
    """the mutants of this run against a published run: same RTL, same mutation, killed
    here exactly when killed there (the lockstep runs are deterministic; --quick does not
    re-run the time-bounded equivalence proofs)"""
    try:
        pmeta = json.load(open(os.path.join(pub, "meta.json")))
        lines = open(os.path.join(pub, "results.tsv")).read().splitlines()
    except (OSError, ValueError) as e:
        print(f"mutants: --compare {pub}: {e}")
        return 1
    cols = lines[0].split("\t")
    prow = {}
    for l in lines[1:]:
        r = dict(zip(cols, l.split("\t")))
        prow[(r["block"], r["config"], r["id"])] = r
    bad = 0
    for b in meta:
        if b not in pmeta or pmeta[b]["rtl_hash"] != meta[b]["rtl_hash"]:
            print(f"mutants: {b}: the published mutants ({pub}) are of other RTL (hash "
                  f"{pmeta.get(b, {}).get('rtl_hash', 'none')}, now {meta[b]['rtl_hash']}): run make mutants BLOCK={b}")
            bad = 1
    for r in rows:
        p = prow.get((r["block"], r["config"], str(r["id"])))
        if not p:
            print(f"mutants: {r['block']} mutant {r['id']}: not in {pub}")
            bad = 1
        elif p["mutation"] != r["mutation"] or (p["class"] == "killed") != (r["class"] == "killed"):
            print(f"mutants: {r['block']} mutant {r['id']} ({r['src']}): {r['class']} here, {p['class']} published"
                  + ("" if p["mutation"] == r["mutation"] else " (another mutation)"))
            bad = 1
    if not bad:
        print(f"mutants: the {len(rows)} mutants agree with {pub} (same RTL and mutation; killed here exactly "
              "where killed there)")
    return bad


if __name__ == "__main__":
    sys.exit(main())
