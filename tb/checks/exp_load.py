"""tb/checks/exp_load.py RESULTS ALL.csv: load.frame gives every run with its columns, the CSV the
same rows (exp_load_table)."""
import csv, sys
sys.path.insert(0, "experiments")
import load
df = load.frame(sys.argv[1])
rows = list(csv.DictReader(open(sys.argv[2])))
assert len(df) == len(rows) == 20, (len(df), len(rows))
for col in ("run.preset", "run.workload", "run.design", "git.commit", "config.l1.size", "config.mrpb.Bypass", "ipc_thread", "l1_misses"):
    assert col in df.columns, col
s = df[df["run.workload"] == "atax"]
assert set(s["run.preset"]) == {"base-s", "base-l"}, set(s["run.preset"])
assert (df[df["run.preset"] == "base-l"]["config.l1.size"] == 49152).all()
print(f"load.frame: {len(df)} runs x {len(df.columns)} columns; the CSV has the same rows")
