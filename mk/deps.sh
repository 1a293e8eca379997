#!/usr/bin/env bash
# deps.sh: install what the project needs from Debian, then the pinned PyPI packages.
# Idempotent: quiet and instant when everything is present.
# Usage: mk/deps.sh [--check]   (--check: only report what is missing, exit 1 if any)
set -u
. "$(dirname "$0")/../tb/lib/help.sh" "$@" || exit 2
# tool -> Debian package
tools="verilator:verilator iverilog:iverilog vvp:iverilog yosys:yosys yosys-smtbmc:yosys z3:z3 gcov:gcc sta:opensta gtkwave:gtkwave fst2vcd:gtkwave slurmctld:slurm-wlm slurmd:slurm-wlm sbatch:slurm-wlm munged:munge gcc:gcc g++:g++ clang:clang make:make python3:python3 flock:util-linux"
missing_pkgs=""
missing_tools=""
for pair in $tools; do
  t=${pair%%:*}; p=${pair#*:}
  if ! command -v "$t" >/dev/null 2>&1; then
    missing_tools="$missing_tools $t"
    case " $missing_pkgs " in *" $p "*) ;; *) missing_pkgs="$missing_pkgs $p" ;; esac
  fi
done
# libFuzzer's runtime (clang -fsanitize=fuzzer, for tb/fuzz) is a package of its own
fuzzer_rt_ok() {
  command -v clang >/dev/null 2>&1 && [ -e "$(clang -print-runtime-dir 2>/dev/null)/libclang_rt.fuzzer-$(uname -m).a" ]
}
if ! fuzzer_rt_ok; then
  missing_pkgs="$missing_pkgs libclang-rt-dev"
  missing_tools="$missing_tools libFuzzer"
fi
apt_install() { # apt_install PKG...: 0 ok; on failure one line and the last lines of apt
  if [ "$(id -u)" != 0 ] && ! command -v sudo >/dev/null 2>&1; then
    echo "deps: cannot install $*: not root and no sudo; install them by hand (apt-get install $*)" >&2
    return 1
  fi
  local SUDO="" log; [ "$(id -u)" != 0 ] && SUDO="sudo -n"
  export DEBIAN_FRONTEND=noninteractive
  log=$(mktemp)
  if ! { $SUDO apt-get update -qq && $SUDO apt-get install -y -qq --no-install-recommends "$@"; } >"$log" 2>&1; then
    echo "deps: apt-get install $* failed; last lines:" >&2
    tail -n 5 "$log" >&2
    rm -f "$log"
    return 1
  fi
  rm -f "$log"
}

# PyPI, pinned: cocotb for tb/cocotb. 1.8.1 is the last line that accepts Debian's
# Verilator 5.006 (2.x needs 5.036+), and it runs Icarus 11 as well. The experiment layer
# (experiments/): Snakemake 9 (runs on Python 3.11) with its Slurm executor, matplotlib
# for the plots, pandas for experiments/load.py's DataFrame.
COCOTB_VERSION=1.8.1
PYPI_PINS="cocotb==$COCOTB_VERSION snakemake==9.27.1 snakemake-executor-plugin-slurm==2.8.0 matplotlib==3.11.2 pandas==3.1.1"
pins_missing() { # the pins not installed at their version, space-separated
  python3 - $PYPI_PINS <<'PYEOF'
import sys, importlib.metadata as m
out = []
for pin in sys.argv[1:]:
    name, ver = pin.split("==")
    try:
        ok = m.version(name) == ver
    except m.PackageNotFoundError:
        ok = False
    if not ok:
        out.append(pin)
print(" ".join(out))
PYEOF
}
pypi() {
  local want
  want=$(pins_missing)
  command -v cocotb-config >/dev/null 2>&1 || case " $want " in *" cocotb=="*) ;; *) want="$want cocotb==$COCOTB_VERSION" ;; esac
  want=$(echo $want)
  [ -z "$want" ] && return 0
  if [ "${1:-}" = "--check" ]; then
    echo "deps: missing: $want (PyPI)" >&2
    return 1
  fi
  if ! python3 -m pip --version >/dev/null 2>&1; then
    apt_install python3-pip || return 1
  fi
  echo "deps: installing $want (PyPI)"
  local log; log=$(mktemp)
  # Debian's own python3 is "externally managed": retry with --break-system-packages
  # shellcheck disable=SC2086
  if ! python3 -m pip install -q $want >"$log" 2>&1 &&
     ! python3 -m pip install -q --break-system-packages $want >>"$log" 2>&1; then
    echo "deps: cannot install $want from PyPI (python3 -m pip install $want): $(grep -m1 -iE 'error' "$log" || tail -n1 "$log")" >&2
    rm -f "$log"
    return 1
  fi
  rm -f "$log"
  # cocotb embeds Python: it needs the shared libpython (Debian: python3-dev brings it)
  if ! cocotb-config --libpython >/dev/null 2>&1; then
    apt_install python3-dev || return 1
  fi
  want=$(pins_missing)
  [ -z "$want" ] || { echo "deps: $want installed but not at the pinned version" >&2; return 1; }
  command -v cocotb-config >/dev/null 2>&1 || { echo "deps: cocotb==$COCOTB_VERSION installed but not usable (is cocotb-config on PATH?)" >&2; return 1; }
  command -v snakemake >/dev/null 2>&1 || { echo "deps: snakemake installed but not on PATH" >&2; return 1; }
}

if [ -z "$missing_pkgs" ]; then pypi "${1:-}"; exit $?; fi
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
fuzzer_rt_ok || { echo "deps: libFuzzer's runtime still missing after installing$missing_pkgs" >&2; exit 1; }
pypi || exit 1
echo "deps: ok"
