"""greport: an experiment's table and plot, and the report's index with the claims' verdicts.

Every output is a function of the run results alone (no dates, no host names, fixed SVG
ids), so the same results give the same bytes."""
import csv
import json
import os
import sys

import gexp

SEEDS = os.path.join(gexp.TOP, "..", "shared", "seeds")
sys.path.insert(0, os.path.join(gexp.TOP, "synth_estimates"))
from check_claims import norm  # noqa: E402  (the synthesis claims' text normalisation, reused)


def fmt(x, nd=2):
    if x is None:
        return "-"
    return f"{x:.{nd}f}"


def presets_of(e):
    """the experiment's presets: seed 000's in their order, then the others as they appear"""
    ps = list(dict.fromkeys(p for p, _ in e["pairs"]))
    return sorted(ps, key=lambda p: (list(gexp.PRESET_SUFFIX).index(p) if p in gexp.PRESET_SUFFIX else len(gexp.PRESET_SUFFIX),
                                     ps.index(p)))


def classes_of(e):
    """the experiment's bar classes in the seed's order: seed 000's CI, IW, XW; the others as
    their first workload appears in the experiment's pairs"""
    cs = list(dict.fromkeys(gexp.bar_class(e, k) for _, k in e["pairs"]))
    order = {"CI": 0, "IW": 1, "XW": 2}
    return sorted(cs, key=lambda c: (order.get(c, 3), cs.index(c)))


def bars(e):
    """the experiment's bars in the seed's order: by preset, class, then as the pairs list them
    (seed 000: CI, IW, XW kernels of each preset, in Table 2's order)"""
    ps, cs = presets_of(e), classes_of(e)
    pos = {pk: i for i, pk in enumerate(e["pairs"])}
    return sorted(e["pairs"], key=lambda pk: (ps.index(pk[0]), cs.index(gexp.bar_class(e, pk[1])),
                                               gexp.KERNELS.index(pk[1]) if pk[1] in gexp.KERNELS else len(gexp.KERNELS),
                                               pos[pk]))


def gm_groups(e):
    """[(row label, preset or None, class or None)] of the geometric-mean rows"""
    presets = presets_of(e)
    out = []
    for p in presets:
        n = len(gexp.select(e, p))
        if n < 3:
            continue
        sfx = f"-{gexp.PRESET_SUFFIX.get(p, p)}" if len(presets) > 1 else ""
        cs = [c for c in classes_of(e) if gexp.select(e, p, c)]
        if len(cs) > 1:
            for c in cs:
                out.append((f"GM {c}{sfx}", p, c))
        out.append((f"GM{sfx}", p, None))
    if len(presets) > 1:
        out.append(("GM all bars", None, None))
    return out


def designs(e):
    return [d for d in e["designs"] if d != e["baseline"]]


