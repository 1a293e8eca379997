# tb/scaffold/checks.sh: the checks of `make new-block` beyond tb/checks/scaffold.sh:
# the scaffold is synthesized by make synth (with its smoke configuration and storage
# check), has its docs page, writes only its own files and the block list, and works at
# every hook point of the GPU model (it builds, a GPU run with it on completes with the
# same GPU counters as without it, and every instance in lockstep shows 0 mismatches).
#
# Sourced (bash); each function is one check: it takes the scratch copy's path as $1 (a
# copy of the tree made as tb/checks/scaffold.sh's scaffold_copy makes it: git ls-files | tar,
# then git init and one commit), is run from the repository's top, prints what it found
# and returns 0 on pass. The blocks it needs it scaffolds itself when the copy does not
# have them yet: `demo` (HOOK ISSUE, the one tb/checks/scaffold.sh makes) and one `demo_<hook>`
# per hook point (demo_req ... demo_none). Every block added to the block list rebuilds
# the C tools (about a minute on 2 cores), so run scaffold_hooks first: it adds all of
# them at once and builds once; the other checks then only build what they run.
#
#   scaffold_hooks SC          demo_<hook> for every hook, one build, unit tests pass
#   scaffold_hook_<hook> SC    (req l1 sched prefetch issue dram none) see scaffold_hook
#   scaffold_own_files SC      new-block at every hook changes only the block list and
#                              writes only the block's own files (in a clone of SC's base)
#   scaffold_synth SC          make synth's path: demo's configurations synthesized, in REPORT.md
#   scaffold_synth_smoke SC    demo's SYNTH_SMOKE through the flow, its SYNTH_SMOKE_CHECK
#                              agrees, and fails on a result with another Width
#   scaffold_docs_page SC      docs/<b>.md of each scaffolded block: sections, parameters,
#                              its hook, the files it names exist, no template marker left
#
# SCAFFOLD_SYNTH_FULL=1 makes scaffold_synth run the whole `make synth LIBERTY=none` (every
# block of the tree again with generic cells: minutes) instead of demo's configurations.
# Run these after tb/checks/scaffold.sh's checks: they add blocks to the scratch copy, and its
# scaffold_touches_only_list looks at everything added since the copy's commit.

SCAFFOLD_HOOKS="REQ L1 SCHED PREFETCH ISSUE DRAM NONE"

# _sc_abs SC: the scratch copy's absolute path on stdout (status 1 if it is not one)
_sc_abs() {
  [ -n "${1:-}" ] && [ -d "$1/.git" ] && [ -e "$1/cmodel/blocks.def" ] ||
    { echo "scaffold checks: '${1:-}' is not a scratch copy (a git tree with cmodel/blocks.def)"; return 1; }
  (cd "$1" && pwd)
}

# _sc_block SC NAME HOOK: NAME is in SC's block list at HOOK (scaffolded now if missing)
_sc_block() {
  local have
  have=$(sed -n "s/^BLOCK($2, *\([A-Z0-9]*\)).*/\1/p" "$1/cmodel/blocks.def")
  if [ -z "$have" ]; then
    make -s -C "$1" new-block NAME="$2" HOOK="$3" >/dev/null || { echo "make new-block NAME=$2 HOOK=$3 failed"; return 1; }
  elif [ "$have" != "$3" ]; then
    echo "$2 is in the block list at $have, not $3"; return 1
  fi
}

# _sc_units SC NAME...: build the C tools; each block's unit tests ran and passed
_sc_units() {
  local sc=$1 b out
  shift
  make -s -j2 -C "$sc" tools >/dev/null || { echo "make tools failed"; return 1; }
  out=$("$sc/build/bin/test_units") || { echo "test_units failed"; return 1; }
  for b in "$@"; do
    grep -q "^$b: [1-9][0-9]* checks passed, 0 failed" <<<"$out" || { echo "$b: no passing unit tests"; return 1; }
  done
}

