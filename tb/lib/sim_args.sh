# tb/lib/sim_args.sh: what tb/vpi/run.sh and tb/cocotb/run.sh share, sourced after
# tb/lib/help.sh with PROG (the script's name, for its error lines) and top set:
#   die MSG / need OPT VALUE     one line "PROG: MSG" on stderr, exit 2
#   sim_opt "$@"                 one of the options both take, or the block; sets
#                                SIM_SHIFT (how many words it used); unknown: die
#   sim_numbers N...             each non-empty N a number (decimal or 0x...)
#   vec_pc FILE                  the configuration a vector file asks for: preset|config
#   sim_block                    block is one of the block list (else die)
#   sim_build TARGET             the configuration built for TARGET (tb/bin/rtl-build): sets
#                                dir (its folder), tag and cfgtxt (every parameter)
# The options both take: --sim icarus|verilator|both, --preset, --config, --seed, --cycles,
# --knobs, --rtl-dir, --bench, --build-only, and one BLOCK; the caller sets their defaults
# (sim block preset config seed cycles knobs rtl_dir bench build_only) first. tb/bin/run reads
# vector files' configuration with vec_pc too.
die() { echo "$PROG: $*" >&2; exit 2; }
need() { [ $# -ge 2 ] && [ -n "$2" ] || die "$1 needs a value"; }
sim_opt() {
  SIM_SHIFT=2
  case "$1" in
    --sim) need "$@"; sim=$2 ;;
    --preset) need "$@"; preset=$2 ;;
    --config) need "$@"; config=$2 ;;
    --seed) need "$@"; seed=$2 ;;
    --cycles) need "$@"; cycles=$2 ;;
    --knobs) need "$@"; knobs=$2 ;;
    --rtl-dir) need "$@"; rtl_dir=$2 ;;
    --bench) bench=1; SIM_SHIFT=1 ;;
    --build-only) build_only=1; SIM_SHIFT=1 ;;
    -*) die "unknown argument '$1'" ;;
    *) [ -z "$block" ] || die "unexpected argument '$1' (one block at a time)"; block=$1; SIM_SHIFT=1 ;;
  esac
}
sim_numbers() {
  local n
  case "$sim" in icarus|verilator|both) ;; *) die "--sim $sim: must be icarus, verilator or both" ;; esac
  for n in "$@"; do
    [ -z "$n" ] || [[ "$n" =~ ^(0x[0-9a-fA-F]+|[0-9]+)$ ]] || die "'$n' is not a valid number"
  done
}
vec_pc() {
  printf '%s|%s\n' \
    "$(sed -n 's/#.*//; s/^[[:space:]]*preset[[:space:]]\+\([^[:space:]]*\).*/\1/p' "$1" | head -n1)" \
    "$(sed -n 's/#.*//; s/^[[:space:]]*config[[:space:]]\+\(.*[^[:space:]]\)[[:space:]]*$/\1/p' "$1" | head -n1)"
}
sim_block() {
  blocks | grep -x -- "$block" >/dev/null || die "unknown block '$block' (known: $(blocks | tr '\n' ' ' | sed 's/ $//'))"
}
sim_build() {
  local a=("$block") out
  [ -n "$preset" ] && a+=(--preset "$preset")
  [ -n "$config" ] && a+=(--config "$config")
  if [ -n "$rtl_dir" ]; then
    [ -d "$rtl_dir" ] || die "--rtl-dir $rtl_dir: not a folder"
    a+=(--rtl-dir "$rtl_dir")
  fi
  # a bad configuration: one line (portgen's, under our name), exit 2
  out=$("$top/tb/bin/rtl-build" "${a[@]}" --target "$1" --info --as "$PROG") || exit 2
  tag=$(sed -n '1s/^tag //p' <<<"$out")
  cfgtxt=$(sed -n '2s/^config //p' <<<"$out")
  dir=$(sed -n '3p' <<<"$out")
}
