"""Parboil histo, CUDA version (histo_prescan.cu, histo_intermediates.cu, histo_main.cu,
histo_final.cu, main.cu host loop), from the CUDA sources and docs/workloads/histo.md.
The dataset image is generated (docs/workloads/histo.md "Input")."""
import gks

CHECK_SCALE = 0.01   # 996 x 272 (the image floor), eye of 1 block row, 1 iteration
KB = 24
BPB = KB * 1024
BLOCK_X, THREADS = 14, 768
PT, PB = 512, 64
UNROLL = 16
CENTER = 1 << 20


def image(n, seed):
    r = gks.SplitMix(seed)
    out = []
    for _ in range(n):
        u = r.next()
        sel = u & 255
        if sel == 0:
            out.append(CENTER - 200000 + r.next() % 400000)
        elif sel < 16:
            out.append(CENTER - 30000 + r.next() % 60000)
        else:
            out.append(CENTER - 64 + ((((u >> 8) & 255) * ((u >> 16) & 255)) >> 8))
    return out


def bisect_sqrt(v):
    """the model's sqrtf (docs): 100 halvings of [0, max(v, 1)]"""
    if not v > 0:
        return 0.0
    lo, hi = 0.0, max(v, 1.0)
    for _ in range(100):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if mid * mid <= v else (lo, mid)
    return lo


def sat_u32(v):
    if v != v or v <= 0:
        return 0
    return min(int(v), 4294967295)