scaffold_hooks() {
  local sc h names=()
  sc=$(_sc_abs "$1") || return 1
  for h in $SCAFFOLD_HOOKS; do
    names+=("demo_${h,,}")
    _sc_block "$sc" "demo_${h,,}" "$h" || return 1
  done
  _sc_units "$sc" "${names[@]}" && echo "scaffold_hooks: ${names[*]} build, unit tests pass"
}

# the GPU run every hook check makes: short (atax x 0.05 has 2 SMs busy, 58 K cycles)
SCAFFOLD_GPU_ARGS="--workload atax --scale 0.05"

# scaffold_hook SC HOOK: demo_<hook> at HOOK builds and passes its unit tests; with a hook:
# a GPU run with it on (C model) completes, the block saw events (its first counter > 0),
# and every GPU counter but the block's own equals the run without it (the skeleton's
# driver only observes); every instance bound lockstep: RTL cycles compared, 0
# mismatches, the counters equal the C run's. HOOK=NONE: gpusim refuses to turn it on.
scaffold_hook() {
  local sc hook=$2 b d ctr
  sc=$(_sc_abs "$1") || return 1
  b=demo_${hook,,}
  d=$sc/build/scaffold-checks
  mkdir -p "$d"
  _sc_block "$sc" "$b" "$hook" && _sc_units "$sc" "$b" || return 1
  if [ "$hook" = NONE ]; then
    # shellcheck disable=SC2086
    if "$sc/build/bin/gpusim" $SCAFFOLD_GPU_ARGS --set "$b=on" >"$d/$b.txt" 2>&1; then
      echo "$b (HOOK NONE) was turned on in the GPU model"; return 1
    fi
    grep -q "$b is not bound into the GPU model (its hook is NONE)" "$d/$b.txt" ||
      { echo "$b: not the no-hook refusal:"; cat "$d/$b.txt"; return 1; }
    echo "scaffold_hook_none: $b builds, unit tests pass, gpusim refuses it: $(head -n1 "$d/$b.txt")"
    return 0
  fi
  # the run without the block, once per scratch copy
  if [ ! -s "$d/base.json" ]; then
    # shellcheck disable=SC2086
    "$sc/build/bin/gpusim" $SCAFFOLD_GPU_ARGS --quiet --json "$d/base.$$.json" >/dev/null &&
      mv "$d/base.$$.json" "$d/base.json" || { echo "the GPU run without the block failed"; return 1; }
  fi
  # shellcheck disable=SC2086
  "$sc/build/bin/gpusim" $SCAFFOLD_GPU_ARGS --"$b" on --quiet --json "$d/$b-c.json" >"$d/$b-c.txt" ||
    { echo "gpusim $SCAFFOLD_GPU_ARGS --$b on failed"; cat "$d/$b-c.txt"; return 1; }
  # the block's event counter: the first counter of its manifest's DEMO entry
  ctr=$(cd "$sc" && . tb/lib/blocks.sh && manifest "$b" && IFS='|' read -r _ _ _ c <<<"${DEMO:-}" && echo "${c%%,*}")
  python3 - "$b" "$d/base.json" "$d/$b-c.json" "$ctr" <<'PY' || return 1
import json, sys
b, base, run, ctr = sys.argv[1], json.load(open(sys.argv[2]))["counters"], json.load(open(sys.argv[3]))["counters"], sys.argv[4]
if not ctr.startswith(b + "_") or not run.get(ctr, 0) > 0:
    sys.exit("%s: its event counter '%s' (manifest DEMO) is missing or 0: the hook never called it" % (b, ctr))
own = lambda k: k.startswith(b + "_")  # the block's counters (0 in the run without it)
bad = []
for k in sorted(set(base) | set(run)):
    if own(k):
        continue
    x, y = base.get(k), run.get(k)
    if isinstance(x, dict) and isinstance(y, dict):  # per_sm / per_channel rows
        x, y = ({r: v for r, v in z.items() if not own(r)} for z in (x, y))
    if x != y:
        bad.append(k)
if bad:
    sys.exit("%s on changed the GPU's counters (its driver should only observe): %s" % (b, ", ".join(bad[:8])))
print("%s: C model at its hook, %s = %d, %d cycles, every other counter as without it" % (b, ctr, run[ctr], run["cycles"]))
PY
  # shellcheck disable=SC2086
  (cd "$sc" && tb/bin/gpusim $SCAFFOLD_GPU_ARGS --"$b" on --bind "$b=lockstep" --quiet --json "$d/$b-ls.json") >"$d/$b-ls.txt" 2>&1 ||
    { echo "tb/bin/gpusim ... --bind $b=lockstep failed:"; tail -n 5 "$d/$b-ls.txt"; return 1; }
  grep -q "^lockstep: [1-9][0-9]* RTL cycles checked over .*, 0 mismatches" "$d/$b-ls.txt" ||
    { echo "$b: no 'lockstep: N RTL cycles ..., 0 mismatches' line:"; tail -n 5 "$d/$b-ls.txt"; return 1; }
  diff <(sed -n '/counters/,$p' "$d/$b-ls.json") <(sed -n '/counters/,$p' "$d/$b-c.json") >/dev/null ||
    { echo "$b: the lockstep run's counters differ from the C run's"; return 1; }
  sed -n "s/^\(lockstep: .*\)/$b: \1/p" "$d/$b-ls.txt"
}
scaffold_hook_req() { scaffold_hook "$1" REQ; }
scaffold_hook_l1() { scaffold_hook "$1" L1; }
scaffold_hook_sched() { scaffold_hook "$1" SCHED; }
scaffold_hook_prefetch() { scaffold_hook "$1" PREFETCH; }
scaffold_hook_issue() { scaffold_hook "$1" ISSUE; }
scaffold_hook_dram() { scaffold_hook "$1" DRAM; }
scaffold_hook_none() { scaffold_hook "$1" NONE; }

