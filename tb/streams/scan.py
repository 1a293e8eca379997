"""SHOC level1 Scan (scan_kernel.h reduce / scan_single_block / bottom_scan, Scan.cu
RunTest<float, float4>), from the CUDA source and docs/workloads/scan.md."""
import gks

CHECK_SCALE = 0.004
T, B = 256, 64
SEED = 2 * T * 4  # byte offset of __shared__ s_seed


def mask(lanes):
    return sum(1 << l for l in lanes)


def local_scan(w, base, tids):
    """scanLocalMem<float,256>: Kogge-Stone on s_data[256 + tid]"""
    m = mask(tids)
    top = {l: 4 * (T + t) for l, t in tids.items()}
    w.sst(base, m, {l: 4 * t for l, t in tids.items()})
    w.sst(base + 8, m, top)
    w.bar(base + 16, m)
    pc = base + 24
    for off in (1, 2, 4, 8, 16, 32, 64, 128):
        w.sld(pc, m, {l: a - 4 * off for l, a in top.items()})
        w.bar(pc + 8, m)
        w.sld(pc + 16, m, top)
        w.alu(pc + 24, m, 4)
        w.sst(pc + 32, m, top)
        w.bar(pc + 40, m)
        pc += 48
    w.sld(base + 0x198, m, {l: a - 4 for l, a in top.items()})


def build(scale, seed):
    n = max(1024, int(262144 * scale + 0.5)) // 1024 * 1024
    iters = gks.scaled(256, scale, 1)
    ar = gks.Arrays()
    ar.add("idata", n, 4)
    ar.add("odata", n, 4)
    ar.add("block_sums", B, 4)

    def tids_of(lanes):
        return {l: lanes[l][2] for l in range(32) if lanes[l]}

    def reduce_(w, bx, by, lanes):
        tids = tids_of(lanes)
        region = (n // 4 // B) * 4
        lo = bx * region
        hi = n if bx == B - 1 else lo + region
        k = 0
        while True:
            on = {l: lo + t + k * T for l, t in tids.items() if lo + t + k * T < hi}
            if not on:
                break
            w.ld(0x108, mask(on), "idata", on)
            w.alu(0x110, mask(on), 4)
            k += 1
        every = mask(tids)
        w.sst(0x118, every, {l: 4 * t for l, t in tids.items()})
        w.bar(0x120, every)
        steps = [(0x128, 128), (0x150, 64)] + [(0x178 + 0x20 * j, 32 >> j) for j in range(6)]
        for j, (pc, s) in enumerate(steps):
            act = {l: t for l, t in tids.items() if t < (s if s >= 64 else 32)}
            w.sld(pc, mask(act), {l: 4 * t for l, t in act.items()})
            w.sld(pc + 8, mask(act), {l: 4 * (t + s) for l, t in act.items()})
            w.alu(pc + 16, mask(act), 4)
            w.sst(pc + 24, mask(act), {l: 4 * t for l, t in act.items()})
            if s >= 64:
                w.bar(pc + 32, every)
        zero = [l for l, t in tids.items() if t == 0]
        w.sld(0x238, mask(zero), {l: 0 for l in zero})
        w.st(0x240, mask(zero), "block_sums", {l: bx for l in zero})

    def top(w, bx, by, lanes):
        tids = tids_of(lanes)
        sums = {l: t for l, t in tids.items() if t < B}
        w.ld(0x308, mask(sums), "block_sums", sums)
        local_scan(w, 0x310, tids)
        w.st(0x4b0, mask(sums), "block_sums", sums)

    def bottom(w, bx, by, lanes):
        tids = tids_of(lanes)
        every = mask(tids)
        n4 = n // 4
        region = n4 // B
        lo = bx * region
        hi = n4 if bx == B - 1 else lo + region
        first = [l for l, t in tids.items() if t == 0]
        lastl = [l for l, t in tids.items() if t == T - 1]
        w.ld(0x508, mask(first), "block_sums", {l: bx for l in first})
        w.sst(0x510, mask(first), {l: SEED for l in first})
        w.bar(0x518, every)
        for win in range(lo, hi, T):
            vec = {l: win + t for l, t in tids.items() if win + t < hi}
            el = {l: 4 * v for l, v in vec.items()}
            w.ld(0x520, mask(vec), "idata", el)
            w.alu(0x528, every, 12)
            local_scan(w, 0x530, tids)
            w.sld(0x6d0, every, {l: SEED for l in tids})
            w.alu(0x6d8, every, 8)
            w.st(0x6e0, mask(vec), "odata", el)
            w.bar(0x6e8, every)
            w.sst(0x6f0, mask(lastl), {l: SEED for l in lastl})

    launches = []
    for _ in range(iters):
        launches.append(gks.Launch("reduce", (B, 1), (T, 1), 14, T * 4, reduce_))
        launches.append(gks.Launch("scan_single_block", (1, 1), (T, 1), 10, 2 * T * 4, top))
        launches.append(gks.Launch("bottom_scan", (B, 1), (T, 1), 20, 2 * T * 4 + 4, bottom))
    return ar, launches
