/*
 * scalarprod.c: CUDA SDK scalarProd (Samples/2_Concepts_and_Techniques/scalarProd:
 * scalarProd.cu, scalarProd_kernel.cuh); docs/workloads/scalarprod.md gives the
 * instruction order, which tb/streams/scalarprod.py implements again.
 *
 * One launch scalarProdGPU<<<128, 256>>>(d_C, d_A, d_B, VECTOR_N, ELEMENT_N) with
 * VECTOR_N = 256 (scaled) and ELEMENT_N = 4096. Block b handles vectors b, b + 128, ...;
 * in each, thread t accumulates elements iAccum = t, t + 256, .. < ACCUM_N (1024) with
 * stride ACCUM_N over the vector, stores the partial sum in shared accumResult[iAccum],
 * then a tree reduction over accumResult (one barrier per stride) and thread 0 writes
 * d_C[vec]. No address depends on the data (srand(123) RandFloat values), so the
 * values are not generated.
 */
#include "gk_app.h"

#define SP_ACCUM 1024
#define SP_GRID 128
#define SP_TPB 256
#define SP_ELEMS 4096
#define SP_VECS 256
#define SP_LAT 4

enum { A_A, A_B, A_C };

static void sp_warp(gk_warp *c)
{
    int64_t vecs = c->L->p[0], elems = c->L->p[1];
    int64_t idx[32], off[32], off2[32];
    uint32_t all = c->valid;
    for (int64_t vec = c->bx; vec < vecs; vec += SP_GRID) {
        int64_t base = elems * vec, end = base + elems;
        /* accumulators: iAccum = tx + k * blockDim */
        for (int64_t k = 0;; k++) {
            uint32_t m = 0;
            for (unsigned l = 0; l < 32; l++)
                if ((all >> l & 1) && c->tx[l] + k * SP_TPB < SP_ACCUM) m |= 1u << l;
            if (!m) break;
            for (int64_t j = 0;; j++) {
                uint32_t mp = 0;
                for (unsigned l = 0; l < 32; l++) {
                    if (!(m >> l & 1)) continue;
                    int64_t pos = base + c->tx[l] + k * SP_TPB + j * SP_ACCUM;
                    if (pos < end) { mp |= 1u << l; idx[l] = pos; }
                }
                if (!mp) break;
                gw_ld(c, 0x108, mp, A_A, idx);        /* d_A[pos] */
                gw_ld(c, 0x110, mp, A_B, idx);        /* d_B[pos] */
                gw_alu(c, 0x118, mp, SP_LAT);         /* sum += a * b */
            }
            for (unsigned l = 0; l < 32; l++) off[l] = (c->tx[l] + k * SP_TPB) * 4;
            gw_sst(c, 0x120, m, off);                 /* accumResult[iAccum] = sum */
        }
        for (int64_t stride = SP_ACCUM / 2; stride > 0; stride >>= 1) {
            gw_bar(c, 0x128, all);
            for (int64_t k = 0;; k++) {
                uint32_t m = 0;
                for (unsigned l = 0; l < 32; l++)
                    if ((all >> l & 1) && c->tx[l] + k * SP_TPB < stride) {
                        m |= 1u << l;
                        off[l] = (c->tx[l] + k * SP_TPB) * 4;
                        off2[l] = off[l] + stride * 4;
                    }
                if (!m) break;
                gw_sld(c, 0x130, m, off);             /* accumResult[iAccum] */
                gw_sld(c, 0x138, m, off2);            /* accumResult[stride + iAccum] */
                gw_alu(c, 0x140, m, SP_LAT);          /* + */
                gw_sst(c, 0x148, m, off);             /* accumResult[iAccum] = */
            }
        }
        gw_bar(c, 0x150, all);
        uint32_t t0 = 0;
        for (unsigned l = 0; l < 32; l++) {
            off[l] = 0;
            idx[l] = vec;
            if ((all >> l & 1) && c->tx[l] == 0) t0 |= 1u << l;
        }
        gw_sld(c, 0x158, t0, off);                    /* accumResult[0] */
        gw_st(c, 0x160, t0, A_C, idx);                /* d_C[vec] = */
    }
}

int gka_build_scalarprod(gka_ctx *c);
int gka_build_scalarprod(gka_ctx *c)
{
    int64_t vecs = gka_scaled(c, SP_VECS, 1), elems = SP_ELEMS;
    if (gka_array(c, "d_A", vecs * elems, 4) < 0 || gka_array(c, "d_B", vecs * elems, 4) < 0 ||
        gka_array(c, "d_C", vecs, 4) < 0)
        return 1;
    gk_launch *L = gka_launch(c, "scalarProdGPU", sp_warp, SP_GRID, 1, SP_TPB, 1, 13, SP_ACCUM * 4);
    if (!L) return 1;
    L->p[0] = vecs;
    L->p[1] = elems;
    c->w->size[0] = vecs;
    c->w->size[1] = elems;
    return 0;
}
