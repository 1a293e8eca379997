"""Rodinia 3.1 particle filter, naive CUDA version (ex_particle_CUDA_naive_seq.cu
`kernel`), from the CUDA source and docs/workloads/particlefilter.md. The host filter is
rerun here (video, motion, likelihood, CDF) to know each thread's resampling index."""
import bisect
import math

import gks

CHECK_SCALE = 0.1
PI = 3.1415926535897932
M = 2147483647


class Lcg:
    def __init__(self, n, seed):
        self.s = [self.i32(seed * i) for i in range(n)]

    @staticmethod
    def i32(v):
        v &= 0xFFFFFFFF
        return v - (1 << 32) if v >> 31 else v

    def randu(self, i):
        num = self.i32(1103515245 * self.s[i] + 12345)
        r = abs(num) % M
        self.s[i] = -r if num < 0 else r  # C's remainder keeps the dividend's sign
        return abs(self.s[i] / float(M))

    def randn(self, i):
        u = self.randu(i)
        v = self.randu(i)
        return math.sqrt(-2 * math.log(u)) * math.cos(2 * PI * v)


def build(scale, seed):
    X, Y, F, R = 128, 128, 10, 5
    n = gks.scaled(1000, scale, 32)
    rng = Lcg(n, seed)
    # video: a disk moving one pixel in x and two in y per frame
    ones = [(Y // 2, X // 2, 0)]
    for k in range(1, F):
        pos = abs(X // 2 - 2 * (k - 1)) * Y * F + abs(Y // 2 + k - 1) * F + k
        pos = 0 if pos >= X * Y * F else pos
        ones.append((pos // (Y * F), pos // F % Y, pos % F))
    fg = set()
    for (cx, cy, z) in ones:
        for a in range(max(cx - R, 0), min(cx + R, X)):
            for b in range(max(cy - R, 0), min(cy + R, Y)):
                if math.sqrt(float((a - cx) ** 2) + float((b - cy) ** 2)) < R:
                    fg.add(a * Y * F + b * F + z)
    img = [228 if p in fg else 100 for p in range(X * Y * F)]
    for p in range(X * Y * F):
        img[p] += int(5 * rng.randn(0))
    disk = [(x - R + 1, y - R + 1) for x in range(2 * R - 1) for y in range(2 * R - 1)
            if math.sqrt(float((x - R + 1) ** 2) + float((y - R + 1) ** 2)) < R]
    px = [float(Y // 2)] * n
    py = [float(X // 2)] * n
    frames = []
    for k in range(1, F):
        for i in range(n):
            px[i] = px[i] + 1.0 + 5.0 * rng.randn(i)
            py[i] = py[i] - 2.0 + 2.0 * rng.randn(i)
        w = []
        for i in range(n):
            bx, by = int(px[i]), int(py[i])
            s = 0.0
            for (dx, dy) in disk:
                ind = abs((bx + dx) * Y * F + (by + dy) * F + k)
                v = img[0 if ind >= X * Y * F else ind]
                s += (float((v - 100) ** 2) - float((v - 228) ** 2)) / 50.0
            w.append((1 / float(n)) * math.exp(s / len(disk)))
        tot = 0.0
        for v in w:
            tot += v
        w = [v / tot for v in w]
        cdf, acc = [], None
        for v in w:
            acc = v if acc is None else v + acc
            cdf.append(acc)
        u1 = (1 / float(n)) * rng.randu(0)
        pick = [min(bisect.bisect_left(cdf, u1 + i / float(n)), n - 1) for i in range(n)]
        frames.append(pick)
        px = [px[j] for j in pick]
        py = [py[j] for j in pick]

    ar = gks.Arrays()
    for name in ("arrayX", "arrayY", "xj", "yj", "CDF", "u"):
        ar.add(name, n, 8)

    def launch(pick):
        def fn(w, bx, by, lanes):
            me = {l: bx * 128 + lanes[l][0] for l in range(32) if lanes[l] and bx * 128 + lanes[l][0] < n}
            m = sum(1 << l for l in me)
            w.ld(0x108, m, "u", me)
            steps = {l: pick[i] + 1 for l, i in me.items()}
            for x in range(max(steps.values(), default=0)):
                on = sum(1 << l for l in me if steps[l] > x)
                w.ld(0x110, on, "CDF", {l: x for l in range(32)})
                w.alu(0x118, on, 4)
            src = {l: pick[i] for l, i in me.items()}
            w.ld(0x120, m, "arrayX", src)
            w.st(0x128, m, "xj", me)
            w.ld(0x130, m, "arrayY", src)
            w.st(0x138, m, "yj", me)
        return fn

    return ar, [gks.Launch("kernel", (gks.ceil_div(n, 128), 1), (128, 1), 14, 0, launch(p)) for p in frames]
