/*
 * lulesh.c: LLNL LULESH 1.0, CUDA port (lulesh.cu): the stress integration of one
 * Lagrange step, IntegrateStressForElems_kernel (element-centric gather of the 8 nodes'
 * coordinates through nodelist, per-corner forces to fx/fy/fz_elem) and
 * AddNodeForcesFromElems_kernel (node-centric gather through nodeElemCornerList);
 * docs/workloads/lulesh.md lists what else LULESH runs and is left out, and the
 * instruction order, which tb/streams/lulesh.py implements again.
 *
 * Mesh: the LULESH 1.0 cube of edgeElems = 45 (91125 elements, 46^3 nodes); edgeElems =
 * round(45 * scale), at least 2. nodelist[k + lnode * numElem] (the GPU's transposed
 * layout): with nidx = plane*E1^2 + row*E1 + col (E1 = edgeElems + 1), nodes nidx,
 * nidx+1, nidx+E1+1, nidx+E1, and the same + E1^2. Corner list: elements in increasing
 * order, corner (k + numElem * lnode) appended to its node's list at
 * nodeElemCornerList[node + numNode * count]. Real_t double, BLOCKSIZE 256.
 * Cycles: opts->tsteps if > 0, else 1 (each cycle: both kernels).
 */
#include "gk_app.h"

enum { A_NL, A_NEC, A_NECL, A_X, A_Y, A_Z, A_FX, A_FY, A_FZ, A_SXX, A_SYY, A_SZZ, A_DET, A_FXE, A_FYE, A_FZE };
#define LU_TPB 256
#define LU_LAT 4

static void lu_stress(gk_warp *c)
{
    const int32_t *nl = c->w->data[A_NL];
    int64_t ne = c->L->p[0];
    int64_t k[32], a[32], g[32];
    uint32_t in = 0;
    for (unsigned l = 0; l < 32; l++) {
        k[l] = (int64_t)c->bx * LU_TPB + c->tid[l];
        if ((c->valid >> l & 1) && k[l] < ne) in |= 1u << l;
    }
    for (int n = 0; n < 8; n++) {
        uint32_t pc = 0x108 + 0x20 * (uint32_t)n;
        for (unsigned l = 0; l < 32; l++)
            if (in >> l & 1) {
                a[l] = k[l] + n * ne;
                g[l] = nl[a[l]];
            }
        gw_ld(c, pc, in, A_NL, a);                         /* gnode = nodelist[k + lnode*numElem] */
        gw_ld(c, pc + 0x08, in, A_X, g);                   /* x[gnode] */
        gw_ld(c, pc + 0x10, in, A_Y, g);                   /* y[gnode] */
        gw_ld(c, pc + 0x18, in, A_Z, g);                   /* z[gnode] */
    }
    gw_alu(c, 0x208, in, 40 * LU_LAT);                    /* shape function derivatives, volume */
    gw_st(c, 0x210, in, A_DET, k);                         /* determ[k] */
    gw_alu(c, 0x218, in, 40 * LU_LAT);                    /* node normals */
    gw_ld(c, 0x220, in, A_SXX, k);
    gw_ld(c, 0x228, in, A_SYY, k);
    gw_ld(c, 0x230, in, A_SZZ, k);
    for (int d = 0; d < 3; d++)
        for (int n = 0; n < 8; n++) {
            for (unsigned l = 0; l < 32; l++) a[l] = k[l] + n * ne;
            gw_st(c, 0x238 + 0x40 * (uint32_t)d + 8 * (uint32_t)n, in, A_FXE + d, a); /* f?_elem[k + n*numElem] */
        }
}

