#!/usr/bin/env bash
# demo.sh: `make run` -- four PolyBench/GPU workloads on the GPU memory model (Base-S,
# seed-000 inputs x 0.5), without and with MRPB, with SM 0's MRPB running as C model and
# Verilated RTL in lockstep inside that traffic. Prints IPC, L1 hit rate, speedup and
# how many RTL cycles were compared.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
make -s tools
tb/gpu/compare.sh --scale 0.5 --lockstep 0 --out build/run atax bicg syrk 2dconv
echo "JSON of every run: build/run/*.json (configuration echoed, every counter)"
echo "next: make test (everything), make waves BLOCK=mrpb SEED=1 (a waveform), make bench (speed),"
echo "      tb/gpusim --workload syrk --mrpb on --bind mrpb@3=lockstep --trace mrpb@3=build/syrk-sm3.fst (waves in traffic)"
