/*
 * gaussian.c: Rodinia 3.1 Gaussian elimination (gaussian/gaussian.cu: Fan1, Fan2,
 * MAXBLOCKSIZE 512, BLOCK_SIZE_XY 4); docs/workloads/gaussian.md gives the instruction
 * order, which tb/streams/gaussian.py implements again.
 *
 * Arrays (cudaMalloc order of ForwardSub): m_cuda, a_cuda (Size^2 floats), b_cuda (Size).
 * Host loop: for t = 0 .. Size-2: Fan1<<<ceil(Size/512), 512>>>(m, a, Size, t);
 * Fan2<<<(g, g), (4, 4)>>>(m, a, b, Size, Size-t, t) with g = ceil(Size/4) (the source's
 * expression Size/4 + !(Size%4 ? 0 : 1)). No address or branch depends on the matrix
 * values (the guards depend on t and the thread index only), so they are not modelled.
 * Arithmetic: `x = p / q` ALU 4; `x -= p * q` ALU 8 (two dependent float ops); `x -= e`
 * reads x first, then e's operands left to right.
 */
#include "gk_app.h"

#define GS_SIZE 208 /* matrix208.txt, seed 000 Table 3 */
#define GS_B1 512
#define GS_BXY 4

enum { A_M, A_A, A_B };

static void fan1(gk_warp *c)
{
    int64_t n = c->L->p[0], t = c->L->p[1];
    int64_t row[32], piv[32];
    uint32_t act = 0;
    for (unsigned l = 0; l < 32; l++) {
        int64_t g = c->gx[l];
        if ((c->valid >> l & 1) && g < n - 1 - t) act |= 1u << l;
        row[l] = n * (g + t + 1) + t;
        piv[l] = n * t + t;
    }
    gw_ld(c, 0x108, act, A_A, row);  /* a[Size*(g+t+1)+t] */
    gw_ld(c, 0x110, act, A_A, piv);  /* a[Size*t+t] */
    gw_alu(c, 0x118, act, 4);        /* / */
    gw_st(c, 0x120, act, A_M, row);  /* m[Size*(g+t+1)+t] = */
}

static void fan2(gk_warp *c)
{
    int64_t n = c->L->p[0], t = c->L->p[1];
    int64_t dst[32], mi[32], ai[32], bx[32], bt[32];
    uint32_t act = 0, y0 = 0;
    for (unsigned l = 0; l < 32; l++) {
        int64_t x = c->gx[l], y = c->gy[l];
        if (!(c->valid >> l & 1) || x >= n - 1 - t || y >= n - t) continue;
        act |= 1u << l;
        if (y == 0) y0 |= 1u << l;
        dst[l] = n * (x + 1 + t) + (y + t);
        mi[l] = n * (x + 1 + t) + t;
        ai[l] = n * t + (y + t);
        bx[l] = x + 1 + t;
        bt[l] = t;
    }
    gw_ld(c, 0x208, act, A_A, dst);  /* a[Size*(x+1+t)+(y+t)] */
    gw_ld(c, 0x210, act, A_M, mi);   /* m[Size*(x+1+t)+t] */
    gw_ld(c, 0x218, act, A_A, ai);   /* a[Size*t+(y+t)] */
    gw_alu(c, 0x220, act, 8);
    gw_st(c, 0x228, act, A_A, dst);
    /* if (yidx == 0): b[x+1+t] -= m[Size*(x+1+t)+(y+t)] * b[t]; with y = 0 the m index
       is mi */
    gw_ld(c, 0x230, y0, A_B, bx);
    gw_ld(c, 0x238, y0, A_M, mi);
    gw_ld(c, 0x240, y0, A_B, bt);
    gw_alu(c, 0x248, y0, 8);
    gw_st(c, 0x250, y0, A_B, bx);
}

/* registers: estimates (no published ptxas figure found) */
#define GS_REGS_FAN1 8
#define GS_REGS_FAN2 12

int gka_build_gaussian(gka_ctx *c);
int gka_build_gaussian(gka_ctx *c)
{
    int64_t n = gka_scaled(c, GS_SIZE, 3);
    if (gka_array(c, "m", n * n, 4) < 0 || gka_array(c, "a", n * n, 4) < 0 || gka_array(c, "b", n, 4) < 0) return 1;
    uint32_t g1 = gka_ceil(n, GS_B1), g2 = (uint32_t)(n / GS_BXY + (n % GS_BXY ? 1 : 0));
    for (int64_t t = 0; t < n - 1; t++) {
        gk_launch *L = gka_launch(c, "Fan1", fan1, g1, 1, GS_B1, 1, GS_REGS_FAN1, 0);
        if (!L) return 1;
        L->p[0] = n;
        L->p[1] = t;
        L = gka_launch(c, "Fan2", fan2, g2, g2, GS_BXY, GS_BXY, GS_REGS_FAN2, 0);
        if (!L) return 1;
        L->p[0] = n;
        L->p[1] = t;
    }
    c->w->size[0] = n;
    c->w->size[1] = c->w->nlaunch;
    return 0;
}
