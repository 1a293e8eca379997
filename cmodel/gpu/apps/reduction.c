/*
 * reduction.c: SHOC 1.1.x cuda level1 Reduction (src/cuda/level1/reduction/Reduction.cu,
 * reduction_kernel.h), single precision; docs/workloads/reduction.md gives the
 * instruction order, which tb/streams/reduction.py implements again.
 *
 * Host (RunTest<float>): size class 1 = 1 MiB = 262144 floats, h_idata[i] = i % 3;
 * cudaMalloc d_idata (size floats) then d_odata (64 floats); `iterations` (default 256)
 * launches of reduce<float,256><<<64, 256, 256 * 4>>>(d_idata, d_odata, size); the final
 * pass sums the 64 partial sums on the host (no kernel). Here the launch count is
 * opts->tsteps if > 0, else round(256 * scale) (at least 1), as fdtd's time steps;
 * size = round(262144 * scale) rounded down to a multiple of 1024 (at least 1024), so
 * g_idata[i + blockSize] stays inside the array as with SHOC's power-of-two sizes.
 */
#include "gk_app.h"

enum { A_IN, A_OUT };
#define RED_TPB 256
#define RED_BLOCKS 64
#define RED_LAT 4


static void red_reduce(gk_warp *c)
{
    int64_t n = c->L->p[0];
    int64_t grid = (int64_t)RED_TPB * 2 * RED_BLOCKS;
    int64_t i[32], off[32], i2[32];
    for (unsigned l = 0; l < 32; l++) {
        i[l] = (int64_t)c->bx * RED_TPB * 2 + c->tid[l];
        off[l] = (int64_t)c->tid[l] * 4;
    }
    gw_sst(c, 0x108, c->valid, off);                       /* sdata[tid] = 0 */
    for (;;) {
        uint32_t m = 0;
        for (unsigned l = 0; l < 32; l++)
            if ((c->valid >> l & 1) && i[l] < n) {
                m |= 1u << l;
                i2[l] = i[l] + RED_TPB;
            }
        if (!m) break;
        gw_ld(c, 0x110, m, A_IN, i);                       /* g_idata[i] */
        gw_ld(c, 0x118, m, A_IN, i2);                      /* g_idata[i + blockSize] */
        gw_alu(c, 0x120, m, RED_LAT);
        gw_sld(c, 0x128, m, off);                          /* sdata[tid] */
        gw_alu(c, 0x130, m, RED_LAT);
        gw_sst(c, 0x138, m, off);                          /* sdata[tid] = ... */
        for (unsigned l = 0; l < 32; l++)
            if (m >> l & 1) i[l] += grid;
    }
    gw_bar(c, 0x140, c->valid);
    gw_tree_add(c, 0x148, gw_tid_range(c, 0, 128), 128, RED_LAT);
    gw_bar(c, 0x168, c->valid);
    gw_tree_add(c, 0x170, gw_tid_range(c, 0, 64), 64, RED_LAT);
    gw_bar(c, 0x190, c->valid);
    uint32_t w = gw_tid_range(c, 0, 32);
    for (int k = 0; k < 6; k++) gw_tree_add(c, 0x198 + 0x20 * (uint32_t)k, w, 32 >> k, RED_LAT); /* 0x198 .. 0x250 */
    uint32_t t0 = gw_tid_range(c, 0, 1);
    int64_t z[32], b[32];
    for (unsigned l = 0; l < 32; l++) {
        z[l] = 0;
        b[l] = c->bx;
    }
    gw_sld(c, 0x298, t0, z);                               /* sdata[0] */
    gw_st(c, 0x2a0, t0, A_OUT, b);                         /* g_odata[blockIdx.x] */
}

int gka_build_reduction(gka_ctx *c);
int gka_build_reduction(gka_ctx *c)
{
    int64_t n = gka_scaled(c, 262144, 1024) / 1024 * 1024;
    int64_t iters = c->o->tsteps > 0 ? c->o->tsteps : gka_scaled(c, 256, 1);
    int ai = gka_array(c, "idata", n, 4), ao = gka_array(c, "odata", RED_BLOCKS, 4);
    if (ai < 0 || ao < 0) return 1;
    for (int64_t k = 0; k < iters; k++) {
        gk_launch *L = gka_launch(c, "reduce", red_reduce, RED_BLOCKS, 1, RED_TPB, 1, 14, RED_TPB * 4);
        if (!L) return 1;
        L->p[0] = n;
    }
    c->w->size[0] = n;
    c->w->size[1] = iters;
    return 0;
}
