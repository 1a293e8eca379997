#!/usr/bin/env bash
# run.sh: the Verilator 5.006 fault behind the mutation flow's two "unmutated netlist
# fails" configurations (sap Entries=2, clams_rank Form=divide; docs/verification.md
# "Mutation testing"): m.v has two false combinational loops through vectors assembled
# bit by bit, as Yosys `mutate` leaves them after `splitnets -driver`. With sel = 0 it is
# y = (a == 0) ? 7 : a[2:0] - 1. Icarus gives that; Verilator 5.006 gives y = 7 for every
# input after the first (the input-driven and active regions share the loop's trigger
# history, so logic only the active region computes is never re-evaluated).
# Usage: tb/mutants/verilator_loop/run.sh   (builds in a temporary directory; exit 0
# whatever the simulators print: it shows the fault, it does not judge it)
set -eu
. "$(dirname "$0")/../../lib/help.sh" "$@" || exit 2
here=$(cd "$(dirname "$0")" && pwd)
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
verilator --cc --exe --build -j 1 -Wno-fatal --top-module m "$here/m.v" "$here/main.cpp" -Mdir "$d/obj" >"$d/vl.log" 2>&1
echo "== Verilator $(verilator --version | cut -d' ' -f2)"
"$d/obj/Vm" || true
echo "== Icarus"
iverilog -g2012 -o "$d/sim" "$here/tb.v" "$here/m.v" && vvp -n "$d/sim"
