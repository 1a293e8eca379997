"""Rodinia 3.1 Gaussian elimination (gaussian/gaussian.cu: Fan1, Fan2), from the CUDA
source and docs/workloads/gaussian.md."""
import gks

CHECK_SCALE = 0.1  # Size 21: partial Fan2 blocks


def build(scale, seed):
    size = gks.scaled(208, scale, 3)
    ar = gks.Arrays()
    ar.add("m", size * size, 4)
    ar.add("a", size * size, 4)
    ar.add("b", size, 4)

    def fan1(t):
        def fn(w, bx, by, lanes):
            rows = {l: 512 * bx + lanes[l][0] for l in range(32) if lanes[l]}
            rows = {l: g for l, g in rows.items() if g < size - 1 - t}
            act = sum(1 << l for l in rows)
            below = {l: size * (g + t + 1) + t for l, g in rows.items()}
            w.ld(0x108, act, "a", below)
            w.ld(0x110, act, "a", dict.fromkeys(rows, size * t + t))
            w.alu(0x118, act, 4)
            w.st(0x120, act, "m", below)
        return fn

    def fan2(t):
        def fn(w, bx, by, lanes):
            xy = {}
            for l in range(32):
                if lanes[l]:
                    x, y = 4 * bx + lanes[l][0], 4 * by + lanes[l][1]
                    if x < size - 1 - t and y < size - t:
                        xy[l] = (x, y)
            act = sum(1 << l for l in xy)
            tgt = {l: size * (x + 1 + t) + y + t for l, (x, y) in xy.items()}
            mult = {l: size * (x + 1 + t) + t for l, (x, y) in xy.items()}
            w.ld(0x208, act, "a", tgt)
            w.ld(0x210, act, "m", mult)
            w.ld(0x218, act, "a", {l: size * t + y + t for l, (x, y) in xy.items()})
            w.alu(0x220, act, 8)
            w.st(0x228, act, "a", tgt)
            first = [l for l, (x, y) in xy.items() if y == 0]
            m0 = sum(1 << l for l in first)
            bi = {l: xy[l][0] + 1 + t for l in first}
            w.ld(0x230, m0, "b", bi)
            w.ld(0x238, m0, "m", {l: size * (xy[l][0] + 1 + t) + t for l in first})
            w.ld(0x240, m0, "b", dict.fromkeys(first, t))
            w.alu(0x248, m0, 8)
            w.st(0x250, m0, "b", bi)
        return fn

    g2 = -(-size // 4)
    launches = []
    for t in range(size - 1):
        launches.append(gks.Launch("Fan1", (gks.ceil_div(size, 512), 1), (512, 1), 8, 0, fan1(t)))
        launches.append(gks.Launch("Fan2", (g2, g2), (4, 4), 12, 0, fan2(t)))
    return ar, launches
