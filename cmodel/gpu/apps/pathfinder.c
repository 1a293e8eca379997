/*
 * pathfinder.c: Rodinia 3.1 PathFinder (pathfinder/pathfinder.cu, kernel
 * dynproc_kernel); docs/workloads/pathfinder.md lists the instruction order, which
 * tb/streams/pathfinder.py implements again.
 *
 * BLOCK_SIZE 256 (1-D, 8 warps), HALO 1; run: ./pathfinder 100000 100 20 (cols rows
 * pyramid_height). Small block 256 - 2*pyramid = 216 columns, border = pyramid, grid
 * ceil(cols / 216). Host loop: for (t = 0; t < rows - 1; t += pyramid) one launch with
 * iteration = MIN(pyramid, rows - t - 1), startStep = t; gpuResult[src]/[dst] swap
 * before each launch (first: gpuResult[0] -> gpuResult[1]).
 * Arrays (cudaMalloc order): gpuResult[0], gpuResult[1] (int, cols), gpuWall (int,
 * (rows - 1) * cols). The wall values (rand() % 10, srand(9)) change no address or
 * branch, so the model carries no data.
 * Shared memory: prev[256] at byte 0, result[256] at 1024.
 */
#include "gk_app.h"

enum { A_R0, A_R1, A_WALL };
#define PF_BS 256
#define PF_COLS 100000
#define PF_ROWS 100
#define PF_PYRAMID 20
#define PF_LAT 4
#define PF_REGS 16 /* ptxas on GTX480 (seed 002 Table 3.3) */

#define IN_RANGE(x, lo, hi) ((x) >= (lo) && (x) <= (hi))

static void pf_warp(gk_warp *c)
{
    const gk_launch *L = c->L;
    int iter = (int)L->p[0], src = (int)L->p[1], dst = (int)L->p[2];
    int cols = (int)L->p[3], step = (int)L->p[4], border = (int)L->p[5];
    int small = PF_BS - iter * 2;
    int blkX = small * (int)c->bx - border, blkXmax = blkX + PF_BS - 1;
    int vxmin = blkX < 0 ? -blkX : 0;
    int vxmax = blkXmax > cols - 1 ? PF_BS - 1 - (blkXmax - cols + 1) : PF_BS - 1;
    int64_t x[32], o_me[32], o_w[32], o_e[32], o_r[32], wall[32];
    uint32_t in = 0, valid = 0;
    for (unsigned l = 0; l < 32; l++) {
        if (!(c->valid >> l & 1)) continue;
        int tx = c->tx[l];
        int W = tx - 1 < vxmin ? vxmin : tx - 1, E = tx + 1 > vxmax ? vxmax : tx + 1;
        x[l] = blkX + tx;
        if (IN_RANGE(x[l], 0, cols - 1)) in |= 1u << l;
        if (IN_RANGE(tx, vxmin, vxmax)) valid |= 1u << l;
        o_me[l] = (int64_t)tx * 4;
        o_w[l] = (int64_t)W * 4;
        o_e[l] = (int64_t)E * 4;
        o_r[l] = 1024 + (int64_t)tx * 4;
    }
    gw_ld(c, 0x108, in, src, x);          /* gpuSrc[xidx] */
    gw_sst(c, 0x110, in, o_me);           /* prev[tx] = */
    gw_bar(c, 0x118, c->valid);
    uint32_t comp = 0;
    for (int i = 0; i < iter; i++) {
        comp = 0;
        for (unsigned l = 0; l < 32; l++)
            if ((valid >> l & 1) && IN_RANGE(c->tx[l], i + 1, PF_BS - i - 2)) {
                comp |= 1u << l;
                wall[l] = (int64_t)cols * (step + i) + x[l];
            }
        gw_sld(c, 0x120, comp, o_w);      /* left = prev[W] */
        gw_sld(c, 0x128, comp, o_me);     /* up = prev[tx] */
        gw_sld(c, 0x130, comp, o_e);      /* right = prev[E] */
        gw_alu(c, 0x138, comp, 2 * PF_LAT); /* two MINs */
        gw_ld(c, 0x140, comp, A_WALL, wall); /* gpuWall[index] */
        gw_alu(c, 0x148, comp, PF_LAT);   /* + */
        gw_sst(c, 0x150, comp, o_r);      /* result[tx] = */
        gw_bar(c, 0x158, c->valid);
        if (i == iter - 1) break;
        gw_sld(c, 0x160, comp, o_r);      /* result[tx] */
        gw_sst(c, 0x168, comp, o_me);     /* prev[tx] = */
        gw_bar(c, 0x170, c->valid);
    }
    gw_sld(c, 0x178, comp, o_r);          /* result[tx] */
    gw_st(c, 0x180, comp, dst, x);        /* gpuResults[xidx] = */
}

int gka_build_pathfinder(gka_ctx *c);
int gka_build_pathfinder(gka_ctx *c)
{
    int64_t cols = gka_scaled(c, PF_COLS, 16), rows = PF_ROWS;
    if (gka_array(c, "gpuResult0", cols, 4) < 0 || gka_array(c, "gpuResult1", cols, 4) < 0 ||
        gka_array(c, "gpuWall", (rows - 1) * cols, 4) < 0)
        return 1;
    uint32_t blocks = gka_ceil(cols, PF_BS - PF_PYRAMID * 2);
    int src = 1, dst = 0, nl = 0;
    for (int t = 0; t < rows - 1; t += PF_PYRAMID) {
        int tmp = src;
        src = dst;
        dst = tmp;
        gk_launch *L = gka_launch(c, "dynproc_kernel", pf_warp, blocks, 1, PF_BS, 1, PF_REGS, 2 * PF_BS * 4);
        if (!L) return 1;
        L->p[0] = PF_PYRAMID < rows - t - 1 ? PF_PYRAMID : rows - t - 1;
        L->p[1] = src == 0 ? A_R0 : A_R1;
        L->p[2] = dst == 0 ? A_R0 : A_R1;
        L->p[3] = cols;
        L->p[4] = t;
        L->p[5] = PF_PYRAMID;
        nl++;
    }
    c->w->size[0] = cols;
    c->w->size[1] = rows;
    c->w->size[2] = nl;
    return 0;
}
