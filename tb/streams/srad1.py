"""Rodinia 3.1 SRAD v1 (srad/srad_v1: main.cu and the extract, prepare, reduce, srad,
srad2, compress kernels), from the CUDA source and docs/workloads/srad1.md."""
import gks

NT = 512
NITER = 100
CHECK_SCALE = 0.02
ORDER = ["d_I", "d_iN", "d_iS", "d_jE", "d_jW", "d_sums", "d_sums2", "d_dN", "d_dS", "d_dW", "d_dE", "d_c"]


def build(scale, seed):
    nr, nc = gks.scaled(502, scale, 4), gks.scaled(458, scale, 4)
    ne = nr * nc
    ar = gks.Arrays()
    for name in ORDER:
        ar.add(name, nr if name in ("d_iN", "d_iS") else nc if name in ("d_jE", "d_jW") else ne, 4)
    north = [max(r - 1, 0) for r in range(nr)]
    south = [min(r + 1, nr - 1) for r in range(nr)]
    west = [max(q - 1, 0) for q in range(nc)]
    east = [min(q + 1, nc - 1) for q in range(nc)]

    def threads(bx, lanes, limit):
        """{lane: ei} of the lanes with ei < limit, and their mask"""
        ids = {l: bx * NT + p[0] for l, p in enumerate(lanes) if p}
        live = {l: e for l, e in ids.items() if e < limit}
        return live, sum(1 << l for l in live)

    def place(e):  # (row, col) of element e, column-major
        return e % nr, e // nr

    def elementwise(k, alu):
        def fn(w, bx, by, lanes):
            ei, m = threads(bx, lanes, ne)
            w.ld(k + 0x08, m, "d_I", ei)
            w.alu(k + 0x10, m, alu)
            w.st(k + 0x18, m, "d_I", ei)
        return fn

    def prepare(w, bx, by, lanes):
        ei, m = threads(bx, lanes, ne)
        w.ld(0x208, m, "d_I", ei)
        w.st(0x210, m, "d_sums", ei)
        w.ld(0x218, m, "d_I", ei)
        w.alu(0x220, m, 4)
        w.st(0x228, m, "d_sums2", ei)

    def reduce(no, mul, nblocks):
        def fn(w, bx, by, lanes):
            txs = {l: p[0] for l, p in enumerate(lanes) if p}
            every = sum(1 << l for l in txs)
            ei, m = threads(bx, lanes, no)
            p1 = {l: 4 * t for l, t in txs.items()}
            p2 = {l: 4 * (NT + t) for l, t in txs.items()}
            w.ld(0x308, m, "d_sums", {l: e * mul for l, e in ei.items()})
            w.sst(0x310, m, p1)
            w.ld(0x318, m, "d_sums2", {l: e * mul for l, e in ei.items()})
            w.sst(0x320, m, p2)
            w.bar(0x328, every)
            nf = NT - (nblocks * NT - no)
            last = bx == nblocks - 1
            sink = bx * mul * NT

            def tree(pc, bar, width, cond):
                i = 2
                while i <= width:
                    s = sum(1 << l for l, t in txs.items() if (t + 1) % i == 0 and cond(t))
                    h = i // 2
                    for base in (0, NT):
                        off = 0x20 if base else 0
                        w.sld(pc + off, s, {l: 4 * (base + t) for l, t in txs.items()})
                        w.sld(pc + off + 0x08, s, {l: 4 * (base + t - h) for l, t in txs.items()})
                        w.alu(pc + off + 0x10, s, 4)
                        w.sst(pc + off + 0x18, s, {l: 4 * (base + t) for l, t in txs.items()})
                    w.bar(bar, every)
                    i *= 2

            def finish(pc, who):
                one = sum(1 << l for l, t in txs.items() if t == who)
                w.sld(pc, one, p1)
                w.st(pc + 0x08, one, "d_sums", {l: sink for l in txs})
                w.sld(pc + 0x10, one, p2)
                w.st(pc + 0x18, one, "d_sums2", {l: sink for l in txs})
                return one

            if nf == NT or not last:
                tree(0x330, 0x370, NT, lambda t: True)
                finish(0x378, NT - 1)
                return
            df = max([1 << k for k in range(1, 10) if nf >= 1 << k] or [0])
            tree(0x398, 0x3d8, df, lambda t: t < df)
            one = sum(1 << l for l, t in txs.items() if t == df - 1)
            if one:
                for i in range(bx * NT + df, bx * NT + nf):
                    for base, arr, pc in ((0, "d_sums", 0x3e0), (NT, "d_sums2", 0x400)):
                        w.sld(pc, one, {l: 4 * (base + df - 1) for l in txs})
                        w.ld(pc + 0x08, one, arr, {l: i for l in txs})
                        w.alu(pc + 0x10, one, 4)
                        w.sst(pc + 0x18, one, {l: 4 * (base + df - 1) for l in txs})
            finish(0x420, df - 1)
        return fn

    def srad(w, bx, by, lanes):
        ei, m = threads(bx, lanes, ne)
        rc = {l: place(e) for l, e in ei.items()}
        w.ld(0x508, m, "d_I", ei)
        w.ld(0x510, m, "d_iN", {l: r for l, (r, q) in rc.items()})
        w.ld(0x518, m, "d_I", {l: north[r] + nr * q for l, (r, q) in rc.items()})
        w.ld(0x520, m, "d_iS", {l: r for l, (r, q) in rc.items()})
        w.ld(0x528, m, "d_I", {l: south[r] + nr * q for l, (r, q) in rc.items()})
        w.ld(0x530, m, "d_jW", {l: q for l, (r, q) in rc.items()})
        w.ld(0x538, m, "d_I", {l: r + nr * west[q] for l, (r, q) in rc.items()})
        w.ld(0x540, m, "d_jE", {l: q for l, (r, q) in rc.items()})
        w.ld(0x548, m, "d_I", {l: r + nr * east[q] for l, (r, q) in rc.items()})
        w.alu(0x550, m, 60)
        for pc, arr in ((0x558, "d_dN"), (0x560, "d_dS"), (0x568, "d_dE"), (0x570, "d_dW"), (0x578, "d_c")):
            w.st(pc, m, arr, ei)

    def srad2(w, bx, by, lanes):
        ei, m = threads(bx, lanes, ne)
        rc = {l: place(e) for l, e in ei.items()}
        w.ld(0x608, m, "d_c", ei)
        w.ld(0x610, m, "d_iS", {l: r for l, (r, q) in rc.items()})
        w.ld(0x618, m, "d_c", {l: south[r] + nr * q for l, (r, q) in rc.items()})
        w.ld(0x620, m, "d_jE", {l: q for l, (r, q) in rc.items()})
        w.ld(0x628, m, "d_c", {l: r + nr * east[q] for l, (r, q) in rc.items()})
        for pc, arr in ((0x630, "d_dN"), (0x638, "d_dS"), (0x640, "d_dE"), (0x648, "d_dW")):
            w.ld(pc, m, arr, ei)
        w.alu(0x650, m, 16)
        w.ld(0x658, m, "d_I", ei)
        w.alu(0x660, m, 8)
        w.st(0x668, m, "d_I", ei)

    nb = gks.ceil_div(ne, NT)

    def launch(name, fn, grid=nb, regs=8, smem=0):
        return gks.Launch(name, (grid, 1), (NT, 1), regs, smem, fn)

    out = [launch("extract", elementwise(0x100, 12))]
    for _ in range(NITER):
        out.append(launch("prepare", prepare))
        grid, no, mul = nb, ne, 1
        while grid:
            out.append(launch("reduce", reduce(no, mul, grid), grid, 12, 2 * NT * 4))
            no, grid, mul = grid, (0 if grid == 1 else gks.ceil_div(grid, NT)), mul * NT
        out.append(launch("srad", srad, regs=20))
        out.append(launch("srad2", srad2, regs=19))
    out.append(launch("compress", elementwise(0x700, 12)))
    return ar, out
