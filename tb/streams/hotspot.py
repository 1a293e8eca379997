"""Rodinia 3.1 HotSpot (hotspot/hotspot.cu, calculate_temp), from the CUDA source and
docs/workloads/hotspot.md."""
import gks

BS = 16
PYRAMID = 2
SIM_TIME = 2
REGS = 35
CHECK_SCALE = 0.1


def build(scale, seed):
    n = gks.scaled(512, scale, 16)
    ar = gks.Arrays()
    for name in ("MatrixTemp0", "MatrixTemp1", "MatrixPower"):
        ar.add(name, n * n, 4)
    small = BS - 2 * PYRAMID
    nb = gks.ceil_div(n, small)

    def tile(k, r, col):  # byte offset in one of the three 16x16 float tiles
        return 1024 * k + 4 * (BS * r + col)

    def kernel(iteration, src, dst):
        def fn(w, bx, by, lanes):
            y0, x0 = small * by - PYRAMID, small * bx - PYRAMID
            lo_y, lo_x = max(0, -y0), max(0, -x0)
            hi_y = min(BS - 1, n - 1 - y0)
            hi_x = min(BS - 1, n - 1 - x0)
            th = {l: (p[0], p[1]) for l, p in enumerate(lanes) if p}
            every = sum(1 << l for l in th)
            g = {l: n * (y0 + ty) + x0 + tx for l, (tx, ty) in th.items()}
            inside = sum(1 << l for l, (tx, ty) in th.items() if 0 <= y0 + ty < n and 0 <= x0 + tx < n)
            me = {l: tile(0, ty, tx) for l, (tx, ty) in th.items()}
            pw = {l: tile(1, ty, tx) for l, (tx, ty) in th.items()}
            tt = {l: tile(2, ty, tx) for l, (tx, ty) in th.items()}
            south = {l: tile(0, min(ty + 1, hi_y), tx) for l, (tx, ty) in th.items()}
            north = {l: tile(0, max(ty - 1, lo_y), tx) for l, (tx, ty) in th.items()}
            east = {l: tile(0, ty, min(tx + 1, hi_x)) for l, (tx, ty) in th.items()}
            west = {l: tile(0, ty, max(tx - 1, lo_x)) for l, (tx, ty) in th.items()}
            w.ld(0x108, inside, src, g)
            w.sst(0x110, inside, me)
            w.ld(0x118, inside, "MatrixPower", g)
            w.sst(0x120, inside, pw)
            w.bar(0x128, every)
            done = 0
            for i in range(iteration):
                done = sum(1 << l for l, (tx, ty) in th.items()
                           if i + 1 <= tx <= BS - i - 2 and i + 1 <= ty <= BS - i - 2
                           and lo_x <= tx <= hi_x and lo_y <= ty <= hi_y)
                for pc, off in ((0x130, me), (0x138, pw), (0x140, south), (0x148, north), (0x150, east), (0x158, west)):
                    w.sld(pc, done, off)
                w.alu(0x160, done, 24)
                w.sst(0x168, done, tt)
                w.bar(0x170, every)
                if i < iteration - 1:
                    w.sld(0x178, done, tt)
                    w.sst(0x180, done, me)
                    w.bar(0x188, every)
            w.sld(0x190, done, tt)
            w.st(0x198, done, dst, g)
        return fn

    launches = []
    bufs = ["MatrixTemp0", "MatrixTemp1"]
    for k, t in enumerate(range(0, SIM_TIME, PYRAMID)):
        launches.append(gks.Launch("calculate_temp", (nb, nb), (BS, BS), REGS, 3 * BS * BS * 4,
                                   kernel(min(PYRAMID, SIM_TIME - t), bufs[k % 2], bufs[1 - k % 2])))
    return ar, launches
