/*
 * backprop.c: Rodinia 3.1 Backprop (backprop/backprop_cuda.cu bpnn_train_cuda,
 * backprop_cuda_kernel.cu: bpnn_layerforward_CUDA, bpnn_adjust_weights_cuda; HEIGHT =
 * WIDTH = 16, hidden layer 16); docs/workloads/backprop.md gives the instruction order,
 * which tb/streams/backprop.py implements again.
 *
 * Arrays (cudaMalloc order of bpnn_train_cuda): input_cuda (in+1), output_hidden_cuda
 * (hid+1), input_hidden_cuda ((in+1)(hid+1)), hidden_partial_sum (in/16 * 16),
 * hidden_delta_cuda (hid+1), input_prev_weights_cuda ((in+1)(hid+1)), all float.
 * Launches: bpnn_layerforward_CUDA then bpnn_adjust_weights_cuda, both grid (1, in/16),
 * block (16, 16). No address or branch depends on the weights (bpnn_randomize_weights'
 * rand() values), so they are not modelled.
 * Arithmetic: one ALU per statement, latency 4 per float op on its longest dependent
 * chain; `x op= e` reads x first, then e's operands left to right. The kernels' pointers
 * are not __restrict__, so the second statement of adjust_weights loads its operands
 * again after the store to w.
 */
#include "gk_app.h"

#define BP_IN 65536 /* seeds 000, 002: 65536 input nodes */
#define BP_HID 16
#define BP_H 16

enum { A_IN, A_OUTH, A_IH, A_PSUM, A_DELTA, A_PREV };

#define WM(r, c) (64 + ((int64_t)(r) * BP_H + (c)) * 4) /* weight_matrix after input_node[16] */

static void bp_forward(gk_warp *c)
{
    int64_t by = c->by, hid = BP_HID;
    int64_t idx[32], iin[32], s0[32], s1[32], ps[32];
    uint32_t all = c->valid, t0 = 0;
    for (unsigned l = 0; l < 32; l++) {
        int64_t tx = c->tx[l], ty = c->ty[l];
        idx[l] = (hid + 1) * BP_H * by + (hid + 1) * ty + tx + 1 + (hid + 1);
        iin[l] = BP_H * by + ty + 1;
        ps[l] = by * hid + ty;
        if ((all >> l & 1) && tx == 0) t0 |= 1u << l;
    }
    for (unsigned l = 0; l < 32; l++) s0[l] = (int64_t)c->ty[l] * 4;
    gw_ld(c, 0x108, t0, A_IN, iin);      /* input_cuda[index_in] */
    gw_sst(c, 0x110, t0, s0);            /* input_node[ty] */
    gw_bar(c, 0x118, all);
    for (unsigned l = 0; l < 32; l++) s1[l] = WM(c->ty[l], c->tx[l]);
    gw_ld(c, 0x120, all, A_IH, idx);     /* input_hidden_cuda[index] */
    gw_sst(c, 0x128, all, s1);
    gw_bar(c, 0x130, all);
    gw_sld(c, 0x138, all, s1);
    gw_sld(c, 0x140, all, s0);
    gw_alu(c, 0x148, all, 4);
    gw_sst(c, 0x150, all, s1);
    gw_bar(c, 0x158, all);
    for (int i = 1; i <= 4; i++) {
        int p = 1 << i;
        uint32_t m = 0;
        int64_t s2[32];
        for (unsigned l = 0; l < 32; l++) {
            if ((all >> l & 1) && c->ty[l] % p == 0) m |= 1u << l;
            s2[l] = WM(c->ty[l] + p / 2, c->tx[l]);
        }
        gw_sld(c, 0x160, m, s1);
        gw_sld(c, 0x168, m, s2);
        gw_alu(c, 0x170, m, 4);
        gw_sst(c, 0x178, m, s1);
        gw_bar(c, 0x180, all);
    }
    gw_sld(c, 0x188, all, s1);
    gw_st(c, 0x190, all, A_IH, idx);     /* input_hidden_cuda[index] = */
    gw_bar(c, 0x198, all);
    for (unsigned l = 0; l < 32; l++) s0[l] = WM(c->tx[l], c->ty[l]);
    gw_sld(c, 0x1a0, t0, s0);            /* weight_matrix[tx][ty] */
    gw_st(c, 0x1a8, t0, A_PSUM, ps);     /* hidden_partial_sum[by*hid+ty] */
}