def eye(img, n):
    """histo_prescan_kernel's result, its arithmetic in double with the kernel's order"""
    stride = n // PB
    lo_all, hi_all = 4294967295, 0
    for b in range(PB):
        first, end = b * stride, b * stride + stride // 8
        avg, dev = [], []
        for t in range(PT):
            xs = [img[q] for q in range(first + t, end, PT)]
            if not xs:
                a = s = float("nan")
            else:
                a = 0.0
                for x in xs:
                    a += x
                a /= len(xs)
                s = 0.0
                for x in xs:
                    s += (x - a) * (x - a)
                s = bisect_sqrt(s / len(xs))
            avg.append(a)
            dev.append(s)
        half = PT // 2
        while half >= 2:
            for t in range(half):
                avg[t] += avg[t + half]
                dev[t] += dev[t + half]
            half //= 2
        a = (avg[0] + avg[1]) / PT
        s = (dev[0] + dev[1]) / PT
        lo_all = min(lo_all, sat_u32(a - 10 * s) // BPB)
        hi_all = max(hi_all, sat_u32(a + 10 * s) // BPB)
    return lo_all, hi_all


def build(scale, seed):
    W, hw, hh = 996, 256, 8192
    H = -(-gks.scaled(1040, scale, 272) // 16) * 16
    iters = gks.scaled(20, scale, 1)
    n = W * H
    pitch = (W + 1) // 2
    img = image(n, seed)
    ar = gks.Arrays()
    ar.add("input", (W + 1) // 2 * 2 * (-(-H // UNROLL) * UNROLL), 4)
    ar.add("ranges", 2, 4)
    ar.add("sm_mappings", n, 4)
    ar.add("global_subhisto", BLOCK_X * W * hh, 4)
    ar.add("global_histo", W * hh, 2)
    ar.add("global_overflow", W * hh, 4)
    ar.add("final_histo", W * hh, 1)
    rmin, rmax = eye(img, n)
    rows = rmax - rmin + 1

    # sm_mappings order: in each image row, even pixels first, then odd ones
    binof = [0] * n
    for y in range(H):
        row = img[y * W:(y + 1) * W]
        binof[y * W:(y + 1) * W] = row[0::2] + row[1::2]
    # the order-dependent atomics, applied in element order (docs)
    events = {}      # element -> {j: bin + j} overflow atomics (in the eye) or whether the global add happens
    sub = {}         # (bx, block row, word) -> 32-bit word
    gcount = {}
    for e, b in enumerate(binof):
        blk = b // BPB
        if rmin <= blk <= rmax:
            bx = (e % (THREADS * BLOCK_X)) // THREADS
            word = (b % BPB) >> 2
            key = (bx, blk, word)
            prev = sub.get(key, 0)
            shift = (b % 4) * 8
            sub[key] = (prev + (1 << shift)) & 0xFFFFFFFF
            extra = {}   # which of global_overflow[bin + j], j = 0..3, get an atomicAdd
            if (prev >> shift) & 255 == 255:
                extra[0] = b
                if shift < 24:
                    extra[1] = b + 1
                if shift < 16 and (prev >> (shift + 8)) & 255 == 255:
                    extra[2] = b + 2
                if shift < 8 and (prev >> (shift + 16)) & 255 == 255:
                    extra[3] = b + 3
            events[e] = extra
        else:
            c = gcount.get(b, 0)
            if c < 255:
                gcount[b] = c + 1
                events[e] = True
            else:
                events[e] = False

    def lanes_of(lanes):
        return {l: v[0] for l, v in enumerate(lanes) if v}

    def prescan(w, bx, by, lanes):
        T = lanes_of(lanes)
        every = sum(1 << l for l in T)
        stride = n // PB
        first, end = bx * stride, bx * stride + stride // 8
        for pcs, lat in (((0x108, 0x110, 0x118, 0x120), 4), ((0x128, 0x130, 0x138, 0x140), 8)):
            k = 0
            while True:
                a = {l: first + t + k * PT for l, t in T.items() if first + t + k * PT < end}
                if not a:
                    break
                m = sum(1 << l for l in a)
                w.ld(pcs[0], m, "input", a)
                w.alu(pcs[1], m, lat)
                k += 1
            w.alu(pcs[2], every, lat)
            base = 0 if pcs[0] == 0x108 else PT
            w.sst(pcs[3], every, {l: 4 * (base + t) for l, t in T.items()})
        for s in (256, 128, 64, 32, 16, 8, 4, 2):
            if s >= 32:
                w.bar(0x148, every)
            m = sum(1 << l for l, t in T.items() if t < s)
            for base, pc in ((0, 0x150), (PT, 0x170)):
                w.sld(pc, m, {l: 4 * (base + t) for l, t in T.items()})
                w.sld(pc + 8, m, {l: 4 * (base + t + s) for l, t in T.items()})
                w.alu(pc + 16, m, 4)
                w.sst(pc + 24, m, {l: 4 * (base + t) for l, t in T.items()})
        zero = sum(1 << l for l, t in T.items() if t == 0)
        for pc, word in ((0x190, 0), (0x198, 1), (0x1a0, PT), (0x1a8, PT + 1)):
            w.sld(pc, zero, {l: 4 * word for l in range(32)})
        w.alu(0x1b0, zero, 24)
        w.atom(0x1b8, zero, "ranges", {l: 0 for l in range(32)})
        w.atom(0x1c0, zero, "ranges", {l: 1 for l in range(32)})

    def inter(w, bx, by, lanes):
        T = lanes_of(lanes)
        every = sum(1 << l for l in T)
        keep = sum(1 << l for l, t in T.items() if not (W % 2 and t == pitch - 1))
        for i in range(UNROLL):
            line = bx * UNROLL + i
            w.ld(0x208, every, "input", {l: 2 * (line * pitch + t) for l, t in T.items()})
            w.alu(0x210, every, 8)
            w.st(0x218, every, "sm_mappings", {l: line * W + t for l, t in T.items()})
            w.alu(0x220, keep, 8)
            w.st(0x228, keep, "sm_mappings", {l: line * W + t + pitch for l, t in T.items()})

    def main(w, bx, by, lanes):
        T = lanes_of(lanes)
        every = sum(1 << l for l in T)
        mine = rmin + by
        for i in range(BPB // 4 // THREADS):
            w.sst(0x308, every, {l: 4 * (t + i * THREADS) for l, t in T.items()})
        w.bar(0x310, every)
        pc = 0x318 if by == 0 else 0x368
        k = 0
        while True:
            el = {l: bx * THREADS + t + k * THREADS * BLOCK_X for l, t in T.items()}
            el = {l: e for l, e in el.items() if e < n}
            if not el:
                break
            k += 1
            bins = {l: binof[e] for l, e in el.items()}
            here = {l for l in el if bins[l] // BPB == mine}
            w.ld(pc, sum(1 << l for l in el), "sm_mappings", el)
            sh = {l: 4 * ((bins[l] % BPB) >> 2) for l in el}
            hm = sum(1 << l for l in here)
            w.sld(pc + 8, hm, sh)
            w.sst(pc + 16, hm, sh)
            w.alu(pc + 24, hm, 8)
            for j in range(4):
                lj = [l for l in here if j in events[el[l]]]
                w.atom(pc + 32 + 8 * j, sum(1 << l for l in lj), "global_overflow",
                       {l: events[el[l]][j] for l in lj})
            if by == 0:
                outside = [l for l in el if not rmin <= bins[l] // BPB <= rmax]
                short = {l: bins[l] // 2 * 2 for l in outside}
                w.ld(0x358, sum(1 << l for l in outside), "global_histo", short)
                w.atom(0x360, sum(1 << l for l in outside if events[el[l]]), "global_histo", short)
        w.bar(0x3a8, every)
        store = bx * (hh * hw // 4) + mine * BPB // 4
        for i in range(BPB // 4 // THREADS):
            w.sld(0x3b0, every, {l: 4 * (t + i * THREADS) for l, t in T.items()})
            w.st(0x3b8, every, "global_subhisto", {l: store + t + i * THREADS for l, t in T.items()})

    def final(w, bx, by, lanes):
        T = lanes_of(lanes)
        total = BLOCK_X * 3 * 512
        low, mid = rmin * BPB, rows * BPB
        regions = ((0, low // 4, 0x408), (low // 4, (low + mid) // 4, None), ((low + mid) // 4, hh * hw // 4, 0x458))
        for lo, hi, pc in regions:
            first = {l: lo + t + bx * 512 for l, t in T.items()}
            step = 0
            while True:
                idx = {l: f + step * total for l, f in first.items() if f + step * total < hi}
                if not idx:
                    break
                step += 1
                m = sum(1 << l for l in idx)
                x4 = {l: 4 * i for l, i in idx.items()}
                if pc:
                    w.ld(pc, m, "global_histo", x4)
                    w.st(pc + 8, m, "global_histo", x4)
                    w.alu(pc + 16, m, 4)
                    w.st(pc + 24, m, "final_histo", x4)
                else:
                    w.ld(0x428, m, "global_overflow", x4)
                    w.st(0x430, m, "global_overflow", x4)
                    for j in range(BLOCK_X):
                        w.ld(0x438, m, "global_subhisto", {l: i + j * hh * hw // 4 for l, i in idx.items()})
                        w.alu(0x440, m, 4)
                    w.alu(0x448, m, 4)
                    w.st(0x450, m, "final_histo", x4)

    launches = []
    for _ in range(iters):
        launches += [gks.Launch("histo_prescan_kernel", (PB, 1), (PT, 1), 16, 2 * PT * 4, prescan),
                     gks.Launch("histo_intermediates_kernel", (-(-H // UNROLL), 1), (pitch, 1), 12, 0, inter),
                     gks.Launch("histo_main_kernel", (BLOCK_X, rows), (THREADS, 1), 20, BPB, main),
                     gks.Launch("histo_final_kernel", (BLOCK_X * 3, 1), (512, 1), 24, 0, final)]
    return ar, launches
