# 25-help.sh (sourced by tb/run_tests.sh; uses check, bad_line): every program a user can
# run answers --help and -h with its usage and does nothing else: exit 0 within 5 s,
# "usage" (any case) on stdout, nothing on stderr. The programs: build/bin/*, and every
# executable file under tb/, experiments/, synth_estimates/ and mk/ (find -perm -u+x),
# less the fragments, which are pieces of another script and not run alone:
#   tb/tests.d/*  sourced by tb/run_tests.sh
#   tb/bench.d/*  run by tb/bench.sh only
# (tb/common/help.sh and the sourced libraries, e.g. tb/blocks.sh, are not executable.)
# A program whose usage begins "usage: NAME BLOCK" also gets `NAME BLOCK --help` (the
# option after the block, where blkrun once said "unknown argument").
# A script is only run once its text shows how it answers --help (it sources
# tb/common/help.sh, uses argparse directly or through tb/num.py or tb/gpu/gputable.py,
# calls synth_smoke.load, or names --help): one that does not fails unrun, since it may
# start its work on an unknown argument (tb/run_tests.sh would start the suite inside
# itself, gen_vectors.py would rewrite vectors).
echo "== --help: every program prints its usage and does nothing else"
help_block=${TEST_BLOCKS%% *}
[ -n "$help_block" ] || help_block=$(blocks | head -n1)
help_answers() { # help_answers PROG ARG...: one run; 0 if it answered with its usage
  local rc
  timeout -k 1 5 "$@" </dev/null >"$L/help.out" 2>"$L/help.err"; rc=$?
  if [ $rc = 0 ] && [ ! -s "$L/help.err" ] && grep -qi usage "$L/help.out"; then return 0; fi
  echo "$*: exit $rc$([ $rc = 124 ] && echo ' (still running after 5 s: killed)'), $(wc -l <"$L/help.out") lines on stdout$(grep -qi usage "$L/help.out" || echo ' without "usage"'), $(wc -l <"$L/help.err") on stderr"
  head -n 5 "$L/help.err" | sed 's/^/  stderr: /'
  return 1
}
help_prog() { # help_prog PROG: --help and -h; PROG BLOCK --help when the usage names a block first
  local p=$1 bad=0 blockfirst=0
  case $p in
    "$B"/bin/*) ;;
    *) grep -qE -- '--help|help\.sh|argparse|one_line_parser|gputable|synth_smoke\.load' "$p" || {
         echo "$p: shows no way of answering --help (a shell script sources tb/common/help.sh;"
         echo "Python uses argparse or prints its docstring on -h/--help); not run: it may start its work"
         return 1; } ;;
  esac
  help_answers "$p" --help || bad=1
  grep -qiE "^usage: +[^ ]+ +BLOCK" "$L/help.out" && blockfirst=1
  help_answers "$p" -h || bad=1
  if [ $blockfirst = 1 ]; then help_answers "$p" "$help_block" --help || bad=1; fi
  [ $bad = 0 ] && echo "$p: --help, -h$([ $blockfirst = 1 ] && echo " and $help_block --help") answer with the usage"
  return $bad
}
help_n=0
for help_p in $(ls -d "$B"/bin/* 2>/dev/null; find tb experiments synth_estimates mk -type f -perm -u+x \
                  ! -path 'tb/tests.d/*' ! -path 'tb/bench.d/*' | sort); do
  help_n=$((help_n + 1))
  help_name=${help_p#"$B"/}
  check "help_${help_name//\//_}" help_prog "$help_p"
done
echo "    $help_n programs asked for --help"
# the unit-test programs take no arguments: anything else is one line and exit 2, not a run
bad_line help_test_units_bad_arg "test_units: unknown argument '--bogus'" "$B/bin/test_units" --bogus
bad_line help_test_gpu_bad_arg "test_gpu: unknown argument '--bogus'" "$B/bin/test_gpu" --bogus
unset help_block help_n help_p help_name
