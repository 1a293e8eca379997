"""Rodinia 3.1 Needleman-Wunsch (nw/needle.cu, needle_kernel.cu:
needle_cuda_shared_1, needle_cuda_shared_2), from the CUDA source and
docs/workloads/nw.md."""
import gks

BS = 16
REGS = 27
SMEM = (BS + 1) * (BS + 1) * 4 + BS * BS * 4
CHECK_SCALE = 0.0625


def temp(r, c):
    return 4 * ((BS + 1) * r + c)


def ref(r, c):
    return (BS + 1) * (BS + 1) * 4 + 4 * (BS * r + c)


def build(scale, seed):
    n = gks.scaled(2048, scale, BS) // BS * BS
    cols = n + 1
    ar = gks.Arrays()
    ar.add("referrence", cols * cols, 4)
    ar.add("matrix", cols * cols, 4)
    bw = n // BS

    def kernel(which, i):
        def fn(w, bx, by, lanes):
            tiles = (bx, i - 1 - bx) if which == 1 else (bx + bw - i, bw - 1 - bx)
            corner = cols * BS * tiles[1] + BS * tiles[0]
            txs = [p[0] for p in lanes if p]
            full = (1 << len(txs)) - 1
            K = which << 8
            first = {0: corner}
            zero = {0: 0}

            def corner_load():
                w.ld(K + 0x08, 1, "matrix", first)
                w.sst(K + 0x10, 1, zero)

            if which == 1:
                corner_load()
            for ty in range(BS):
                w.ld(K + 0x18, full, "referrence", {t: corner + cols + 1 + t + cols * ty for t in txs})
                w.sst(K + 0x20, full, {t: ref(ty, t) for t in txs})
            w.bar(K + 0x28, full)
            if which == 2:
                corner_load()
            w.ld(K + 0x30, full, "matrix", {t: corner + cols + cols * t for t in txs})
            w.sst(K + 0x38, full, {t: temp(t + 1, 0) for t in txs})
            w.bar(K + 0x40, full)
            w.ld(K + 0x48, full, "matrix", {t: corner + 1 + t for t in txs})
            w.sst(K + 0x50, full, {t: temp(0, t + 1) for t in txs})
            w.bar(K + 0x58, full)
            # the two wavefront sweeps over the tile's anti-diagonals
            sweeps = [(K + 0x60, m, lambda t, m: (t + 1, m - t + 1)) for m in range(BS)]
            sweeps += [(K + 0x98, m, lambda t, m: (t + BS - m, BS - t)) for m in range(BS - 2, -1, -1)]
            for pc, m, cell in sweeps:
                act = [t for t in txs if t <= m]
                mask = (1 << len(act)) - 1
                xy = {t: cell(t, m) for t in act}
                w.sld(pc, mask, {t: temp(y - 1, x - 1) for t, (x, y) in xy.items()})
                w.sld(pc + 0x08, mask, {t: ref(y - 1, x - 1) for t, (x, y) in xy.items()})
                w.sld(pc + 0x10, mask, {t: temp(y, x - 1) for t, (x, y) in xy.items()})
                w.sld(pc + 0x18, mask, {t: temp(y - 1, x) for t, (x, y) in xy.items()})
                w.alu(pc + 0x20, mask, 12)
                w.sst(pc + 0x28, mask, {t: temp(y, x) for t, (x, y) in xy.items()})
                w.bar(pc + 0x30, full)
            for ty in range(BS):
                w.sld(K + 0xd0, full, {t: temp(ty + 1, t + 1) for t in txs})
                w.st(K + 0xd8, full, "matrix", {t: corner + cols + 1 + t + ty * cols for t in txs})
        return fn

    launches = [gks.Launch("needle_cuda_shared_1", (i, 1), (BS, 1), REGS, SMEM, kernel(1, i)) for i in range(1, bw + 1)]
    launches += [gks.Launch("needle_cuda_shared_2", (i, 1), (BS, 1), REGS, SMEM, kernel(2, i))
                 for i in range(bw - 1, 0, -1)]
    return ar, launches