# scaffold_own_files SC: in a clone of SC's committed tree (no build), make new-block
# NAME=own_<hook> at every hook; the only shared file changed is cmodel/blocks.def, and
# every file added belongs to one of the new blocks: under cmodel/blocks/<b>/, rtl/<b>/,
# tb/blocks/<b>/, vectors/<b>/, or synth_estimates/blocks/<b>.json, docs/<b>.md
scaffold_own_files() {
  local sc t h
  sc=$(_sc_abs "$1") || return 1
  t=$sc/build/scaffold-checks/own
  rm -rf "$t" && mkdir -p "$(dirname "$t")" && git clone -q "$sc" "$t" || { echo "cannot clone $sc"; return 1; }
  for h in $SCAFFOLD_HOOKS; do
    make -s -C "$t" new-block NAME="own_${h,,}" HOOK="$h" >/dev/null || { echo "make new-block HOOK=$h failed"; return 1; }
  done
  (cd "$t" && git add -A && git diff --cached --name-status) >"$t.txt" || return 1
  python3 - "$t.txt" $SCAFFOLD_HOOKS <<'PY'
import re, sys
rows = [l.split("\t") for l in open(sys.argv[1]).read().splitlines()]
names = ["own_" + h.lower() for h in sys.argv[2:]]
def own(p):
    return any(p.startswith(("cmodel/blocks/%s/" % b, "rtl/%s/" % b, "tb/blocks/%s/" % b, "vectors/%s/" % b))
               or p in ("synth_estimates/blocks/%s.json" % b, "docs/%s.md" % b) for b in names)
changed = [p for s, p in rows if s != "A"]
stray = [p for s, p in rows if s == "A" and not own(p)]
if changed != ["cmodel/blocks.def"] or stray:
    sys.exit("new-block changed %s and added files not its block's own: %s" % (changed, stray))
per = {b: sum(1 for s, p in rows if s == "A" and b in p) for b in names}
print("scaffold_own_files: %d files added for %d blocks (%s), only cmodel/blocks.def changed" %
      (sum(per.values()), len(names), ", ".join("%s %d" % kv for kv in per.items())))
PY
}

