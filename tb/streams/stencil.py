"""Parboil stencil, CUDA version (kernels.cu block2D_hybrid_coarsen_x, main.cu host
loop), from the CUDA source and docs/workloads/stencil.md."""
import gks

CHECK_SCALE = 0.017  # 67 x 67 x 64: two blocks in x (both x-edge global loads), partial halves; 2 launches (the swap)
NZ = 64


def build(scale, seed):
    k = 0  # 512 sqrt(scale) rounded: the first k with (k + 1/2)^2 > 512^2 scale
    while (k + 0.5) ** 2 <= 262144.0 * scale:
        k += 1
    nx = ny = max(3, k)
    iters = gks.scaled(100, scale, 1)
    ar = gks.Arrays()
    ar.add("d_A0", nx * ny * NZ, 4)
    ar.add("d_Anext", nx * ny * NZ, 4)
    ix = lambda i, j, k: i + nx * (j + ny * k)

    def kernel(src, dst):
        def fn(w, bx, by, lanes):
            T = {l: (v[0], v[1]) for l, v in enumerate(lanes) if v}
            bits = lambda pred: sum(1 << l for l in T if pred(l))
            every = bits(lambda l: True)
            j = {l: by * 4 + ty for l, (tx, ty) in T.items()}
            # the two coarsened halves: (first PC of the half's loop block, column, smem word, x-bound lane, x step)
            halves = []
            for h in (0, 1):
                col = {l: bx * 64 + tx + 32 * h for l, (tx, ty) in T.items()}
                sh = {l: tx + 32 * h + 64 * ty for l, (tx, ty) in T.items()}
                inside = bits(lambda l: col[l] < nx and j[l] < ny)
                if h == 0:
                    wr = bits(lambda l: 0 < col[l] < nx - 1 and 0 < j[l] < ny - 1)
                    xb, dx = bits(lambda l: T[l][0] == 0), -1
                else:
                    wr = bits(lambda l: col[l] < nx - 1 and 0 < j[l] < ny - 1)
                    xb, dx = bits(lambda l: T[l][0] == 31), +1
                halves.append((col, sh, inside, wr, xb, dx))
            yh = bits(lambda l: T[l][1] == 3)
            yl = bits(lambda l: T[l][1] == 0)
            S = lambda sh, d=0: {l: 4 * (sh[l] + d) for l in sh}
            shared = [{d: S(hv[1], d) for d in (-64, -1, 0, 1, 64)} for hv in halves]
            w.sst(0x108, every, S(halves[0][1]))
            w.sst(0x110, every, S(halves[1][1]))
            w.bar(0x118, every)
            for h, (col, sh, inside, _, _, _) in enumerate(halves):
                pc = 0x120 + 0x18 * h
                w.ld(pc, inside, src, {l: ix(col[l], j[l], 0) for l in T})
                w.ld(pc + 8, inside, src, {l: ix(col[l], j[l], 1) for l in T})
                w.sst(pc + 16, inside, S(sh))
            w.bar(0x150, every)
            for k in range(1, NZ - 1):
                plane = k * nx * ny
                for h, (col, sh, inside, wr, xb, dx) in enumerate(halves):
                    pc = 0x158 + 0x58 * h
                    here = {l: ix(col[l], j[l], 0) + plane for l in T}
                    w.ld(pc, inside, src, {l: v + nx * ny for l, v in here.items()})
                    # a_up, a_down, a_left_right: the block's edge lanes read global, the others shared
                    for n, (edge, step, ds) in enumerate(((yh, nx, 64), (yl, -nx, -64), (xb, dx, dx))):
                        w.ld(pc + 8 + 16 * n, wr & edge, src, {l: v + step for l, v in here.items()})
                        w.sld(pc + 16 + 16 * n, wr & ~edge, shared[h][ds])
                    w.sld(pc + 0x38, wr, shared[h][-dx])
                    w.sld(pc + 0x40, wr, shared[h][0])
                    w.alu(pc + 0x48, wr, 28)
                    w.st(pc + 0x50, wr, dst, here)
                w.bar(0x208, every)
                for h, (_, sh, _, _, _, _) in enumerate(halves):
                    w.sld(0x210 + 16 * h, every, S(sh))
                    w.sst(0x218 + 16 * h, every, S(sh))
                w.bar(0x230, every)
        return fn

    launches = []
    names = ["d_A0", "d_Anext"]
    for t in range(iters):
        launches.append(gks.Launch("block2D_hybrid_coarsen_x", (gks.ceil_div(nx, 64), gks.ceil_div(ny, 4)), (32, 4),
                                   22, 1024, kernel(names[t % 2], names[1 - t % 2])))
    return ar, launches
