#!/usr/bin/env bash
# demo.sh: `make run` -- what the project does, in about two minutes (less once the RTL
# models are built): every block of the block list runs inside GPU workload traffic where
# it acts, one instance of it as C model and Verilated RTL in lockstep (RTL cycles compared,
# mismatches), beside the same machine without it; one line per block says what it changed
# (speedup, and its own counters); then the synthesis report's tally of the seeds' claims.
#
# Usage: tb/bin/demo.sh   (make run; no arguments; ONLY_BLOCKS="a b" for some blocks only)
#
# What runs for a block is its manifest's DEMO entry (tb/blocks/<b>/manifest.sh):
#   DEMO="BASE ARGS|BLOCK ARGS|KIND@INDEX|counter,counter"
# the baseline run's gpusim arguments, what the block's run adds, the instance bound in
# lockstep, and the JSON counters to show. A block without one is listed as such.
set -eu
. "$(dirname "$0")/../lib/help.sh" "$@" || exit 2
[ $# = 0 ] || { echo "demo.sh: unknown argument '$1' (see --help)" >&2; exit 2; }
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
. tb/lib/blocks.sh
make -s tools
out=build/run
mkdir -p "$out"
t0=$(date +%s)

# the runs: per block a baseline (C) and the block's run with one instance in lockstep
: >"$out/runs.txt"
for b in $(blocks); do
  manifest "$b"
  [ -n "${DEMO:-}" ] || continue
  IFS='|' read -r base with bind _ <<<"$DEMO"
  printf '%s\tbase\t%s\n' "$b" "$base" >>"$out/runs.txt"
  printf '%s\twith\t%s %s --bind %s=lockstep\n' "$b" "$base" "$with" "$bind" >>"$out/runs.txt"
done
echo "make run: $(blocks | wc -l) blocks, each inside GPU traffic beside the same GPU without it;"
echo "one instance of each as C model and Verilated RTL in lockstep (the first run builds the RTL)"
one() { # one "BLOCK<TAB>base|with<TAB>ARGS": a run, its stdout and JSON in build/run/
  local b k args
  IFS=$'\t' read -r b k args <<<"$1"
  # shellcheck disable=SC2086
  if ! tb/bin/gpusim $args --json "build/run/$b-$k.json" >"build/run/$b-$k.txt" 2>&1; then
    echo "demo: run failed: tb/bin/gpusim $args (log: build/run/$b-$k.txt)" >&2
    tail -n 3 "build/run/$b-$k.txt" >&2
    return 1
  fi
}
export -f one
xargs -r -d '\n' -P 2 -n 1 bash -c 'one "$1"' _ <"$out/runs.txt"

# the table: one line per block
python3 - "$out" $(blocks) <<'EOF'
import json, os, re, subprocess, sys
out, blocks = sys.argv[1], sys.argv[2:]
print()
print("%-10s %-50s %8s %-34s %s" % ("block", "workload and machine: what the block's run adds", "speedup", "lockstep (1 instance)", "what it did (its own counters)"))
for b in blocks:
    demo = subprocess.run(["bash", "-c", ". tb/lib/blocks.sh && manifest %s && printf %%s \"${DEMO:-}\"" % b],
                          capture_output=True, text=True).stdout
    if not demo:
        print("%-10s (no DEMO entry in tb/blocks/%s/manifest.sh)" % (b, b))
        continue
    base, with_, bind, ctrs = demo.split("|")
    a = json.load(open(os.path.join(out, b + "-base.json")))["counters"]
    w = json.load(open(os.path.join(out, b + "-with.json")))["counters"]
    txt = open(os.path.join(out, b + "-with.txt")).read()
    m = re.search(r"^lockstep: (\d+) RTL cycles checked over .*?, (\d+) mismatches", txt, re.M)
    ls = "%s RTL cycles, %s mismatches" % ("{:,}".format(int(m.group(1))), m.group(2)) if m else "no lockstep line"
    wl = re.search(r"--workload (\S+)", base).group(1)
    sc = re.search(r"--scale (\S+)", base)
    cf = re.search(r"--config (\S+)", base)
    what = "%s x%s, %s: %s" % (wl, sc.group(1) if sc else "1", cf.group(1) if cf else "base-s",
                               re.sub(r" --set \S+", "", with_.strip()))
    shown = ", ".join("%s %s" % (c[len(b) + 1:] if c.startswith(b + "_") else c, "{:,}".format(w[c])) for c in ctrs.split(",") if c)
    print("%-10s %-50s %7.2fx %-34s %s" % (b, what, a["cycles"] / w["cycles"], ls, shown))
EOF
echo
echo "speedup = GPU cycles without the block / with it (every SM's or channel's instance on)."
echo "runs, their JSON and the block tables gpusim printed: build/run/<block>-base|with.{json,txt}"

# the synthesis report: how the seeds' hardware claims came out
python3 - <<'EOF'
import collections, re
verdicts = collections.Counter()
for line in open("synth_estimates/REPORT.md"):
    cells = [c.strip() for c in line.split("|")]
    if len(cells) > 9 and re.match(r"[a-z_]+\.", cells[1]):
        verdicts[re.sub(r" \(.*", "", cells[8])] += 1
print("the seeds' hardware claims against our synthesis (%d rows): %s" % (
    sum(verdicts.values()), ", ".join("%d %s" % (n, v) for v, n in verdicts.most_common())))
print("  read them: synth_estimates/REPORT.md (make synth re-derives it)")
EOF
echo
echo "took $(($(date +%s) - t0)) s. next: make test (everything checked), make waves BLOCK=mrpb SEED=1 (a"
echo "waveform), tb/bin/gpusim --help (one run of your own), make experiments (seed 000's studies),"
echo "make synth (area and timing), docs/ (how each block works and what it shows)"
