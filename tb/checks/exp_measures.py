"""tb/checks/exp_measures.py: the claims' measures on a table built by hand (exp_measures): each
new measure gives the number worked out below, and a wrong counter name is an error."""
import math, sys
sys.path.insert(0, "experiments/lib")
import gexp

e = dict(name="m", seed="001", baseline="B", designs={"B": {}, "X": {}, "Y": {}}, classes={"a": "c1", "b": "c1", "c": "c2"},
         pairs=[("apres", "a"), ("apres", "b"), ("apres", "c")])
# speedups X: 2, 0.5, 1; Y: 1, 1, 4; counters h (hits) and n (reads)
sp = {"B": (1, 1, 1), "X": (2, 0.5, 1), "Y": (1, 1, 4)}
cnt = {"B": ((10, 100), (20, 100), (0, 50)), "X": ((30, 100), (10, 100), (5, 50)), "Y": ((10, 50), (20, 100), (0, 0))}
tab = {}
for d in e["designs"]:
    tab[d] = {}
    for i, pk in enumerate(e["pairs"]):
        c = {"h": cnt[d][i][0], "n": cnt[d][i][1]}
        tab[d][pk] = {"ipc": sp[d][i], "speedup": sp[d][i], "counters": c, "base_counters": None,
                      "doc": {"counters": c, "residency": {"mean_warps_per_sm": 10.0 * (i + 1)}}}
m = gexp.Measures({"m": (e, tab)})
close = lambda a, b: abs(a - b) < 1e-12
checks = [
    ("gm X", m.gm("m", "X"), 1.0),
    ("gm X class c1", m.gm("m", "X", cls="c1"), 1.0),
    ("gm_over_best X among X,Y", m.gm_over_best("m", "X", ["X", "Y"]), (1 * 0.5 * 0.25) ** (1 / 3)),
    ("counter_gm X h (bar c has base 0: left out)", m.counter_gm("m", "X", "h"), math.sqrt(3 * 0.5)),
    ("counter_gm X h/n over Y", m.counter_gm("m", "X", "h/n", over="Y"), math.sqrt((0.3 / 0.2) * (0.1 / 0.2))),
    ("counter_mean X h/n", m.counter_mean("m", "X", "h/n"), (0.3 + 0.1 + 0.1) / 3),
    ("counter_mean Y h/n (bar c undefined: left out)", m.counter_mean("m", "Y", "h/n"), (0.2 + 0.2) / 2),
    ("counter_pooled X h/n", m.counter_pooled("m", "X", "h/n"), 45 / 250),
    ("counter_mean B residency.mean_warps_per_sm", m.counter_mean("m", "B", "residency.mean_warps_per_sm"), 20.0),
]
# mean_reduction with minus: X's h less n's share taken out of both sums: bars a, b (c's base is 0: left out)
for d in tab:
    for pk in tab[d]:
        tab[d][pk]["base_counters"] = tab["B"][pk]["counters"]
checks.append(("mean_reduction X h minus nothing", m.mean_reduction("m", "X", ["h"]), ((1 - 30 / 10) + (1 - 10 / 20)) / 2))
checks.append(("mean_reduction X n minus h", m.mean_reduction("m", "X", ["n"], minus=["h"]),
               ((1 - (100 - 30) / (100 - 10)) + (1 - (100 - 10) / (100 - 20)) + (1 - (50 - 5) / (50 - 0))) / 3))
checks.append(("counter_share X num h den h,n", m.counter_share("m", "X", ["h"], ["h", "n"]), (30 / 130 + 10 / 110 + 5 / 55) / 3))
checks.append(("bar_ratio Y on c (speedup)", m.bar_ratio("m", "Y", "c"), 4.0))
checks.append(("bar_ratio X on a, h/n over Y", m.bar_ratio("m", "X", "a", "h/n", over="Y"), 0.3 / 0.2))
checks.append(("counter_gm X h arith", m.counter_gm("m", "X", "h", mean="arith"), (3 + 0.5) / 2))
cv = {"counters": {"a": 1, "b": 2, "c": 3, "d": 0}}
for expr, want in (("(a+b)/(c+d)", 1.0), ("a/b/c", 1 / 6), ("a+b+c", 6), ("(a)/(b)", 0.5), ("c/(a+b)", 1.0)):
    checks.append((f"counter expression {expr}", gexp.counter_value(cv, expr), want))
assert gexp.counter_value(cv, "a/d") is None
tl = {"counters": {"cycles": 100}, "timeline": {"sm_last_active": [10, 100, 20, 30]}}
for expr, want in (("timeline.sm_last_active.1/cycles", 1.0), ("max(timeline.sm_last_active)", 100),
                   ("mean(timeline.sm_last_active)/cycles", 0.4), ("min(timeline.sm_last_active)/2", 5.0),
                   ("(sum(timeline.sm_last_active)-timeline.sm_last_active.1)/3", 20.0), ("cycles-10+5", 95)):
    checks.append((f"counter expression {expr}", gexp.counter_value(tl, expr), want))
bad = 0
for name, got, want in checks:
    ok = close(got, want)
    bad += not ok
    print(f"{'ok ' if ok else 'BAD'} {name}: {got:.6f} (expected {want:.6f})")
for spec in ({"fn": "counter_mean", "exp": "m", "design": "X", "counter": "nosuch"},
             {"fn": "counter_pooled", "exp": "m", "design": "X", "counter": "h"}):
    try:
        m.eval(spec)
        print(f"BAD {spec}: no error")
        bad += 1
    except gexp.ExpError as ex:
        print(f"ok  {spec['fn']} {spec['counter']}: refused ({ex})")
sys.exit(1 if bad else 0)
