"""CUDA SDK scalarProd (scalarProd_kernel.cuh scalarProdGPU), from the CUDA source and
docs/workloads/scalarprod.md."""
import gks

ACCUM_N = 1024
GRID, TPB = 128, 256
ELEMENT_N = 4096
CHECK_SCALE = 0.6  # 154 vectors: blocks 0-25 take a second vector (vec += gridDim.x)


def build(scale, seed):
    vector_n = gks.scaled(256, scale, 1)
    ar = gks.Arrays()
    ar.add("d_A", vector_n * ELEMENT_N, 4)
    ar.add("d_B", vector_n * ELEMENT_N, 4)
    ar.add("d_C", vector_n, 4)

    def warp(w, bx, by, lanes):
        tids = {l: lanes[l][0] for l in range(32) if lanes[l]}
        full = sum(1 << l for l in tids)
        for vec in range(bx, vector_n, GRID):
            base = vec * ELEMENT_N
            # every lane's accumulator slots (same count for all lanes of this block shape)
            slots = {l: list(range(t, ACCUM_N, TPB)) for l, t in tids.items()}
            for s in range(max(len(v) for v in slots.values())):
                acc = {l: v[s] for l, v in slots.items() if s < len(v)}
                amask = sum(1 << l for l in acc)
                positions = {l: list(range(base + a, base + ELEMENT_N, ACCUM_N)) for l, a in acc.items()}
                for p in range(max(len(v) for v in positions.values())):
                    pos = {l: v[p] for l, v in positions.items() if p < len(v)}
                    pm = sum(1 << l for l in pos)
                    w.ld(0x108, pm, "d_A", pos)
                    w.ld(0x110, pm, "d_B", pos)
                    w.alu(0x118, pm, 4)
                w.sst(0x120, amask, {l: 4 * a for l, a in acc.items()})
            stride = ACCUM_N // 2
            while stride:
                w.bar(0x128, full)
                rounds = {l: list(range(t, stride, TPB)) for l, t in tids.items()}
                for s in range(max(len(v) for v in rounds.values())):
                    i = {l: v[s] for l, v in rounds.items() if s < len(v)}
                    m = sum(1 << l for l in i)
                    w.sld(0x130, m, {l: 4 * x for l, x in i.items()})
                    w.sld(0x138, m, {l: 4 * (x + stride) for l, x in i.items()})
                    w.alu(0x140, m, 4)
                    w.sst(0x148, m, {l: 4 * x for l, x in i.items()})
                stride //= 2
            w.bar(0x150, full)
            first = sum(1 << l for l, t in tids.items() if t == 0)
            w.sld(0x158, first, {l: 0 for l in range(32)})
            w.st(0x160, first, "d_C", {l: vec for l in range(32)})

    return ar, [gks.Launch("scalarProdGPU", (GRID, 1), (TPB, 1), 13, ACCUM_N * 4, warp)]
