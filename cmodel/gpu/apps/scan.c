/*
 * scan.c: SHOC 1.1.x cuda level1 Scan (src/cuda/level1/scan/Scan.cu, scan_kernel.h),
 * single precision (T float, vecT float4); docs/workloads/scan.md gives the
 * instruction order, which tb/streams/scan.py implements again.
 *
 * Host (RunTest<float, float4>): size class 1 = 262144 floats, h_idata[i] = i % 2;
 * cudaMalloc d_idata, d_odata (size floats), d_block_sums (64 floats); per iteration
 * (default 256): reduce<float,256><<<64, 256, 1024>>>, scan_single_block<float,256>
 * <<<1, 256, 2048>>> (the "top scan" of the 64 block sums), bottom_scan<float,float4,256>
 * <<<64, 256, 2048>>> (+ the static __shared__ s_seed). Launch count and size scale as
 * in reduction.c: iterations = opts->tsteps if > 0 else round(256 * scale) (at least 1);
 * size = round(262144 * scale) rounded down to a multiple of 1024 (at least 1024).
 * float4 accesses of bottom_scan: element 4 * i of the float arrays (one 16-byte access
 * per lane, given by its first byte).
 */
#include "gk_app.h"

enum { A_IN, A_OUT, A_SUMS };
#define SC_TPB 256
#define SC_BLOCKS 64
#define SC_LAT 4
#define SC_SEED_OFF (2 * SC_TPB * 4) /* s_seed after the dynamic sdata[512] */

/* scanLocalMem<float,256>: Kogge-Stone over s_data[0..511]; PCs base .. base + 0x198 */
static void sc_local(gk_warp *c, uint32_t base)
{
    uint32_t v = c->valid;
    int64_t lo[32], hi[32], t[32];
    for (unsigned l = 0; l < 32; l++) {
        lo[l] = (int64_t)c->tid[l] * 4;
        hi[l] = (int64_t)(c->tid[l] + SC_TPB) * 4;
    }
    gw_sst(c, base, v, lo);                                /* s_data[tid] = 0 */
    gw_sst(c, base + 0x08, v, hi);                         /* s_data[idx] = val */
    gw_bar(c, base + 0x10, v);
    for (unsigned j = 0; j < 8; j++) {
        uint32_t pc = base + 0x18 + 0x30 * j;
        for (unsigned l = 0; l < 32; l++) t[l] = hi[l] - 4 * (1 << j);
        gw_sld(c, pc, v, t);                               /* t = s_data[idx - off] */
        gw_bar(c, pc + 0x08, v);
        gw_sld(c, pc + 0x10, v, hi);                       /* s_data[idx] */
        gw_alu(c, pc + 0x18, v, SC_LAT);
        gw_sst(c, pc + 0x20, v, hi);                       /* s_data[idx] += t */
        gw_bar(c, pc + 0x28, v);
    }
    for (unsigned l = 0; l < 32; l++) t[l] = hi[l] - 4;
    gw_sld(c, base + 0x198, v, t);                         /* return s_data[idx - 1] */
}

static void sc_reduce(gk_warp *c)
{
    int64_t n = c->L->p[0];
    int64_t region = ((n / 4) / SC_BLOCKS) * 4, start = (int64_t)c->bx * region;
    int64_t stop = c->bx == SC_BLOCKS - 1 ? n : start + region;
    int64_t i[32], off[32];
    for (unsigned l = 0; l < 32; l++) {
        i[l] = start + c->tid[l];
        off[l] = (int64_t)c->tid[l] * 4;
    }
    for (;;) {
        uint32_t m = 0;
        for (unsigned l = 0; l < 32; l++)
            if ((c->valid >> l & 1) && i[l] < stop) m |= 1u << l;
        if (!m) break;
        gw_ld(c, 0x108, m, A_IN, i);                       /* sum += g_idata[i] */
        gw_alu(c, 0x110, m, SC_LAT);
        for (unsigned l = 0; l < 32; l++) i[l] += SC_TPB;
    }
    gw_sst(c, 0x118, c->valid, off);                       /* sdata[tid] = sum */
    gw_bar(c, 0x120, c->valid);
    gw_tree_add(c, 0x128, gw_tid_range(c, 0, 128), 128, SC_LAT);
    gw_bar(c, 0x148, c->valid);
    gw_tree_add(c, 0x150, gw_tid_range(c, 0, 64), 64, SC_LAT);
    gw_bar(c, 0x170, c->valid);
    for (unsigned k = 0; k < 6; k++) gw_tree_add(c, 0x178 + 0x20 * k, gw_tid_range(c, 0, 32), 32 >> k, SC_LAT);
    int64_t z[32], b[32];
    for (unsigned l = 0; l < 32; l++) {
        z[l] = 0;
        b[l] = c->bx;
    }
    gw_sld(c, 0x238, gw_tid_range(c, 0, 1), z);                /* sdata[0] */
    gw_st(c, 0x240, gw_tid_range(c, 0, 1), A_SUMS, b);         /* g_odata[blockIdx.x] */
}

