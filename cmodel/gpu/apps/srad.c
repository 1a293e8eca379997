/*
 * srad.c: Rodinia 3.1 SRAD v2 (srad/srad_v2/srad.cu, srad_kernel.cu: kernels
 * srad_cuda_1, srad_cuda_2); docs/workloads/srad.md lists the instruction order, which
 * tb/streams/srad.py implements again.
 *
 * BLOCK_SIZE 16: blocks of 16 x 16 threads (8 warps, warp w holds rows 2w, 2w+1), grid
 * (cols/16, rows/16). Host: per iteration (niter = 2, srad_v2/run) srad_cuda_1 then
 * srad_cuda_2 (q0sqr from the ROI on the host; it changes no address).
 * Arrays (cudaMalloc order): J_cuda, C_cuda, E_C, W_C, S_C, N_C (float, rows*cols).
 * The image (rand()/RAND_MAX after srand(7), then exp) changes no address or branch
 * that the model keeps (the saturation if/else if/else of srad_cuda_1 stores
 * temp_result[ty][tx] in every case: one store of a selected value), so no data.
 * Border loads outside J_cuda: at the image's edges the kernel reads J_cuda[index_n]
 * (by = 0), [index_s] (last by), [index_w] (-1 at the first thread) and [index_e] (one
 * past the end) before overwriting the shared value; lanes whose index lies outside
 * J_cuda are left out of those loads (they would touch memory outside the array).
 * The nine-way if/else chain choosing n, s, w, e is one shared load per direction
 * whose address each lane selects (north/south/west/east tile on the block's edge
 * row/column, else temp).
 * PCs: srad_cuda_1 has 35 ops, so its PCs run 0x108-0x218; srad_cuda_2 is numbered
 * kernel 3 (0x308-0x3f0) to keep every PC distinct.
 */
#include "gk_app.h"

enum { A_J, A_C, A_E, A_W, A_S, A_N };
#define SR_BS 16
#define SR_N 1024
#define SR_NITER 2
#define SR_LAT 4
#define SR_REGS1 24 /* estimates (no published ptxas figure for srad_v2 found) */
#define SR_REGS2 20

static int64_t sh(int tile, int r, int col) { return (int64_t)tile * 1024 + ((int64_t)r * SR_BS + col) * 4; }

/* load + shared store, lanes whose element lies inside J/C */
static void ld_sst(gk_warp *c, uint32_t pc, uint32_t mask, int arr, const int64_t *idx, const int64_t *off,
                   int64_t size)
{
    uint32_t m = 0;
    for (unsigned l = 0; l < 32; l++)
        if ((mask >> l & 1) && idx[l] >= 0 && idx[l] < size) m |= 1u << l;
    gw_ld(c, pc, m, arr, idx);
    gw_sst(c, pc + 8, mask, off);
}

