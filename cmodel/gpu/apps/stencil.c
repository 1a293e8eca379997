/*
 * stencil.c: Parboil stencil, CUDA version (benchmarks/stencil/src/cuda: main.cu,
 * kernels.cu block2D_hybrid_coarsen_x): 7-point 3-D Jacobi stencil, each thread two
 * x-columns (i and i2 = i + 32) marching in z with the current xy plane in shared memory;
 * docs/workloads/stencil.md gives the instruction order, which tb/streams/stencil.py
 * implements again.
 *
 * Host: block (32, 4), grid ((nx + 63)/64, (ny + 3)/4), dynamic smem 2*32*4 floats;
 * `iteration` launches, swapping d_A0 and d_Anext after each. Dataset "default":
 * 512 x 512 x 64, 100 iterations. No address depends on the grid values (read from the
 * dataset file), so they are not generated.
 * The kernel has 38 static instructions: op numbers above 31 continue at 0x200.. (this
 * application has no kernel 2).
 */
#include "gk_app.h"

#define ST_NX 512
#define ST_NZ 64
#define ST_ITERS 100

enum { A_A0, A_ANEXT };

static void st_warp(gk_warp *c)
{
    int64_t nx = c->L->p[0], ny = c->L->p[1], nz = c->L->p[2];
    int src = (int)c->L->p[3], dst = (int)c->L->p[4];
    int64_t i1[32], i2[32], j[32], s1[32], s2[32], o[32], x[32];
    uint32_t all = c->valid, in1 = 0, in2 = 0, w1 = 0, w2 = 0, yh = 0, yl = 0, xl = 0, xh = 0;
    for (unsigned l = 0; l < 32; l++) {
        if (!(all >> l & 1)) continue;
        uint32_t b = 1u << l;
        i1[l] = (int64_t)c->bx * 64 + c->tx[l];
        i2[l] = i1[l] + 32;
        j[l] = c->gy[l];
        s1[l] = (c->tx[l] + c->ty[l] * 64) * 4;
        s2[l] = s1[l] + 32 * 4;
        if (i1[l] < nx && j[l] < ny) in1 |= b;
        if (i2[l] < nx && j[l] < ny) in2 |= b;
        if (i1[l] > 0 && j[l] > 0 && i1[l] < nx - 1 && j[l] < ny - 1) w1 |= b;
        if (j[l] > 0 && i2[l] < nx - 1 && j[l] < ny - 1) w2 |= b;
        if (c->ty[l] == 3) yh |= b;
        if (c->ty[l] == 0) yl |= b;
        if (c->tx[l] == 0) xl |= b;
        if (c->tx[l] == 31) xh |= b;
    }
#define IX(ii, jj, kk) ((ii) + nx * ((jj) + ny * (kk)))
    gw_sst(c, 0x108, all, s1);                                  /* sh_A0[sh_id] = 0 */
    gw_sst(c, 0x110, all, s2);                                  /* sh_A0[sh_id2] = 0 */
    gw_bar(c, 0x118, all);
    for (unsigned l = 0; l < 32; l++) x[l] = IX(i1[l], j[l], 0);
    gw_ld(c, 0x120, in1, src, x);                               /* bottom */
    for (unsigned l = 0; l < 32; l++) x[l] = IX(i1[l], j[l], 1);
    gw_ld(c, 0x128, in1, src, x);
    gw_sst(c, 0x130, in1, s1);                                  /* sh_A0[sh_id] = A0[.., 1] */
    for (unsigned l = 0; l < 32; l++) x[l] = IX(i2[l], j[l], 0);
    gw_ld(c, 0x138, in2, src, x);                               /* bottom2 */
    for (unsigned l = 0; l < 32; l++) x[l] = IX(i2[l], j[l], 1);
    gw_ld(c, 0x140, in2, src, x);
    gw_sst(c, 0x148, in2, s2);
    gw_bar(c, 0x150, all);
    for (int64_t k = 1; k < nz - 1; k++) {
        for (unsigned l = 0; l < 32; l++) x[l] = IX(i1[l], j[l], k + 1);
        gw_ld(c, 0x158, in1, src, x);                           /* top */
        for (unsigned l = 0; l < 32; l++) { x[l] = IX(i1[l], j[l] + 1, k); o[l] = s1[l] + 64 * 4; }
        gw_ld(c, 0x160, w1 & yh, src, x);                       /* a_up */
        gw_sld(c, 0x168, w1 & ~yh, o);
        for (unsigned l = 0; l < 32; l++) { x[l] = IX(i1[l], j[l] - 1, k); o[l] = s1[l] - 64 * 4; }
        gw_ld(c, 0x170, w1 & yl, src, x);                       /* a_down */
        gw_sld(c, 0x178, w1 & ~yl, o);
        for (unsigned l = 0; l < 32; l++) { x[l] = IX(i1[l] - 1, j[l], k); o[l] = s1[l] - 4; }
        gw_ld(c, 0x180, w1 & xl, src, x);                       /* a_left_right */
        gw_sld(c, 0x188, w1 & ~xl, o);
        for (unsigned l = 0; l < 32; l++) o[l] = s1[l] + 4;
        gw_sld(c, 0x190, w1, o);                                /* sh_A0[sh_id+1] */
        gw_sld(c, 0x198, w1, s1);                               /* sh_A0[sh_id] */
        gw_alu(c, 0x1a0, w1, 28);                               /* 5 adds, mul, fma */
        for (unsigned l = 0; l < 32; l++) x[l] = IX(i1[l], j[l], k);
        gw_st(c, 0x1a8, w1, dst, x);                            /* Anext[i, j, k] */
        for (unsigned l = 0; l < 32; l++) x[l] = IX(i2[l], j[l], k + 1);
        gw_ld(c, 0x1b0, in2, src, x);                           /* top2 */
        for (unsigned l = 0; l < 32; l++) { x[l] = IX(i2[l], j[l] + 1, k); o[l] = s2[l] + 64 * 4; }
        gw_ld(c, 0x1b8, w2 & yh, src, x);
        gw_sld(c, 0x1c0, w2 & ~yh, o);
        for (unsigned l = 0; l < 32; l++) { x[l] = IX(i2[l], j[l] - 1, k); o[l] = s2[l] - 64 * 4; }
        gw_ld(c, 0x1c8, w2 & yl, src, x);
        gw_sld(c, 0x1d0, w2 & ~yl, o);
        for (unsigned l = 0; l < 32; l++) { x[l] = IX(i2[l] + 1, j[l], k); o[l] = s2[l] + 4; }
        gw_ld(c, 0x1d8, w2 & xh, src, x);
        gw_sld(c, 0x1e0, w2 & ~xh, o);
        for (unsigned l = 0; l < 32; l++) o[l] = s2[l] - 4;
        gw_sld(c, 0x1e8, w2, o);                                /* sh_A0[sh_id2-1] */
        gw_sld(c, 0x1f0, w2, s2);                               /* sh_A0[sh_id2] */
        gw_alu(c, 0x1f8, w2, 28);
        for (unsigned l = 0; l < 32; l++) x[l] = IX(i2[l], j[l], k);
        gw_st(c, 0x200, w2, dst, x);                            /* Anext[i2, j, k] */
        gw_bar(c, 0x208, all);
        gw_sld(c, 0x210, all, s1);                              /* bottom = sh_A0[sh_id] */
        gw_sst(c, 0x218, all, s1);                              /* sh_A0[sh_id] = top */
        gw_sld(c, 0x220, all, s2);
        gw_sst(c, 0x228, all, s2);
        gw_bar(c, 0x230, all);
    }
#undef IX
}

