"""Rodinia 3.1 SRAD v2 (srad/srad_v2/srad.cu, srad_kernel.cu: srad_cuda_1,
srad_cuda_2), from the CUDA source and docs/workloads/srad.md."""
import gks

BS = 16
NITER = 2
CHECK_SCALE = 0.0625
NAMES = ("J_cuda", "C_cuda", "E_C", "W_C", "S_C", "N_C")


def tile(k, r, c):
    return 1024 * k + 4 * (BS * r + c)


def build(scale, seed):
    n = gks.scaled(1024, scale, BS) // BS * BS
    rows = cols = n
    size = rows * cols
    ar = gks.Arrays()
    for name in NAMES:
        ar.add(name, size, 4)
    gx, gy = cols // BS, rows // BS

    def fetch(w, pc, arr, idx, off):
        # the global read (lanes inside the array), then every lane's shared write
        inside = {l: i for l, i in idx.items() if 0 <= i < size}
        w.ld(pc, sum(1 << l for l in inside), arr, inside)
        w.sst(pc + 8, sum(1 << l for l in off), off)

    def k1(w, bx, by, lanes):
        th = {l: (p[0], p[1]) for l, p in enumerate(lanes) if p}
        full = sum(1 << l for l in th)
        corner = cols * BS * by + BS * bx
        idx = {l: corner + cols * ty + tx for l, (tx, ty) in th.items()}
        north = {l: tile(2, ty, tx) for l, (tx, ty) in th.items()}
        south = {l: tile(3, ty, tx) for l, (tx, ty) in th.items()}
        east = {l: tile(4, ty, tx) for l, (tx, ty) in th.items()}
        west = {l: tile(5, ty, tx) for l, (tx, ty) in th.items()}
        fetch(w, 0x108, "J_cuda", {l: corner + tx - cols for l, (tx, ty) in th.items()}, north)
        fetch(w, 0x118, "J_cuda", {l: corner + cols * BS + tx for l, (tx, ty) in th.items()}, south)
        if by == 0:
            fetch(w, 0x128, "J_cuda", {l: BS * bx + tx for l, (tx, ty) in th.items()}, north)
        elif by == gy - 1:
            fetch(w, 0x138, "J_cuda", {l: cols * BS * (gy - 1) + BS * bx + cols * (BS - 1) + tx
                                       for l, (tx, ty) in th.items()}, south)
        w.bar(0x148, full)
        fetch(w, 0x150, "J_cuda", {l: corner + cols * ty - 1 for l, (tx, ty) in th.items()}, west)
        fetch(w, 0x160, "J_cuda", {l: corner + cols * ty + BS for l, (tx, ty) in th.items()}, east)
        if bx == 0:
            fetch(w, 0x170, "J_cuda", {l: cols * BS * by + cols * ty for l, (tx, ty) in th.items()}, west)
        elif bx == gx - 1:
            fetch(w, 0x180, "J_cuda", {l: cols * BS * by + BS * (gx - 1) + cols * ty + BS - 1
                                       for l, (tx, ty) in th.items()}, east)
        w.bar(0x190, full)
        fetch(w, 0x198, "J_cuda", idx, {l: tile(0, ty, tx) for l, (tx, ty) in th.items()})
        w.bar(0x1a8, full)
        w.sld(0x1b0, full, {l: tile(0, ty, tx) for l, (tx, ty) in th.items()})
        w.sld(0x1b8, full, {l: tile(2, 0, tx) if ty == 0 else tile(0, ty - 1, tx) for l, (tx, ty) in th.items()})
        w.sld(0x1c0, full, {l: tile(3, ty, tx) if ty == BS - 1 else tile(0, ty + 1, tx) for l, (tx, ty) in th.items()})
        w.sld(0x1c8, full, {l: tile(5, ty, 0) if tx == 0 else tile(0, ty, tx - 1) for l, (tx, ty) in th.items()})
        w.sld(0x1d0, full, {l: tile(4, ty, tx) if tx == BS - 1 else tile(0, ty, tx + 1) for l, (tx, ty) in th.items()})
        w.alu(0x1d8, full, 60)
        res = {l: tile(1, ty, tx) for l, (tx, ty) in th.items()}
        w.sst(0x1e0, full, res)
        w.bar(0x1e8, full)
        w.sld(0x1f0, full, res)
        for pc, name in zip((0x1f8, 0x200, 0x208, 0x210, 0x218), ("C_cuda", "E_C", "W_C", "S_C", "N_C")):
            w.st(pc, full, name, idx)

    def k2(w, bx, by, lanes):
        th = {l: (p[0], p[1]) for l, p in enumerate(lanes) if p}
        full = sum(1 << l for l in th)
        corner = cols * BS * by + BS * bx
        idx = {l: corner + cols * ty + tx for l, (tx, ty) in th.items()}
        south_c = {l: tile(0, ty, tx) for l, (tx, ty) in th.items()}
        east_c = {l: tile(1, ty, tx) for l, (tx, ty) in th.items()}
        ctemp = {l: tile(2, ty, tx) for l, (tx, ty) in th.items()}
        cres = {l: tile(3, ty, tx) for l, (tx, ty) in th.items()}
        jt = {l: tile(4, ty, tx) for l, (tx, ty) in th.items()}
        fetch(w, 0x308, "J_cuda", idx, jt)
        w.bar(0x318, full)
        fetch(w, 0x320, "C_cuda", {l: corner + cols * BS + tx for l, (tx, ty) in th.items()}, south_c)
        if by == gy - 1:
            fetch(w, 0x330, "C_cuda", {l: cols * BS * (gy - 1) + BS * bx + cols * (BS - 1) + tx
                                       for l, (tx, ty) in th.items()}, south_c)
        w.bar(0x340, full)
        fetch(w, 0x348, "C_cuda", {l: corner + cols * ty + BS for l, (tx, ty) in th.items()}, east_c)
        if bx == gx - 1:
            fetch(w, 0x358, "C_cuda", {l: cols * BS * by + BS * (gx - 1) + cols * ty + BS - 1
                                       for l, (tx, ty) in th.items()}, east_c)
        w.bar(0x368, full)
        fetch(w, 0x370, "C_cuda", idx, ctemp)
        w.bar(0x380, full)
        w.sld(0x388, full, ctemp)
        w.sld(0x390, full, {l: tile(0, ty, tx) if ty == BS - 1 else tile(2, ty + 1, tx) for l, (tx, ty) in th.items()})
        w.sld(0x398, full, {l: tile(1, ty, tx) if tx == BS - 1 else tile(2, ty, tx + 1) for l, (tx, ty) in th.items()})
        for pc, name in zip((0x3a0, 0x3a8, 0x3b0, 0x3b8), ("N_C", "S_C", "W_C", "E_C")):
            w.ld(pc, full, name, idx)
        w.alu(0x3c0, full, 16)
        w.sld(0x3c8, full, jt)
        w.alu(0x3d0, full, 8)
        w.sst(0x3d8, full, cres)
        w.bar(0x3e0, full)
        w.sld(0x3e8, full, cres)
        w.st(0x3f0, full, "J_cuda", idx)

    launches = []
    for _ in range(NITER):
        launches.append(gks.Launch("srad_cuda_1", (gx, gy), (BS, BS), 24, 6 * 1024, k1))
        launches.append(gks.Launch("srad_cuda_2", (gx, gy), (BS, BS), 20, 5 * 1024, k2))
    return ar, launches
