/*
 * nw.c: Rodinia 3.1 Needleman-Wunsch (nw/needle.cu, needle_kernel.cu: kernels
 * needle_cuda_shared_1 and needle_cuda_shared_2); docs/workloads/nw.md lists the
 * instruction order, which tb/streams/nw.py implements again.
 *
 * BLOCK_SIZE 16: one 16-thread block (half a warp) per 16 x 16 tile; run: ./needle
 * 2048 10. max_cols = max_rows = n + 1, block_width = n / 16. Host: for i = 1 ..
 * block_width, needle_cuda_shared_1 on i blocks (the anti-diagonal i of tiles); then
 * for i = block_width - 1 .. 1, needle_cuda_shared_2 on i blocks.
 * Arrays (cudaMalloc order): referrence_cuda, matrix_cuda (int, (n+1)^2). Their values
 * (blosum62 scores of rand() % 10 + 1 sequences, srand(7)) change no address or
 * branch, so the model carries no data.
 * Shared memory: temp[17][17] at byte 0, ref[16][16] at 1156 (2180 bytes).
 */
#include "gk_app.h"

enum { A_REF, A_MAT };
#define NW_BS 16
#define NW_N 2048
#define NW_LAT 4
#define NW_REGS 27 /* estimate (no published ptxas figure found) */
#define NW_REF 1156

static int64_t t_off(int r, int col) { return ((int64_t)r * (NW_BS + 1) + col) * 4; }
static int64_t r_off(int r, int col) { return NW_REF + ((int64_t)r * NW_BS + col) * 4; }

/* one anti-diagonal step of the tile: lanes tx <= m update temp[y][x] */
static void nw_cell(gk_warp *c, uint32_t pc, int m, int upper)
{
    int64_t a[32], b[32], d[32], e[32], f[32];
    uint32_t on = 0;
    for (unsigned l = 0; l < 32; l++) {
        if (!(c->valid >> l & 1)) continue;
        int tx = c->tx[l];
        if (tx > m) continue;
        int x = upper ? tx + 1 : tx + NW_BS - m, y = upper ? m - tx + 1 : NW_BS - tx;
        on |= 1u << l;
        a[l] = t_off(y - 1, x - 1);
        b[l] = r_off(y - 1, x - 1);
        d[l] = t_off(y, x - 1);
        e[l] = t_off(y - 1, x);
        f[l] = t_off(y, x);
    }
    gw_sld(c, pc, on, a);               /* temp[y-1][x-1] */
    gw_sld(c, pc + 0x08, on, b);        /* ref[y-1][x-1] */
    gw_sld(c, pc + 0x10, on, d);        /* temp[y][x-1] */
    gw_sld(c, pc + 0x18, on, e);        /* temp[y-1][x] */
    gw_alu(c, pc + 0x20, on, 3 * NW_LAT); /* add/sub, then two max */
    gw_sst(c, pc + 0x28, on, f);        /* temp[y][x] = */
    gw_bar(c, pc + 0x30, c->valid);
}

