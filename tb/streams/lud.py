"""Rodinia 3.1 LUD (lud/cuda/lud_kernel.cu: lud_diagonal, lud_perimeter, lud_internal,
BLOCK_SIZE 16), from the CUDA source and docs/workloads/lud.md."""
import gks

CHECK_SCALE = 0.125  # 64 x 64
B = 16


def sh(base, r, c):
    """byte offset of float tile[r][c] of a 16x16 shared tile at base"""
    return base + 4 * (B * r + c)


def mask_of(lanes):
    return sum(1 << l for l in lanes)


def build(scale, seed):
    dim = B * gks.scaled(32, scale, 2)
    ar = gks.Arrays()
    ar.add("m", dim * dim, 4)

    def diagonal(off):
        def fn(w, bx, by, lanes):
            live = [l for l in range(32) if lanes[l]]
            tx = {l: lanes[l][0] for l in live}
            full = mask_of(live)
            for i in range(B):
                w.ld(0x108, full, "m", {l: (off + i) * dim + off + tx[l] for l in live})
                w.sst(0x110, full, {l: sh(0, i, tx[l]) for l in live})
            w.bar(0x118, full)
            for i in range(B - 1):
                below = [l for l in live if tx[l] > i]
                mb = mask_of(below)
                for j in range(i):
                    w.sld(0x120, mb, {l: sh(0, tx[l], i) for l in below})
                    w.sld(0x128, mb, {l: sh(0, tx[l], j) for l in below})
                    w.sld(0x130, mb, {l: sh(0, j, i) for l in below})
                    w.alu(0x138, mb, 8)
                    w.sst(0x140, mb, {l: sh(0, tx[l], i) for l in below})
                w.sld(0x148, mb, {l: sh(0, tx[l], i) for l in below})
                w.sld(0x150, mb, {l: sh(0, i, i) for l in below})
                w.alu(0x158, mb, 4)
                w.sst(0x160, mb, {l: sh(0, tx[l], i) for l in below})
                w.bar(0x168, full)
                for j in range(i + 1):
                    w.sld(0x170, mb, {l: sh(0, i + 1, tx[l]) for l in below})
                    w.sld(0x178, mb, {l: sh(0, i + 1, j) for l in below})
                    w.sld(0x180, mb, {l: sh(0, j, tx[l]) for l in below})
                    w.alu(0x188, mb, 8)
                    w.sst(0x190, mb, {l: sh(0, i + 1, tx[l]) for l in below})
                w.bar(0x198, full)
            for i in range(1, B):
                w.sld(0x1a0, full, {l: sh(0, i, tx[l]) for l in live})
                w.st(0x1a8, full, "m", {l: (off + i) * dim + off + tx[l] for l in live})
        return fn

    DIA, ROW, COL = 0, 1024, 2048

    def perimeter(off):
        def fn(w, bx, by, lanes):
            live = [l for l in range(32) if lanes[l]]
            rowl = [l for l in live if lanes[l][0] < B]
            coll = [l for l in live if lanes[l][0] >= B]
            k = {l: lanes[l][0] % B for l in live}
            mr, mc, full = mask_of(rowl), mask_of(coll), mask_of(live)
            cb = (bx + 1) * B  # the block's row/column start past the diagonal tile
            for i in range(B // 2):
                w.ld(0x208, mr, "m", {l: (off + i) * dim + off + k[l] for l in rowl})
                w.sst(0x210, mr, {l: sh(DIA, i, k[l]) for l in rowl})
            for i in range(B):
                w.ld(0x218, mr, "m", {l: (off + i) * dim + off + cb + k[l] for l in rowl})
                w.sst(0x220, mr, {l: sh(ROW, i, k[l]) for l in rowl})
            for i in range(B // 2, B):
                w.ld(0x228, mc, "m", {l: (off + i) * dim + off + k[l] for l in coll})
                w.sst(0x230, mc, {l: sh(DIA, i, k[l]) for l in coll})
            for i in range(B):
                w.ld(0x238, mc, "m", {l: (off + cb + i) * dim + off + k[l] for l in coll})
                w.sst(0x240, mc, {l: sh(COL, i, k[l]) for l in coll})
            w.bar(0x248, full)
            for i in range(1, B):
                for j in range(i):
                    w.sld(0x250, mr, {l: sh(ROW, i, k[l]) for l in rowl})
                    w.sld(0x258, mr, {l: sh(DIA, i, j) for l in rowl})
                    w.sld(0x260, mr, {l: sh(ROW, j, k[l]) for l in rowl})
                    w.alu(0x268, mr, 8)
                    w.sst(0x270, mr, {l: sh(ROW, i, k[l]) for l in rowl})
            for i in range(B):
                for j in range(i):
                    w.sld(0x278, mc, {l: sh(COL, k[l], i) for l in coll})
                    w.sld(0x280, mc, {l: sh(COL, k[l], j) for l in coll})
                    w.sld(0x288, mc, {l: sh(DIA, j, i) for l in coll})
                    w.alu(0x290, mc, 8)
                    w.sst(0x298, mc, {l: sh(COL, k[l], i) for l in coll})
                w.sld(0x2a0, mc, {l: sh(COL, k[l], i) for l in coll})
                w.sld(0x2a8, mc, {l: sh(DIA, i, i) for l in coll})
                w.alu(0x2b0, mc, 4)
                w.sst(0x2b8, mc, {l: sh(COL, k[l], i) for l in coll})
            w.bar(0x2c0, full)
            for i in range(1, B):
                w.sld(0x2c8, mr, {l: sh(ROW, i, k[l]) for l in rowl})
                w.st(0x2d0, mr, "m", {l: (off + i) * dim + off + cb + k[l] for l in rowl})
            for i in range(B):
                w.sld(0x2d8, mc, {l: sh(COL, i, k[l]) for l in coll})
                w.st(0x2e0, mc, "m", {l: (off + cb + i) * dim + off + k[l] for l in coll})
        return fn

    def internal(off):
        def fn(w, bx, by, lanes):
            live = [l for l in range(32) if lanes[l]]
            tx = {l: lanes[l][0] for l in live}
            ty = {l: lanes[l][1] for l in live}
            full = mask_of(live)
            r0, c0 = off + (by + 1) * B, off + (bx + 1) * B
            w.ld(0x308, full, "m", {l: (off + ty[l]) * dim + c0 + tx[l] for l in live})
            w.sst(0x310, full, {l: sh(0, ty[l], tx[l]) for l in live})
            w.ld(0x318, full, "m", {l: (r0 + ty[l]) * dim + off + tx[l] for l in live})
            w.sst(0x320, full, {l: sh(1024, ty[l], tx[l]) for l in live})
            w.bar(0x328, full)
            for i in range(B):
                w.sld(0x330, full, {l: sh(1024, ty[l], i) for l in live})
                w.sld(0x338, full, {l: sh(0, i, tx[l]) for l in live})
                w.alu(0x340, full, 8)
            dst = {l: (r0 + ty[l]) * dim + c0 + tx[l] for l in live}
            w.ld(0x348, full, "m", dst)
            w.alu(0x350, full, 4)
            w.st(0x358, full, "m", dst)
        return fn

    launches = []
    offsets = list(range(0, dim - B, B))
    for off in offsets:
        n = (dim - off) // B - 1
        launches.append(gks.Launch("lud_diagonal", (1, 1), (B, 1), 14, 1024, diagonal(off)))
        launches.append(gks.Launch("lud_perimeter", (n, 1), (2 * B, 1), 18, 3072, perimeter(off)))
        launches.append(gks.Launch("lud_internal", (n, n), (B, B), 15, 2048, internal(off)))
    last = offsets[-1] + B if offsets else 0
    launches.append(gks.Launch("lud_diagonal", (1, 1), (B, 1), 14, 1024, diagonal(last)))
    return ar, launches