static void lu_addforce(gk_warp *c)
{
    const int32_t *cnt = c->w->data[A_NEC], *cl = c->w->data[A_NECL];
    int64_t nn = c->L->p[1];
    int64_t i[32], a[32], e[32];
    uint32_t in = 0;
    int32_t mx = 0;
    for (unsigned l = 0; l < 32; l++) {
        i[l] = (int64_t)c->bx * LU_TPB + c->tid[l];
        if ((c->valid >> l & 1) && i[l] < nn) {
            in |= 1u << l;
            if (cnt[i[l]] > mx) mx = cnt[i[l]];
        }
    }
    gw_ld(c, 0x308, in, A_NEC, i);                         /* count = nodeElemCount[i] */
    for (int32_t j = 0; j < mx; j++) {
        uint32_t m = 0;
        for (unsigned l = 0; l < 32; l++)
            if ((in >> l & 1) && j < cnt[i[l]]) {
                m |= 1u << l;
                a[l] = i[l] + nn * j;
                e[l] = cl[a[l]];
            }
        gw_ld(c, 0x310, m, A_NECL, a);                     /* elem = nodeElemCornerList[i + numNode*j] */
        gw_ld(c, 0x318, m, A_FXE, e);
        gw_ld(c, 0x320, m, A_FYE, e);
        gw_ld(c, 0x328, m, A_FZE, e);
        gw_alu(c, 0x330, m, LU_LAT);
    }
    gw_st(c, 0x338, in, A_FX, i);
    gw_st(c, 0x340, in, A_FY, i);
    gw_st(c, 0x348, in, A_FZ, i);
}

int gka_build_lulesh(gka_ctx *c);
int gka_build_lulesh(gka_ctx *c)
{
    int64_t E = gka_scaled(c, 45, 2), E1 = E + 1, ne = E * E * E, nn = E1 * E1 * E1;
    int64_t cyc = c->o->tsteps > 0 ? c->o->tsteps : 1;
    static const char *names[] = {"nodelist", "nodeElemCount", "nodeElemCornerList", "x", "y", "z", "fx", "fy",
                                  "fz", "sigxx", "sigyy", "sigzz", "determ", "fx_elem", "fy_elem", "fz_elem"};
    const int64_t elems[] = {8 * ne, nn, 8 * nn, nn, nn, nn, nn, nn, nn, ne, ne, ne, ne, 8 * ne, 8 * ne, 8 * ne};
    for (int a = 0; a < 16; a++)
        if (gka_array(c, names[a], elems[a], a < 3 ? 4 : 8) < 0) return 1;
    int32_t *nl = gka_data(c, A_NL), *cnt = gka_data(c, A_NEC), *cl = gka_data(c, A_NECL);
    if (!nl || !cnt || !cl) return 1;
    int64_t k = 0;
    for (int64_t p = 0; p < E; p++)
        for (int64_t r = 0; r < E; r++)
            for (int64_t q = 0; q < E; q++, k++) {
                int64_t b = p * E1 * E1 + r * E1 + q;
                int64_t nd[8] = {b, b + 1, b + E1 + 1, b + E1, b + E1 * E1, b + E1 * E1 + 1, b + E1 * E1 + E1 + 1,
                                 b + E1 * E1 + E1};
                for (int j = 0; j < 8; j++) nl[k + j * ne] = (int32_t)nd[j];
            }
    for (int64_t e = 0; e < ne; e++)
        for (int j = 0; j < 8; j++) {
            int64_t n = nl[e + j * ne];
            cl[n + nn * cnt[n]] = (int32_t)(e + ne * j);
            cnt[n]++;
        }
    for (int64_t t = 0; t < cyc; t++) {
        gk_launch *L = gka_launch(c, "IntegrateStressForElems_kernel", lu_stress, gka_ceil(ne, LU_TPB), 1, LU_TPB, 1,
                                  63, 0);
        if (!L) return 1;
        L->p[0] = ne;
        L->p[1] = nn;
        L = gka_launch(c, "AddNodeForcesFromElems_kernel", lu_addforce, gka_ceil(nn, LU_TPB), 1, LU_TPB, 1, 20, 0);
        if (!L) return 1;
        L->p[0] = ne;
        L->p[1] = nn;
    }
    c->w->size[0] = E;
    c->w->size[1] = ne;
    c->w->size[2] = nn;
    c->w->size[3] = cyc;
    return 0;
}
