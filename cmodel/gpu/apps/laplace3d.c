/*
 * laplace3d.c: the Oxford (M. Giles) laplace3d example in the version GPGPU-Sim's
 * ISPASS-2009 benchmarks ship as LPS (laplace3d.cu, laplace3d_kernel.cu: GPU_laplace3d
 * with a pitch, BLOCK_X 32, BLOCK_Y 4, one thread per (i, j) column marching in k);
 * docs/workloads/laplace3d.md gives the instruction order, which
 * tb/streams/laplace3d.py implements again.
 *
 * Host: NX = NY = NZ = 100 (the defaults; seed 002 Table 2.2: blocks (4,25) threads
 * (32,4), 100*100*100), cudaMallocPitch d_u1 then d_u2 (NX floats wide, NY*NZ rows;
 * pitch = NX as GPGPU-Sim's cudaMallocPitch returns the width), grid (1 + (NX-1)/32,
 * 1 + (NY-1)/4), REPEAT launches (default 1; here opts->tsteps if > 0), swapping u1 and
 * u2 after each. Each dimension is round(100 * scale), at least 3.
 */
#include "gk_app.h"

enum { A_U1, A_U2 };
#define LP_BX 32
#define LP_BY 4
#define LP_LAT 4

static void lp_kernel(gk_warp *c)
{
    const int64_t nx = c->L->p[0], ny = c->L->p[1], nz = c->L->p[2], pitch = c->L->p[3];
    const int src = (int)c->L->p[4], dst = 1 - src;
    const int64_t koff = pitch * ny;
    int64_t ig[32], jg[32], ind[32], nb[6][32];
    uint32_t act = 0, edge = 0;
    for (unsigned l = 0; l < 32; l++) {
        ig[l] = c->gx[l];
        jg[l] = c->gy[l];
        ind[l] = ig[l] + jg[l] * pitch;
        if ((c->valid >> l & 1) && ig[l] < nx && jg[l] < ny) {
            act |= 1u << l;
            if (ig[l] == 0 || ig[l] == nx - 1 || jg[l] == 0 || jg[l] == ny - 1) edge |= 1u << l;
        }
    }
    const int64_t off[6] = {-1, 1, -pitch, pitch, -koff, koff};
    for (int64_t k = 0; k < nz; k++) {
        uint32_t b = (k == 0 || k == nz - 1) ? act : edge, in = act & ~b;
        gw_ld(c, 0x108, b, src, ind);                       /* u2 = d_u1[indg] (b.c.) */
        for (int d = 0; d < 6; d++) {
            for (unsigned l = 0; l < 32; l++) nb[d][l] = ind[l] + off[d];
            gw_ld(c, 0x110 + 8 * (uint32_t)d, in, src, nb[d]); /* d_u1[indg -+ I/J/KOFF] */
        }
        gw_alu(c, 0x140, in, 6 * LP_LAT);                   /* 5 adds, * sixth */
        gw_st(c, 0x148, act, dst, ind);                     /* d_u2[indg] = u2 */
        for (unsigned l = 0; l < 32; l++) ind[l] += koff;
    }
}

int gka_build_laplace3d(gka_ctx *c);
int gka_build_laplace3d(gka_ctx *c)
{
    int64_t nx = gka_scaled(c, 100, 3), ny = gka_scaled(c, 100, 3), nz = gka_scaled(c, 100, 3);
    int64_t pitch = nx, rep = c->o->tsteps > 0 ? c->o->tsteps : 1;
    int a1 = gka_array(c, "u1", pitch * ny * nz, 4), a2 = gka_array(c, "u2", pitch * ny * nz, 4);
    if (a1 < 0 || a2 < 0) return 1;
    for (int64_t r = 0; r < rep; r++) {
        gk_launch *L = gka_launch(c, "GPU_laplace3d", lp_kernel, (uint32_t)(1 + (nx - 1) / LP_BX),
                                  (uint32_t)(1 + (ny - 1) / LP_BY), LP_BX, LP_BY, 16, 0);
        if (!L) return 1;
        L->p[0] = nx;
        L->p[1] = ny;
        L->p[2] = nz;
        L->p[3] = pitch;
        L->p[4] = r % 2 ? A_U2 : A_U1; /* d_u1 of this launch after the swaps */
    }
    c->w->size[0] = nx;
    c->w->size[1] = ny;
    c->w->size[2] = nz;
    c->w->size[3] = rep;
    return 0;
}
