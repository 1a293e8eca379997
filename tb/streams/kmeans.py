"""Rodinia 3.1 KMeans: invert_mapping once, then kmeansPoint per iteration of
kmeans_clustering's loop, from the CUDA sources and docs/workloads/kmeans.md. The
iteration count comes from running the clustering in float32 with numpy (same
operation order as the kernel and the host reduction)."""
import math

import numpy as np

import gks

CHECK_SCALE = 0.002  # 410 points: 4 blocks, 23 iterations

TPB = 256
NF, K = 34, 5


def iterations(feat):
    n = feat.shape[0]
    clusters = feat[:K].copy()  # initial[n] with n = 0..K-1: the first K points (n >= 2K)
    member = np.full(n, -1, dtype=np.int64)
    count = 0
    loop = 0
    while True:
        best = np.full(n, np.finfo(np.float32).max, dtype=np.float32)
        index = np.full(n, -1, dtype=np.int64)
        for i in range(K):
            acc = np.zeros(n, dtype=np.float32)
            for j in range(NF):
                d = feat[:, j] - clusters[i, j]
                acc = acc + d * d
            closer = acc < best
            best = np.where(closer, acc, best)
            index = np.where(closer, i, index)
        delta = int(np.count_nonzero(index != member))
        member = index
        for i in range(K):
            pts = feat[member == i]
            if len(pts):
                sums = np.cumsum(pts, axis=0, dtype=np.float32)[-1]  # sequential, in point order
                clusters[i] = sums / np.float32(len(pts))
        count += 1
        if not delta > 0.001:
            break
        if not loop < 500:
            break
        loop += 1
    return count


def build(scale, seed):
    n = gks.scaled(204800, scale, 10)
    r = gks.GlibcRand(seed)
    feat = np.array([r.rand() % 256 for _ in range(n * NF)], dtype=np.float32).reshape(n, NF)
    iters = iterations(feat)
    blocks = gks.ceil_div(n, TPB)
    side = int(math.sqrt(blocks))
    while side * side < blocks:
        side += 1

    ar = gks.Arrays()
    ar.add("feature_flipped", n * NF, 4)
    ar.add("feature", n * NF, 4)
    ar.add("membership", n, 4)
    ar.add("clusters", K * NF, 4)

    def invert(w, bx, by, lanes):
        pts = {l: lanes[l][0] + TPB * bx for l in range(32) if lanes[l]}
        pts = {l: p for l, p in pts.items() if p < n}
        m = sum(1 << l for l in pts)
        for i in range(NF):
            w.ld(0x108, m, "feature_flipped", {l: p * NF + i for l, p in pts.items()})
            w.st(0x110, m, "feature", {l: p + n * i for l, p in pts.items()})

    def point(w, bx, by, lanes):
        blk = side * by + bx
        pts = {l: blk * TPB + lanes[l][0] for l in range(32) if lanes[l]}
        pts = {l: p for l, p in pts.items() if p < n}
        m = sum(1 << l for l in pts)
        for _ in range(K):
            for j in range(NF):
                w.ld(0x208, m, "feature", {l: p + j * n for l, p in pts.items()})
                w.alu(0x210, m, 4)
                w.alu(0x218, m, 4)
            w.alu(0x220, m, 4)
        w.st(0x228, m, "membership", pts)

    launches = [gks.Launch("invert_mapping", (side * side, 1), (TPB, 1), 8, 0, invert)]
    launches += [gks.Launch("kmeansPoint", (side, side), (TPB, 1), 14, 0, point) for _ in range(iters)]
    return ar, launches
