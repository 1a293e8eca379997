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


def bars(e):
    """the experiment's bars in the seed's order: CI, IW, XW kernels of each preset"""
    order = {"CI": 0, "IW": 1, "XW": 2}
    return sorted(e["pairs"], key=lambda pk: (list(gexp.PRESET_SUFFIX).index(pk[0]), order[gexp.SEED_CLASSES[pk[1]]],
                                               gexp.KERNELS.index(pk[1])))


def gm_groups(e):
    """[(row label, preset or None, class or None)] of the geometric-mean rows"""
    presets = [p for p in gexp.PRESET_SUFFIX if any(pp == p for pp, _ in e["pairs"])]
    out = []
    for p in presets:
        n = len(gexp.select(e, p))
        if n < 3:
            continue
        sfx = f"-{gexp.PRESET_SUFFIX[p]}" if len(presets) > 1 else ""
        for c in ("CI", "IW", "XW"):
            if gexp.select(e, p, c):
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
    s = gexp.exp_scale(e, scale)
    keys = {d: gexp.design_key(e["designs"][d], gpusim) for d in e["designs"]}
    with open(out.csv, "w") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["experiment", "preset", "kernel", "class", "design", "design_key", "scale", "seed", "ipc",
                    "speedup", "cycles"])
        for d in e["designs"]:
            for p, k in bars(e):
                r = tab[d][(p, k)]
                w.writerow([e["name"], p, k, gexp.SEED_CLASSES[k], d, keys[d], gexp.scale_text(s), e["runseed"],
                            f"{r['ipc']:.6f}", f"{r['speedup']:.6f}", r["counters"]["cycles"]])
    lines = [f"### {e['title']}", "", f"Seed {e['seed']}, {e['where']}. {e['setup']}. "
             f"Scale {gexp.scale_text(s)} x the seed's inputs, gpusim --seed {e['runseed']}. "
             f"Speedup = IPC over {e['baseline']}'s on the same preset and kernel; "
             f"'{e['baseline']} IPC' is thread instructions per core cycle.", ""]
    if len(ds) <= 14:
        lines.append("| bar | class | " + f"{e['baseline']} IPC | " + " | ".join(ds) + " |")
        lines.append("|---|---|---:|" + "---:|" * len(ds))
        for p, k in bars(e):
            lines.append(f"| {gexp.bar_name(p, k)} | {gexp.SEED_CLASSES[k]} | {fmt(tab[e['baseline']][(p, k)]['ipc'], 3)} | "
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
                         + f" | {gexp.bar_name(*hi)} {fmt(sp[hi])} | {gexp.bar_name(*lo)} {fmt(sp[lo])} |")
    lines.append("")
    with open(out.md, "w") as f:
        f.write("\n".join(lines))
    import gplot
    gplot.speedup_figure(e, tab, meas, bars(e), gm_groups(e), ds, out.png, out.svg, gexp.scale_text(s))


# ---- claims and verdicts
def load_claims(paths):
    out, tol = [], {}
    for p in paths:
        try:
            with open(p) as f:
                d = json.load(f)
            for c in d["claims"]:
                for need in ("id", "seed", "section", "line", "quote", "experiment", "measure", "claimed", "holds_if", "why"):
                    if need not in c:
                        raise gexp.ExpError(f"claim {c.get('id', '?')}: no {need!r}")
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
        try:
            v = meas.eval(c["measure"])
        except gexp.NotRun:
            out.append((c, None, "not run"))
            continue
        except gexp.NoBars:
            out.append((c, None, "no bars here"))
            continue
        except gexp.ExpError as ex:
            raise gexp.ExpError(f"claim {c['id']}: {ex}")
        out.append((c, v, gexp.verdict(c, v, tol[c["id"]])))
    return out


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


def index(selected, results, report, gpusim, scale, claim_files, out_index, out_verdicts, kernels=""):
    tables = {n: (gexp.EXPERIMENTS[n], gexp.exp_table(gexp.EXPERIMENTS[n], results, gpusim, scale)) for n in selected}
    claims, tol = load_claims(claim_files)
    ev = evaluate(claims, tol, tables)
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
          "known earlier) and are never moved toward the seed.", "",
          "| claim | seed, where | the seed's words | measured | holds if | direction if | verdict | measure |",
          "|---|---|---|---:|---|---|---|---|"]
    tally = {}
    for c, v, vd in ev:
        tally[vd] = tally.get(vd, 0) + 1
        q = c["quote"].replace("|", "/")
        L.append(f"| {c['id']} | {c['seed']} {c['section']}, line {c['line']} | \"{q}\" | {fmt(v, 3)} | "
                 f"{rel_text(c['holds_if'])} | {rel_text(c['direction_if']) if 'direction_if' in c else '-'} | "
                 f"**{vd}** | {c['why']} |")
    L += ["", "Tally: " + ", ".join(f"{k} {tally[k]}" for k in sorted(tally)) + f" ({len(ev)} claims).", ""]
    L += ["## Figures", ""]
    runs = set()
    for n in selected:
        e = tables[n][0]
        for _, p, k, s, sd, key in gexp.exp_runs(e, gpusim, scale):
            runs.add((p, k, s, sd, key))
        with open(os.path.join(report, n, "table.md")) as f:
            body = f.read()
        L += [body.replace("### ", f"### {n}: ", 1), "", f"![{n}]({n}/speedup.svg)", "",
              f"PNG: [{n}/speedup.png]({n}/speedup.png); table as CSV: [{n}/table.csv]({n}/table.csv)", ""]
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
        json.dump([{"id": c["id"], "experiment": c["experiment"], "measured": v, "verdict": vd,
                    "holds_if": c["holds_if"], "direction_if": c.get("direction_if")} for c, v, vd in ev],
                  f, indent=1)
        f.write("\n")
