# tb/checks/lib.sh: what the check files share. Sourced by tb/checks/declare.sh (which
# declares every check) and by tb/checks/fn (which runs one check's shell function).
#
# A check file tb/checks/AREA.sh holds the shell functions its checks call and one
# function declare_AREA that declares them, one `ck` each:
#
#   ck NAME [-t TAGS] [-n NEEDS] [-F] [-j SLOTS] [-s REGEX] [-x KIND] -- COMMAND ARG...
#     -t TAGS   more tags (comma-separated) beside the file's CK_TAGS and quick
#     -F        a make test-full check: tagged full instead of quick
#     -n NEEDS  checks that must pass first (beside the file's CK_NEEDS); -N NEEDS: instead
#     -j SLOTS  cores the command keeps busy (make -j2, xargs -P 2: 2; 0: it mostly waits, e.g. on
#               a Slurm it started); default 1
#     -s REGEX  the lines of its log matching REGEX are printed under its PASS/FAIL line
#     -x KIND   fail:CODE:PATTERN  must exit CODE and print PATTERN (a regular expression)
#               bad:PATTERN        bad input: exit 2, one line on stderr, nothing on stdout
#               lines:PREFIX:A,B   also one check PREFIX<name> per PASS/FAIL line it prints
#   COMMAND runs from the repository's top under bash; a function of the file is called
#   as `tb/checks/fn AREA FUNCTION ARG...` (ckf below does that).
#
# The runner (tb/bin/check) sets L=build/test (logs; scratch files there must not clash with
# another check's), B=build and BLK_COVER (every lockstep run adds its cover points).
CK_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
B=${B:-build}
L=${L:-build/test}
. "$CK_TOP/tb/lib/blocks.sh"
# The reference block: where a shared check needs one block to exercise a shared path
# (the GPU model's RTL binding and planted bug, the waveform checks, a broken proof, the
# SRAM timing run, the scaffold's neighbour), it is this one; its manifest holds the
# block-specific data those checks use (REF_* fields).
REF_BLOCK=mrpb

ck() {
  local name=$1 tags=$CK_TAGS needs=$CK_NEEDS slots=1 show="" kind=run level=quick
  shift
  while [ $# -gt 0 ]; do
    case $1 in
      -t) tags="$tags,$2"; shift 2 ;;
      -n) needs="$needs,$2"; shift 2 ;;
      -N) needs=$2; shift 2 ;;
      -F) level=full; shift ;;
      -j) slots=$2; shift 2 ;;
      -s) show=$2; shift 2 ;;
      -x) kind=$2; shift 2 ;;
      --) shift; break ;;
      *) echo "ck $name: unknown option '$1'" >&2; return 2 ;;
    esac
  done
  [ $# -gt 0 ] || { echo "ck $name: no command" >&2; return 2; }
  case $name$tags$needs$show$kind in *$'\t'* | *$'\n'*) echo "ck $name: a tab or newline in a field" >&2; return 2 ;; esac
  tags="${tags#,},$level"
  local cmd
  printf -v cmd '%q ' "$@"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "${tags#,}" "${needs#,}" "$slots" "$kind" "$show" "${cmd% }"
}
# ckf NAME [ck options] -- FUNCTION ARG...: a check that calls a function of the current file
ckf() {
  local name=$1 o=()
  shift
  while [ $# -gt 0 ] && [ "$1" != -- ]; do o+=("$1"); shift; done
  shift
  ck "$name" "${o[@]}" -- tb/checks/fn "$CK_AREA" "$@"
}
# bad NAME PATTERN [ck options] -- COMMAND...: bad input (exit 2, one line on stderr)
bad() { local n=$1 p=$2; shift 2; ck "$n" -x "bad:$p" "$@"; }

# the configuration of a spec as tb/bin/run arguments (one string, for declarations)
cfg_str() { cfg_args "$1"; printf '%q ' "${CFG[@]}"; }

# the blocks whose manifest loads (a block whose manifest does not gets only its
# <block>_manifest check, which fails)
test_blocks() {
  local b
  if [ -z "${CK_TEST_BLOCKS+set}" ]; then
    CK_TEST_BLOCKS=""
    for b in $(blocks); do (manifest "$b" >/dev/null 2>&1) && CK_TEST_BLOCKS="$CK_TEST_BLOCKS $b"; done
  fi
  printf '%s\n' $CK_TEST_BLOCKS
}

# event skipping is exact (gpu.sh, apps.sh): $G ARGS with skipping on and with --no-skip give the same
# JSON and the same human output (table and breakdown; the run time line apart). NAME
# names the files; prints the share of cycles skipped.
skip_same() {
  local n=$1
  shift
  $G "$@" --breakdown --json "$L/sk-$n-1.json" --stats >"$L/sk-$n-1.txt" 2>"$L/sk-$n-1.err" || { echo "$n: failed"; return 1; }
  $G "$@" --breakdown --json "$L/sk-$n-0.json" --no-skip >"$L/sk-$n-0.txt" 2>/dev/null || { echo "$n: failed with --no-skip"; return 1; }
  cmp "$L/sk-$n-1.json" "$L/sk-$n-0.json" >/dev/null || { echo "$n: the JSON differs with skipping: $*"; return 1; }
  diff <(grep -v '^simulation ' "$L/sk-$n-1.txt") <(grep -v '^simulation ' "$L/sk-$n-0.txt") >/dev/null ||
    { echo "$n: the human output differs with skipping: $*"; return 1; }
  echo "$n: same, $(sed -n 's/.*stats: [0-9]* cycles, [0-9]* skipped (\([0-9.]*%\)).*/\1/p' "$L/sk-$n-1.err") of the cycles skipped"
}
