"""tb/checks/exp_seed.py REPORT SEED: one seed's experiments run small (exp_seed_NNN): the report
has the seed's verdict table and tally, every claim of the seed is listed with a verdict of
the known kinds (none 'quote not found'), some are judged, each experiment's table and
figure exist (SVG parses, PNG written), and each timeline figure parses."""
import glob, json, os, sys, xml.dom.minidom
rep, seed = sys.argv[1], sys.argv[2]
sys.path.insert(0, "experiments/lib")
import gexp  # noqa: E402
g = {"gexp": gexp, "DEFAULT_SET": {}}
for f in sorted(glob.glob("experiments/rules/seed*.smk")):
    exec(compile(open(f).read(), f, "exec"), g)
claims = json.load(open(f"experiments/claims/seed{seed}.json"))["claims"]
v = {x["id"]: x for x in json.load(open(os.path.join(rep, "verdicts.json")))}
idx = open(os.path.join(rep, "index.md")).read()
assert f"### Seed {seed}" in idx and f"Seed {seed}: " in idx, "no verdict table or tally for the seed"
kinds = {"holds", "direction holds", "does not hold", "undefined", "not measured", "no bars here"}
missing = [c["id"] for c in claims if c["id"] not in v]
# 'not run' only for a claim on an experiment outside the default set (EXP=all runs it)
odd = [(i, x["verdict"]) for i, x in v.items() if x["verdict"] not in kinds
       and not (x["verdict"] == "not run" and x["experiment"] not in g["DEFAULT_SET"][seed])]
assert not missing and not odd, (missing, odd)
judged = sum(1 for x in v.values() if x["verdict"] in ("holds", "direction holds", "does not hold"))
assert judged >= 5, f"only {judged} claims judged"
exps = [n for n in g["DEFAULT_SET"][seed]]
tl = 0
for n in exps:
    if not os.path.isdir(os.path.join(rep, n)):
        continue  # KERNELS= left it without bars
    rows = [l for l in open(os.path.join(rep, n, "table.csv")) if l.strip()]
    assert len(rows) > 1, n
    xml.dom.minidom.parse(os.path.join(rep, n, "speedup.svg"))
    assert open(os.path.join(rep, n, "speedup.png"), "rb").read(8) == b"\x89PNG\r\n\x1a\n", n
    for t in glob.glob(os.path.join(rep, n, "timeline-*.svg")):
        xml.dom.minidom.parse(t)
        tl += 1
n_exp = sum(os.path.isdir(os.path.join(rep, n)) for n in exps)
print(f"seed {seed}: {len(claims)} claims listed ({judged} judged at this size), {n_exp} of {len(exps)} experiments "
      f"with tables and figures, {tl} timeline figures")