def experiment_outputs(e, results, gpusim, scale, out):
    tab = gexp.exp_table(e, results, gpusim, scale)
    meas = gexp.Measures({e["name"]: (e, tab)})
    ds = designs(e)
    s = gexp.scale_label(e, scale)
    keys = {d: gexp.design_key(e["designs"][d], gpusim) for d in e["designs"]}
    with open(out.csv, "w") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["experiment", "preset", "kernel", "class", "design", "design_key", "scale", "seed", "ipc",
                    "speedup", "cycles"])
        for d in e["designs"]:
            for p, k in bars(e):
                r = tab[d][(p, k)]
                w.writerow([e["name"], p, k, gexp.bar_class(e, k), d, keys[d], gexp.scale_text(gexp.exp_scale(e, scale, k)),
                            e["runseed"], f"{r['ipc']:.6f}", f"{r['speedup']:.6f}", r["counters"]["cycles"]])
    lines = [f"### {e['title']}", "", f"Seed {e['seed']}, {e['where']}. {e['setup']}. "
             f"Scale {s} x the seed's inputs, gpusim --seed {e['runseed']}. "
             f"Speedup = IPC over {e['baseline']}'s on the same preset and kernel; "
             f"'{e['baseline']} IPC' is thread instructions per core cycle.", ""]
    if len(ds) <= 14:
        lines.append("| bar | class | " + f"{e['baseline']} IPC | " + " | ".join(ds) + " |")
        lines.append("|---|---|---:|" + "---:|" * len(ds))
        for p, k in bars(e):
            lines.append(f"| {gexp.bar_name(p, k, e)} | {gexp.bar_class(e, k)} | {fmt(tab[e['baseline']][(p, k)]['ipc'], 3)} | "
                         + " | ".join(fmt(tab[d][(p, k)]["speedup"]) for d in ds) + " |")
        for label, p, c in gm_groups(e):
            lines.append(f"| **{label}** | | | " + " | ".join(f"**{fmt(meas.gm(e['name'], d, p, c))}**" for d in ds) + " |")
    else:  # many designs: one row per design, its geometric means
        groups = gm_groups(e) or [("GM", None, None)]
        lines.append("| design | " + " | ".join(g[0] for g in groups) + " | best bar | worst bar |")
        lines.append("|---|" + "---:|" * (len(groups) + 2))
        ranked = sorted(ds, key=lambda d: -meas.gm(e["name"], d))
        for d in ranked:
            sp = {pk: tab[d][pk]["speedup"] for pk in e["pairs"]}
            hi, lo = max(sp, key=sp.get), min(sp, key=sp.get)
            lines.append(f"| {d} | " + " | ".join(fmt(meas.gm(e['name'], d, p, c)) for _, p, c in groups)
                         + f" | {gexp.bar_name(*hi, e)} {fmt(sp[hi])} | {gexp.bar_name(*lo, e)} {fmt(sp[lo])} |")
    lines.append("")
    lines += seed_columns_table(e, tab)
    with open(out.md, "w") as f:
        f.write("\n".join(lines))
    import gplot
    gplot.speedup_figure(e, tab, meas, bars(e), gm_groups(e), ds, out.png, out.svg, s)


def seed_columns_table(e, tab):
    """the per-bar numbers the seed prints (experiment(seed_columns=...)) beside the measured ones"""
    cols = e.get("seed_columns") or []
    if not cols:
        return []
    L = ["Per application, measured beside the seed's number (`seed`; - where the seed gives none):", "",
         "| bar | " + " | ".join(f"{c['name']} ({c['design']}) | seed" for c in cols) + " |",
         "|---|" + "---:|---:|" * len(cols)]
    for p, k in bars(e):
        cells = []
        for c in cols:
            try:
                v = gexp.counter_value(tab[c["design"]][(p, k)]["doc"], c["counter"])
            except KeyError:
                v = None
            sv = c["seed"].get(k)
            nd = int(c.get("fmt", 2))
            cells += [fmt(v, nd) if isinstance(v, (int, float)) else "-", fmt(sv, nd) if sv is not None else "-"]
        L.append(f"| {gexp.bar_name(p, k, e)} | " + " | ".join(cells) + " |")
    return L + [""]


# ---- claims and verdicts
def load_claims(paths):
    out, tol = [], {}
    for p in paths:
        try:
            with open(p) as f:
                d = json.load(f)
            for c in d["claims"]:
                needs = ("id", "seed", "section", "line", "quote", "experiment", "claimed", "why")
                if "not_measured" not in c:
                    needs += ("measure", "holds_if")
                for need in needs:
                    if need not in c:
                        raise gexp.ExpError(f"claim {c.get('id', '?')}: no {need!r}")
                if c["id"] in tol:
                    raise gexp.ExpError(f"claim {c['id']}: the id is used twice (ids are unique over all seeds)")
                if "not_measured" in c:
                    if not str(c["not_measured"]).strip() or "measure" in c:
                        raise gexp.ExpError(f"claim {c['id']}: not_measured needs a reason and no measure")
                    tol[c["id"]] = float(d.get("tolerance", 0.2))
                    out.append(c)
                    continue
                for key in ("holds_if", "direction_if"):
                    for cond in gexp.conditions(c.get(key, ["~", 1])):
                        if len(cond) != 2 or cond[0] not in gexp.RELS or not isinstance(cond[1], (int, float)):
                            raise gexp.ExpError(f"claim {c['id']}: {key} {cond!r}: expected [relation, number], "
                                                f"relation one of {' '.join(gexp.RELS)}")
                tol[c["id"]] = float(d.get("tolerance", 0.2))
                out.append(c)
        except (OSError, ValueError, KeyError, TypeError) as ex:
            raise gexp.ExpError(f"{p}: {ex}")
    return out, tol