int gka_build_stencil(gka_ctx *c);
int gka_build_stencil(gka_ctx *c)
{
    /* side = round(512 sqrt(scale)) without libm: the k with (k - 1/2)^2 <= 512^2 scale < (k + 1/2)^2 */
    int64_t side = 0;
    while ((side + 0.5) * (side + 0.5) <= (double)ST_NX * ST_NX * c->o->scale) side++;
    if (side < 3) side = 3;
    int64_t nx = side, ny = side, nz = ST_NZ, iters = gka_scaled(c, ST_ITERS, 1);
    if (gka_array(c, "d_A0", nx * ny * nz, 4) < 0 || gka_array(c, "d_Anext", nx * ny * nz, 4) < 0) return 1;
    for (int64_t t = 0; t < iters; t++) {
        gk_launch *L = gka_launch(c, "block2D_hybrid_coarsen_x", st_warp, gka_ceil(nx, 64), gka_ceil(ny, 4), 32, 4,
                                  22, 32 * 2 * 4 * 4);
        if (!L) return 1;
        L->p[0] = nx; L->p[1] = ny; L->p[2] = nz;
        L->p[3] = t % 2 ? A_ANEXT : A_A0;   /* the host swaps d_A0 and d_Anext after each launch */
        L->p[4] = t % 2 ? A_A0 : A_ANEXT;
    }
    c->w->size[0] = nx; c->w->size[1] = ny; c->w->size[2] = nz; c->w->size[3] = iters;
    return 0;
}
