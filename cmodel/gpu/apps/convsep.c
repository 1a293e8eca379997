/*
 * convsep.c: CUDA SDK convolutionSeparable (Samples/2_Concepts_and_Techniques/
 * convolutionSeparable: main.cpp, convolutionSeparable.cu); docs/workloads/convsep.md
 * gives the instruction order, which tb/streams/convsep.py implements again.
 *
 * Host loop: for i = -1 .. iterations-1 (i = -1 the warm-up): convolutionRowsKernel
 * (d_Buffer <- d_Input) then convolutionColumnsKernel (d_Output <- d_Buffer).
 * KERNEL_RADIUS 8; rows: block 16x4, 8 result steps + 1 halo step each side, grid
 * (W/128, H/4); columns: block 16x8, 8 result steps + 1 halo step, grid (W/16, H/64).
 * c_Kernel is __constant__: its reads are folded into the ALU of each tap. No address
 * depends on the image values (srand(200), rand() % 16), so they are not generated.
 */
#include "gk_app.h"

#define CS_R 8         /* KERNEL_RADIUS */
#define CS_SIDE 3072   /* imageW = imageH */
#define CS_ITERS 16
#define CS_LAT 4

enum { A_IN, A_OUT, A_BUF };

/* p[0] = W, p[1] = H, p[2] = src array, p[3] = dst array */
static void cs_rows(gk_warp *c)
{
    int64_t W = c->L->p[0], src = c->L->p[2], dst = c->L->p[3];
    int64_t base[32], bx[32], idx[32], off[32];
    uint32_t all = c->valid, m;
    for (unsigned l = 0; l < 32; l++) {
        bx[l] = ((int64_t)c->bx * 8 - 1) * 16 + c->tx[l];
        base[l] = c->gy[l] * W + bx[l];
    }
    for (int i = 1; i <= 8; i++) {                            /* main data */
        for (unsigned l = 0; l < 32; l++) {
            idx[l] = base[l] + i * 16;
            off[l] = (c->ty[l] * 160 + c->tx[l] + i * 16) * 4;
        }
        gw_ld(c, 0x108, all, (int)src, idx);
        gw_sst(c, 0x110, all, off);
    }
    m = 0;                                                     /* left halo (i = 0) */
    for (unsigned l = 0; l < 32; l++) {
        idx[l] = base[l];
        off[l] = (c->ty[l] * 160 + c->tx[l]) * 4;
        if ((all >> l & 1) && bx[l] >= 0) m |= 1u << l;
    }
    gw_ld(c, 0x118, m, (int)src, idx);
    gw_sst(c, 0x120, all, off);
    m = 0;                                                     /* right halo (i = 9) */
    for (unsigned l = 0; l < 32; l++) {
        idx[l] = base[l] + 9 * 16;
        off[l] = (c->ty[l] * 160 + c->tx[l] + 9 * 16) * 4;
        if ((all >> l & 1) && W - bx[l] > 9 * 16) m |= 1u << l;
    }
    gw_ld(c, 0x128, m, (int)src, idx);
    gw_sst(c, 0x130, all, off);
    gw_bar(c, 0x138, all);
    for (int i = 1; i <= 8; i++) {
        for (int j = -CS_R; j <= CS_R; j++) {
            for (unsigned l = 0; l < 32; l++) off[l] = (c->ty[l] * 160 + c->tx[l] + i * 16 + j) * 4;
            gw_sld(c, 0x140, all, off);
            gw_alu(c, 0x148, all, CS_LAT);
        }
        for (unsigned l = 0; l < 32; l++) idx[l] = base[l] + i * 16;
        gw_st(c, 0x150, all, (int)dst, idx);
    }
}

static void cs_cols(gk_warp *c)
{
    int64_t W = c->L->p[0], H = c->L->p[1], src = c->L->p[2], dst = c->L->p[3];
    int64_t by[32], idx[32], off[32];
    uint32_t all = c->valid, m;
    for (unsigned l = 0; l < 32; l++) by[l] = ((int64_t)c->by * 8 - 1) * 8 + c->ty[l];
#define CS_IDX(l, i) ((by[l] + (i) * 8) * W + c->gx[l])
#define CS_OFF(l, i) ((c->tx[l] * 81 + c->ty[l] + (i) * 8) * 4)
    for (int i = 1; i <= 8; i++) {
        for (unsigned l = 0; l < 32; l++) { idx[l] = CS_IDX(l, i); off[l] = CS_OFF(l, i); }
        gw_ld(c, 0x208, all, (int)src, idx);
        gw_sst(c, 0x210, all, off);
    }
    m = 0;
    for (unsigned l = 0; l < 32; l++) {
        idx[l] = CS_IDX(l, 0);
        off[l] = CS_OFF(l, 0);
        if ((all >> l & 1) && by[l] >= 0) m |= 1u << l;
    }
    gw_ld(c, 0x218, m, (int)src, idx);
    gw_sst(c, 0x220, all, off);
    m = 0;
    for (unsigned l = 0; l < 32; l++) {
        idx[l] = CS_IDX(l, 9);
        off[l] = CS_OFF(l, 9);
        if ((all >> l & 1) && H - by[l] > 9 * 8) m |= 1u << l;
    }
    gw_ld(c, 0x228, m, (int)src, idx);
    gw_sst(c, 0x230, all, off);
    gw_bar(c, 0x238, all);
    for (int i = 1; i <= 8; i++) {
        for (int j = -CS_R; j <= CS_R; j++) {
            for (unsigned l = 0; l < 32; l++) off[l] = CS_OFF(l, i) + j * 4;
            gw_sld(c, 0x240, all, off);
            gw_alu(c, 0x248, all, CS_LAT);
        }
        for (unsigned l = 0; l < 32; l++) idx[l] = CS_IDX(l, i);
        gw_st(c, 0x250, all, (int)dst, idx);
    }
#undef CS_IDX
#undef CS_OFF
}

int gka_build_convsep(gka_ctx *c);
int gka_build_convsep(gka_ctx *c)
{
    /* side = 128 * round(24 sqrt(scale)) without libm: the k with (k - 1/2)^2 <= 576 scale < (k + 1/2)^2 */
    int64_t k = 0;
    while ((k + 0.5) * (k + 0.5) <= (double)(CS_SIDE / 128) * (CS_SIDE / 128) * c->o->scale) k++;
    int64_t side = k * 128;
    if (side < 128) side = 128;
    int64_t W = side, H = side, iters = gka_scaled(c, CS_ITERS, 1);
    int ai = gka_array(c, "d_Input", W * H, 4), ao = gka_array(c, "d_Output", W * H, 4),
        ab = gka_array(c, "d_Buffer", W * H, 4);
    if (ai < 0 || ao < 0 || ab < 0) return 1;
    for (int64_t i = -1; i < iters; i++) {
        gk_launch *r = gka_launch(c, "convolutionRowsKernel", cs_rows, (uint32_t)(W / 128), (uint32_t)(H / 4), 16, 4,
                                  16, 4 * 160 * 4);
        if (!r) return 1;
        r->p[0] = W; r->p[1] = H; r->p[2] = ai; r->p[3] = ab;
        gk_launch *k = gka_launch(c, "convolutionColumnsKernel", cs_cols, (uint32_t)(W / 16), (uint32_t)(H / 64), 16,
                                  8, 16, 16 * 81 * 4);
        if (!k) return 1;
        k->p[0] = W; k->p[1] = H; k->p[2] = ab; k->p[3] = ao;
    }
    c->w->size[0] = W;
    c->w->size[1] = H;
    c->w->size[2] = iters + 1;
    return 0;
}