def quote_found(c, seeds=SEEDS):
    """the quote is in the seed's line `line` (a seed line is a paragraph), whitespace,
    typographic quotes and dashes and the seeds' $...$ math compared loosely"""
    path = [os.path.join(seeds, f) for f in os.listdir(seeds) if f.startswith(c["seed"] + "_")] if os.path.isdir(seeds) else []
    if not path:
        return False
    with open(path[0], encoding="utf-8") as f:
        lines = f.read().splitlines()
    n = int(c["line"])
    return 1 <= n <= len(lines) and norm(c["quote"]) in norm(lines[n - 1])


def evaluate(claims, tol, tables):
    """[(claim, measured or None, verdict)]"""
    meas = gexp.Measures(tables)
    out = []
    for c in claims:
        if not quote_found(c):
            out.append((c, None, "quote not found"))
            continue
        if "not_measured" in c:
            out.append((c, None, "not measured"))
            continue
        try:
            v = meas.eval(c["measure"])
        except gexp.NotRun:
            out.append((c, None, "not run"))
            continue
        except gexp.NoBars:
            out.append((c, None, "no bars here"))
            continue
        except gexp.Undefined as ex:
            out.append((dict(c, undefined=str(ex)), None, "undefined"))
            continue
        except gexp.ExpError as ex:
            raise gexp.ExpError(f"claim {c['id']}: {ex}")
        out.append((c, v, gexp.verdict(c, v, tol[c["id"]])))
    return out


VERDICTS = ("holds", "direction holds", "does not hold", "undefined", "not measured", "not run", "no bars here",
            "quote not found")


def tally_text(rows):
    n = {}
    for _, _, vd in rows:
        n[vd] = n.get(vd, 0) + 1
    return ", ".join(f"{k} {n[k]}" for k in VERDICTS if k in n) + f" ({len(rows)} claims)"


def summary_table(by_seed):
    """one row per seed: how many of its claims hold, hold in direction, do not hold, ..."""
    cols = [k for k in VERDICTS if any(vd == k for rows in by_seed.values() for _, _, vd in rows)]
    L = ["| seed | " + " | ".join(cols) + " | claims |", "|---|" + "---:|" * (len(cols) + 1)]
    for sd in sorted(by_seed):
        rows = by_seed[sd]
        L.append(f"| {sd} | " + " | ".join(str(sum(1 for _, _, vd in rows if vd == k)) for k in cols) + f" | {len(rows)} |")
    return L + [""]


def rel_text(r):
    return " and ".join(f"{rel} {v:g}" for rel, v in gexp.conditions(r))


def slowest(results, runs, n=10):
    rows = []
    for p, k, s, sd, key in sorted(runs):
        b = gexp.bench_path(results, p, k, s, sd, key)
        try:
            with open(b) as f:
                secs = float(f.read().splitlines()[1].split("\t")[0])  # line 2 of Snakemake's benchmark TSV
        except (OSError, ValueError, IndexError):
            continue
        rows.append((secs, p, k, s, key))
    rows.sort(key=lambda r: -r[0])
    return rows, rows[:n]