# scaffold_synth SC: make synth's path for demo. Its block file is there, so the full
# run takes it (run.sh names every listed block without one); its configurations go
# through run.sh / synth.py (generic cells; portgen brought up to date with the new block
# list first) and report.py puts them in REPORT.md; the storage is the count register,
# Width bits. Results and report go to build/scaffold-checks/ (beside copies of the
# committed results), so the copy's tracked files stay as new-block left them.
# SCAFFOLD_SYNTH_FULL=1: the whole `make synth LIBERTY=none` instead, in the tree.
scaffold_synth() {
  local sc d log res rep
  sc=$(_sc_abs "$1") || return 1
  _sc_block "$sc" demo ISSUE || return 1
  [ -s "$sc/synth_estimates/blocks/demo.json" ] || { echo "no synth_estimates/blocks/demo.json"; return 1; }
  d=$sc/build/scaffold-checks
  log=$d/synth.txt res=$d/synth-results rep=$d/synth-report
  mkdir -p "$d"
  if [ "${SCAFFOLD_SYNTH_FULL:-0}" = 1 ]; then
    res=$sc/synth_estimates/results rep=$sc/synth_estimates
    (cd "$sc" && make -s synth LIBERTY=none) >"$log" 2>&1 || { echo "make synth failed:"; tail -n 5 "$log"; return 1; }
  else
    rm -rf "$res" "$rep" && mkdir -p "$res" && cp "$sc"/synth_estimates/results/*.json "$res/" &&
      (cd "$sc" && LIBERTY=none synth_estimates/run.sh --block demo --out "$res" --work "$d/synth-work" &&
        python3 synth_estimates/report.py --results "$res" --out "$rep") >"$log" 2>&1 ||
      { echo "synth_estimates/run.sh --block demo, report.py failed:"; tail -n 5 "$log"; return 1; }
  fi
  if grep "not synthesized" "$log" | grep -q "block demo "; then
    echo "make synth skipped demo"; return 1
  fi
  grep -q "^### demo / final" "$rep/REPORT.md" || { echo "REPORT.md has no demo / final section"; return 1; }
  python3 - "$res/demo-final.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
st, w = r["storage"], r["params"]["Width"]
assert st["control_register_bits"] == w and st["array_bits"] == 0, (st, w)
print("scaffold_synth: demo/final synthesized: %d control bits (Width=%d), generic %d cells, depth %s; in REPORT.md" %
      (st["control_register_bits"], w, r["generic"]["logic"]["cells"], r["generic"]["logic"]["logic_depth"]))
PY
}

# scaffold_synth_smoke SC: as tb/checks/synth.sh does for every block: demo's
# manifest names SYNTH_SMOKE configurations and a SYNTH_SMOKE_CHECK; each configuration
# goes through the flow (generic cells) and the check agrees; the check fails (exit 1,
# MISMATCH) on a result whose Width is not the one synthesized
scaffold_synth_smoke() {
  local sc c out
  sc=$(_sc_abs "$1") || return 1
  _sc_block "$sc" demo ISSUE || return 1
  (
    cd "$sc" && . tb/lib/blocks.sh && manifest demo || exit 1
    [ ${#SYNTH_SMOKE[@]} -gt 0 ] && [ -n "$SYNTH_SMOKE_CHECK" ] && [ -f "$SYNTH_SMOKE_CHECK" ] ||
      { echo "demo's manifest: SYNTH_SMOKE=(${SYNTH_SMOKE[*]}) SYNTH_SMOKE_CHECK='$SYNTH_SMOKE_CHECK'"; exit 1; }
    for c in "${SYNTH_SMOKE[@]}"; do
      out=build/scaffold-checks/synth-demo-$c
      rm -rf "$out" && LIBERTY=none synth_estimates/run.sh --block demo --config "$c" --out "$out" \
        --work build/scaffold-checks/synth-work >/dev/null || { echo "synthesis of demo/$c failed"; exit 1; }
      python3 "$SYNTH_SMOKE_CHECK" "$out/demo-$c.json" || exit 1
      python3 - "$out/demo-$c.json" "$out/wrong.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
r["params"]["Width"] += 1
json.dump(r, open(sys.argv[2], "w"))
PY
      python3 "$SYNTH_SMOKE_CHECK" "$out/wrong.json" >"$out/wrong.txt"
      [ $? = 1 ] && grep -q "MISMATCH" "$out/wrong.txt" || { echo "the check passed a result with Width + 1"; exit 1; }
    done
    echo "scaffold_synth_smoke: demo ${SYNTH_SMOKE[*]}: $SYNTH_SMOKE_CHECK agrees with the flow, and catches Width + 1"
  )
}

# scaffold_docs_page SC: every scaffolded block of SC (demo, demo_<hook>) has docs/<b>.md
# with a block page's sections, each parameter of its params.def, the paragraph of its
# own hook; the repository files the page names exist; no template marker (@NAME@ ...)
# is left in any file new-block wrote
scaffold_docs_page() {
  local sc
  sc=$(_sc_abs "$1") || return 1
  _sc_block "$sc" demo ISSUE || return 1
  python3 - "$sc" <<'PY'
import glob, os, re, sys
sc = sys.argv[1]
blocks = re.findall(r"^BLOCK\((demo\w*), *(\w+)\)", open(os.path.join(sc, "cmodel/blocks.def")).read(), re.M)
bad = []
for b, hook in blocks:
    page = os.path.join(sc, "docs", b + ".md")
    if not os.path.isfile(page):
        bad.append("%s: no docs/%s.md" % (b, b))
        continue
    t = open(page).read()
    if not t.startswith("# %s:" % b):
        bad.append("%s: the page's title is not '# %s: ...'" % (b, b))
    for s in ("## Parameters", "## One cycle", "## Ports and state", "## In the GPU model", "## Cost", "## Verification"):
        if "\n" + s not in t:
            bad.append("%s: no section '%s'" % (b, s))
    gpu = t.split("## In the GPU model", 1)[-1].split("\n## ", 1)[0]
    want = "Not bound (HOOK=NONE" if hook == "NONE" else "At the %s hook" % hook
    if want not in gpu:
        bad.append("%s: its GPU section does not say '%s'" % (b, want))
    params = re.findall(r"^\s*X\((\w+),", open(os.path.join(sc, "cmodel/blocks", b, b + "_params.def")).read(), re.M)
    for p in params:
        if not re.search(r"^\| %s \|" % p, t, re.M):
            bad.append("%s: parameter %s not in the page's table" % (b, p))
    for path in re.findall(r"`([\w./-]+/[\w./-]+\.(?:md|c|h|v|def|vec|json|py|sh))`", t):
        if not os.path.exists(os.path.join(sc, path)):
            bad.append("%s: the page names %s, which does not exist" % (b, path))
    files = [page, os.path.join(sc, "synth_estimates/blocks", b + ".json")]
    for d in ("cmodel/blocks", "rtl", "tb/blocks", "vectors"):
        files += glob.glob(os.path.join(sc, d, b, "*"))
    for f in files:
        if re.search(r"@(NAME|UNAME|HOOKTEXT|GPU)@", open(f).read()):
            bad.append("%s: a template marker is left in %s" % (b, os.path.relpath(f, sc)))
if not blocks or bad:
    sys.exit("\n".join(bad) or "no scaffolded block in the block list")
print("scaffold_docs_page: %d pages (%s): sections, parameters, hook paragraph, named files, no markers" %
      (len(blocks), " ".join(b for b, _ in blocks)))
PY
}