static void nw_warp(gk_warp *c)
{
    const gk_launch *L = c->L;
    int k = (int)L->p[0], i = (int)L->p[1], bw = (int)L->p[2];
    int64_t cols = L->p[3];
    uint32_t K = (uint32_t)k << 8;
    int bxi = k == 1 ? (int)c->bx : (int)c->bx + bw - i;
    int byi = k == 1 ? i - 1 - (int)c->bx : bw - (int)c->bx - 1;
    int64_t base = cols * NW_BS * byi + (int64_t)NW_BS * bxi;
    int64_t idx[32], gn[32], gw[32], g0[32], o0[32], on_[32], ow[32], tmp[32];
    uint32_t all = c->valid, t0 = 0;
    for (unsigned l = 0; l < 32; l++) {
        if (!(all >> l & 1)) continue;
        int tx = c->tx[l];
        idx[l] = base + tx + cols + 1;
        gn[l] = base + tx + 1;
        gw[l] = base + cols + cols * tx;
        g0[l] = base;
        o0[l] = 0;
        on_[l] = t_off(0, tx + 1);
        ow[l] = t_off(tx + 1, 0);
        if (tx == 0) t0 |= 1u << l;
    }
    if (k == 1) {
        gw_ld(c, K | 0x08, t0, A_MAT, g0);   /* matrix_cuda[index_nw] */
        gw_sst(c, K | 0x10, t0, o0);         /* temp[0][0] = */
    }
    for (int ty = 0; ty < NW_BS; ty++) {
        for (unsigned l = 0; l < 32; l++)
            if (all >> l & 1) {
                tmp[l] = idx[l] + cols * ty;
                o0[l] = r_off(ty, c->tx[l]);
            }
        gw_ld(c, K | 0x18, all, A_REF, tmp); /* referrence[index + cols*ty] */
        gw_sst(c, K | 0x20, all, o0);        /* ref[ty][tx] = */
    }
    if (k == 1) gw_bar(c, K | 0x28, all);
    if (k == 2) {
        for (unsigned l = 0; l < 32; l++) o0[l] = 0;
        gw_bar(c, K | 0x28, all);
        gw_ld(c, K | 0x08, t0, A_MAT, g0);   /* matrix_cuda[index_nw] */
        gw_sst(c, K | 0x10, t0, o0);         /* temp[0][0] = */
    }
    gw_ld(c, K | 0x30, all, A_MAT, gw);      /* matrix_cuda[index_w + cols*tx] */
    gw_sst(c, K | 0x38, all, ow);            /* temp[tx+1][0] = */
    gw_bar(c, K | 0x40, all);
    gw_ld(c, K | 0x48, all, A_MAT, gn);      /* matrix_cuda[index_n] */
    gw_sst(c, K | 0x50, all, on_);           /* temp[0][tx+1] = */
    gw_bar(c, K | 0x58, all);
    for (int m = 0; m < NW_BS; m++) nw_cell(c, K | 0x60, m, 1);
    for (int m = NW_BS - 2; m >= 0; m--) nw_cell(c, K | 0x98, m, 0);
    for (int ty = 0; ty < NW_BS; ty++) {
        for (unsigned l = 0; l < 32; l++)
            if (all >> l & 1) {
                tmp[l] = idx[l] + cols * ty;
                o0[l] = t_off(ty + 1, c->tx[l] + 1);
            }
        gw_sld(c, K | 0xd0, all, o0);        /* temp[ty+1][tx+1] */
        gw_st(c, K | 0xd8, all, A_MAT, tmp); /* matrix_cuda[index + ty*cols] = */
    }
}

int gka_build_nw(gka_ctx *c);
int gka_build_nw(gka_ctx *c)
{
    int64_t n = gka_scaled(c, NW_N, NW_BS) / NW_BS * NW_BS;
    int64_t cols = n + 1;
    if (gka_array(c, "referrence", cols * cols, 4) < 0 || gka_array(c, "matrix", cols * cols, 4) < 0) return 1;
    int bw = (int)(n / NW_BS), nl = 0;
    uint32_t smem = (NW_BS + 1) * (NW_BS + 1) * 4 + NW_BS * NW_BS * 4;
    for (int k = 1; k <= 2; k++)
        for (int i = k == 1 ? 1 : bw - 1; k == 1 ? i <= bw : i >= 1; i += k == 1 ? 1 : -1) {
            gk_launch *L = gka_launch(c, k == 1 ? "needle_cuda_shared_1" : "needle_cuda_shared_2", nw_warp,
                                      (uint32_t)i, 1, NW_BS, 1, NW_REGS, smem);
            if (!L) return 1;
            L->p[0] = k;
            L->p[1] = i;
            L->p[2] = bw;
            L->p[3] = cols;
            nl++;
        }
    c->w->size[0] = n;
    c->w->size[1] = bw;
    c->w->size[2] = nl;
    return 0;
}
