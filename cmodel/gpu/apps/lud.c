/*
 * lud.c: Rodinia 3.1 LUD (lud/cuda/lud.cu, lud/cuda/lud_kernel.cu, BLOCK_SIZE 16);
 * docs/workloads/lud.md gives the instruction order, which tb/streams/lud.py
 * implements again.
 *
 * One array m (matrix_dim^2 floats, cudaMalloc'd by lud.cu). Host loop (lud_cuda): for
 * offset = 0, 16, .. while offset < dim - 16: lud_diagonal<<<1, 16>>>,
 * lud_perimeter<<<(dim - offset)/16 - 1, 32>>>, lud_internal<<<(n, n), (16, 16)>>> with
 * n = (dim - offset)/16 - 1; then a last lud_diagonal at the final offset. No address
 * or branch depends on the matrix values, so the values are not modelled.
 * Arithmetic: `x -= a * b` is one ALU of latency 8 (two dependent floating ops, 4 each),
 * `x /= d` and `x -= s` latency 4; `x op= e` reads x, then e's operands, then writes x.
 */
#include "gk_app.h"

#define LUD_BS 16
#define LUD_DIM_BLOCKS 32 /* 512 x 512 at scale 1 (seed 000 Table 3) */

enum { A_M };

#define PC(k, op) (((k) << 8) | ((op) << 3))

static void lanes_fill(int64_t *v, int64_t x)
{
    for (unsigned l = 0; l < 32; l++) v[l] = x;
}

/* kernel 1: lud_diagonal, 16 threads; shadow[16][16] at byte 0 */
static void lud_diag(gk_warp *c)
{
    int64_t dim = c->L->p[0], off = c->L->p[1];
    int64_t idx[32], s0[32], s1[32], s2[32];
    uint32_t all = c->valid;
#define SH(r, col) (((int64_t)(r) * LUD_BS + (col)) * 4)
    for (int i = 0; i < LUD_BS; i++) {
        for (unsigned l = 0; l < 32; l++) {
            idx[l] = (off + i) * dim + off + c->tx[l];
            s0[l] = SH(i, c->tx[l]);
        }
        gw_ld(c, PC(1, 1), all, A_M, idx);
        gw_sst(c, PC(1, 2), all, s0);
    }
    gw_bar(c, PC(1, 3), all);
    for (int i = 0; i < LUD_BS - 1; i++) {
        uint32_t m = 0;
        for (unsigned l = 0; l < 32; l++)
            if ((all >> l & 1) && c->tx[l] > i) m |= 1u << l;
        for (int j = 0; j < i; j++) {
            for (unsigned l = 0; l < 32; l++) {
                s0[l] = SH(c->tx[l], i);
                s1[l] = SH(c->tx[l], j);
            }
            lanes_fill(s2, SH(j, i));
            gw_sld(c, PC(1, 4), m, s0);
            gw_sld(c, PC(1, 5), m, s1);
            gw_sld(c, PC(1, 6), m, s2);
            gw_alu(c, PC(1, 7), m, 8);
            gw_sst(c, PC(1, 8), m, s0);
        }
        for (unsigned l = 0; l < 32; l++) s0[l] = SH(c->tx[l], i);
        lanes_fill(s1, SH(i, i));
        gw_sld(c, PC(1, 9), m, s0);
        gw_sld(c, PC(1, 10), m, s1);
        gw_alu(c, PC(1, 11), m, 4);
        gw_sst(c, PC(1, 12), m, s0);
        gw_bar(c, PC(1, 13), all);
        for (int j = 0; j <= i; j++) {
            for (unsigned l = 0; l < 32; l++) {
                s0[l] = SH(i + 1, c->tx[l]);
                s2[l] = SH(j, c->tx[l]);
            }
            lanes_fill(s1, SH(i + 1, j));
            gw_sld(c, PC(1, 14), m, s0);
            gw_sld(c, PC(1, 15), m, s1);
            gw_sld(c, PC(1, 16), m, s2);
            gw_alu(c, PC(1, 17), m, 8);
            gw_sst(c, PC(1, 18), m, s0);
        }
        gw_bar(c, PC(1, 19), all);
    }
    for (int i = 1; i < LUD_BS; i++) {
        for (unsigned l = 0; l < 32; l++) {
            s0[l] = SH(i, c->tx[l]);
            idx[l] = (off + i) * dim + off + c->tx[l];
        }
        gw_sld(c, PC(1, 20), all, s0);
        gw_st(c, PC(1, 21), all, A_M, idx);
    }
}

/* kernel 2: lud_perimeter, 32 threads: lanes 0-15 the row block (peri_row), 16-31 the
 * column block (peri_col); dia at byte 0, peri_row at 1024, peri_col at 2048 */
