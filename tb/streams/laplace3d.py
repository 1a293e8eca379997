"""Giles' laplace3d as GPGPU-Sim's ISPASS LPS (GPU_laplace3d with pitch, BLOCK 32x4,
k-marching), from the CUDA source and docs/workloads/laplace3d.md."""
import gks

CHECK_SCALE = 0.32


def build(scale, seed):
    nx = ny = nz = gks.scaled(100, scale, 3)
    pitch = nx
    vol = pitch * ny * nz
    ar = gks.Arrays()
    ar.add("u1", vol, 4)
    ar.add("u2", vol, 4)
    plane = pitch * ny

    def kernel(src, dst):
        def fn(w, bx, by, lanes):
            col = {}
            for l, ln in enumerate(lanes):
                if ln is None:
                    continue
                i, j = bx * 32 + ln[0], by * 4 + ln[1]
                if i < nx and j < ny:
                    col[l] = (i, j)
            act = sum(1 << l for l in col)
            side = sum(1 << l for l, (i, j) in col.items() if i in (0, nx - 1) or j in (0, ny - 1))
            for k in range(nz):
                at = {l: i + j * pitch + k * plane for l, (i, j) in col.items()}
                bc = act if k in (0, nz - 1) else side
                inner = act & ~bc
                w.ld(0x108, bc, src, at)
                for n, d in enumerate((-1, 1, -pitch, pitch, -plane, plane)):
                    w.ld(0x110 + 8 * n, inner, src, {l: a + d for l, a in at.items() if inner >> l & 1})
                w.alu(0x140, inner, 24)
                w.st(0x148, act, dst, at)
        return fn

    grid = (1 + (nx - 1) // 32, 1 + (ny - 1) // 4)
    return ar, [gks.Launch("GPU_laplace3d", grid, (32, 4), 16, 0, kernel("u1", "u2"))]
