/*
 * srad1.c: Rodinia 3.1 SRAD v1 (srad/srad_v1/main.cu, define.c, extract_kernel.cu,
 * prepare_kernel.cu, reduce_kernel.cu, srad_kernel.cu, srad2_kernel.cu,
 * compress_kernel.cu); docs/workloads/srad1.md lists the instruction order, which
 * tb/streams/srad1.py implements again.
 *
 * NUMBER_THREADS 512 (1-D blocks, 16 warps), blocks = ceil(Ne / 512); run: ./srad 100
 * 0.5 502 458 (niter lambda Nr Nc). Host: extract; per iteration prepare, reduce
 * (while blocks2 != 0: launch on blocks2 blocks with no, mul; no = blocks2; stop after
 * one block, else mul *= 512, blocks2 = ceil(blocks2 / 512)), srad, srad2; compress.
 * Arrays (cudaMalloc order): d_I (Ne), d_iN, d_iS (int, Nr), d_jE, d_jW (int, Nc),
 * d_sums, d_sums2, d_dN, d_dS, d_dW, d_dE, d_c (Ne). The host passes d_dW, d_dE to
 * parameters named d_dE, d_dW of srad and srad2 (their order), so the kernels' "d_dW[ei]"
 * is the host's d_dE array and vice versa; the addresses follow the arrays passed.
 * d_iN/d_iS/d_jE/d_jW hold the clamped neighbour indices (gka_data) the warp programs
 * read for the neighbour addresses. The image values (image.pgm resized) change no
 * address or branch.
 * PCs: kernel numbers extract 1, prepare 2, reduce 3 (its 39 ops run 0x308-0x440, so
 * 4 is not used), srad 5, srad2 6, compress 7.
 */
#include "gk_app.h"

enum { A_I, A_IN, A_IS, A_JE, A_JW, A_SUMS, A_SUMS2, A_DN, A_DS, A_DW, A_DE, A_C };
#define S1_NT 512
#define S1_NR 502
#define S1_NC 458
#define S1_NITER 100
#define S1_LAT 4

/* lanes of ei < Ne and each lane's ei */
static uint32_t s1_lanes(gk_warp *c, int64_t ne, int64_t *ei)
{
    uint32_t m = 0;
    for (unsigned l = 0; l < 32; l++) {
        ei[l] = (int64_t)c->bx * S1_NT + c->tx[l];
        if ((c->valid >> l & 1) && ei[l] < ne) m |= 1u << l;
    }
    return m;
}

static void s1_extract(gk_warp *c)
{
    int64_t ei[32];
    uint32_t m = s1_lanes(c, c->L->p[0], ei);
    gw_ld(c, 0x108, m, A_I, ei);
    gw_alu(c, 0x110, m, 3 * S1_LAT); /* exp(x / 255) */
    gw_st(c, 0x118, m, A_I, ei);
}

static void s1_prepare(gk_warp *c)
{
    int64_t ei[32];
    uint32_t m = s1_lanes(c, c->L->p[0], ei);
    gw_ld(c, 0x208, m, A_I, ei);
    gw_st(c, 0x210, m, A_SUMS, ei);
    gw_ld(c, 0x218, m, A_I, ei); /* reloaded: d_sums may alias d_I */
    gw_alu(c, 0x220, m, S1_LAT);
    gw_st(c, 0x228, m, A_SUMS2, ei);
}

/* one tree step over psum and psum2 (pc: 8 ops) */
static void s1_step(gk_warp *c, uint32_t pc, uint32_t m, int half)
{
    int64_t me[32], other[32], me2[32], other2[32];
    for (unsigned l = 0; l < 32; l++) {
        me[l] = (int64_t)c->tx[l] * 4;
        other[l] = ((int64_t)c->tx[l] - half) * 4;
        me2[l] = me[l] + S1_NT * 4;
        other2[l] = other[l] + S1_NT * 4;
    }
    gw_sld(c, pc, m, me);
    gw_sld(c, pc + 0x08, m, other);
    gw_alu(c, pc + 0x10, m, S1_LAT);
    gw_sst(c, pc + 0x18, m, me);
    gw_sld(c, pc + 0x20, m, me2);
    gw_sld(c, pc + 0x28, m, other2);
    gw_alu(c, pc + 0x30, m, S1_LAT);
    gw_sst(c, pc + 0x38, m, me2);
}

