"""Rodinia 3.1 CFD solver (cfd/euler3d.cu: cuda_initialize_variables,
cuda_compute_step_factor, cuda_compute_flux, cuda_time_step) on the generated mesh of
docs/workloads/cfd.md, from the CUDA source and that page."""
import gks

CHECK_SCALE = 0.002  # 194 elements (2 blocks of 192), 4 iterations
BS, NNB, NVAR, NDIM, RK = 192, 4, 5, 3, 3
WIN = 64


def mesh(nel, seed):
    """neighbour lists by element: nbrs[e] = [4 neighbours or -1 wing / -2 far field]"""
    s = 1
    while s ** 3 < nel:
        s += 1
    nx = ny = s
    nz = -(-nel // (s * s))
    rng = gks.SplitMix(seed)
    order = list(range(nel))
    for start in range(0, nel, WIN):
        win = order[start:start + WIN]
        for i in reversed(range(1, len(win))):
            j = rng.next() % (i + 1)
            win[i], win[j] = win[j], win[i]
        order[start:start + WIN] = win
    zw = nz // 2
    plate_x, plate_y = range(nx // 4, 3 * nx // 4), range(ny // 4, 3 * ny // 4)

    def cell_of(x, y, z):
        if not (0 <= x < nx and 0 <= y < ny and 0 <= z < nz):
            return -2
        k = x + nx * (y + ny * z)
        return order[k] if k < nel else -2

    nbrs = [None] * nel
    for k in range(nel):
        x, y, z = k % nx, (k // nx) % ny, k // (nx * ny)
        d = 1 if (x + y + z) % 2 == 0 else -1
        zlink = cell_of(x, y, z + d)
        if min(z, z + d) == zw - 1 and x in plate_x and y in plate_y and 0 <= z + d < nz:
            zlink = -1
        nbrs[order[k]] = [cell_of(x - 1, y, z), cell_of(x + 1, y, z), cell_of(x, y + d, z), zlink]
    return nbrs


def build(scale, seed):
    nel = gks.scaled(97046, scale, 1)
    nelr = BS * -(-nel // BS)
    iters = gks.scaled(2000, scale, 1)
    nbrs = mesh(nel, seed)
    nbrs += [nbrs[nel - 1]] * (nelr - nel)  # the host duplicates the last element
    ar = gks.Arrays()
    for name, n in (("areas", nelr), ("elements_surrounding_elements", nelr * NNB),
                    ("normals", nelr * NDIM * NNB), ("variables", nelr * NVAR), ("old_variables", nelr * NVAR),
                    ("fluxes", nelr * NVAR), ("step_factors", nelr)):
        ar.add(name, n, 4)

    def ids(bx, lanes):
        return {l: bx * BS + lanes[l][0] for l in range(32) if lanes[l]}

    def init(target):
        def fn(w, bx, by, lanes):
            me = ids(bx, lanes)
            m = sum(1 << l for l in me)
            for v in range(NVAR):
                w.st(0x108, m, target, {l: i + v * nelr for l, i in me.items()})
        return fn

    def step_factor(w, bx, by, lanes):
        me = ids(bx, lanes)
        m = sum(1 << l for l in me)
        for v in range(NVAR):
            w.ld(0x208 + 8 * v, m, "variables", {l: i + v * nelr for l, i in me.items()})
        w.alu(0x230, m, 40)
        w.ld(0x238, m, "areas", me)
        w.alu(0x240, m, 12)
        w.st(0x248, m, "step_factors", me)

    def flux(w, bx, by, lanes):
        me = ids(bx, lanes)
        m = sum(1 << l for l in me)
        for v in range(NVAR):
            w.ld(0x308 + 8 * v, m, "variables", {l: i + v * nelr for l, i in me.items()})
        w.alu(0x330, m, 44)
        for j in range(NNB):
            nb = {l: nbrs[i][j] for l, i in me.items()}
            w.ld(0x338, m, "elements_surrounding_elements", {l: i + j * nelr for l, i in me.items()})
            for k in range(NDIM):
                w.ld(0x340 + 8 * k, m, "normals", {l: i + (j + k * NNB) * nelr for l, i in me.items()})
            w.alu(0x358, m, 16)
            inner = {l: e for l, e in nb.items() if e >= 0}
            mi = sum(1 << l for l in inner)
            for v in range(NVAR):
                w.ld(0x360 + 8 * v, mi, "variables", {l: e + v * nelr for l, e in inner.items()})
            w.alu(0x388, mi, 80)
            w.alu(0x390, sum(1 << l for l, e in nb.items() if e == -1), 8)
            w.alu(0x398, sum(1 << l for l, e in nb.items() if e == -2), 24)
        for v in range(NVAR):
            w.st(0x3a0 + 8 * v, m, "fluxes", {l: i + v * nelr for l, i in me.items()})

    def time_step(w, bx, by, lanes):
        me = ids(bx, lanes)
        m = sum(1 << l for l in me)
        w.ld(0x408, m, "step_factors", me)
        w.alu(0x410, m, 4)
        for s, v in enumerate((0, 4, 1, 2, 3)):  # density, density_energy, momentum x, y, z
            at = {l: i + v * nelr for l, i in me.items()}
            pc = 0x418 + 0x20 * s
            w.ld(pc, m, "old_variables", at)
            w.ld(pc + 8, m, "fluxes", at)
            w.alu(pc + 16, m, 8)
            w.st(pc + 24, m, "variables", at)

    grid = (nelr // BS, 1)
    launches = [gks.Launch("cuda_initialize_variables", grid, (BS, 1), 8, 0, init(t))
                for t in ("variables", "old_variables", "fluxes")]
    for _ in range(iters):
        launches.append(gks.Launch("cuda_compute_step_factor", grid, (BS, 1), 20, 0, step_factor))
        for _j in range(RK):
            launches.append(gks.Launch("cuda_compute_flux", grid, (BS, 1), 40, 0, flux))
            launches.append(gks.Launch("cuda_time_step", grid, (BS, 1), 14, 0, time_step))
    return ar, launches
