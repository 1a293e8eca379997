"""tb/checks/exp_claims.py: every seed's claims quoted at their seed lines (a moved one is caught),
ids unique, each naming an experiment its seed's rule file defines, and verdicts that follow
their thresholds (exp_claims_quoted)."""
import copy, glob, os, sys
sys.path.insert(0, "experiments/lib")
import gexp, greport
files = sorted(glob.glob("experiments/claims/seed*.json"))
claims, tol = greport.load_claims(files)
missing = [c["id"] for c in claims if not greport.quote_found(c)]
ids = [c["id"] for c in claims]
dup = sorted({i for i in ids if ids.count(i) > 1})
# the experiments the rule files define (they are Python calling gexp)
g = {"gexp": gexp, "DEFAULT_SET": {}}
for f in sorted(glob.glob("experiments/rules/seed*.smk")):
    exec(compile(open(f).read(), f, "exec"), g)
unknown = [c["id"] for c in claims if c["experiment"] not in gexp.EXPERIMENTS or gexp.EXPERIMENTS[c["experiment"]]["seed"] != c["seed"]]
per = {}
for c in claims:
    k = "not measured" if "not_measured" in c else "measured"
    per.setdefault(c["seed"], {}).setdefault(k, 0)
    per[c["seed"]][k] += 1
print(f"{len(claims)} claims in {len(files)} files: " + "; ".join(f"seed {s} {d.get('measured', 0)} measured, "
      f"{d.get('not measured', 0)} not measured" for s, d in sorted(per.items())))
print(f"quotes not found at their line: {missing or 'none'}; duplicate ids: {dup or 'none'}; "
      f"claims naming an experiment their seed does not define: {unknown or 'none'}")
assert len(per) == 5, f"claims of {len(per)} seeds, expected 5"
moved = copy.deepcopy(claims[0]); moved["line"] += 40
assert not greport.quote_found(moved), "a claim moved 40 lines was still found"
# verdicts follow the thresholds (tolerance 10%)
c = {"holds_if": ["~", 2.0], "direction_if": [">", 1.0]}
assert gexp.verdict(c, 2.15, 0.1) == "holds" and gexp.verdict(c, 1.5, 0.1) == "direction holds"
assert gexp.verdict(c, 0.9, 0.1) == "does not hold" and gexp.verdict(c, 2.3, 0.1) == "direction holds"
assert gexp.verdict({"holds_if": ["<=", 1.05]}, 1.2, 0.1) == "does not hold"
assert gexp.verdict({"holds_if": ["~", 0.3]}, -0.1, 0.1) == "does not hold"
sys.exit(1 if missing or dup or unknown else 0)