static uint32_t s1_tx_is(const gk_warp *c, int t)
{
    uint32_t m = 0;
    for (unsigned l = 0; l < 32; l++)
        if ((c->valid >> l & 1) && c->tx[l] == t) m |= 1u << l;
    return m;
}

static void s1_reduce(gk_warp *c)
{
    int64_t no = c->L->p[1], mul = c->L->p[2];
    int64_t gx = c->L->grid_x, bx = c->bx;
    int64_t nf = S1_NT - (gx * S1_NT - no);
    int64_t ei[32], src[32], me[32], me2[32], out[32];
    uint32_t all = c->valid, m = s1_lanes(c, no, ei);
    for (unsigned l = 0; l < 32; l++) {
        src[l] = ei[l] * mul;
        me[l] = (int64_t)c->tx[l] * 4;
        me2[l] = me[l] + S1_NT * 4;
        out[l] = bx * mul * S1_NT;
    }
    gw_ld(c, 0x308, m, A_SUMS, src);
    gw_sst(c, 0x310, m, me);
    gw_ld(c, 0x318, m, A_SUMS2, src);
    gw_sst(c, 0x320, m, me2);
    gw_bar(c, 0x328, all);
    if (nf == S1_NT || bx != gx - 1) {
        /* the full-block tree (the nf == 512 branch and the not-last-block branch are
           the same code) */
        for (int i = 2; i <= S1_NT; i *= 2) {
            uint32_t s = 0;
            for (unsigned l = 0; l < 32; l++)
                if ((all >> l & 1) && (c->tx[l] + 1) % i == 0) s |= 1u << l;
            s1_step(c, 0x330, s, i / 2);
            gw_bar(c, 0x370, all);
        }
        uint32_t t = s1_tx_is(c, S1_NT - 1);
        gw_sld(c, 0x378, t, me);
        gw_st(c, 0x380, t, A_SUMS, out);
        gw_sld(c, 0x388, t, me2);
        gw_st(c, 0x390, t, A_SUMS2, out);
        return;
    }
    int df = 0;
    for (int i = 2; i <= S1_NT; i *= 2)
        if (nf >= i) df = i;
    for (int i = 2; i <= df; i *= 2) {
        uint32_t s = 0;
        for (unsigned l = 0; l < 32; l++)
            if ((all >> l & 1) && (c->tx[l] + 1) % i == 0 && c->tx[l] < df) s |= 1u << l;
        s1_step(c, 0x398, s, i / 2);
        gw_bar(c, 0x3d8, all);
    }
    uint32_t t = s1_tx_is(c, df - 1);
    if (t) {
        int64_t k[32];
        for (int64_t i = bx * S1_NT + df; i < bx * S1_NT + nf; i++) {
            for (unsigned l = 0; l < 32; l++) k[l] = i;
            gw_sld(c, 0x3e0, t, me);
            gw_ld(c, 0x3e8, t, A_SUMS, k);
            gw_alu(c, 0x3f0, t, S1_LAT);
            gw_sst(c, 0x3f8, t, me);
            gw_sld(c, 0x400, t, me2);
            gw_ld(c, 0x408, t, A_SUMS2, k);
            gw_alu(c, 0x410, t, S1_LAT);
            gw_sst(c, 0x418, t, me2);
        }
    }
    gw_sld(c, 0x420, t, me);
    gw_st(c, 0x428, t, A_SUMS, out);
    gw_sld(c, 0x430, t, me2);
    gw_st(c, 0x438, t, A_SUMS2, out);
}

