# tb/lib/blocks.sh: the shell side of the block list. Sourced (bash) by every shared script:
#
#   . "$top/tb/lib/blocks.sh"
#   blocks                    the block list (cmodel/blocks.def), one name a line
#                             (only those of $ONLY_BLOCKS when that is set)
#   manifest B                source tb/blocks/B/manifest.sh into the manifest variables,
#                             after resetting every one of them and applying the defaults
#                             (MANIFEST_VARS below; their meaning, defaults and
#                             readers: docs/adding-a-block.md, "The manifest"). A block not in the list or without a manifest:
#                             one line on stderr, status 2. A manifest is sourced inside a
#                             function: plain assignments only (no local/declare), helper
#                             variables of its own prefix, unset at its end.
#   cfg_args SPEC             a configuration spec -> the array CFG (tb/bin/run arguments):
#                             "" defaults, "K=V,..." --config, "@P" --preset P, "@P,K=V,..."
#                             both (the preset first, the keys on top of it)
#   cfg_split SPEC            the same as CFG_PRESET and CFG_CONFIG (for make PRESET= CONFIG=)
#   vec_cfg FILE              the configuration a vector file asks for, as a spec
#   planted_fields ENTRY      split a PLANTED entry into P_NAME P_STIM P_KNOBS P_FILE P_CATCH
#                             P_EXPR (status 2 and a line on stderr if malformed)
#   planted_find NAME         planted_fields of the current manifest's PLANTED entry NAME,
#                             and P_ENTRY := that entry (status 1 if there is none)
#   planted_make ENTRY DIR    DIR := a copy of rtl/<block>/ with the entry's mutation
#                             applied (status 1 if the edit changed nothing), e.g.
#                               manifest B && planted_find NAME && planted_make "$P_ENTRY" DIR
#
# BLOCKS_TOP: the repository this file belongs to (from its own location).
BLOCKS_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

blocks() {
  local b
  for b in $(sed -n 's/^BLOCK(\([a-z0-9_]*\),.*/\1/p' "$BLOCKS_TOP/cmodel/blocks.def"); do
    # ONLY_BLOCKS="a b": the shared scripts run for those blocks only
    if [ -z "${ONLY_BLOCKS:-}" ] || [[ " $ONLY_BLOCKS " == *" $b "* ]]; then echo "$b"; fi
  done
}

# every variable a manifest may set (arrays and scalars); `manifest` unsets them all first
MANIFEST_VARS="MAIN_CONFIG VECTORS
  LINT_CONFIGS LINT_YOSYS_CONFIGS LINT_PORT_CONFIGS LINT_FORMAL
  LOCKSTEP_MATRIX LOCKSTEP_CYCLES LOCKSTEP_QUICK
  ASAN_RANDOM ASAN_SEED ASAN_CYCLES
  PLANTED PLANTED_SEED PLANTED_CYCLES PLANTED_WAVES PLANTED_QUICK VPI_PLANTED
  VPI_AGREE VPI_AGREE_SEED COCOTB_AGREE COCOTB_AGREE_SEED VPI_RANDOM
  VPI_VECTORS_ICARUS VPI_VECTORS_VERILATOR COCOTB_RANDOM COCOTB_VECTORS_ICARUS
  COCOTB_VECTORS_VERILATOR COCOTB_PLANTED_VLT COCOTB_PLANTED_MAX
  BENCH_CONFIG BENCH_CYCLES_C BENCH_CYCLES_RTL BENCH_CYCLES_LOCKSTEP BENCH_CYCLES_FST
  BENCH_CYCLES_VPI_ICARUS BENCH_CYCLES_VPI_VERILATOR BENCH_CYCLES_COCOTB
  SYNTH_SMOKE SYNTH_SMOKE_CHECK
  GPU_RUNS GPU_LOCKSTEP EXTRA_CHECKS
  MUTANT_CONFIGS MUTANT_KNOBS MUTANT_SEED MUTANT_CYCLES MUTANT_QUICK MUTANT_INVARIANTS
  FORMAL_PROOFS FORMAL_QUICK DEMO SWEEP_FIT SWEEP_WITH
  REF_GPU_PLANTED REF_GPU_SET REF_WAVES_STIM REF_WAVES_VEC REF_WAVES_EXPECT REF_FORMAL_BROKEN REF_COVER_POINT"
MANIFEST_FUNCS="coverage_wants"

