"""tb/checks/exp_report.py REPORT_DIR: the experiment report (exp_report_deterministic): SVGs parse,
PNGs written, tables complete, every judged claim in index.md with its verdict."""
import json, os, sys, xml.dom.minidom
rep = sys.argv[1]
for e in ("fig14_final", "fig13_bypass"):
    xml.dom.minidom.parse(os.path.join(rep, e, "speedup.svg"))
    png = open(os.path.join(rep, e, "speedup.png"), "rb").read()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 2000, e
    rows = [l for l in open(os.path.join(rep, e, "table.csv")) if l.strip()]
    assert len(rows) == 1 + {"fig14_final": 12, "fig13_bypass": 16}[e], (e, len(rows))
idx = open(os.path.join(rep, "index.md")).read()
v = json.load(open(os.path.join(rep, "verdicts.json")))
ran = [x for x in v if x["verdict"] != "not run"]
assert all(x["verdict"] in ("holds", "direction holds", "does not hold") for x in ran)
assert {x["experiment"] for x in ran} <= {"fig14_final", "fig13_bypass"} and len(ran) >= 10, len(ran)
for x in ran:
    assert f"| {x['id']} |" in idx and f"**{x['verdict']}**" in idx
print(f"SVGs parse, PNGs written, tables complete; {len(ran)} claims judged, {len(v) - len(ran)} not run here")
