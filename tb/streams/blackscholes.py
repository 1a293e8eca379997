"""CUDA SDK BlackScholes (BlackScholes_kernel.cuh BlackScholesGPU, BlackScholes.cu host
loop), from the CUDA source and docs/workloads/blackscholes.md."""
import gks

CHECK_SCALE = 0.004  # 16000 options (63 blocks, the last partial), 2 launches
ALU_CHAIN = ((0x120, 28), (0x128, 48), (0x130, 16), (0x138, 28), (0x140, 48), (0x148, 16))


def build(scale, seed):
    opt_n = gks.scaled(4000000, scale, 256) // 2 * 2
    launches_n = gks.scaled(512, scale, 1)
    pairs = opt_n // 2  # float2 elements
    ar = gks.Arrays()
    for name in ("d_CallResult", "d_PutResult", "d_StockPrice", "d_OptionStrike", "d_OptionYears"):
        ar.add(name, pairs, 8)

    def warp(w, bx, by, lanes):
        opt = {l: 128 * bx + v[0] for l, v in enumerate(lanes) if v and 128 * bx + v[0] < pairs}
        m = sum(1 << l for l in opt)
        for pc, name in ((0x108, "d_StockPrice"), (0x110, "d_OptionStrike"), (0x118, "d_OptionYears")):
            w.ld(pc, m, name, opt)
        for pc, lat in ALU_CHAIN:
            w.alu(pc, m, lat)
        w.st(0x150, m, "d_CallResult", opt)
        w.st(0x158, m, "d_PutResult", opt)

    grid = gks.ceil_div(pairs, 128)
    return ar, [gks.Launch("BlackScholesGPU", (grid, 1), (128, 1), 24, 0, warp) for _ in range(launches_n)]