static void bp_adjust(gk_warp *c)
{
    int64_t by = c->by, hid = BP_HID;
    int64_t idx[32], iy[32], ix[32];
    uint32_t all = c->valid, first = 0;
    for (unsigned l = 0; l < 32; l++) {
        int64_t tx = c->tx[l], ty = c->ty[l];
        idx[l] = (hid + 1) * BP_H * by + (hid + 1) * ty + tx + 1 + (hid + 1);
        iy[l] = BP_H * by + ty + 1;
        ix[l] = tx + 1;
        if ((all >> l & 1) && ty == 0 && by == 0) first |= 1u << l;
    }
    /* w[index] += ETA*delta[index_x]*ly[index_y] + MOMENTUM*oldw[index] */
    gw_ld(c, 0x208, all, A_IH, idx);
    gw_ld(c, 0x210, all, A_DELTA, ix);
    gw_ld(c, 0x218, all, A_IN, iy);
    gw_ld(c, 0x220, all, A_PREV, idx);
    gw_alu(c, 0x228, all, 16);
    gw_st(c, 0x230, all, A_IH, idx);
    /* oldw[index] = ETA*delta[index_x]*ly[index_y] + MOMENTUM*oldw[index] */
    gw_ld(c, 0x238, all, A_DELTA, ix);
    gw_ld(c, 0x240, all, A_IN, iy);
    gw_ld(c, 0x248, all, A_PREV, idx);
    gw_alu(c, 0x250, all, 12);
    gw_st(c, 0x258, all, A_PREV, idx);
    gw_bar(c, 0x260, all);
    /* ty == 0 && by == 0: w[index_x] += ETA*delta[index_x] + MOMENTUM*oldw[index_x];
       oldw[index_x] = ETA*delta[index_x] + MOMENTUM*oldw[index_x] */
    gw_ld(c, 0x268, first, A_IH, ix);
    gw_ld(c, 0x270, first, A_DELTA, ix);
    gw_ld(c, 0x278, first, A_PREV, ix);
    gw_alu(c, 0x280, first, 12);
    gw_st(c, 0x288, first, A_IH, ix);
    gw_ld(c, 0x290, first, A_DELTA, ix);
    gw_ld(c, 0x298, first, A_PREV, ix);
    gw_alu(c, 0x2a0, first, 8);
    gw_st(c, 0x2a8, first, A_PREV, ix);
}

int gka_build_backprop(gka_ctx *c);
int gka_build_backprop(gka_ctx *c)
{
    int64_t nb = gka_scaled(c, BP_IN / BP_H, 1), in = nb * BP_H, hid = BP_HID;
    if (gka_array(c, "input_cuda", in + 1, 4) < 0 || gka_array(c, "output_hidden_cuda", hid + 1, 4) < 0 ||
        gka_array(c, "input_hidden_cuda", (in + 1) * (hid + 1), 4) < 0 ||
        gka_array(c, "hidden_partial_sum", nb * BP_H, 4) < 0 || gka_array(c, "hidden_delta_cuda", hid + 1, 4) < 0 ||
        gka_array(c, "input_prev_weights_cuda", (in + 1) * (hid + 1), 4) < 0)
        return 1;
    /* registers and shared memory: GTX480 ptxas (seed 002 Table 3.x: BP1 13 regs 1088
       bytes, BP2 22 regs) */
    if (!gka_launch(c, "bpnn_layerforward_CUDA", bp_forward, 1, (uint32_t)nb, BP_H, BP_H, 13, 1088)) return 1;
    if (!gka_launch(c, "bpnn_adjust_weights_cuda", bp_adjust, 1, (uint32_t)nb, BP_H, BP_H, 22, 0)) return 1;
    c->w->size[0] = in;
    c->w->size[1] = hid;
    return 0;
}
