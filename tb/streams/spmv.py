"""Parboil SpMV (cuda version, spmv_jds) on a generated Dubcova3-shaped matrix, from the
CUDA source, convert_dataset.c's coo_to_jds and docs/workloads/spmv.md."""
import gks

CHECK_SCALE = 0.008  # 1174 rows, 37 one-warp blocks, 50 launches

BAND = 1024
LO, HI = 13, 37


def matrix(scale, seed):
    dim = gks.scaled(146689, scale, 64)
    nnz = min(max(gks.scaled(3636643, scale, 1), LO * dim), HI * dim)
    rng = gks.SplitMix(seed)
    lens = [LO + rng.next() % (HI - LO + 1) for _ in range(dim)]
    diff = nnz - sum(lens)
    i = 0
    while diff:
        if diff > 0 and lens[i] < HI:
            lens[i] += 1
            diff -= 1
        elif diff < 0 and lens[i] > LO:
            lens[i] -= 1
            diff += 1
        i = (i + 1) % dim
    rows = []
    for r in range(dim):
        picked = [r]
        seen = {r}
        while len(picked) < lens[r]:
            cand = r + rng.next() % (2 * BAND + 1) - BAND
            if 0 <= cand < dim and cand not in seen:
                seen.add(cand)
                picked.append(cand)
        rows.append(sorted(picked))
    return dim, rows


def build(scale, seed):
    dim, rows = matrix(scale, seed)
    padded = -(-dim // 32) * 32
    groups = padded // 32
    # JDS: rows longest first (stable), groups of 32 padded to their first row
    perm = sorted(range(dim), key=lambda r: -len(rows[r]))
    sizes = [len(rows[r]) for r in perm] + [0] * (padded - dim)
    nz = [sizes[32 * g] for g in range(groups)]
    depth = sizes[0] + 1
    ptr, index = [], []
    for k in range(depth):
        ptr.append(len(index))
        live = sum(1 for g in range(groups) if nz[g] > k)  # groups are non-increasing
        for i in range(32 * live):
            index.append(rows[perm[i]][k] if i < dim and sizes[i] > k else -1)
    total = len(index)

    ar = gks.Arrays()
    for name, n in (("d_data", total), ("d_indices", total), ("d_ptr", depth), ("d_perm", dim),
                    ("d_nzcnt", groups), ("d_x_vector", dim), ("d_Ax_vector", dim)):
        ar.add(name, n, 4)
    # a view 256 bytes before d_x_vector, so x_vec[-1] (padding) has its address
    after = ar.next
    ar.next = ar.a["d_x_vector"][0] - 256
    ar.add("xview", dim + 64, 4)
    ar.next = after

    if groups * 32 > 15 * 1536:
        block = 192
        grid = gks.ceil_div(groups * 32, block)
    else:
        block, grid = 32, groups

    def kern(w, bx, by, lanes):
        ix = {l: bx * block + lanes[l][0] for l in range(32) if lanes[l] and bx * block + lanes[l][0] < dim}
        if not ix:
            return
        m = sum(1 << l for l in ix)
        bound = nz[min(ix.values()) // 32]

        def at(k):
            return {l: ptr[k] + v for l, v in ix.items()}

        def x_of(js):
            return {l: 64 + index[j] for l, j in js.items()}

        j0 = at(0)
        w.ld(0x108, m, "d_data", j0)
        w.ld(0x110, m, "d_indices", j0)
        w.ld(0x118, m, "xview", x_of(j0))
        if bound > 1:
            j = at(1)
            w.ld(0x120, m, "d_indices", j)
            for k in range(2, bound):
                w.ld(0x128, m, "d_data", j)
                jk = at(k)
                w.ld(0x130, m, "d_indices", jk)
                w.ld(0x138, m, "xview", x_of(j))
                w.alu(0x140, m, 4)
                j = jk
            w.ld(0x148, m, "d_data", j)
            w.ld(0x150, m, "xview", x_of(j))
            w.alu(0x158, m, 4)
        w.alu(0x160, m, 4)
        w.ld(0x168, m, "d_perm", ix)
        w.st(0x170, m, "d_Ax_vector", {l: perm[v] for l, v in ix.items()})

    return ar, [gks.Launch("spmv_jds", (grid, 1), (block, 1), 16, 0, kern) for _ in range(50)]
