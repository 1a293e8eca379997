"""gexp: the experiment layer's shared code (Snakefile, run, load, aggregate, plot, report).

An experiment is a set of designs (each a list of gpusim --set values) run on a set of
(preset, kernel) pairs at one scale and seed, every speedup taken against the
experiment's baseline design on the same preset and kernel. The seeds' rule files
(experiments/rules/seedNNN.smk) define experiments with `experiment(...)`; everything
else here is generic.

A run is identified by (preset, workload, scale, seed, design key); its result is one
JSON file, results/runs/<preset>/<workload>/x<scale>/s<seed>/<design key>.json
(docs/results-format.md). The design key is the run's --set values, sorted, joined by
'+' ('base' for none; not ',': Snakemake passes a job's wildcards to a cluster job as
comma-separated pairs), with block parameters equal to their defaults dropped so that two
experiments naming the same design share its runs."""
import csv
import json
import math
import os
import re
import subprocess

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FORMAT = "gpumem-run/1"
SEED_CLASSES = {  # seed 000 sec. 2.4: cache-insensitive, intra-warp, cross-warp contention
    "2dconv": "CI", "2mm": "CI", "3dconv": "CI", "3mm": "CI", "fdtd": "CI", "gemm": "CI",
    "atax": "IW", "bicg": "IW", "gesummv": "IW", "mvt": "IW", "syr2k": "XW", "syrk": "XW"}
KERNELS = list(SEED_CLASSES)
PRESET_SUFFIX = {"base-s": "S", "base-l": "L"}  # bar suffixes of seed 000's two presets (others: -preset)
SEEDS = ("000", "001", "002", "003", "004")

EXPERIMENTS = {}  # name -> dict (see experiment())


class ExpError(Exception):
    """bad experiment definition, run key or result file: one line for the user"""


class NotRun(ExpError):
    """a measure needs an experiment that was not selected"""


class Undefined(ExpError):
    """a measure has no value on these results (a denominator of 0, a counter that is 0 on every bar)"""


class NoBars(ExpError):
    """a measure's selection (preset, class) has no bars in this run (KERNELS= left them out)"""


# ---- gpusim's parameter table (for the design keys and for checking --set values)
_PARAMS = None


def gpusim_params(gpusim):
    """{key: (range text, default)} from `gpusim --help-config`"""
    global _PARAMS
    if _PARAMS is None:
        out = subprocess.run([gpusim, "--help-config"], capture_output=True, text=True, check=False).stdout
        _PARAMS = {}
        for ln in out.splitlines():
            m = re.match(r"\s+(\S+)\s+(\S+)\s+default (\S*)\s", ln + " ")
            if m:
                _PARAMS[m.group(1)] = (m.group(2), m.group(3))
        if not _PARAMS:
            raise ExpError(f"{gpusim} --help-config printed no parameter table")
    return _PARAMS


_WORKLOADS = None
KEY_SEP = "+"  # between a design key's key=value pairs


def workloads(gpusim):
    """{name: {seed: class}} of every workload gpusim runs: the PolyBench kernels (seed 000's
    IW/XW/CI) and the applications of `gpusim --list-apps` (their class per seed)"""
    global _WORKLOADS
    if _WORKLOADS is None:
        _WORKLOADS = {k: {"000": c} for k, c in SEED_CLASSES.items()}
        out = subprocess.run([gpusim, "--list-apps"], capture_output=True, text=True, check=False).stdout
        for ln in out.splitlines():
            f = ln.split("\t")
            if len(f) >= 3:
                _WORKLOADS[f[0]] = dict(t.split(":", 1) for t in f[2].split() if ":" in t)
        if len(_WORKLOADS) == len(SEED_CLASSES):
            raise ExpError(f"{gpusim} --list-apps printed no application")
    return _WORKLOADS


def bar_class(e, kernel):
    """a bar's class: the experiment's classes= entry, else the workload's class for the
    experiment's seed (gpusim --list-apps), else seed 000's for a PolyBench kernel"""
    if kernel in e["classes"]:
        return e["classes"][kernel]
    if kernel in SEED_CLASSES and (e["seed"] == "000" or kernel not in (_WORKLOADS or {})):
        return SEED_CLASSES[kernel]
    return (_WORKLOADS or {}).get(kernel, {}).get(e["seed"]) or SEED_CLASSES.get(kernel, "-")


