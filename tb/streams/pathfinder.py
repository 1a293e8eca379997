"""Rodinia 3.1 PathFinder (pathfinder/pathfinder.cu, dynproc_kernel), from the CUDA
source and docs/workloads/pathfinder.md."""
import gks

BS = 256
ROWS = 100
PYRAMID = 20
CHECK_SCALE = 0.01


def build(scale, seed):
    cols = gks.scaled(100000, scale, 16)
    ar = gks.Arrays()
    ar.add("gpuResult0", cols, 4)
    ar.add("gpuResult1", cols, 4)
    ar.add("gpuWall", (ROWS - 1) * cols, 4)
    nb = gks.ceil_div(cols, BS - 2 * PYRAMID)

    def kernel(iteration, src, dst, start):
        def fn(w, bx, by, lanes):
            x0 = (BS - 2 * iteration) * bx - PYRAMID
            lo = max(0, -x0)
            hi = min(BS - 1, cols - 1 - x0)
            txs = {l: p[0] for l, p in enumerate(lanes) if p}
            every = sum(1 << l for l in txs)
            xi = {l: x0 + tx for l, tx in txs.items()}
            prev = {l: 4 * tx for l, tx in txs.items()}
            res = {l: 1024 + 4 * tx for l, tx in txs.items()}
            left = {l: 4 * max(tx - 1, lo) for l, tx in txs.items()}
            right = {l: 4 * min(tx + 1, hi) for l, tx in txs.items()}
            have = sum(1 << l for l in txs if 0 <= xi[l] < cols)
            w.ld(0x108, have, src, xi)
            w.sst(0x110, have, prev)
            w.bar(0x118, every)
            done = 0
            for i in range(iteration):
                done = sum(1 << l for l, tx in txs.items() if lo <= tx <= hi and i + 1 <= tx <= BS - 2 - i)
                w.sld(0x120, done, left)
                w.sld(0x128, done, prev)
                w.sld(0x130, done, right)
                w.alu(0x138, done, 8)
                w.ld(0x140, done, "gpuWall", {l: cols * (start + i) + xi[l] for l in txs})
                w.alu(0x148, done, 4)
                w.sst(0x150, done, res)
                w.bar(0x158, every)
                if i + 1 < iteration:
                    w.sld(0x160, done, res)
                    w.sst(0x168, done, prev)
                    w.bar(0x170, every)
            w.sld(0x178, done, res)
            w.st(0x180, done, dst, xi)
        return fn

    launches = []
    for k, t in enumerate(range(0, ROWS - 1, PYRAMID)):
        src, dst = ("gpuResult0", "gpuResult1") if k % 2 == 0 else ("gpuResult1", "gpuResult0")
        launches.append(gks.Launch("dynproc_kernel", (nb, 1), (BS, 1), 16, 2 * BS * 4,
                                   kernel(min(PYRAMID, ROWS - 1 - t), src, dst, t)))
    return ar, launches