/* row, col of each lane (column-major ei = row + Nr * col, as the kernels compute) */
static void s1_rowcol(const gk_warp *c, const int64_t *ei, int64_t nr, int64_t *row, int64_t *col)
{
    for (unsigned l = 0; l < 32; l++) {
        row[l] = (ei[l] + 1) % nr - 1;
        col[l] = (ei[l] + 1) / nr;
        if ((ei[l] + 1) % nr == 0) {
            row[l] = nr - 1;
            col[l] -= 1;
        }
        (void)c;
    }
}

static void s1_srad(gk_warp *c)
{
    const gk_workload *w = c->w;
    const int32_t *iN = w->data[A_IN], *iS = w->data[A_IS], *jE = w->data[A_JE], *jW = w->data[A_JW];
    int64_t ne = c->L->p[0], nr = c->L->p[1];
    int64_t ei[32], row[32], col[32], a[32], b[32], d[32], e[32];
    uint32_t m = s1_lanes(c, ne, ei);
    s1_rowcol(c, ei, nr, row, col);
    for (unsigned l = 0; l < 32; l++)
        if (m >> l & 1) {
            a[l] = iN[row[l]] + nr * col[l];
            b[l] = iS[row[l]] + nr * col[l];
            d[l] = row[l] + nr * jW[col[l]];
            e[l] = row[l] + nr * jE[col[l]];
        }
    gw_ld(c, 0x508, m, A_I, ei);    /* d_Jc = d_I[ei] */
    gw_ld(c, 0x510, m, A_IN, row);  /* d_iN[row] */
    gw_ld(c, 0x518, m, A_I, a);     /* d_I[d_iN[row] + Nr*col] */
    gw_ld(c, 0x520, m, A_IS, row);
    gw_ld(c, 0x528, m, A_I, b);
    gw_ld(c, 0x530, m, A_JW, col);
    gw_ld(c, 0x538, m, A_I, d);
    gw_ld(c, 0x540, m, A_JE, col);
    gw_ld(c, 0x548, m, A_I, e);
    gw_alu(c, 0x550, m, 15 * S1_LAT); /* derivatives, G2, L, qsqr, c, saturation */
    gw_st(c, 0x558, m, A_DN, ei);
    gw_st(c, 0x560, m, A_DS, ei);
    gw_st(c, 0x568, m, A_DE, ei);   /* parameter d_dW = host d_dE */
    gw_st(c, 0x570, m, A_DW, ei);   /* parameter d_dE = host d_dW */
    gw_st(c, 0x578, m, A_C, ei);
}

static void s1_srad2(gk_warp *c)
{
    const gk_workload *w = c->w;
    const int32_t *iS = w->data[A_IS], *jE = w->data[A_JE];
    int64_t ne = c->L->p[0], nr = c->L->p[1];
    int64_t ei[32], row[32], col[32], b[32], e[32];
    uint32_t m = s1_lanes(c, ne, ei);
    s1_rowcol(c, ei, nr, row, col);
    for (unsigned l = 0; l < 32; l++)
        if (m >> l & 1) {
            b[l] = iS[row[l]] + nr * col[l];
            e[l] = row[l] + nr * jE[col[l]];
        }
    gw_ld(c, 0x608, m, A_C, ei);    /* d_cN = d_cW = d_c[ei] */
    gw_ld(c, 0x610, m, A_IS, row);
    gw_ld(c, 0x618, m, A_C, b);     /* d_c[d_iS[row] + Nr*col] */
    gw_ld(c, 0x620, m, A_JE, col);
    gw_ld(c, 0x628, m, A_C, e);     /* d_c[row + Nr*d_jE[col]] */
    gw_ld(c, 0x630, m, A_DN, ei);
    gw_ld(c, 0x638, m, A_DS, ei);
    gw_ld(c, 0x640, m, A_DE, ei);   /* parameter d_dW = host d_dE */
    gw_ld(c, 0x648, m, A_DW, ei);   /* parameter d_dE = host d_dW */
    gw_alu(c, 0x650, m, 4 * S1_LAT);
    gw_ld(c, 0x658, m, A_I, ei);
    gw_alu(c, 0x660, m, 2 * S1_LAT);
    gw_st(c, 0x668, m, A_I, ei);
}

