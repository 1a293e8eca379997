# tb/checks/exp.sh: the experiment layer (experiments/). A small set of seed 000's
# experiments (fig14_final and fig13_bypass on 3 kernels at 0.02 x the seed's inputs)
# through Snakemake: every result follows docs/results-format.md; a second run does
# nothing; runs shared between experiments run once; a rebuilt binary with the same bytes
# re-runs nothing, one with other bytes re-runs everything; the report comes out byte for
# byte the same from the same results; load.py gives the table; the claims' quotes are at
# their seed lines (and a moved one is caught); verdicts follow their thresholds; bad
# input is one line and exit 2; then the Slurm path for real (experiments/slurm_test.sh: a
# private single-node Slurm, results equal to a local run's). The workflow checks share
# one results folder, so each needs the one before it.
EXPT=build/test/exp
TOP_ABS=$CK_TOP
exp_setup() { rm -rf "$EXPT" && mkdir -p "$EXPT" && cp build/bin/gpusim "$EXPT/gpusim"; }
exp_snake() { # exp_snake LOG CONFIG...: the workflow on the test's results, report and binary
  # (EXP_GPUSIM: another path for the binary)
  local log=$1; shift
  snakemake -s experiments/Snakefile --cores 2 --rerun-triggers mtime input --config results="$TOP_ABS/$EXPT/res" report="$TOP_ABS/$EXPT/rep" \
    gpusim="${EXP_GPUSIM:-$TOP_ABS/$EXPT/gpusim}" scale=0.02 kernels=atax,2mm,syrk "$@" >"$log" 2>&1
}
exp_ran() { grep -c '^rule run:\|^localrule run:' "$1"; }  # gpusim runs a Snakemake log shows
exp_first() {
  exp_setup || return 1
  exp_snake "$EXPT/first.log" exp=fig14_final || { tail -n 20 "$EXPT/first.log"; return 1; }
  local n; n=$(exp_ran "$EXPT/first.log")
  echo "first run: $n gpusim runs (3 kernels x 2 presets x 2 designs = 12)"
  [ "$n" = 12 ] && python3 experiments/bin/check_results.py "$EXPT/res" --expect 12
}
exp_cached() {
  find "$EXPT/res/runs" -name '*.json' -exec md5sum {} + | sort >"$EXPT/before.md5"
  exp_snake "$EXPT/second.log" exp=fig14_final || return 1
  find "$EXPT/res/runs" -name '*.json' -exec md5sum {} + | sort >"$EXPT/after.md5"
  echo "second run: $(exp_ran "$EXPT/second.log") gpusim runs; $(grep -c . "$EXPT/after.md5") results unchanged: $(cmp -s "$EXPT/before.md5" "$EXPT/after.md5" && echo yes || echo no)"
  [ "$(exp_ran "$EXPT/second.log")" = 0 ] && cmp -s "$EXPT/before.md5" "$EXPT/after.md5"
}
exp_shared() { # fig13_bypass's bars: atax-S 2mm-S syrk-S syrk-L; its Base and final-design runs exist
  exp_snake "$EXPT/shared.log" exp=fig14_final,fig13_bypass || return 1
  local n; n=$(exp_ran "$EXPT/shared.log")
  echo "adding fig13_bypass: $n new gpusim runs (4 bars x 2 new designs = 8; Base and the final design shared)"
  [ "$n" = 8 ] && python3 experiments/bin/check_results.py "$EXPT/res" --expect 20
}
exp_binary() {
  touch "$EXPT/gpusim"
  exp_snake "$EXPT/touched.log" exp=fig14_final || return 1
  local same; same=$(exp_ran "$EXPT/touched.log")
  printf '\0' >>"$EXPT/gpusim"  # other bytes (a trailing byte: the program still runs)
  exp_snake "$EXPT/changed.log" exp=fig14_final || return 1
  local changed; changed=$(exp_ran "$EXPT/changed.log")
  # the same bytes at another path (a moved checkout, another build folder): nothing runs
  cp "$EXPT/gpusim" "$EXPT/gpusim-moved"
  EXP_GPUSIM=$TOP_ABS/$EXPT/gpusim-moved exp_snake "$EXPT/moved.log" exp=fig14_final || return 1
  local moved; moved=$(exp_ran "$EXPT/moved.log")
  echo "binary touched, same bytes: $same runs; same bytes at another path: $moved runs; binary with other bytes: $changed runs (of 12)"
  [ "$same" = 0 ] && [ "$moved" = 0 ] && [ "$changed" = 12 ]
}
exp_report_bytes() {
  rm -rf "$EXPT/rep"
  exp_snake "$EXPT/report.log" exp=fig14_final,fig13_bypass || return 1
  cp -r "$EXPT/rep" "$EXPT/rep-a"
  exp_snake "$EXPT/report3.log" exp=fig14_final,fig13_bypass --forcerun table report || return 1
  diff -r "$EXPT/rep-a" "$EXPT/rep" && echo "report regenerated from the same results: identical bytes ($(find "$EXPT/rep" -type f | wc -l) files)" &&
    python3 tb/checks/exp_report.py "$EXPT/rep"
}
exp_load() {
  python3 experiments/load.py "$EXPT/res" --csv "$EXPT/all.csv" &&
    python3 tb/checks/exp_load.py "$EXPT/res" "$EXPT/all.csv"
}
exp_claims() {
  python3 tb/checks/exp_claims.py
}
exp_bad_result() { # a doctored result (the resolved configuration disagrees with its design) is found
  local f; f=$(find "$EXPT/res/runs/base-s/atax" -name 'mrpb=on.json' | head -n1)
  [ -n "$f" ] && grep -q '"mrpb": "on"' "$f" || { echo "no final-MRPB atax result to doctor"; return 1; }
  mkdir -p "$EXPT/doctored/runs/base-s/atax/x0.02/s1"
  sed 's/"mrpb": "on"/"mrpb": "off"/' "$f" >"$EXPT/doctored/runs/base-s/atax/x0.02/s1/mrpb=on.json"
  python3 experiments/bin/check_results.py "$EXPT/doctored" >"$EXPT/doctored.out"
  local rc=$?
  cat "$EXPT/doctored.out"
  [ $rc = 1 ] && grep -q "mrpb=on but the resolved configuration has mrpb='off'" "$EXPT/doctored.out"
}
exp_runinfo() { # runinfo.py on a run: the reasons' shares add up to 100% on the GPU and on each SM
  build/bin/gpusim --workload hotspot --scale 0.2 --config dl1d --dl1d on --quiet --json "$EXPT-ri.json" &&
    python3 experiments/bin/runinfo.py "$EXPT-ri.json" --per-sm >"$EXPT-ri.txt" || return 1
  head -n 3 "$EXPT-ri.txt"
  python3 - "$EXPT-ri.txt" <<'PY'
import re, sys
lines = open(sys.argv[1]).read().splitlines()
tot = sum(float(x) for x in re.findall(r" ([0-9.]+)%", lines[1]))
sms = [l for l in lines[4:] if re.match(r"\s+\d+ ", l)]
assert abs(tot - 100) < 0.6, tot
for l in sms:
    assert abs(sum(float(x) for x in re.findall(r"([0-9.]+)%", l)) - 100) < 1.0, l
assert len(sms) == 15, len(sms)
print(f"reasons add up to {tot:.1f}% on the GPU and to 100% on each of {len(sms)} SMs")
PY
}
exp_seed() { # exp_seed SEED KERNELS: the seed's default set on a few of its workloads at 0.01 x its inputs
  local d=$TOP_ABS/build/test/exp-$1
  rm -rf "$d" && mkdir -p "$d" &&
    snakemake -s experiments/Snakefile --cores 2 --rerun-triggers mtime input --config results="$d/res" report="$d/rep" \
      seeds="$1" scale=0.01 kernels="$2" >"$d/log" 2>&1 || { tail -n 20 "$d/log"; return 1; }
  python3 tb/checks/exp_seed.py "$d/rep" "$1"
}
slurm_lines() { # experiments/slurm_test.sh, its "slurm-test: PASS x" lines as "PASS x"
  local rc
  experiments/slurm_test.sh >"$EXPT-slurm.log" 2>&1; rc=$?
  sed 's/^slurm-test: \(PASS\|FAIL\) /\1 /' "$EXPT-slurm.log"
  return $rc
}

