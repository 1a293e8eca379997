#!/usr/bin/env bash
# deps.sh: install what the project needs from Debian (and, later, pinned PyPI
# packages). Idempotent: quiet and instant when everything is present.
# Usage: mk/deps.sh [--check]   (--check: only report what is missing, exit 1 if any)
set -u
# tool -> Debian package
tools="verilator:verilator iverilog:iverilog vvp:iverilog yosys:yosys sta:opensta gtkwave:gtkwave fst2vcd:gtkwave gcc:gcc g++:g++ make:make python3:python3 flock:util-linux"
missing_pkgs=""
missing_tools=""
for pair in $tools; do
  t=${pair%%:*}; p=${pair#*:}
  if ! command -v "$t" >/dev/null 2>&1; then
    missing_tools="$missing_tools $t"
    case " $missing_pkgs " in *" $p "*) ;; *) missing_pkgs="$missing_pkgs $p" ;; esac
  fi
done
[ -z "$missing_pkgs" ] && exit 0
if [ "${1:-}" = "--check" ]; then
  echo "deps: missing:$missing_tools (Debian packages:$missing_pkgs)" >&2
  exit 1
fi
if [ "$(id -u)" != 0 ] && ! command -v sudo >/dev/null 2>&1; then
  echo "deps: cannot install$missing_pkgs: not root and no sudo; install them by hand (apt-get install$missing_pkgs)" >&2
  exit 1
fi
SUDO=""; [ "$(id -u)" != 0 ] && SUDO="sudo -n"
echo "deps: installing$missing_pkgs (for$missing_tools)"
export DEBIAN_FRONTEND=noninteractive
log=$(mktemp)
if ! { $SUDO apt-get update -qq && $SUDO apt-get install -y -qq --no-install-recommends $missing_pkgs; } >"$log" 2>&1; then
  echo "deps: apt-get install$missing_pkgs failed; last lines:" >&2
  tail -n 5 "$log" >&2
  rm -f "$log"
  exit 1
fi
rm -f "$log"
for pair in $tools; do
  t=${pair%%:*}
  command -v "$t" >/dev/null 2>&1 || { echo "deps: $t still missing after installing$missing_pkgs" >&2; exit 1; }
done
echo "deps: ok"