# where each seed's failed claims are explained (the mechanism, its counters and the experiment that tested it)
MECHANISMS = {"000": ("docs/gpu-results.md", "seed 000 against the model"), "001": ("docs/apres.md", "seed 001's study"),
              "002": ("docs/dl1d.md", "seed 002's study"), "003": ("docs/choo.md", "seed 003's study"),
              "004": ("docs/clams.md", "seed 004's study")}


def prior_verdicts(paths, claims):
    """{claim id: (measured, verdict, source)} from earlier reports' verdicts.json files"""
    ids = {c["id"] for c in claims}
    out = {}
    for p in paths:
        try:
            with open(p) as f:
                rows = json.load(f)
            for r in rows:
                if r["id"] in ids and r["verdict"] not in ("not run", "no bars here"):
                    out[r["id"]] = (r["measured"], r["verdict"], os.path.dirname(os.path.abspath(p)))
        except (OSError, ValueError, KeyError, TypeError) as ex:
            raise gexp.ExpError(f"prior verdicts {p}: {ex}")
    return out


def index(selected, results, report, gpusim, scale, claim_files, out_index, out_verdicts, kernels="", prior=()):
    tables = {n: (gexp.EXPERIMENTS[n], gexp.exp_table(gexp.EXPERIMENTS[n], results, gpusim, scale)) for n in selected}
    claims, tol = load_claims(claim_files)
    # the claims of the seeds whose experiments were selected (SEED=001: seed 001's alone), and
    # of the seeds an earlier report judged (PRIOR=its verdicts.json): their verdicts are that
    # report's, marked as such
    seeds = {gexp.EXPERIMENTS[n]["seed"] for n in selected}
    pri = prior_verdicts(prior, [c for c in claims if c["seed"] not in seeds])
    claims = [c for c in claims if c["seed"] in seeds or c["id"] in pri]
    ev = evaluate(claims, tol, tables)
    ev = [(c, pri[c["id"]][0], pri[c["id"]][1]) if c["id"] in pri else (c, v, vd) for c, v, vd in ev]
    from_prior = {os.path.relpath(pri[c["id"]][2], os.path.dirname(os.path.abspath(out_index))): c["seed"]
                  for c, _, _ in ev if c["id"] in pri}
    L = ["# Experiments: the seeds' figures re-run on the GPU model", "",
         "Generated by `make experiments` (experiments/Snakefile) from the run results in "
         f"`{os.path.relpath(results, gexp.TOP)}/` (docs/results-format.md); every speedup is IPC over the "
         "experiment's baseline on the same preset and kernel, every average a geometric mean, as in the seeds. "
         "How the model compares with the seeds' simulator: docs/gpu-model.md, docs/deviations.md.", ""]
    if scale or kernels:
        L += [f"**Not the seeds' setting**: run with{' EXPSCALE=' + str(scale) if scale else ''}"
              f"{' KERNELS=' + kernels if kernels else ''}; the verdicts below judge that run, not the seed's inputs.", ""]
    L += ["## The seeds' claims", "",
          "A claim holds when its measure meets `holds if`; its direction holds when only `direction if` is met "
          "(for example a speedup above 1x but short of the seed's figure); `~` means within "
          f"{int(round(100 * min(tol.values() or [0.2])))}% either way. The thresholds are fixed in "
          "experiments/claims/ from the seed's words before these runs (its `about` says which results were "
          "known earlier) and are never moved toward the seed. **not measured**: the model has no such "
          "design or quantity (the reason is given); **undefined**: the measure has no value on these "
          "results (a denominator of 0; the reason is given); **not run**: its experiment was not selected.", ""]
    by_seed = {}
    for c, v, vd in ev:
        by_seed.setdefault(c["seed"], []).append((c, v, vd))
    L += summary_table(by_seed)
    for sd in sorted(by_seed):
        L += [f"### Seed {sd}", ""]
        for src, s0 in sorted(from_prior.items()):
            if s0 == sd:
                L += [f"Seed {sd}'s experiments were not re-run here: its verdicts are those of the earlier report "
                      f"[{src}/index.md]({src}/index.md) (its figures, tables and run times are there).", ""]
        L += [
              "| claim | where, line | the seed's words | measured | holds if | direction if | verdict | measure |",
              "|---|---|---|---:|---|---|---|---|"]
        for c, v, vd in by_seed[sd]:
            q = c["quote"].replace("|", "/")
            why = (f"{c['not_measured']} ({c['why']})" if vd == "not measured" else
                   f"{c['why']} (no value here: {c['undefined']})" if vd == "undefined" else c["why"])
            L.append(f"| {c['id']} | {c['section']}, line {c['line']} | \"{q}\" | {fmt(v, 3)} | "
                     f"{rel_text(c['holds_if']) if 'holds_if' in c else '-'} | "
                     f"{rel_text(c['direction_if']) if 'direction_if' in c else '-'} | **{vd}** | {why.replace('|', '/')} |")
        L += ["", f"Seed {sd}: " + tally_text(by_seed[sd]) + "."]
        if sd in MECHANISMS:
            doc, sec = MECHANISMS[sd]
            rel = os.path.relpath(os.path.join(gexp.TOP, doc), os.path.dirname(os.path.abspath(out_index)))
            L += [f"Why the claims that do not hold (or hold only in direction) fail, with the counters and the "
                  f"experiments that tested it: [{doc}]({rel}) ({sec})."]
        L += [""]
    L += ["## Figures", ""]
    runs = set()
    prev_seed = None
    for n in sorted(selected, key=lambda n: (gexp.EXPERIMENTS[n]["seed"], selected.index(n))):
        e = tables[n][0]
        if e["seed"] != prev_seed and len(seeds) > 1:
            L += [f"### Seed {e['seed']}", ""]
            prev_seed = e["seed"]
        for _, p, k, s, sd, key in gexp.exp_runs(e, gpusim, scale):
            runs.add((p, k, s, sd, key))
        with open(os.path.join(report, n, "table.md")) as f:
            body = f.read()
        hd = "#### " if len(seeds) > 1 else "### "
        L += [body.replace("### ", f"{hd}{n}: ", 1), "", f"![{n}]({n}/speedup.svg)", "",
              f"PNG: [{n}/speedup.png]({n}/speedup.png); table as CSV: [{n}/table.csv]({n}/table.csv)", ""]
        for (p, k, d), t in zip(e.get("timelines", []), gexp.exp_timelines(e, gpusim, scale)):
            L += [f"Per-SM timeline of {gexp.bar_name(p, k, e)} with {d} (resident warps, issue rate and the "
                  f"schedulers' stall reasons by window; docs/results-format.md):", "",
                  f"![{t}]({n}/{t}.svg)", ""]
    allr, top = slowest(results, runs)
    L += ["## Run times", "",
          f"{len(runs)} distinct runs (runs shared between experiments are run once); "
          f"{len(allr)} with a timing record, {sum(r[0] for r in allr):.0f} s of gpusim in all "
          "(one core each; `make experiments` prints the wall time). The slowest:", "",
          "| seconds | preset | kernel | scale | design |", "|---:|---|---|---:|---|"]
    for secs, p, k, s, key in top:
        L.append(f"| {secs:.1f} | {p} | {k} | {gexp.scale_text(s)} | `{key}` |")
    L.append("")
    with open(out_index, "w") as f:
        f.write("\n".join(L))
    with open(out_verdicts, "w") as f:
        json.dump([{"id": c["id"], "seed": c["seed"], "experiment": c["experiment"], "measured": v, "verdict": vd,
                    "holds_if": c.get("holds_if"), "direction_if": c.get("direction_if"),
                    **({"not_measured": c["not_measured"]} if "not_measured" in c else {})} for c, v, vd in ev],
                  f, indent=1)
        f.write("\n")