def validate(gpusim):
    """check every experiment's workloads against gpusim's lists (called once the binary is known)"""
    known = workloads(gpusim)
    for e in EXPERIMENTS.values():
        for p, k in e["pairs"]:
            if k not in known:
                raise ExpError(f"experiment {e['name']}: unknown workload {k!r} (gpusim --list, --list-apps)")
        for k in list(e["scales"]) + list(e["classes"]):
            if k not in known:  # a seed's shared dicts may name workloads other experiments run
                raise ExpError(f"experiment {e['name']}: scales/classes name {k!r}, which is not a workload")


def design_key(sets, gpusim):
    """canonical key of a design given as {key: value}: block parameters (KIND.Param)
    at their default are dropped, the rest sorted; 'base' when nothing is left"""
    params = gpusim_params(gpusim)
    keep = []
    # a block given another preset keeps every parameter: the table's defaults are preset final's
    other_preset = {k.split(".")[0] for k, v in sets.items() if k.endswith(".preset") and str(v) != params.get(k, ("", ""))[1]}
    for k, v in sorted(sets.items()):
        v = str(v)
        if k not in params:
            raise ExpError(f"design parameter {k!r} is not a gpusim parameter (gpusim --help-config)")
        if re.search(r"[,+/\s]", k + v):
            raise ExpError(f"design parameter {k}={v}: no ',', '+', '/' or spaces allowed")
        blockparam = "." in k and k.split(".")[0] in params and params[k.split(".")[0]][0] == "off|on"
        if blockparam and params[k][1] == v and k.split(".")[0] not in other_preset:
            continue
        keep.append(f"{k}={v}")
    return KEY_SEP.join(keep) if keep else "base"


def key_sets(key):
    """the --set values of a design key"""
    if key == "base":
        return []
    out = []
    for kv in key.split(KEY_SEP):
        if "=" not in kv:
            raise ExpError(f"design key {key!r}: {kv!r} is not key=value")
        out.append(kv)
    return out


def scale_text(x):
    """a scale as it appears in paths: shortest exact decimal (1, 0.25, 0.05)"""
    return format(float(x), "g")


def run_path(results, preset, workload, scale, seed, key):
    return os.path.join(results, "runs", preset, workload, f"x{scale_text(scale)}", f"s{int(seed)}", key + ".json")


def bench_path(results, preset, workload, scale, seed, key):
    return os.path.join(results, "bench", preset, workload, f"x{scale_text(scale)}", f"s{int(seed)}", key + ".tsv")


# ---- running gpusim
class GpusimFailed(ExpError):
    """gpusim exited non-zero: cmd, returncode, stdout, stderr"""

    def __init__(self, cmd, p):
        super().__init__(f"{' '.join(cmd)}: exit {p.returncode}")
        self.cmd, self.returncode, self.stdout, self.stderr = cmd, p.returncode, p.stdout, p.stderr


def gpusim_cmd(gpusim, preset, workload, scale, json_path, extra=(), seed=None):
    """gpusim's command line for one run on a preset and workload, its JSON into json_path;
    extra: more options (a design's --set values, --KIND on, ...)"""
    cmd = [gpusim, "--config", preset, "--workload", workload, "--scale", scale_text(scale)]
    if seed is not None:
        cmd += ["--seed", str(int(seed))]
    return cmd + ["--quiet", "--json", json_path] + list(extra)


def gpusim_json(cmd, timeout=None):
    """run a gpusim_cmd command line; the JSON it wrote (gpusim's own: config, workload,
    counters, ...). GpusimFailed when it exits non-zero; subprocess.TimeoutExpired when it
    runs longer than timeout seconds (None: no limit)"""
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    if p.returncode != 0:
        raise GpusimFailed(cmd, p)
    with open(cmd[cmd.index("--json") + 1]) as f:
        return json.load(f)


