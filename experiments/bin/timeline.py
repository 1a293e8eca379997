#!/usr/bin/env python3
"""experiments/bin/timeline.py: plot gpusim's per-SM timeline (docs/results-format.md
"timeline").

usage: timeline.py RUN.json OUT_PREFIX

RUN.json is gpusim's JSON (--json) or a run file of the experiment layer
(experiments/bin/run.py copies gpusim's "timeline" into it). Writes OUT_PREFIX.png and
OUT_PREFIX.svg: per SM (rows) over time, a heat map of the mean resident warps and one of
the issue rate (warp instructions per scheduler cycle), and below them the share of the
whole GPU's scheduler cycles by reason over time (stacked). Deterministic (svg.hashsalt
fixed, no dates). A missing or malformed file: one line on stderr, exit 2.
"""
import json
import sys

COLORS = {"issued": "#2ca02c", "held": "#17becf", "mem_stage": "#d62728", "shared_port": "#9467bd",
          "latency": "#ff7f0e", "load": "#1f77b4", "barrier": "#8c564b", "drain": "#e377c2",
          "no_warp": "#c7c7c7"}


def die(msg):
    print(f"timeline.py: {msg}", file=sys.stderr)
    sys.exit(2)


def load(path):
    try:
        with open(path) as f:
            d = json.load(f)
    except OSError as e:
        die(f"{path}: {e.strerror}")
    except ValueError as e:
        die(f"{path}: not JSON ({e})")
    t = d.get("timeline") if isinstance(d, dict) else None
    try:
        n, k, reasons = int(t["sms"]), int(t["schedulers"]), list(t["reasons"])
        start, cyc = [int(x) for x in t["start"]], [int(x) for x in t["cycles"]]
        warps, wi, sc = t["warps"], t["warp_instructions"], t["sched_cycles"]
        rows = len(cyc)
        if not rows or len(start) != rows or n < 1 or k < 1:
            raise ValueError("no windows")
        for m in [warps, wi] + [sc[r] for r in reasons]:
            if len(m) != rows or any(len(row) != n for row in m):
                raise ValueError("rows of the wrong shape")
    except (TypeError, KeyError, ValueError) as e:
        die(f"{path}: no gpusim timeline in it ({e})")
    name = ""
    if isinstance(d.get("workload"), dict):
        name = d["workload"].get("name", "")
    return n, k, reasons, start, cyc, warps, wi, sc, name



def _help():
    """-h / --help: the usage and this program's description on stdout, exit 0"""
    if any(a in ("-h", "--help") for a in sys.argv[1:]):
        print("usage: timeline.py RUN.json OUT_PREFIX\n\n" + (__doc__ or "").strip())
        sys.exit(0)

def main():
    if len(sys.argv) != 3:
        die("usage: timeline.py RUN.json OUT_PREFIX")
    n, k, reasons, start, cyc, warps, wi, sc, name = load(sys.argv[1])
    import matplotlib
    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "timeline"
    import matplotlib.pyplot as plt
    import numpy as np

    rows = len(cyc)
    edges = np.array(start + [start[-1] + cyc[-1]], dtype=float)
    W = np.array(warps, dtype=float).T                        # SM x window
    I = np.array(wi, dtype=float).T / (np.array(cyc, dtype=float) * k)
    fig, ax = plt.subplots(3, 1, figsize=(11, 4 + 0.28 * n), sharex=True,
                           gridspec_kw={"height_ratios": [n, n, max(6, n // 2)]})
    ys = np.arange(n + 1) - 0.5
    for a, m, label, cmap in ((ax[0], W, "resident warps (mean)", "viridis"),
                              (ax[1], I, "issue rate (per scheduler cycle)", "magma")):
        q = a.pcolormesh(edges, ys, m, cmap=cmap, shading="flat", rasterized=False)
        fig.colorbar(q, ax=a, pad=0.01, label=label)
        a.set_ylabel("SM")
        a.set_ylim(n - 0.5, -0.5)
        step = 1 if n <= 16 else 2 if n <= 32 else 4
        a.set_yticks(range(0, n, step))
        a.tick_params(axis="y", labelsize=7)
    tot = np.array([[sum(sc[r][w]) for w in range(rows)] for r in reasons], dtype=float)
    share = tot / np.maximum(tot.sum(axis=0), 1)
    share = np.concatenate([share, share[:, -1:]], axis=1)  # each window's share over its whole span
    ax[2].stackplot(edges, share, labels=reasons, colors=[COLORS.get(r, "#000000") for r in reasons], step="post")
    ax[2].set_ylim(0, 1)
    ax[2].set_ylabel("scheduler cycles")
    ax[2].set_xlabel("cycle")
    ax[2].legend(loc="center left", bbox_to_anchor=(1.0, 0.5), fontsize=7, frameon=False)
    fig.colorbar(plt.cm.ScalarMappable(), ax=ax[2], pad=0.01).remove()  # align with the maps
    ax[2].set_xlim(edges[0], edges[-1])
    fig.suptitle(f"{name}: per-SM timeline ({n} SMs, window {cyc[0]} cycles)".lstrip(": "))
    fig.tight_layout()
    for ext in ("png", "svg"):
        fig.savefig(f"{sys.argv[2]}.{ext}", dpi=110, metadata={"Date": None} if ext == "svg" else {"Software": None})
    plt.close(fig)


if __name__ == "__main__":
    _help()
    main()
