/*
 * blackscholes.c: CUDA SDK BlackScholes (Samples/5_Domain_Specific/BlackScholes:
 * BlackScholes.cu, BlackScholes_kernel.cuh); docs/workloads/blackscholes.md gives the
 * instruction order, which tb/streams/blackscholes.py implements again.
 *
 * Host loop: NUM_ITERATIONS = 512 identical launches of BlackScholesGPU<<<DIV_UP(OPT_N/2,
 * 128), 128>>> over OPT_N = 4 000 000 options; thread opt < OPT_N/2 reads the float2
 * at opt of d_StockPrice, d_OptionStrike, d_OptionYears, evaluates two options and
 * writes the float2 at opt of d_CallResult and d_PutResult. The arrays are float[OPT_N]
 * read as float2: modelled as OPT_N/2 elements of 8 bytes. No address depends on the
 * data (srand(5347) RandFloat values), so they are not generated.
 */
#include "gk_app.h"

#define BS_OPTS 4000000
#define BS_ITERS 512
#define BS_TPB 128

enum { A_CALL, A_PUT, A_S, A_X, A_T };

static void bs_warp(gk_warp *c)
{
    int64_t half = c->L->p[0] / 2, idx[32];
    uint32_t m = 0;
    for (unsigned l = 0; l < 32; l++) {
        idx[l] = c->gx[l];
        if ((c->valid >> l & 1) && idx[l] < half) m |= 1u << l;
    }
    gw_ld(c, 0x108, m, A_S, idx);    /* d_StockPrice[opt] */
    gw_ld(c, 0x110, m, A_X, idx);    /* d_OptionStrike[opt] */
    gw_ld(c, 0x118, m, A_T, idx);    /* d_OptionYears[opt] */
    gw_alu(c, 0x120, m, 28);         /* option 1: sqrtT, d1 (7 dependent ops) */
    gw_alu(c, 0x128, m, 48);         /* option 1: d2, CND(d1), CND(d2) (12) */
    gw_alu(c, 0x130, m, 16);         /* option 1: expRT, call, put (4) */
    gw_alu(c, 0x138, m, 28);         /* option 2 */
    gw_alu(c, 0x140, m, 48);
    gw_alu(c, 0x148, m, 16);
    gw_st(c, 0x150, m, A_CALL, idx); /* d_CallResult[opt] = make_float2 */
    gw_st(c, 0x158, m, A_PUT, idx);  /* d_PutResult[opt] = make_float2 */
}

int gka_build_blackscholes(gka_ctx *c);
int gka_build_blackscholes(gka_ctx *c)
{
    int64_t n = gka_scaled(c, BS_OPTS, 256) / 2 * 2, iters = gka_scaled(c, BS_ITERS, 1);
    const char *names[5] = {"d_CallResult", "d_PutResult", "d_StockPrice", "d_OptionStrike", "d_OptionYears"};
    for (int i = 0; i < 5; i++)
        if (gka_array(c, names[i], n / 2, 8) < 0) return 1;
    for (int64_t i = 0; i < iters; i++) {
        gk_launch *L = gka_launch(c, "BlackScholesGPU", bs_warp, gka_ceil(n / 2, BS_TPB), 1, BS_TPB, 1, 24, 0);
        if (!L) return 1;
        L->p[0] = n;
    }
    c->w->size[0] = n;
    c->w->size[1] = iters;
    return 0;
}