_mf_set() { declare -p "$1" >/dev/null 2>&1; }   # was the variable set (even to empty)?
_mf_default() { _mf_set "$1" || eval "$1=\$2"; }  # _mf_default NAME VALUE (scalars)

manifest() {
  local b=${1:-} f v
  if [ -z "$b" ] || ! blocks | grep -x -- "$b" >/dev/null; then
    echo "manifest: unknown block '$b' (the block list cmodel/blocks.def has: $(blocks | tr '\n' ' ' | sed 's/ $//'))" >&2
    return 2
  fi
  f=$BLOCKS_TOP/tb/blocks/$b/manifest.sh
  if [ ! -r "$f" ]; then
    echo "manifest: block '$b' has no manifest tb/blocks/$b/manifest.sh (see docs/verification.md, \"The test manifest\")" >&2
    return 2
  fi
  # shellcheck disable=SC2086
  unset $MANIFEST_VARS
  # shellcheck disable=SC2086
  unset -f $MANIFEST_FUNCS
  BLOCK=$b
  # shellcheck disable=SC1090
  if ! . "$f"; then
    echo "manifest: tb/blocks/$b/manifest.sh failed" >&2
    return 2
  fi
  # defaults for what the manifest left unset (set to () or "" means: none)
  _mf_default MAIN_CONFIG ""
  if ! _mf_set VECTORS; then
    VECTORS=()
    for v in "$BLOCKS_TOP"/vectors/"$b"/*.vec; do [ -e "$v" ] && VECTORS+=("vectors/$b/${v##*/}"); done
  fi
  _mf_set LINT_CONFIGS || LINT_CONFIGS=("")
  _mf_set LINT_YOSYS_CONFIGS || LINT_YOSYS_CONFIGS=("")
  _mf_set LINT_PORT_CONFIGS || LINT_PORT_CONFIGS=("$MAIN_CONFIG")
  _mf_default LINT_FORMAL 0
  _mf_set LOCKSTEP_MATRIX || LOCKSTEP_MATRIX=("$MAIN_CONFIG|")
  _mf_default LOCKSTEP_CYCLES 200000
  _mf_default LOCKSTEP_QUICK all
  _mf_set ASAN_RANDOM || ASAN_RANDOM=("$MAIN_CONFIG|")
  _mf_default ASAN_SEED 5
  _mf_default ASAN_CYCLES 100000
  _mf_set PLANTED || PLANTED=()
  _mf_default PLANTED_SEED 7
  _mf_default PLANTED_CYCLES 500000
  _mf_default PLANTED_WAVES ""
  _mf_default PLANTED_QUICK all
  if ! _mf_set VPI_PLANTED; then
    VPI_PLANTED=""
    [ ${#PLANTED[@]} -gt 0 ] && VPI_PLANTED=${PLANTED[0]%%|*}
  fi
  _mf_set VPI_AGREE || VPI_AGREE=("main|$MAIN_CONFIG||2000")
  _mf_default VPI_AGREE_SEED 5
  _mf_set COCOTB_AGREE || COCOTB_AGREE=("$MAIN_CONFIG|2000")
  _mf_default COCOTB_AGREE_SEED 5
  _mf_set VPI_RANDOM || VPI_RANDOM=("icarus|$MAIN_CONFIG||11|20000" "verilator|$MAIN_CONFIG||11|200000")
  _mf_set VPI_VECTORS_ICARUS || VPI_VECTORS_ICARUS=("${VECTORS[@]}")
  _mf_set VPI_VECTORS_VERILATOR || VPI_VECTORS_VERILATOR=()
  _mf_set COCOTB_RANDOM || COCOTB_RANDOM=("$MAIN_CONFIG|21|2000|1000")
  _mf_set COCOTB_VECTORS_ICARUS || COCOTB_VECTORS_ICARUS=("${VECTORS[@]}")
  _mf_set COCOTB_VECTORS_VERILATOR || COCOTB_VECTORS_VERILATOR=()
  _mf_default COCOTB_PLANTED_VLT ""
  _mf_default COCOTB_PLANTED_MAX 5000
  _mf_default BENCH_CONFIG "$MAIN_CONFIG"
  _mf_default BENCH_CYCLES_C 10000000
  _mf_default BENCH_CYCLES_RTL 2000000
  _mf_default BENCH_CYCLES_LOCKSTEP 2000000
  _mf_default BENCH_CYCLES_FST 500000
  _mf_default BENCH_CYCLES_VPI_ICARUS 20000
  _mf_default BENCH_CYCLES_VPI_VERILATOR 1000000
  _mf_default BENCH_CYCLES_COCOTB 5000
  _mf_set SYNTH_SMOKE || SYNTH_SMOKE=()
  _mf_default SYNTH_SMOKE_CHECK ""
  _mf_set GPU_RUNS || GPU_RUNS=()
  _mf_set GPU_LOCKSTEP || GPU_LOCKSTEP=()
  _mf_set EXTRA_CHECKS || EXTRA_CHECKS=()
  _mf_set MUTANT_CONFIGS || MUTANT_CONFIGS=("$MAIN_CONFIG|120")
  _mf_set MUTANT_KNOBS || MUTANT_KNOBS=("" "" "")
  _mf_default MUTANT_SEED 1
  _mf_default MUTANT_CYCLES 100000
  _mf_default MUTANT_QUICK ""
  _mf_set FORMAL_PROOFS || FORMAL_PROOFS=()
  _mf_default FORMAL_QUICK ""
  declare -F coverage_wants >/dev/null || coverage_wants() { :; }
  return 0
}

# make test runs a manifest's quick subset (LOCKSTEP_QUICK, PLANTED_QUICK, VPI_PLANTED);
# TEST_FULL=1 in the environment (make test-full) runs everything.
#   quick LIST ITEM: 0 if ITEM is a word of LIST, LIST is "all", or TEST_FULL=1
quick() {
  [ "${TEST_FULL:-0}" = 1 ] || [ "$1" = all ] && return 0
  case " $1 " in *" $2 "*) return 0 ;; esac
  return 1
}