static void s1_compress(gk_warp *c)
{
    int64_t ei[32];
    uint32_t m = s1_lanes(c, c->L->p[0], ei);
    gw_ld(c, 0x708, m, A_I, ei);
    gw_alu(c, 0x710, m, 3 * S1_LAT); /* log(x) * 255 */
    gw_st(c, 0x718, m, A_I, ei);
}

static gk_launch *s1_launch(gka_ctx *c, const char *k, gk_warp_fn fn, uint32_t blocks, uint32_t regs,
                            uint32_t smem, int64_t ne, int64_t nr)
{
    gk_launch *L = gka_launch(c, k, fn, blocks, 1, S1_NT, 1, regs, smem);
    if (L) {
        L->p[0] = ne;
        L->p[1] = nr;
    }
    return L;
}

int gka_build_srad1(gka_ctx *c);
int gka_build_srad1(gka_ctx *c)
{
    int64_t nr = gka_scaled(c, S1_NR, 4), nc = gka_scaled(c, S1_NC, 4), ne = nr * nc;
    static const char *names[] = {"d_I", "d_iN", "d_iS", "d_jE", "d_jW", "d_sums", "d_sums2",
                                  "d_dN", "d_dS", "d_dW", "d_dE", "d_c"};
    for (int i = 0; i < 12; i++) {
        int64_t n = i == A_IN || i == A_IS ? nr : i == A_JE || i == A_JW ? nc : ne;
        if (gka_array(c, names[i], n, 4) < 0) return 1;
    }
    int32_t *iN = gka_data(c, A_IN), *iS = gka_data(c, A_IS), *jE = gka_data(c, A_JE), *jW = gka_data(c, A_JW);
    if (!iN || !iS || !jE || !jW) return 1;
    for (int64_t i = 0; i < nr; i++) {
        iN[i] = (int32_t)(i == 0 ? 0 : i - 1);
        iS[i] = (int32_t)(i == nr - 1 ? nr - 1 : i + 1);
    }
    for (int64_t j = 0; j < nc; j++) {
        jW[j] = (int32_t)(j == 0 ? 0 : j - 1);
        jE[j] = (int32_t)(j == nc - 1 ? nc - 1 : j + 1);
    }
    uint32_t blocks = gka_ceil(ne, S1_NT);
    if (!s1_launch(c, "extract", s1_extract, blocks, 8, 0, ne, nr)) return 1;
    for (int it = 0; it < S1_NITER; it++) {
        if (!s1_launch(c, "prepare", s1_prepare, blocks, 8, 0, ne, nr)) return 1;
        int64_t b2 = blocks, no = ne, mul = 1;
        while (b2 != 0) {
            gk_launch *L = s1_launch(c, "reduce", s1_reduce, (uint32_t)b2, 12, 2 * S1_NT * 4, ne, nr);
            if (!L) return 1;
            L->p[1] = no;
            L->p[2] = mul;
            no = b2;
            if (b2 == 1) b2 = 0;
            else {
                mul *= S1_NT;
                b2 = gka_ceil(b2, S1_NT);
            }
        }
        if (!s1_launch(c, "srad", s1_srad, blocks, 20, 0, ne, nr)) return 1;
        if (!s1_launch(c, "srad2", s1_srad2, blocks, 19, 0, ne, nr)) return 1;
    }
    if (!s1_launch(c, "compress", s1_compress, blocks, 8, 0, ne, nr)) return 1;
    c->w->size[0] = nr;
    c->w->size[1] = nc;
    c->w->size[2] = S1_NITER;
    return 0;
}