static void sr1_warp(gk_warp *c)
{
    const gk_launch *L = c->L;
    int64_t cols = L->p[0], rows = L->p[1], size = cols * rows;
    int64_t gx = c->L->grid_x, gy = c->L->grid_y, bx = c->bx, by = c->by;
    int64_t b0 = cols * SR_BS * by + SR_BS * bx;
    int64_t i_n[32], i_s[32], i_w[32], i_e[32], i_c[32], i_t[32], i_b[32], i_l[32], i_r[32];
    int64_t o_t[32], o_tr[32], o_n[32], o_s[32], o_e[32], o_w[32], d_n[32], d_s[32], d_w[32], d_e[32];
    uint32_t all = c->valid;
    for (unsigned l = 0; l < 32; l++) {
        if (!(all >> l & 1)) continue;
        int tx = c->tx[l], ty = c->ty[l];
        i_c[l] = b0 + cols * ty + tx;
        i_n[l] = b0 + tx - cols;
        i_s[l] = b0 + cols * SR_BS + tx;
        i_w[l] = b0 + cols * ty - 1;
        i_e[l] = b0 + cols * ty + SR_BS;
        i_t[l] = SR_BS * bx + tx;
        i_b[l] = cols * SR_BS * (gy - 1) + SR_BS * bx + cols * (SR_BS - 1) + tx;
        i_l[l] = cols * SR_BS * by + cols * ty;
        i_r[l] = cols * SR_BS * by + SR_BS * (gx - 1) + cols * ty + SR_BS - 1;
        o_t[l] = sh(0, ty, tx);
        o_tr[l] = sh(1, ty, tx);
        o_n[l] = sh(2, ty, tx);
        o_s[l] = sh(3, ty, tx);
        o_e[l] = sh(4, ty, tx);
        o_w[l] = sh(5, ty, tx);
        d_n[l] = ty == 0 ? o_n[l] : sh(0, ty - 1, tx);
        d_s[l] = ty == SR_BS - 1 ? o_s[l] : sh(0, ty + 1, tx);
        d_w[l] = tx == 0 ? o_w[l] : sh(0, ty, tx - 1);
        d_e[l] = tx == SR_BS - 1 ? o_e[l] : sh(0, ty, tx + 1);
    }
    ld_sst(c, 0x108, all, A_J, i_n, o_n, size);                       /* north = J[index_n] */
    ld_sst(c, 0x118, all, A_J, i_s, o_s, size);                       /* south = J[index_s] */
    if (by == 0) ld_sst(c, 0x128, all, A_J, i_t, o_n, size);          /* north = J[top row] */
    else if (by == gy - 1) ld_sst(c, 0x138, all, A_J, i_b, o_s, size); /* south = J[bottom row] */
    gw_bar(c, 0x148, all);
    ld_sst(c, 0x150, all, A_J, i_w, o_w, size);                       /* west = J[index_w] */
    ld_sst(c, 0x160, all, A_J, i_e, o_e, size);                       /* east = J[index_e] */
    if (bx == 0) ld_sst(c, 0x170, all, A_J, i_l, o_w, size);          /* west = J[left column] */
    else if (bx == gx - 1) ld_sst(c, 0x180, all, A_J, i_r, o_e, size); /* east = J[right column] */
    gw_bar(c, 0x190, all);
    ld_sst(c, 0x198, all, A_J, i_c, o_t, size);                       /* temp = J[index] */
    gw_bar(c, 0x1a8, all);
    gw_sld(c, 0x1b0, all, o_t);                                       /* jc */
    gw_sld(c, 0x1b8, all, d_n);                                       /* n */
    gw_sld(c, 0x1c0, all, d_s);                                       /* s */
    gw_sld(c, 0x1c8, all, d_w);                                       /* w */
    gw_sld(c, 0x1d0, all, d_e);                                       /* e */
    gw_alu(c, 0x1d8, all, 15 * SR_LAT);                               /* g2, l, num, den, qsqr, c */
    gw_sst(c, 0x1e0, all, o_tr);                                      /* temp_result = saturated c */
    gw_bar(c, 0x1e8, all);
    gw_sld(c, 0x1f0, all, o_tr);
    gw_st(c, 0x1f8, all, A_C, i_c);                                   /* C_cuda[index] */
    gw_st(c, 0x200, all, A_E, i_c);                                   /* E_C[index] = e */
    gw_st(c, 0x208, all, A_W, i_c);
    gw_st(c, 0x210, all, A_S, i_c);
    gw_st(c, 0x218, all, A_N, i_c);
}