cfg_split() {
  local s=${1:-} p
  CFG_PRESET="" CFG_CONFIG=$s
  if [ "${s#@}" != "$s" ]; then
    p=${s%%,*}
    s=${s#"$p"}
    CFG_PRESET=${p#@} CFG_CONFIG=${s#,}
  fi
  return 0
}

cfg_args() {
  cfg_split "${1:-}"
  CFG=()
  [ -n "$CFG_PRESET" ] && CFG+=(--preset "$CFG_PRESET")
  [ -n "$CFG_CONFIG" ] && CFG+=(--config "$CFG_CONFIG")
  return 0
}

vec_cfg() {
  local p c
  p=$(sed -n 's/#.*//; s/^[[:space:]]*preset[[:space:]]\+\([^[:space:]]*\).*/\1/p' "$1" | head -n1)
  c=$(sed -n 's/#.*//; s/^[[:space:]]*config[[:space:]]\+\(.*[^[:space:]]\)[[:space:]]*$/\1/p' "$1" | head -n1)
  if [ -n "$p" ]; then echo "@$p${c:+,$c}"; else echo "$c"; fi
}

planted_fields() {
  IFS='|' read -r P_NAME P_STIM P_KNOBS P_FILE P_CATCH P_EXPR <<<"$1"
  if [ -z "$P_NAME" ] || [ -z "$P_STIM" ] || [ -z "$P_FILE" ] || [ -z "$P_EXPR" ]; then
    echo "planted: malformed entry '$1' (name|stimulus|knobs|file|catch|sed expression)" >&2
    return 2
  fi
  case "$P_CATCH" in output|state) ;; *)
    echo "planted: $P_NAME: catch must be output or state, not '$P_CATCH'" >&2; return 2 ;;
  esac
  return 0
}

planted_find() {
  local e
  for e in "${PLANTED[@]}"; do
    if [ "${e%%|*}" = "$1" ]; then
      P_ENTRY=$e
      planted_fields "$e"
      return
    fi
  done
  echo "planted: block $BLOCK has no planted bug '$1'" >&2
  return 1
}

planted_make() {
  planted_fields "$1" || return 2
  local d=$2
  rm -rf "$d" && mkdir -p "$d" && cp "$BLOCKS_TOP/rtl/$BLOCK"/*.v "$d/" || return 2
  [ -f "$d/$P_FILE" ] || { echo "planted: $P_NAME: no rtl/$BLOCK/$P_FILE" >&2; return 2; }
  sed -i "$P_EXPR" "$d/$P_FILE" || return 2
  ! cmp -s "$BLOCKS_TOP/rtl/$BLOCK/$P_FILE" "$d/$P_FILE"
}