static void lud_peri(gk_warp *c)
{
    int64_t dim = c->L->p[0], off = c->L->p[1], bx = c->bx;
    int64_t idx[32], s0[32], s1[32], s2[32], id[32];
    uint32_t all = c->valid, R = 0, C = 0;
#define DIA(r, col) (((int64_t)(r) * LUD_BS + (col)) * 4)
#define ROW(r, col) (1024 + ((int64_t)(r) * LUD_BS + (col)) * 4)
#define COL(r, col) (2048 + ((int64_t)(r) * LUD_BS + (col)) * 4)
    for (unsigned l = 0; l < 32; l++) {
        if (!(all >> l & 1)) continue;
        if (c->tx[l] < LUD_BS) {
            R |= 1u << l;
            id[l] = c->tx[l];
        } else {
            C |= 1u << l;
            id[l] = c->tx[l] - LUD_BS;
        }
    }
    /* loads: the if branch (R) first, then the else branch (C) */
    for (int i = 0; i < LUD_BS / 2; i++) {
        for (unsigned l = 0; l < 32; l++) {
            idx[l] = (off + i) * dim + off + id[l];
            s0[l] = DIA(i, id[l]);
        }
        gw_ld(c, PC(2, 1), R, A_M, idx);
        gw_sst(c, PC(2, 2), R, s0);
    }
    for (int i = 0; i < LUD_BS; i++) {
        for (unsigned l = 0; l < 32; l++) {
            idx[l] = (off + i) * dim + off + (bx + 1) * LUD_BS + id[l];
            s0[l] = ROW(i, id[l]);
        }
        gw_ld(c, PC(2, 3), R, A_M, idx);
        gw_sst(c, PC(2, 4), R, s0);
    }
    for (int i = LUD_BS / 2; i < LUD_BS; i++) {
        for (unsigned l = 0; l < 32; l++) {
            idx[l] = (off + i) * dim + off + id[l];
            s0[l] = DIA(i, id[l]);
        }
        gw_ld(c, PC(2, 5), C, A_M, idx);
        gw_sst(c, PC(2, 6), C, s0);
    }
    for (int i = 0; i < LUD_BS; i++) {
        for (unsigned l = 0; l < 32; l++) {
            idx[l] = (off + (bx + 1) * LUD_BS + i) * dim + off + id[l];
            s0[l] = COL(i, id[l]);
        }
        gw_ld(c, PC(2, 7), C, A_M, idx);
        gw_sst(c, PC(2, 8), C, s0);
    }
    gw_bar(c, PC(2, 9), all);
    /* R: peri_row[i][idx] -= dia[i][j] * peri_row[j][idx] */
    for (int i = 1; i < LUD_BS; i++)
        for (int j = 0; j < i; j++) {
            for (unsigned l = 0; l < 32; l++) {
                s0[l] = ROW(i, id[l]);
                s2[l] = ROW(j, id[l]);
            }
            lanes_fill(s1, DIA(i, j));
            gw_sld(c, PC(2, 10), R, s0);
            gw_sld(c, PC(2, 11), R, s1);
            gw_sld(c, PC(2, 12), R, s2);
            gw_alu(c, PC(2, 13), R, 8);
            gw_sst(c, PC(2, 14), R, s0);
        }
    /* C: peri_col[idx][i] -= peri_col[idx][j] * dia[j][i]; peri_col[idx][i] /= dia[i][i] */
    for (int i = 0; i < LUD_BS; i++) {
        for (int j = 0; j < i; j++) {
            for (unsigned l = 0; l < 32; l++) {
                s0[l] = COL(id[l], i);
                s1[l] = COL(id[l], j);
            }
            lanes_fill(s2, DIA(j, i));
            gw_sld(c, PC(2, 15), C, s0);
            gw_sld(c, PC(2, 16), C, s1);
            gw_sld(c, PC(2, 17), C, s2);
            gw_alu(c, PC(2, 18), C, 8);
            gw_sst(c, PC(2, 19), C, s0);
        }
        for (unsigned l = 0; l < 32; l++) s0[l] = COL(id[l], i);
        lanes_fill(s1, DIA(i, i));
        gw_sld(c, PC(2, 20), C, s0);
        gw_sld(c, PC(2, 21), C, s1);
        gw_alu(c, PC(2, 22), C, 4);
        gw_sst(c, PC(2, 23), C, s0);
    }
    gw_bar(c, PC(2, 24), all);
    for (int i = 1; i < LUD_BS; i++) {
        for (unsigned l = 0; l < 32; l++) {
            s0[l] = ROW(i, id[l]);
            idx[l] = (off + i) * dim + off + (bx + 1) * LUD_BS + id[l];
        }
        gw_sld(c, PC(2, 25), R, s0);
        gw_st(c, PC(2, 26), R, A_M, idx);
    }
    for (int i = 0; i < LUD_BS; i++) {
        for (unsigned l = 0; l < 32; l++) {
            s0[l] = COL(i, id[l]);
            idx[l] = (off + (bx + 1) * LUD_BS + i) * dim + off + id[l];
        }
        gw_sld(c, PC(2, 27), C, s0);
        gw_st(c, PC(2, 28), C, A_M, idx);
    }
}