static void sc_top(gk_warp *c)
{
    int64_t t[32];
    for (unsigned l = 0; l < 32; l++) t[l] = c->tid[l];
    uint32_t in = gw_tid_range(c, 0, SC_BLOCKS);
    gw_ld(c, 0x308, in, A_SUMS, t);                        /* val = g_block_sums[tid] */
    sc_local(c, 0x310);                                    /* 0x310 .. 0x4a8 */
    gw_st(c, 0x4b0, in, A_SUMS, t);                        /* g_block_sums[tid] = val */
}

static void sc_bottom(gk_warp *c)
{
    int64_t n4 = c->L->p[0] / 4;
    int64_t region = n4 / SC_BLOCKS, start = (int64_t)c->bx * region;
    int64_t stop = c->bx == SC_BLOCKS - 1 ? n4 : start + region;
    int64_t b[32], seed[32], e[32];
    for (unsigned l = 0; l < 32; l++) {
        b[l] = c->bx;
        seed[l] = SC_SEED_OFF;
    }
    uint32_t t0 = gw_tid_range(c, 0, 1), last = gw_tid_range(c, SC_TPB - 1, SC_TPB);
    gw_ld(c, 0x508, t0, A_SUMS, b);                        /* g_block_sums[blockIdx.x] */
    gw_sst(c, 0x510, t0, seed);                            /* s_seed = ... */
    gw_bar(c, 0x518, c->valid);
    for (int64_t win = start, i0 = start; win < stop; win += SC_TPB, i0 += SC_TPB) {
        uint32_t in = 0;
        for (unsigned l = 0; l < 32; l++) {
            e[l] = 4 * (i0 + c->tid[l]);
            if ((c->valid >> l & 1) && i0 + c->tid[l] < stop) in |= 1u << l;
        }
        gw_ld(c, 0x520, in, A_IN, e);                      /* val_4 = g_idata4[i] */
        gw_alu(c, 0x528, c->valid, 3 * SC_LAT);            /* serial scan of x, y, z, w */
        sc_local(c, 0x530);                                /* 0x530 .. 0x6c8 */
        gw_sld(c, 0x6d0, c->valid, seed);                  /* s_seed */
        gw_alu(c, 0x6d8, c->valid, 2 * SC_LAT);            /* += res + s_seed */
        gw_st(c, 0x6e0, in, A_OUT, e);                     /* g_odata4[i] = val_4 */
        gw_bar(c, 0x6e8, c->valid);
        gw_sst(c, 0x6f0, last, seed);                      /* s_seed = val_4.w */
    }
}

int gka_build_scan(gka_ctx *c);
int gka_build_scan(gka_ctx *c)
{
    int64_t n = gka_scaled(c, 262144, 1024) / 1024 * 1024;
    int64_t iters = c->o->tsteps > 0 ? c->o->tsteps : gka_scaled(c, 256, 1);
    int ai = gka_array(c, "idata", n, 4), ao = gka_array(c, "odata", n, 4), as = gka_array(c, "block_sums", SC_BLOCKS, 4);
    if (ai < 0 || ao < 0 || as < 0) return 1;
    for (int64_t k = 0; k < iters; k++) {
        gk_launch *L = gka_launch(c, "reduce", sc_reduce, SC_BLOCKS, 1, SC_TPB, 1, 14, SC_TPB * 4);
        if (!L) return 1;
        L->p[0] = n;
        L = gka_launch(c, "scan_single_block", sc_top, 1, 1, SC_TPB, 1, 10, 2 * SC_TPB * 4);
        if (!L) return 1;
        L->p[0] = SC_BLOCKS;
        L = gka_launch(c, "bottom_scan", sc_bottom, SC_BLOCKS, 1, SC_TPB, 1, 20, 2 * SC_TPB * 4 + 4);
        if (!L) return 1;
        L->p[0] = n;
    }
    c->w->size[0] = n;
    c->w->size[1] = iters;
    return 0;
}
