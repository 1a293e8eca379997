"""CUDA SDK convolutionSeparable (convolutionSeparable.cu convolutionRowsKernel,
convolutionColumnsKernel; main.cpp host loop), from the CUDA source and
docs/workloads/convsep.md."""
import gks

R = 8
CHECK_SCALE = 0.007  # 256 x 256 image (right and lower halos loaded), 1 iteration + warm-up


def geometry(scale):
    k = 0  # 24 sqrt(scale) rounded, as the k whose (k + 1/2)^2 first exceeds 576 scale
    while (k + 0.5) ** 2 <= 576.0 * scale:
        k += 1
    side = max(128, 128 * k)
    return side, side, gks.scaled(16, scale, 1)


def build(scale, seed):
    W, H, iters = geometry(scale)
    ar = gks.Arrays()
    for name in ("d_Input", "d_Output", "d_Buffer"):
        ar.add(name, W * H, 4)

    def rows(src, dst):
        # tile: 4 rows of 10 x 16 pixels (halo, 8 results, halo) starting 16 left of the block's 128
        def fn(w, bx, by, lanes):
            th = {l: (v[0], v[1]) for l, v in enumerate(lanes) if v}
            every = sum(1 << l for l in th)
            x0 = {l: (bx * 8 - 1) * 16 + tx for l, (tx, ty) in th.items()}
            row = {l: (by * 4 + ty) * W for l, (tx, ty) in th.items()}
            g = lambda step: {l: row[l] + x0[l] + 16 * step for l in th}
            s = lambda step, d=0: {l: 4 * (ty * 160 + tx + 16 * step + d) for l, (tx, ty) in th.items()}
            for step in range(1, 9):
                w.ld(0x108, every, src, g(step))
                w.sst(0x110, every, s(step))
            w.ld(0x118, sum(1 << l for l in th if x0[l] >= 0), src, g(0))
            w.sst(0x120, every, s(0))
            w.ld(0x128, sum(1 << l for l in th if W - x0[l] > 144), src, g(9))
            w.sst(0x130, every, s(9))
            w.bar(0x138, every)
            for step in range(1, 9):
                for d in range(-R, R + 1):
                    w.sld(0x140, every, s(step, d))
                    w.alu(0x148, every, 4)
                w.st(0x150, every, dst, g(step))
        return fn

    def cols(src, dst):
        # tile: 16 columns of 10 x 8 pixels (halo, 8 results, halo), shared s_Data[16][81]
        def fn(w, bx, by, lanes):
            th = {l: (v[0], v[1]) for l, v in enumerate(lanes) if v}
            every = sum(1 << l for l in th)
            y0 = {l: (by * 8 - 1) * 8 + ty for l, (tx, ty) in th.items()}
            col = {l: bx * 16 + tx for l, (tx, ty) in th.items()}
            g = lambda step: {l: (y0[l] + 8 * step) * W + col[l] for l in th}
            s = lambda step, d=0: {l: 4 * (tx * 81 + ty + 8 * step + d) for l, (tx, ty) in th.items()}
            for step in range(1, 9):
                w.ld(0x208, every, src, g(step))
                w.sst(0x210, every, s(step))
            w.ld(0x218, sum(1 << l for l in th if y0[l] >= 0), src, g(0))
            w.sst(0x220, every, s(0))
            w.ld(0x228, sum(1 << l for l in th if H - y0[l] > 72), src, g(9))
            w.sst(0x230, every, s(9))
            w.bar(0x238, every)
            for step in range(1, 9):
                for d in range(-R, R + 1):
                    w.sld(0x240, every, s(step, d))
                    w.alu(0x248, every, 4)
                w.st(0x250, every, dst, g(step))
        return fn

    launches = []
    for _ in range(iters + 1):  # warm-up (i = -1) and the timed iterations
        launches.append(gks.Launch("convolutionRowsKernel", (W // 128, H // 4), (16, 4), 16, 2560,
                                   rows("d_Input", "d_Buffer")))
        launches.append(gks.Launch("convolutionColumnsKernel", (W // 16, H // 64), (16, 8), 16, 5184,
                                   cols("d_Buffer", "d_Output")))
    return ar, launches