# ---- experiments
def experiment(name, *, seed, title, where, setup, designs, pairs, baseline="Base",
               scale=1.0, scales=None, classes=None, runseed=1, plot=None, notes="", seed_columns=None,
               timelines=None):
    """Register an experiment.
    designs: {label: {gpusim key: value}}; the baseline label must be one of them.
    pairs:   [(preset, workload)]: a PolyBench kernel or an application (gpusim --list-apps);
             bars are labelled kernel-S / kernel-L on seed 000's presets, kernel-PRESET when an
             experiment has several other presets, else kernel.
    scale, runseed: gpusim --scale and --seed of every run (EXPSCALE overrides every scale);
    scales:  {workload: scale} where a workload runs at another scale than `scale`;
    classes: {workload: class} (default: the workload's class for this seed, bar_class);
    seed_columns: [{name, design, counter, seed: {workload: number}, fmt}]: per-bar numbers the
             seed prints, beside the measured counter of that design's run (table.md);
    timelines: [(preset, workload, design label)]: runs whose per-SM timeline is drawn in the
             report (experiments/bin/timeline.py)."""
    if name in EXPERIMENTS:
        raise ExpError(f"experiment {name} defined twice")
    if seed not in SEEDS:
        raise ExpError(f"experiment {name}: seed {seed!r} is not one of {', '.join(SEEDS)}")
    if baseline not in designs:
        raise ExpError(f"experiment {name}: baseline {baseline!r} is not one of its designs")
    if not re.fullmatch(r"[A-Za-z0-9_]+", name):
        raise ExpError(f"experiment name {name!r}: letters, digits and _ only")
    for sc in [scale] + list((scales or {}).values()):
        if not 0 < float(sc) <= 4:
            raise ExpError(f"experiment {name}: scale {sc} outside (0, 4]")
    for col in seed_columns or []:
        for need in ("name", "design", "counter", "seed"):
            if need not in col:
                raise ExpError(f"experiment {name}: a seed column without {need!r}")
        if col["design"] not in designs:
            raise ExpError(f"experiment {name}: seed column {col['name']}: no design {col['design']!r}")
    for p, k, d in timelines or []:
        if d not in designs or (p, k) not in pairs:
            raise ExpError(f"experiment {name}: timeline ({p}, {k}, {d}) is not one of its runs")
    EXPERIMENTS[name] = dict(name=name, seed=seed, title=title, where=where, setup=setup,
                             designs=designs, pairs=list(pairs), baseline=baseline,
                             scale=float(scale), scales={k: float(v) for k, v in (scales or {}).items()},
                             classes=dict(classes or {}), runseed=int(runseed), plot=plot or {}, notes=notes,
                             seed_columns=list(seed_columns or []), timelines=list(timelines or []))


def exp_scale(e, override=None, kernel=None):
    """the scale of an experiment's runs (of one workload's when kernel is given)"""
    if override not in (None, ""):
        return float(override)
    return e["scales"].get(kernel, e["scale"]) if kernel else e["scale"]


def scale_label(e, override=None):
    """the scale as a report states it: one number, or 'per workload' when they differ"""
    ss = {exp_scale(e, override, k) for _, k in e["pairs"]}
    return scale_text(ss.pop()) if len(ss) == 1 else "per workload (" + ", ".join(
        f"{k} {scale_text(exp_scale(e, override, k))}" for k in dict.fromkeys(k for _, k in e["pairs"])) + ")"


def timeline_name(preset, kernel, label):
    """the file stem of a timeline figure: timeline-<bar>-<design label, letters and digits>"""
    return "timeline-" + re.sub(r"[^A-Za-z0-9]+", "_", f"{kernel}-{preset}-{label}").strip("_")


def exp_timelines(e, gpusim, scale_override=None):
    """{file stem: run file's (preset, kernel, scale, seed, key)} of an experiment's timelines"""
    return {timeline_name(p, k, d): (p, k, exp_scale(e, scale_override, k), e["runseed"], design_key(e["designs"][d], gpusim))
            for p, k, d in e.get("timelines", [])}


def exp_runs(e, gpusim, scale_override=None):
    """[(label, preset, kernel, scale, seed, key)] of an experiment"""
    out = []
    for label, sets in e["designs"].items():
        key = design_key(sets, gpusim)
        for p, k in e["pairs"]:
            out.append((label, p, k, exp_scale(e, scale_override, k), e["runseed"], key))
    return out


