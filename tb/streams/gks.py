"""gks: what the independent stream models (tb/streams/<app>.py) share: the input
generators the suites use (glibc rand(), splitmix64), the device-array layout (cudaMalloc
order from 0x10000000, 256-byte aligned) and the stream's text form, the one
tb/bin/kstream prints (docs/workloads.md "Streams").

A model is a module with `build(scale, seed)` returning a Model; `Model.lines()` yields
the stream's lines. Models are written from the CUDA sources and docs/workloads.md,
not from the C generators in cmodel/gpu/apps/."""

BASE0 = 0x10000000
ALIGN = 256
M64 = (1 << 64) - 1


class GlibcRand:
    """rand() of glibc: the TYPE_3 additive feedback generator r[i] = r[i-31] + r[i-3]."""

    def __init__(self, seed):
        seed = seed & 0xFFFFFFFF or 1
        r = [0] * 34
        r[0] = seed if seed < 2**31 else seed - 2**32
        for i in range(1, 31):
            r[i] = 16807 * r[i - 1] % 2147483647  # the residue in [0, 2^31 - 1), as glibc's Schrage step
        for i in range(31, 34):
            r[i] = r[i - 31]
        self.r = [x & 0xFFFFFFFF for x in r]
        for _ in range(310):
            self.rand()

    def rand(self):
        r = self.r
        v = (r[-31] + r[-3]) & 0xFFFFFFFF
        r.append(v)
        if len(r) > 64:
            del r[:-34]
        return v >> 1


class SplitMix:
    def __init__(self, seed):
        self.s = seed & M64

    def next(self):
        self.s = (self.s + 0x9E3779B97F4A7C15) & M64
        z = self.s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        return z ^ (z >> 31)

    def unif(self):
        return (self.next() >> 11) * (1.0 / 9007199254740992.0)


class Arrays:
    """Device arrays in cudaMalloc order: name -> (base, elems, esize)."""

    def __init__(self):
        self.next = BASE0
        self.a = {}

    def add(self, name, elems, esize):
        base = (self.next + ALIGN - 1) & ~(ALIGN - 1)
        self.a[name] = (base, elems, esize)
        self.next = base + elems * esize

    def addr(self, name, i):
        base, elems, esize = self.a[name]
        if not 0 <= i < elems:
            raise IndexError("%s[%d] outside its %d elements" % (name, i, elems))
        return base + i * esize


class Warp:
    """One warp's instructions as text lines; lanes are 0..31, masks ints."""

    def __init__(self, arrays, smem=0):
        self.ar = arrays
        self.smem = smem
        self.out = []

    def alu(self, pc, mask, lat):
        if mask:
            self.out.append("ALU %x %08x %d" % (pc, mask, max(1, min(255, lat))))

    def bar(self, pc, mask):
        if mask:
            self.out.append("BAR %x %08x" % (pc, mask))

    def _mem(self, kind, pc, mask, addrs):
        if mask:
            self.out.append("%s %x %08x %s" % (kind, pc, mask, " ".join("%x" % a for a in addrs)))

    def glob(self, kind, pc, mask, name, idx):
        """idx: {lane: element index} for the lanes in mask"""
        lanes = [l for l in range(32) if mask >> l & 1]
        self._mem(kind, pc, mask, [self.ar.addr(name, idx[l]) for l in lanes])

    def ld(self, pc, mask, name, idx):
        self.glob("LD", pc, mask, name, idx)

    def st(self, pc, mask, name, idx):
        self.glob("ST", pc, mask, name, idx)

    def atom(self, pc, mask, name, idx):
        self.glob("ATOM", pc, mask, name, idx)

    def shared(self, kind, pc, mask, off):
        lanes = [l for l in range(32) if mask >> l & 1]
        for l in lanes:
            if not 0 <= off[l] <= self.smem - 4:
                raise IndexError("shared byte %d outside %d" % (off[l], self.smem))
        self._mem(kind, pc, mask, [off[l] for l in lanes])

    def sld(self, pc, mask, off):
        self.shared("SLD", pc, mask, off)

    def sst(self, pc, mask, off):
        self.shared("SST", pc, mask, off)


def ceil_div(n, b):
    return (n + b - 1) // b


def scaled(dflt, scale, lo):
    return max(lo, int(dflt * scale + 0.5))


class Launch:
    def __init__(self, kernel, grid, block, regs, smem, warp_fn):
        self.kernel, self.grid, self.block, self.regs, self.smem = kernel, grid, block, regs, smem
        self.warp_fn = warp_fn  # warp_fn(w: Warp, bx, by, lanes) with lanes a list of (tx, ty) or None


def stream(arrays, launches):
    """the text kstream prints for these launches"""
    for li, L in enumerate(launches):
        gx, gy = L.grid
        bx_, by_ = L.block
        yield "L %d %s grid %d %d block %d %d regs %d smem %d" % (li, L.kernel, gx, gy, bx_, by_, L.regs, L.smem)
        tpb = bx_ * by_
        for by in range(gy):
            for bx in range(gx):
                for wi in range((tpb + 31) // 32):
                    lanes = []
                    for l in range(32):
                        t = wi * 32 + l
                        lanes.append((t % bx_, t // bx_, t) if t < tpb else None)
                    w = Warp(arrays, L.smem)
                    L.warp_fn(w, bx, by, lanes)
                    yield "W %d %d %d %d" % (li, bx, by, wi)
                    yield from w.out