/* kernel 3: lud_internal, 16 x 16 threads; peri_row at byte 0, peri_col at 1024 */
static void lud_int(gk_warp *c)
{
    int64_t dim = c->L->p[0], off = c->L->p[1];
    int64_t grow = off + ((int64_t)c->by + 1) * LUD_BS, gcol = off + ((int64_t)c->bx + 1) * LUD_BS;
    int64_t idx[32], s0[32], s1[32];
    uint32_t all = c->valid;
    for (unsigned l = 0; l < 32; l++) {
        idx[l] = (off + c->ty[l]) * dim + gcol + c->tx[l];
        s0[l] = ((int64_t)c->ty[l] * LUD_BS + c->tx[l]) * 4;
    }
    gw_ld(c, PC(3, 1), all, A_M, idx);
    gw_sst(c, PC(3, 2), all, s0);
    for (unsigned l = 0; l < 32; l++) {
        idx[l] = (grow + c->ty[l]) * dim + off + c->tx[l];
        s0[l] = 1024 + ((int64_t)c->ty[l] * LUD_BS + c->tx[l]) * 4;
    }
    gw_ld(c, PC(3, 3), all, A_M, idx);
    gw_sst(c, PC(3, 4), all, s0);
    gw_bar(c, PC(3, 5), all);
    for (int i = 0; i < LUD_BS; i++) {
        for (unsigned l = 0; l < 32; l++) {
            s0[l] = 1024 + ((int64_t)c->ty[l] * LUD_BS + i) * 4;
            s1[l] = ((int64_t)i * LUD_BS + c->tx[l]) * 4;
        }
        gw_sld(c, PC(3, 6), all, s0);
        gw_sld(c, PC(3, 7), all, s1);
        gw_alu(c, PC(3, 8), all, 8);
    }
    for (unsigned l = 0; l < 32; l++) idx[l] = (grow + c->ty[l]) * dim + gcol + c->tx[l];
    gw_ld(c, PC(3, 9), all, A_M, idx);
    gw_alu(c, PC(3, 10), all, 4);
    gw_st(c, PC(3, 11), all, A_M, idx);
}

/* registers: lud_internal 15 (seed 002 Table 3.x, GTX480 ptxas, the 2048-byte
 * kernel); lud_diagonal and lud_perimeter estimated */
#define LUD_REGS_DIAG 14
#define LUD_REGS_PERI 18
#define LUD_REGS_INT 15

int gka_build_lud(gka_ctx *c);
int gka_build_lud(gka_ctx *c)
{
    int64_t dim = gka_scaled(c, LUD_DIM_BLOCKS, 2) * LUD_BS;
    if (gka_array(c, "m", dim * dim, 4) < 0) return 1;
    int64_t i;
    for (i = 0; i < dim - LUD_BS; i += LUD_BS) {
        uint32_t n = (uint32_t)((dim - i) / LUD_BS - 1);
        gk_launch *L = gka_launch(c, "lud_diagonal", lud_diag, 1, 1, LUD_BS, 1, LUD_REGS_DIAG, 1024);
        if (!L) return 1;
        L->p[0] = dim;
        L->p[1] = i;
        L = gka_launch(c, "lud_perimeter", lud_peri, n, 1, LUD_BS * 2, 1, LUD_REGS_PERI, 3072);
        if (!L) return 1;
        L->p[0] = dim;
        L->p[1] = i;
        L = gka_launch(c, "lud_internal", lud_int, n, n, LUD_BS, LUD_BS, LUD_REGS_INT, 2048);
        if (!L) return 1;
        L->p[0] = dim;
        L->p[1] = i;
    }
    gk_launch *L = gka_launch(c, "lud_diagonal", lud_diag, 1, 1, LUD_BS, 1, LUD_REGS_DIAG, 1024);
    if (!L) return 1;
    L->p[0] = dim;
    L->p[1] = i;
    c->w->size[0] = dim;
    c->w->size[1] = c->w->nlaunch;
    return 0;
}