# ---- results
def git_state():
    try:
        c = subprocess.run(["git", "-C", TOP, "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
        d = subprocess.run(["git", "-C", TOP, "status", "--porcelain", "--untracked-files=no"],
                           capture_output=True, text=True).stdout.strip()
        return {"commit": c or None, "dirty": bool(d)}
    except OSError:
        return {"commit": None, "dirty": None}


def load_run(path):
    try:
        with open(path) as f:
            d = json.load(f)
    except (OSError, ValueError) as e:
        raise ExpError(f"{path}: not a readable run result ({e})")
    if d.get("format") != FORMAT or "run" not in d or "counters" not in d:
        raise ExpError(f"{path}: not a {FORMAT} result (format {d.get('format')!r})")
    return d


def all_runs(results):
    """every run result under results/runs, sorted by path"""
    base = os.path.join(results, "runs")
    paths = []
    for dp, _, fs in os.walk(base):
        paths += [os.path.join(dp, f) for f in fs if f.endswith(".json")]
    return [load_run(p) for p in sorted(paths)]


def resolved_config(cfg):
    """gpusim's configuration with each block's resolved parameter string (KIND.config,
    'P=v,P=v') spread out as KIND.P keys"""
    out = dict(cfg)
    for k, v in cfg.items():
        if k.endswith(".config") and isinstance(v, str):
            for kv in v.split(","):
                if "=" in kv:
                    p, x = kv.split("=", 1)
                    out[f"{k[:-len('.config')]}.{p}"] = x
    return out


def flat_row(d):
    """one run as a flat dict: run.*, config.*, every counter by its own name"""
    row = {f"run.{k}": (",".join(v) if isinstance(v, list) else v) for k, v in d["run"].items()}
    row["git.commit"] = d["git"]["commit"]
    row["git.dirty"] = d["git"]["dirty"]
    row["gpusim_sha256"] = d.get("gpusim_sha256")
    row["workload.class"] = d["workload"].get("class")
    for k, v in resolved_config(d["config"]).items():
        row[f"config.{k}"] = v
    for k, v in d["counters"].items():
        if not isinstance(v, (dict, list)):
            row[k] = v
    return row


def write_csv(rows, f):
    cols = []
    for r in rows:
        cols += [c for c in r if c not in cols]
    w = csv.DictWriter(f, fieldnames=cols, lineterminator="\n")
    w.writeheader()
    for r in rows:
        w.writerow(r)


# ---- tables and measures
def geomean(xs, positive_only=False):
    """geometric mean of the values that are not None; None when there are none.
    positive_only: leave out values <= 0 too (else they are an error)"""
    xs = [x for x in xs if x is not None and (x > 0 or not positive_only)]
    if not xs:
        return None
    if any(x <= 0 for x in xs):
        raise ExpError("geometric mean of a non-positive value")
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def bar_name(preset, kernel, e=None):
    """kernel-S / kernel-L on seed 000's presets; on others kernel-PRESET when the experiment
    has several presets, else the kernel alone"""
    if preset in PRESET_SUFFIX:
        return f"{kernel}-{PRESET_SUFFIX[preset]}"
    if e is not None and len({p for p, _ in e["pairs"]}) == 1:
        return kernel
    return f"{kernel}-{preset}"


def exp_table(e, results, gpusim, scale_override=None):
    """{label: {(preset, kernel): {ipc, speedup, counters}}} of an experiment"""
    runs = {}
    for label, p, k, s, sd, key in exp_runs(e, gpusim, scale_override):
        d = load_run(run_path(results, p, k, s, sd, key))
        runs[(label, p, k)] = d
    tab = {}
    for label in e["designs"]:
        tab[label] = {}
        for p, k in e["pairs"]:
            d, b = runs[(label, p, k)], runs[(e["baseline"], p, k)]
            ipc, bipc = d["counters"]["ipc_thread"], b["counters"]["ipc_thread"]
            tab[label][(p, k)] = {"ipc": ipc, "speedup": ipc / bipc if bipc else None,
                                  "counters": d["counters"], "base_counters": b["counters"], "doc": d}
    return tab


def _split_top(text, op):
    """text split at the last `op` outside parentheses (a/b/c is (a/b)/c), or None"""
    depth, at = 0, None
    for i, ch in enumerate(text):
        depth += (ch == "(") - (ch == ")")
        if ch == op and depth == 0:
            at = i
    return None if at is None else (text[:at], text[at + 1:])


def _wrapped(text):
    """text is one parenthesised group: '(a+b)', not '(a)/(b)'"""
    if not (text.startswith("(") and text.endswith(")")):
        return False
    depth = 0
    for i, ch in enumerate(text):
        depth += (ch == "(") - (ch == ")")
        if depth == 0 and i < len(text) - 1:
            return False
    return True


def counter_value(d, name):
    """a counter of a run: a counter's name, a dotted path into the run document
    (residency.mean_warps_per_sm; a number indexes a list: timeline.sm_last_active.1),
    max|min|sum|mean(path to a list), 'a+b', 'a-b', 'a/b' (a divided by b; None when b is
    0), a number; parentheses group: '(a+b)/(c+d)'"""
    name = name.strip()
    while _wrapped(name):
        name = name[1:-1].strip()
    div = _split_top(name, "/")
    if div:
        num, den = counter_value(d, div[0]), counter_value(d, div[1])
        return None if num is None or not den else num / den
    add = _split_top(name, "+")
    sub = _split_top(name, "-")
    if add or sub:  # the last top-level + or -: a-b+c is (a-b)+c
        op, (x, y) = ("+", add) if add and (not sub or len(add[0]) > len(sub[0])) else ("-", sub)
        if x.strip():
            a, b = counter_value(d, x), counter_value(d, y)
            return None if a is None or b is None else (a + b if op == "+" else a - b)
    m = re.fullmatch(r"(max|min|sum|mean)\((.+)\)", name)
    if m:  # over a list in the run document: max(timeline.sm_last_active)
        v = counter_value(d, m.group(2))
        if not isinstance(v, list) or not v:
            raise KeyError(name)
        return {"max": max, "min": min, "sum": sum, "mean": lambda x: sum(x) / len(x)}[m.group(1)](v)
    if re.fullmatch(r"-?[0-9.]+", name):
        return float(name)
    if "." in name:  # a path into the run document; a number indexes a list (timeline.sm_last_active.1)
        v = d
        for part in name.split("."):
            if isinstance(v, list) and part.isdigit() and int(part) < len(v):
                v = v[int(part)]
            elif isinstance(v, dict) and part in v:
                v = v[part]
            else:
                raise KeyError(name)
        return v
    return d["counters"][name]


def select(e, preset=None, cls=None, kernels=None, need=False):
    out = [(p, k) for p, k in e["pairs"]
           if (preset is None or p == preset) and (cls is None or bar_class(e, k) == cls)
           and (kernels is None or k in kernels)]
    if need and not out:
        raise NoBars(f"{e['name']} has no bars of preset {preset or 'any'}, class {cls or 'any'} here")
    return out


class Measures:
    """the functions a claim's measure may name; each returns a number"""

    def __init__(self, tables):
        self.t = tables  # {exp: (e, table)}

    def _get(self, exp):
        if exp not in self.t:
            raise NotRun(f"measure names experiment {exp!r}, which was not run")
        return self.t[exp]

    def eval(self, spec):
        """a measure given as {"fn": name, arguments...}"""
        spec = dict(spec)
        fn = spec.pop("fn", "")
        if fn.startswith("_") or fn == "eval" or not hasattr(self, fn):
            raise ExpError(f"unknown measure {fn!r}")
        try:
            return getattr(self, fn)(**spec)
        except (NoBars, Undefined):
            raise
        except ZeroDivisionError:
            raise Undefined(f"measure {fn}: a division by 0 on these results")
        except TypeError as e:
            raise ExpError(f"measure {fn}: {e}")
        except KeyError as e:
            raise ExpError(f"measure {fn}: no design or counter {e}")

    def ratio(self, num, den):
        return self.eval(num) / self.eval(den)

    def minimum(self, of):
        return min(self.eval(s) for s in of)

    def min_ratio(self, exp, design, over, preset=None, cls=None):
        """the smallest over bars of speedup(design) / speedup(over)"""
        e, tab = self._get(exp)
        return min(tab[design][pk]["speedup"] / tab[over][pk]["speedup"] for pk in select(e, preset, cls, need=True))

    def gm(self, exp, design, preset=None, cls=None):
        e, tab = self._get(exp)
        return geomean([tab[design][pk]["speedup"] for pk in select(e, preset, cls, need=True)])

    def gm_ratio(self, exp, design, over, preset=None, cls=None):
        return self.gm(exp, design, preset, cls) / self.gm(exp, over, preset, cls)

    def max_speedup(self, exp, design, preset=None, cls=None):
        e, tab = self._get(exp)
        return max(tab[design][pk]["speedup"] for pk in select(e, preset, cls, need=True))

    def min_speedup(self, exp, design, preset=None, cls=None):
        e, tab = self._get(exp)
        return min(tab[design][pk]["speedup"] for pk in select(e, preset, cls, need=True))

    def count_above(self, exp, design, value, preset=None, cls=None):
        e, tab = self._get(exp)
        return sum(1 for pk in select(e, preset, cls) if tab[design][pk]["speedup"] > value)

    def share_of_best(self, exp, design, designs=None, preset=None, cls=None):
        """gm(design) / the largest gm among designs (1.0: design is the best)"""
        e, _ = self._get(exp)
        names = designs or [d for d in e["designs"] if d != e["baseline"]]
        return self.gm(exp, design, preset, cls) / max(self.gm(exp, d, preset, cls) for d in names)

    def share_bars_best(self, exp, design, designs=None, preset=None, cls=None):
        """share of bars on which design's speedup is the largest among designs"""
        e, tab = self._get(exp)
        names = designs or [d for d in e["designs"] if d != e["baseline"]]
        pks = select(e, preset, cls, need=True)
        return sum(1 for pk in pks if tab[design][pk]["speedup"] >= max(tab[d][pk]["speedup"] for d in names)) / len(pks)

    def gm_spread(self, exp, designs=None, preset=None, cls=None):
        """largest over smallest gm among designs (1.0: all equal)"""
        e, _ = self._get(exp)
        names = designs or [d for d in e["designs"] if d != e["baseline"]]
        g = [self.gm(exp, d, preset, cls) for d in names]
        return max(g) / min(g)

    def share_insensitive(self, exp, designs=None, tolerance=0.1, preset=None, cls=None):
        """share of bars whose speedups over designs stay within 1 +- tolerance of each other"""
        e, tab = self._get(exp)
        names = designs or [d for d in e["designs"] if d != e["baseline"]]
        pks = select(e, preset, cls, need=True)
        flat = 0
        for pk in pks:
            v = [tab[d][pk]["speedup"] for d in names]
            flat += max(v) / min(v) <= 1 + tolerance
        return flat / len(pks)

    def _counter(self, exp, design, counter, preset, cls):
        e, tab = self._get(exp)
        return [(pk, counter_value(tab[design][pk]["doc"], counter)) for pk in select(e, preset, cls, need=True)]

    def counter_gm(self, exp, design, counter, over=None, preset=None, cls=None, mean="geo"):
        """geometric mean over bars of counter(design) / counter(over, default the baseline);
        bars where either is 0 or undefined are left out (an error when none is left);
        mean="arith": the arithmetic mean of the ratios instead"""
        e, _ = self._get(exp)
        den = dict(self._counter(exp, over or e["baseline"], counter, preset, cls))
        r = [v / den[pk] for pk, v in self._counter(exp, design, counter, preset, cls) if v and den[pk]]
        if not r:
            raise Undefined(f"counter_gm {counter}: 0 or undefined on every bar of {exp}")
        return sum(r) / len(r) if mean == "arith" else geomean(r, positive_only=True)

    def counter_share(self, exp, design, num, den, preset=None, cls=None):
        """arithmetic mean over bars (those with sum(den) > 0) of sum(num) / sum(den), counters of design's runs"""
        e, tab = self._get(exp)
        r = []
        for pk in select(e, preset, cls, need=True):
            d = tab[design][pk]["doc"]
            dn = sum(counter_value(d, x) for x in den)
            if dn:
                r.append(sum(counter_value(d, x) for x in num) / dn)
        if not r:
            raise Undefined(f"counter_share: the denominator is 0 on every bar of {exp}")
        return sum(r) / len(r)

    def bar_ratio(self, exp, design, workload, counter=None, over=None, preset=None):
        """one bar's counter (a, a/b, ...) with design over the same with `over` (default the
        baseline); without counter, the bar's speedup over `over`"""
        e, tab = self._get(exp)
        pks = [pk for pk in select(e, preset) if pk[1] == workload]
        if not pks:
            raise NoBars(f"{exp} has no bar of {workload} here")
        pk, o = pks[0], over or e["baseline"]
        if counter is None:
            return tab[design][pk]["speedup"] / tab[o][pk]["speedup"]
        a, b = counter_value(tab[design][pk]["doc"], counter), counter_value(tab[o][pk]["doc"], counter)
        if a is None or not b:
            raise Undefined(f"bar_ratio {workload} {counter}: 0 or undefined with {o}")
        return a / b

    def counter_mean(self, exp, design, counter, preset=None, cls=None):
        """arithmetic mean over bars of counter(design) (bars where it is undefined left out)"""
        v = [x for _, x in self._counter(exp, design, counter, preset, cls) if x is not None]
        if not v:
            raise Undefined(f"counter {counter} is undefined on every bar of {exp}")
        return sum(v) / len(v)

    def counter_pooled(self, exp, design, counter, preset=None, cls=None):
        """'a/b': the sum over bars of a over the sum over bars of b"""
        if "/" not in counter:
            raise ExpError(f"counter_pooled needs 'a/b', got {counter!r}")
        a, b = (x.strip() for x in counter.split("/", 1))
        num = sum(v for _, v in self._counter(exp, design, a, preset, cls))
        den = sum(v for _, v in self._counter(exp, design, b, preset, cls))
        if not den:
            raise Undefined(f"counter_pooled {counter}: the denominator is 0 on every bar")
        return num / den

    def gm_over_best(self, exp, design, among, preset=None, cls=None):
        """geometric mean over bars of speedup(design) / the largest speedup among `among`"""
        e, tab = self._get(exp)
        return geomean([tab[design][pk]["speedup"] / max(tab[d][pk]["speedup"] for d in among)
                        for pk in select(e, preset, cls, need=True)])

    def mean_reduction(self, exp, design, counters, preset=None, cls=None, minus=()):
        """mean over bars of 1 - (sum of counters - sum of minus with design) / (the same with
        the baseline); minus: counters taken out of both sums (e.g. the prefetches among the misses)"""
        e, tab = self._get(exp)
        r = []
        for pk in select(e, preset, cls, need=True):
            c, b = tab[design][pk]["counters"], tab[design][pk]["base_counters"]
            bs = sum(b[x] for x in counters) - sum(b[x] for x in minus)
            if bs:
                r.append(1 - (sum(c[x] for x in counters) - sum(c[x] for x in minus)) / bs)
        return sum(r) / len(r)


def near(a, b, tol):
    """a within tol (relative) of b either way: b / (1 + tol) <= a <= b * (1 + tol)"""
    if a <= 0 or b <= 0:
        return a == b
    return abs(math.log(a / b)) <= math.log(1 + tol)


def test(rel, measured, value, tol):
    if rel == "~":
        return near(measured, value, tol)
    return {">": measured > value, ">=": measured >= value, "<": measured < value,
            "<=": measured <= value}[rel]


RELS = ("~", ">", ">=", "<", "<=")


def conditions(c):
    """a holds_if / direction_if: [rel, value] or a list of them (all must be met)"""
    return c if c and isinstance(c[0], list) else [c]


def meets(c, measured, tol):
    return all(test(rel, measured, val, tol) for rel, val in conditions(c))


def verdict(claim, measured, tol):
    """'holds' when holds_if is met, 'direction holds' when only direction_if is,
    else 'does not hold'"""
    if meets(claim["holds_if"], measured, tol):
        return "holds"
    if "direction_if" in claim and meets(claim["direction_if"], measured, tol):
        return "direction holds"
    return "does not hold"
