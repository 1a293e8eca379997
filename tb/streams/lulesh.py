"""LULESH 1.0 CUDA port: IntegrateStressForElems_kernel and AddNodeForcesFromElems_kernel,
from the CUDA source and docs/workloads/lulesh.md."""
import gks

CHECK_SCALE = 0.2
TPB = 256


def build(scale, seed):
    E = gks.scaled(45, scale, 2)
    E1 = E + 1
    ne, nn = E ** 3, E1 ** 3
    # element k's 8 nodes, elements in plane/row/col order
    corners = []
    for p in range(E):
        for r in range(E):
            for q in range(E):
                b = p * E1 * E1 + r * E1 + q
                corners.append([b, b + 1, b + E1 + 1, b + E1] + [b + E1 * E1 + d for d in (0, 1, E1 + 1, E1)])
    lists = [[] for _ in range(nn)]
    for e, nds in enumerate(corners):
        for j, nd in enumerate(nds):
            lists[nd].append(e + ne * j)
    ar = gks.Arrays()
    sizes = [("nodelist", 8 * ne, 4), ("nodeElemCount", nn, 4), ("nodeElemCornerList", 8 * nn, 4)]
    sizes += [(s, nn, 8) for s in ("x", "y", "z", "fx", "fy", "fz")]
    sizes += [(s, ne, 8) for s in ("sigxx", "sigyy", "sigzz", "determ")]
    sizes += [(s, 8 * ne, 8) for s in ("fx_elem", "fy_elem", "fz_elem")]
    for s in sizes:
        ar.add(*s)

    def stress(w, bx, by, lanes):
        el = {l: bx * TPB + lanes[l][0] for l in range(32) if lanes[l] and bx * TPB + lanes[l][0] < ne}
        m = sum(1 << l for l in el)
        for n in range(8):
            pc = 0x108 + 32 * n
            w.ld(pc, m, "nodelist", {l: k + n * ne for l, k in el.items()})
            g = {l: corners[k][n] for l, k in el.items()}
            for off, arr in ((8, "x"), (16, "y"), (24, "z")):
                w.ld(pc + off, m, arr, g)
        w.alu(0x208, m, 160)
        w.st(0x210, m, "determ", el)
        w.alu(0x218, m, 160)
        for pc, arr in ((0x220, "sigxx"), (0x228, "sigyy"), (0x230, "sigzz")):
            w.ld(pc, m, arr, el)
        for d, arr in enumerate(("fx_elem", "fy_elem", "fz_elem")):
            for n in range(8):
                w.st(0x238 + 64 * d + 8 * n, m, arr, {l: k + n * ne for l, k in el.items()})

    def addforce(w, bx, by, lanes):
        nd = {l: bx * TPB + lanes[l][0] for l in range(32) if lanes[l] and bx * TPB + lanes[l][0] < nn}
        m = sum(1 << l for l in nd)
        w.ld(0x308, m, "nodeElemCount", nd)
        for j in range(max([len(lists[i]) for i in nd.values()] or [0])):
            on = {l: i for l, i in nd.items() if j < len(lists[i])}
            mj = sum(1 << l for l in on)
            w.ld(0x310, mj, "nodeElemCornerList", {l: i + nn * j for l, i in on.items()})
            e = {l: lists[i][j] for l, i in on.items()}
            for pc, arr in ((0x318, "fx_elem"), (0x320, "fy_elem"), (0x328, "fz_elem")):
                w.ld(pc, mj, arr, e)
            w.alu(0x330, mj, 4)
        for pc, arr in ((0x338, "fx"), (0x340, "fy"), (0x348, "fz")):
            w.st(pc, m, arr, nd)

    return ar, [gks.Launch("IntegrateStressForElems_kernel", (gks.ceil_div(ne, TPB), 1), (TPB, 1), 63, 0, stress),
                gks.Launch("AddNodeForcesFromElems_kernel", (gks.ceil_div(nn, TPB), 1), (TPB, 1), 20, 0, addforce)]
