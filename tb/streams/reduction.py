"""SHOC level1 Reduction (reduction_kernel.h reduce<float,256>, Reduction.cu RunTest),
from the CUDA source and docs/workloads/reduction.md."""
import gks

CHECK_SCALE = 0.004
THREADS, BLOCKS = 256, 64


def build(scale, seed):
    n = max(1024, int(262144 * scale + 0.5)) // 1024 * 1024
    iters = gks.scaled(256, scale, 1)
    ar = gks.Arrays()
    ar.add("idata", n, 4)
    ar.add("odata", BLOCKS, 4)

    def tree(w, pc, tids, s):
        lanes = [l for l in tids if tids[l] < s]
        m = sum(1 << l for l in lanes)
        w.sld(pc, m, {l: 4 * tids[l] for l in lanes})
        w.sld(pc + 8, m, {l: 4 * (tids[l] + s) for l in lanes})
        w.alu(pc + 16, m, 4)
        w.sst(pc + 24, m, {l: 4 * tids[l] for l in lanes})

    def reduce_(w, bx, by, lanes):
        tids = {l: lanes[l][2] for l in range(32) if lanes[l]}
        every = sum(1 << l for l in tids)
        sh = {l: 4 * t for l, t in tids.items()}
        w.sst(0x108, every, sh)
        pos = {l: bx * 2 * THREADS + t for l, t in tids.items()}
        while True:
            live = [l for l in pos if pos[l] < n]
            if not live:
                break
            m = sum(1 << l for l in live)
            w.ld(0x110, m, "idata", pos)
            w.ld(0x118, m, "idata", {l: pos[l] + THREADS for l in live})
            w.alu(0x120, m, 4)
            w.sld(0x128, m, sh)
            w.alu(0x130, m, 4)
            w.sst(0x138, m, sh)
            for l in live:
                pos[l] += 2 * THREADS * BLOCKS
        w.bar(0x140, every)
        tree(w, 0x148, tids, 128)
        w.bar(0x168, every)
        tree(w, 0x170, tids, 64)
        w.bar(0x190, every)
        for k, s in enumerate((32, 16, 8, 4, 2, 1)):
            warp_lanes = {l: t for l, t in tids.items() if t < 32}
            lanes_m = sum(1 << l for l in warp_lanes)
            w.sld(0x198 + 32 * k, lanes_m, {l: 4 * t for l, t in warp_lanes.items()})
            w.sld(0x1a0 + 32 * k, lanes_m, {l: 4 * (t + s) for l, t in warp_lanes.items()})
            w.alu(0x1a8 + 32 * k, lanes_m, 4)
            w.sst(0x1b0 + 32 * k, lanes_m, {l: 4 * t for l, t in warp_lanes.items()})
        first = sum(1 << l for l, t in tids.items() if t == 0)
        w.sld(0x298, first, {l: 0 for l in range(32)})
        w.st(0x2a0, first, "odata", {l: bx for l in range(32)})

    return ar, [gks.Launch("reduce", (BLOCKS, 1), (THREADS, 1), 14, THREADS * 4, reduce_) for _ in range(iters)]
