"""tb/checks/waves_mismatch.py LOG GTKW: a planted bug's mismatch waveform (waves_mismatch_files):
every enumerated value of every filter has its line, the marker and the view are on the
failing cycle, mismatch_i first rises there and mismatch_port_i names the reported signal,
and the differing pair is the first group of the save file."""
import re, subprocess, sys
log, gtkw = open(sys.argv[1]).read(), sys.argv[2]
text = open(gtkw).read()
rep = int(re.search(r"^  cycle: *(\d+)", log, re.M).group(1))
sig = re.search(r"^  signal: *(\S+)", log, re.M).group(1)
fst = re.search(r'^\[dumpfile\] "(.*)"', text, re.M).group(1)
bad = []
# every enumerated value of every filter's port description has its line
filters = set(re.findall(r"^\^\d+ (.+)$", text, re.M))
enum_files = [f for f in filters if "/enum_" in f]
if not enum_files:
    bad.append("no enum filter files")
for f in enum_files:
    lines = open(f).read().splitlines()
    desc = lines[0].split(": ", 1)[1] if lines and lines[0].startswith("# ") else ""
    desc = desc.rsplit(": ", 1)[-1]
    keys = {l.split(None, 1)[0]: l.split(None, 1)[1] for l in lines[1:] if l.strip()}
    for item in desc.split(", "):
        v, name = item.split(" ", 1)
        if keys.get(v) != f"{v} {name}":
            bad.append(f"{f}: value {v} not mapped to '{v} {name}' ({keys.get(v)})")
# marker and view on the failing cycle (time: 10 units a cycle, GTKWave units 100 each)
unit = 1000
zoom = re.search(r"^\*(\S+) (-?\d+)", text, re.M)
start = int(re.search(r"^\[timestart\] (\d+)", text, re.M).group(1))
if int(zoom.group(2)) != rep * unit:
    bad.append(f"marker at {zoom.group(2)}, want {rep * unit}")
px = 2 ** float(zoom.group(1)) * 200 * 10 * 100  # pixels a cycle
if not (start <= rep * unit and (rep * unit - start) / unit * px <= 1000):
    bad.append(f"view from {start} at {px:.0f} px a cycle does not show cycle {rep} in 1000 px")
if not re.search(r"^\[markername\] Acycle %d: %s differs$" % (rep, re.escape(sig)), text, re.M):
    bad.append("no named marker for the failing cycle")
# the FST: mismatch_i first rises at 10 x cycle, mismatch_port_i there names the signal
vcd = subprocess.run(["fst2vcd", "-f", fst], capture_output=True, text=True, check=True).stdout
ids = {}
for m in re.finditer(r"^\$var \S+ (\d+) (\S+) (mismatch_i|mismatch_port_i) ", vcd, re.M):
    ids.setdefault(m.group(3), m.group(2))
t, rise, val, at = 0, None, {}, {}
for line in vcd.split("$enddefinitions", 1)[1].splitlines():
    if line.startswith("#"):
        t = int(line[1:])
        if t > 10 * rep:
            break
        continue
    if line == "1" + ids["mismatch_i"] and rise is None:
        rise = t
    if line.startswith("b") and line.split()[1] == ids["mismatch_port_i"]:
        val = int(line.split()[0][1:], 2)
if rise != 10 * rep:
    bad.append(f"mismatch_i first rises at {rise}, want {10 * rep}")
mp = [f for f in filters if f.endswith("/mismatch_port.txt")][0]
names = dict(l.strip().split(None, 1) for l in open(mp) if l.strip() and not l.startswith("#"))
if names.get(str(val)) != sig:
    bad.append(f"mismatch_port_i at cycle {rep} is {val} = {names.get(str(val))}, report says {sig}")
# the differing pair is the first group
groups = re.findall(r"^@800200\n-(.*)$", text, re.M)
if not groups or groups[0] != f"differs at cycle {rep}: {sig}":
    bad.append(f"first group is {groups[:1]}, want the differing signal")
for b in bad:
    print("WRONG", b)
print(f"cycle {rep}, signal {sig}: marker, view, filters, mismatch_i and mismatch_port_i agree" if not bad else "")
sys.exit(1 if bad else 0)