declare_exp() {
  CK_TAGS=exp
  ckf exp_workflow -j 2 -- exp_first
  ckf exp_cached -j 2 -n exp_workflow -- exp_cached
  ckf exp_shared_runs -j 2 -n exp_cached -- exp_shared
  ckf exp_rerun_on_binary -j 2 -n exp_shared_runs -- exp_binary
  ckf exp_report_deterministic -j 2 -n exp_rerun_on_binary -- exp_report_bytes
  ckf exp_load_table -n exp_report_deterministic -- exp_load
  ckf exp_results_checker_catches -n exp_load_table -- exp_bad_result
  ckf exp_claims_quoted -N "" -- exp_claims
  ck exp_measures -N "" -- python3 tb/checks/exp_measures.py
  ckf exp_runinfo -N "" -- exp_runinfo
  # seeds 001-004: each seed's whole default set on two or three of its workloads, small
  ckf exp_seed_001 -j 2 -- exp_seed 001 particlefilter,pathfinder,bfs
  ckf exp_seed_002 -j 2 -- exp_seed 002 particlefilter,hotspot,backprop
  ckf exp_seed_003 -j 2 -- exp_seed 003 atax,bicg,btree
  ckf exp_seed_004 -j 2 -- exp_seed 004 laplace3d,scalarprod
  # (one Snakemake at a time in the repository: its lock is .snakemake/ at the top)
  CK_TAGS=exp,bad-input CK_NEEDS=exp_results_checker_catches
  bad exp_bad_name "unknown experiment 'nosuch'" -- env EXP=nosuch RESULTS="$EXPT/res-bad" REPORT="$EXPT/rep-bad" experiments/run.sh
  bad exp_bad_kernel "unknown kernel 'foo'" -- env EXP=fig14_final KERNELS=foo RESULTS="$EXPT/res-bad" REPORT="$EXPT/rep-bad" experiments/run.sh
  bad exp_bad_scale "scale 'huge'" -- env EXP=fig14_final EXPSCALE=huge RESULTS="$EXPT/res-bad" REPORT="$EXPT/rep-bad" experiments/run.sh
  bad exp_load_bad_dir "no runs/ folder" -- python3 experiments/load.py "$EXPT/nothing-here"
  bad exp_migrate_bad "expected a results folder" -- python3 experiments/bin/migrate_keys.py "$EXPT/nothing-here"
  bad exp_runinfo_bad "not a run with counters and a timeline" -- python3 experiments/bin/runinfo.py "$EXPT/nothing.json"
  bad exp_redraw_bad_dir "no such report folder" -- python3 experiments/bin/redraw.py "$EXPT/nothing-here"
  bad exp_bad_seed "seed '009': expected one of" -- env SEED=009 RESULTS="$EXPT/res-bad" REPORT="$EXPT/rep-bad" experiments/run.sh
  bad exp_bad_prior "prior verdicts" -- env SEED=000 PRIOR="$EXPT/nothing.json" RESULTS="$EXPT/res-bad" REPORT="$EXPT/rep-bad" experiments/run.sh
  # the Slurm path: its own PASS lines are checks exp_<name> (exit 2: Slurm did not start)
  CK_TAGS=exp,slurm CK_NEEDS=exp_bad_scale
  ck exp_slurm -j 0 -s '^slurm-test: [0-9]+ (of|Slurm|run)|single-node|exited' \
    -x "lines:exp_:slurm_workflow,slurm_jobs_submitted,slurm_jobs_completed,slurm_job_logs,local_workflow,slurm_results_equal_local,slurm_report_equal_local" \
    -- tb/checks/fn exp slurm_lines
}
