"""gplot: an experiment's speedup figure (matplotlib, PNG and SVG, same bytes every time).

Kernels on the x axis in the seed's order (CI, IW, XW of each preset), then the
geometric means; one bar per design; speedup over the baseline on a log y axis, 1x drawn;
the seed's own figures marked where it gives them (plot={'seed_gm': {preset: x or {design: x}},
'seed_max': x}). Experiments with many designs (plot={'factorial': True}) get one bar
per design, its geometric mean, sorted."""
import math

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import gexp  # noqa: E402

plt.rcParams.update({"svg.hashsalt": "gpumem-experiments", "font.size": 8, "axes.titlesize": 9,
                     "svg.fonttype": "none"})
SAVE = {"png": dict(dpi=110, metadata={"Software": None}), "svg": dict(metadata={"Date": None, "Creator": None})}


def _save(fig, png, svg):
    fig.savefig(png, **SAVE["png"])
    fig.savefig(svg, **SAVE["svg"])
    plt.close(fig)


TICKS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.8, 0.9, 0.95, 0.98, 1, 1.02, 1.05, 1.1, 1.2, 1.5, 2, 3, 5, 7, 10, 15, 20, 30, 50, 100]


def _title(e, scale_txt, fig_width):
    """the figure's title, wrapped to the figure's width; the inputs' scale when there is one"""
    import textwrap
    sc = "per-workload inputs" if scale_txt.startswith("per workload") else f"x{scale_txt} inputs"
    return textwrap.fill(f"{e['where']}: {e['title']} ({sc})", width=max(40, int(fig_width * 11)))


def _limits(ax, values, labels=False):
    """log y limits around the values (and 1x), labelled at round speedups; labels: room for
    the values written on the bars"""
    v = [x for x in values if x and x > 0]
    lo, hi = min(v + [1.0]), max(v + [1.0])
    pad = max(0.02, 0.06 * (math.log10(hi) - math.log10(lo)))
    lab = max(0.05, 0.14 * (math.log10(hi) - math.log10(lo))) if labels else 0.0
    ylo, yhi = 10 ** (math.log10(lo) - pad - (lab if lo < 1 else 0)), 10 ** (math.log10(hi) + pad + lab)
    ax.set_ylim(ylo, yhi)
    gap = (math.log10(yhi) - math.log10(ylo)) / 9  # labels at least a ninth of the axis apart
    ticks = [1.0]
    for t in sorted((t for t in TICKS if ylo <= t <= yhi), key=lambda t: abs(math.log10(t))):
        if all(abs(math.log10(t) - math.log10(k)) >= gap for k in ticks):
            ticks.append(t)
    ax.set_yticks(sorted(ticks))
    ax.yaxis.set_minor_locator(matplotlib.ticker.NullLocator())


def speedup_figure(e, tab, meas, bars, groups, designs, png, svg, scale_txt):
    if e["plot"].get("factorial"):
        return _factorial(e, meas, designs, png, svg)
    if e["plot"].get("interaction"):
        return _interaction(e, meas, png, svg, scale_txt)
    gm_rows = [(lbl, p, c) for lbl, p, c in groups if c is None]  # the overall GM of each preset (and all bars)
    xs = [gexp.bar_name(p, k, e) for p, k in bars] + [lbl for lbl, _, _ in gm_rows]
    n = len(designs)
    width = 0.8 / n
    fig, ax = plt.subplots(figsize=(max(7.0, 0.45 * len(xs) * max(1, n / 3)) + 2.0, 3.8))  # + the legend beside
    cmap = plt.get_cmap("tab10" if n <= 10 else "tab20")
    allv = []
    label_all = len(xs) * n <= 60  # every bar's value on it when they fit; else the geometric means' only
    for i, d in enumerate(designs):
        vals = [tab[d][pk]["speedup"] for pk in bars] + [meas.gm(e["name"], d, p, c) for _, p, c in gm_rows]
        allv += vals
        pos = [j - 0.4 + width * (i + 0.5) for j in range(len(xs))]
        ax.bar(pos, [v - 1.0 for v in vals], width * 0.95, label=d, color=cmap(i % cmap.N), bottom=1.0)
        for j, (x, v) in enumerate(zip(pos, vals)):
            if v and (label_all or j >= len(bars)):
                ax.annotate(f"{v:.2f}", (x, v), textcoords="offset points", xytext=(0, 2 if v >= 1 else -2),
                            ha="center", va="bottom" if v >= 1 else "top", rotation=90, fontsize=5)
    ax.set_yscale("log")
    ax.axhline(1.0, color="black", linewidth=0.8)
    # the seed's geometric means: {preset: x} marks the whole GM group (one design), or
    # {preset: {design: x}} one design's bar in it
    seed_gm = e["plot"].get("seed_gm", {})
    marked = False
    seed_txt = [[] for _ in gm_rows]
    for j, (lbl, p, c) in enumerate(gm_rows):
        marks = seed_gm.get(p)
        if marks is None:
            continue
        if not isinstance(marks, dict):
            marks = {None: marks}
        for d, val in marks.items():
            x = len(bars) + j
            x0, x1 = (x - 0.4, x + 0.4) if d is None else (x - 0.4 + width * designs.index(d), x - 0.4 + width * (designs.index(d) + 1))
            ax.plot([x0, x1], [val] * 2, color="red", linewidth=2, label=None if marked else "seed's figure")
            # the seed's number goes into the group's x label, where it can overlap nothing
            seed_txt[j].append(f"seed {val:g}x" if d is None else f"seed {d}: {val:g}x")
            allv.append(val)
            marked = True
    if "seed_max" in e["plot"]:
        m = e["plot"]["seed_max"]
        ax.axhline(m, color="red", linestyle="--", linewidth=0.8, label=f"seed's largest speedup ({m:g}x)")
        allv.append(m)
    # class separators
    prev = None
    for j, (p, k) in enumerate(bars):
        tag = (p, gexp.bar_class(e, k))
        if prev is not None and tag != prev:
            ax.axvline(j - 0.5, color="grey", linewidth=0.5, linestyle=":")
        prev = tag
    ax.axvline(len(bars) - 0.5, color="grey", linewidth=0.8)
    xs = xs[:len(bars)] + [x + "".join(f"\n{t}" for t in seed_txt[j]) for j, x in enumerate(xs[len(bars):])]
    ax.set_xticks(range(len(xs)))
    ax.set_xticklabels(xs, rotation=45, ha="right")
    for t in ax.get_xticklabels()[len(bars):]:
        if "seed" in t.get_text():
            t.set_color("darkred")
    ax.set_xlim(-0.6, len(xs) - 0.4)
    _limits(ax, allv, labels=True)
    ax.set_ylabel(f"speedup over {e['baseline']} (IPC, log)")
    ax.set_title(_title(e, scale_txt, fig.get_size_inches()[0]))
    ax.yaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(lambda v, _: f"{v:g}x"))
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.005, 1.0), frameon=False)  # beside the axes: never over the title
    ax.grid(axis="y", which="major", linewidth=0.3)
    fig.tight_layout()
    _save(fig, png, svg)


