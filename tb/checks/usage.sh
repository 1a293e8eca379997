# tb/checks/usage.sh: every program a user can run answers --help and -h with its usage
# and does nothing else: exit 0 within 5 s, "usage" (any case) on stdout, nothing on
# stderr. The programs: those make builds into build/bin (their names from the makefiles),
# and every executable file under tb/, experiments/, synth_estimates/ and mk/ (find -perm
# -u+x), less the bench fragments tb/bench.d/*, pieces of tb/bin/bench.sh not run alone.
# A program whose usage begins "usage: NAME BLOCK" also gets `NAME BLOCK --help` (the
# option after the block, where blkrun once said "unknown argument").
# A script is only run once its text shows how it answers --help (it sources
# tb/lib/help.sh, uses argparse directly or through tb/lib/num.py,
# calls synth_smoke.load, or names --help): one that does not fails unrun, since it may
# start its work on an unknown argument.
help_answers() { # help_answers OUT PROG ARG...: one run; 0 if it answered with its usage
  local o=$1 rc
  shift
  timeout -k 1 5 "$@" </dev/null >"$o.out" 2>"$o.err"; rc=$?
  if [ $rc = 0 ] && [ ! -s "$o.err" ] && grep -qi usage "$o.out"; then return 0; fi
  echo "$*: exit $rc$([ $rc = 124 ] && echo ' (still running after 5 s: killed)'), $(wc -l <"$o.out") lines on stdout$(grep -qi usage "$o.out" || echo ' without "usage"'), $(wc -l <"$o.err") on stderr"
  head -n 5 "$o.err" | sed 's/^/  stderr: /'
  return 1
}
help_prog() { # help_prog PROG: --help and -h; PROG BLOCK --help when the usage names a block first
  local p=$1 bad=0 blockfirst=0 o=$L/help-${1//\//_}
  case $p in
    "$B"/bin/*) ;;
    *) grep -qE -- '--help|help\.sh|argparse|one_line_parser|synth_smoke\.load' "$p" || {
         echo "$p: shows no way of answering --help (a shell script sources tb/lib/help.sh;"
         echo "Python uses argparse or prints its docstring on -h/--help); not run: it may start its work"
         return 1; } ;;
  esac
  help_answers "$o" "$p" --help || bad=1
  grep -qiE "^usage: +[^ ]+ +BLOCK" "$o.out" && blockfirst=1
  help_answers "$o" "$p" -h || bad=1
  if [ $blockfirst = 1 ]; then help_answers "$o" "$p" "$(blocks | head -n1)" --help || bad=1; fi
  [ $bad = 0 ] && echo "$p: --help, -h$([ $blockfirst = 1 ] && echo " and $(blocks | head -n1) --help") answer with the usage"
  return $bad
}
# the programs make builds into build/bin, from the makefiles' rules (nothing need be built)
bin_programs() {
  cat Makefile mk/*.mk tb/*/*.mk | sed -n 's/^\$(\([A-Z_]*\)):.*/\1/p' | while read -r v; do
    sed -n "s/^$v[[:space:]]*:\?=[[:space:]]*\$(BUILD)\/bin\/\([a-zA-Z0-9_-]*\)[[:space:]]*$/\1/p" Makefile mk/*.mk tb/*/*.mk
  done | sort -u
}
declare_usage() {
  local p name n=0
  CK_TAGS=usage
  for p in $(bin_programs | sed 's|^|build/bin/|'; find tb experiments synth_estimates mk -type f -perm -u+x ! -path 'tb/bench.d/*' | sort); do
    name=${p#build/}
    ckf "help_${name//\//_}" -- help_prog "$p"
  done
  # the unit-test programs take no arguments: anything else is one line and exit 2, not a run
  bad help_test_units_bad_arg "test_units: unknown argument '--bogus'" -- build/bin/test_units --bogus
  bad help_test_gpu_bad_arg "test_gpu: unknown argument '--bogus'" -- build/bin/test_gpu --bogus
}
