#!/usr/bin/env bash
# demo.sh: `make run` -- PolyBench/GPU workloads on the GPU memory model (Base-S), without
# and with MRPB, SM 0's MRPB running as C model and Verilated RTL in lockstep inside that
# traffic: atax and bicg (IW) at seed-000 inputs x 0.25, syrk (XW) at x 0.5, where MRPB
# loses, and at the seed's inputs, where it gains, 2dconv (CI) at x 0.5. Prints IPC,
# speedup, L1 hit and pending-hit rates, where a line request's cycles go (breakdown
# stage groups) and what MRPB changed there, and how many RTL cycles were compared.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
make -s tools
tb/gpu/compare.sh --lockstep 0 --out build/run atax@0.25 bicg@0.25 syrk@0.5 syrk@1 2dconv@0.5
echo "JSON of every run: build/run/*.json (configuration echoed, every counter, the breakdown)"
echo "why: docs/gpu-results.md; every stage of one run: tb/gpusim --workload syrk --scale 0.5 --mrpb on --breakdown"
echo "next: make test (everything), make waves BLOCK=mrpb SEED=1 (a waveform), make bench (speed),"
echo "      tb/gpusim --workload syrk --mrpb on --bind mrpb@3=lockstep --trace mrpb@3=build/syrk-sm3.fst (waves in traffic)"