def _factorial(e, meas, designs, png, svg):
    """one horizontal bar per design (its geometric mean), best first: with 100+ designs the
    labels stay readable at 6 pt, one row each"""
    g = sorted(((meas.gm(e["name"], d), d) for d in designs), reverse=True)
    fig, ax = plt.subplots(figsize=(8, 1.0 + 0.13 * len(g)))
    groups = sorted({d.rsplit("/", 1)[-1] for _, d in g})  # colour by the last dimension (bypass)
    cmap = plt.get_cmap("tab10")
    for i, grp in enumerate(groups):
        idx = [j for j, (_, d) in enumerate(g) if d.rsplit("/", 1)[-1] == grp]
        ax.barh(idx, [g[j][0] - 1.0 for j in idx], 0.8, left=1.0, color=cmap(i), label=grp)
    for j, (v, _) in enumerate(g):
        ax.annotate(f"{v:.2f}", (v, j), textcoords="offset points", xytext=(2 if v >= 1 else -2, 0),
                    ha="left" if v >= 1 else "right", va="center", fontsize=5)
    ax.legend(fontsize=7, frameon=False, loc="lower right")
    ax.set_xscale("log")
    ax.axvline(1.0, color="black", linewidth=0.8)
    ax.set_yticks(range(len(g)))
    ax.set_yticklabels([d for _, d in g], fontsize=6)
    ax.set_ylim(len(g) - 0.4, -0.6)
    v = [x for x, _ in g] + [1.0]
    ax.set_xlim(min(v) / 1.08, max(v) * 1.12)
    ax.xaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(lambda x, _: f"{x:g}x"))
    ax.xaxis.set_minor_formatter(matplotlib.ticker.FuncFormatter(lambda x, _: f"{x:g}x"))
    ax.tick_params(axis="x", which="minor", labelsize=6)
    ax.set_xlabel(f"geomean speedup over {e['baseline']} (log)")
    ax.set_title(_title(e, gexp.scale_label(e), fig.get_size_inches()[0]))
    ax.grid(axis="x", which="both", linewidth=0.3)
    fig.tight_layout()
    _save(fig, png, svg)


def _interaction(e, meas, png, svg, scale_txt):
    """two design dimensions: x = one (e.g. the drain policy), a bar per value of the other
    (e.g. bypass), the geometric mean over each class's bars and over all, a panel each"""
    it = e["plot"]["interaction"]
    xs, series = it["x"], it["series"]
    import greport
    panels = [(c, c) for c in greport.classes_of(e)] + [("all bars", None)]
    fig, axes = plt.subplots(1, len(panels), figsize=(3.3 * len(panels), 3.4), sharey=True)
    cmap = plt.get_cmap("tab10")
    allv = []
    for ax, (title, cls) in zip(axes, panels):
        w = 0.8 / len(series)
        for i, sname in enumerate(series):
            vals = [meas.gm(e["name"], it["label"].format(x=x, s=sname), None, cls) for x in xs]
            allv += vals
            xp = [j - 0.4 + w * (i + 0.5) for j in range(len(xs))]
            ax.bar(xp, [v - 1.0 for v in vals], w * 0.95, bottom=1.0, color=cmap(i), label=sname)
            for x, v in zip(xp, vals):
                ax.annotate(f"{v:.2f}", (x, v), textcoords="offset points", xytext=(0, 2 if v >= 1 else -2),
                            ha="center", va="bottom" if v >= 1 else "top", rotation=90, fontsize=5)
        ax.set_yscale("log")
        ax.axhline(1.0, color="black", linewidth=0.8)
        ax.set_xticks(range(len(xs)))
        ax.set_xticklabels(xs, rotation=45, ha="right")
        ax.set_title(f"geomean, {title}")
    _limits(axes[0], allv, labels=True)
    axes[0].yaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(lambda v, _: f"{v:g}x"))
    axes[0].set_ylabel(f"speedup over {e['baseline']} (log)")
    axes[0].legend(fontsize=7, frameon=False, loc="upper left")
    fig.suptitle(_title(e, scale_txt, fig.get_size_inches()[0]), fontsize=9)
    fig.tight_layout()
    _save(fig, png, svg)
