#!/usr/bin/env python3
"""fill_annotate.py DOC HEADER_START FILL_FILE: add a column "GPU filled" to the Markdown
table of DOC whose header line starts with HEADER_START, from fill.py's output for the
table's machine and scale (the row's first word names the workload). A row already
annotated is rewritten. Also writes, right under the table, one line listing the rows
that do not fill the GPU."""
import re
import sys

if len(sys.argv) > 1 and sys.argv[1] in ("-h", "--help"):
    print("usage: " + __doc__)
    sys.exit(0)
if len(sys.argv) != 4:
    sys.exit("fill_annotate.py: usage: fill_annotate.py DOC HEADER_START FILL_FILE")
doc, head, fill = sys.argv[1:4]
verdict = {}
for line in open(fill):
    m = re.match(r"(\S+)\s+(filled|NOT filled): (\d+) of (\d+) SMs held a block, mean ([0-9.]+) warps/SM", line)
    if m:
        w, f, used, sms, warps = m.groups()
        verdict[w] = "yes" if f == "filled" else "no (%s/%s SMs, %s warps/SM)" % (used, sms, warps)
lines = open(doc).read().split("\n")
start = next((i for i, l in enumerate(lines) if l.startswith(head)), None)
if start is None:
    sys.exit("fill_annotate.py: no table header starting %r in %s" % (head, doc))
col = "GPU filled"
i = start
while i < len(lines) and lines[i].startswith("|"):
    cells = lines[i].rstrip().rstrip("|").split("|")
    if i == start:
        if col not in lines[i]:
            lines[i] = lines[i].rstrip() + " %s |" % col
    elif i == start + 1:
        if lines[i].count("|") < lines[start].count("|"):
            lines[i] = lines[i].rstrip() + "---|"
    else:
        w = cells[1].strip().split()[0] if len(cells) > 1 and cells[1].strip() else ""
        if w not in verdict:
            sys.exit("fill_annotate.py: no fill verdict for %r (%s)" % (w, fill))
        n_head = lines[start].count("|")
        if lines[i].count("|") >= n_head:  # annotated before: replace the last cell
            lines[i] = "|".join(lines[i].rstrip().rstrip("|").split("|")[:-1]) + "| %s |" % verdict[w]
        else:
            lines[i] = lines[i].rstrip() + " %s |" % verdict[w]
    i += 1
note = ("Not filled (docs/workloads.md, the fill check): " +
        ", ".join(sorted({r.split("|")[1].strip().split()[0] for r in lines[start + 2:i] if "| no (" in r})) +
        "; at this size their per-SM mechanisms act on a mostly empty GPU, a regime no seed ran.")
if i + 1 < len(lines) and lines[i] == "" and lines[i + 1].startswith("Not filled (docs/workloads.md"):
    lines[i + 1] = note
else:
    lines[i:i] = ["", note]
open(doc, "w").write("\n".join(lines))