static void sr2_warp(gk_warp *c)
{
    const gk_launch *L = c->L;
    int64_t cols = L->p[0], rows = L->p[1], size = cols * rows;
    int64_t gx = c->L->grid_x, gy = c->L->grid_y, bx = c->bx, by = c->by;
    int64_t b0 = cols * SR_BS * by + SR_BS * bx;
    int64_t i_c[32], i_s[32], i_e[32], i_b[32], i_r[32];
    int64_t o_sc[32], o_ec[32], o_ct[32], o_cr[32], o_t[32], d_s[32], d_e[32];
    uint32_t all = c->valid;
    for (unsigned l = 0; l < 32; l++) {
        if (!(all >> l & 1)) continue;
        int tx = c->tx[l], ty = c->ty[l];
        i_c[l] = b0 + cols * ty + tx;
        i_s[l] = b0 + cols * SR_BS + tx;
        i_e[l] = b0 + cols * ty + SR_BS;
        i_b[l] = cols * SR_BS * (gy - 1) + SR_BS * bx + cols * (SR_BS - 1) + tx;
        i_r[l] = cols * SR_BS * by + SR_BS * (gx - 1) + cols * ty + SR_BS - 1;
        o_sc[l] = sh(0, ty, tx);
        o_ec[l] = sh(1, ty, tx);
        o_ct[l] = sh(2, ty, tx);
        o_cr[l] = sh(3, ty, tx);
        o_t[l] = sh(4, ty, tx);
        d_s[l] = ty == SR_BS - 1 ? o_sc[l] : sh(2, ty + 1, tx);
        d_e[l] = tx == SR_BS - 1 ? o_ec[l] : sh(2, ty, tx + 1);
    }
    ld_sst(c, 0x308, all, A_J, i_c, o_t, size);                       /* temp = J[index] */
    gw_bar(c, 0x318, all);
    ld_sst(c, 0x320, all, A_C, i_s, o_sc, size);                      /* south_c = C[index_s] */
    if (by == gy - 1) ld_sst(c, 0x330, all, A_C, i_b, o_sc, size);
    gw_bar(c, 0x340, all);
    ld_sst(c, 0x348, all, A_C, i_e, o_ec, size);                      /* east_c = C[index_e] */
    if (bx == gx - 1) ld_sst(c, 0x358, all, A_C, i_r, o_ec, size);
    gw_bar(c, 0x368, all);
    ld_sst(c, 0x370, all, A_C, i_c, o_ct, size);                      /* c_cuda_temp = C[index] */
    gw_bar(c, 0x380, all);
    gw_sld(c, 0x388, all, o_ct);                                      /* cc */
    gw_sld(c, 0x390, all, d_s);                                       /* cs */
    gw_sld(c, 0x398, all, d_e);                                       /* ce */
    gw_ld(c, 0x3a0, all, A_N, i_c);                                   /* N_C[index] */
    gw_ld(c, 0x3a8, all, A_S, i_c);
    gw_ld(c, 0x3b0, all, A_W, i_c);
    gw_ld(c, 0x3b8, all, A_E, i_c);
    gw_alu(c, 0x3c0, all, 4 * SR_LAT);                                /* d_sum: mul + 3 fma */
    gw_sld(c, 0x3c8, all, o_t);                                       /* temp[ty][tx] */
    gw_alu(c, 0x3d0, all, 2 * SR_LAT);                                /* + 0.25*lambda*d_sum */
    gw_sst(c, 0x3d8, all, o_cr);                                      /* c_cuda_result = */
    gw_bar(c, 0x3e0, all);
    gw_sld(c, 0x3e8, all, o_cr);
    gw_st(c, 0x3f0, all, A_J, i_c);                                   /* J_cuda[index] = */
}

int gka_build_srad(gka_ctx *c);
int gka_build_srad(gka_ctx *c)
{
    int64_t n = gka_scaled(c, SR_N, SR_BS) / SR_BS * SR_BS;
    int64_t rows = n, cols = n;
    static const char *names[] = {"J_cuda", "C_cuda", "E_C", "W_C", "S_C", "N_C"};
    for (int i = 0; i < 6; i++)
        if (gka_array(c, names[i], rows * cols, 4) < 0) return 1;
    uint32_t gx = (uint32_t)(cols / SR_BS), gy = (uint32_t)(rows / SR_BS);
    for (int it = 0; it < SR_NITER; it++) {
        gk_launch *a = gka_launch(c, "srad_cuda_1", sr1_warp, gx, gy, SR_BS, SR_BS, SR_REGS1, 6 * 1024);
        if (!a) return 1;
        a->p[0] = cols;
        a->p[1] = rows;
        gk_launch *b = gka_launch(c, "srad_cuda_2", sr2_warp, gx, gy, SR_BS, SR_BS, SR_REGS2, 5 * 1024);
        if (!b) return 1;
        b->p[0] = cols;
        b->p[1] = rows;
    }
    c->w->size[0] = rows;
    c->w->size[1] = cols;
    c->w->size[2] = 2 * SR_NITER;
    return 0;
}
