/*
 * histo.c: Parboil histo, CUDA version (benchmarks/histo/src/cuda: main.cu, util.h,
 * histo_prescan.cu, histo_intermediates.cu, histo_main.cu, histo_final.cu);
 * docs/workloads/histo.md gives the instruction order, which tb/streams/histo.py
 * implements again.
 *
 * Host loop, per iteration: histo_prescan_kernel<<<64, 512>>> (samples 1/8 of the input,
 * atomicMin/Max of the eye's range of 24K-bin blocks into ranges), histo_intermediates_
 * kernel<<<ceil(H/16), (W+1)/2>>> (each pixel's bin as uchar4 {block, indexhi, indexlo,
 * offset*8} into sm_mappings, pixel 2k of a row at k and 2k+1 at k + (W+1)/2),
 * histo_main_kernel<<<(14, max-min+1), 768>>> (a 24K-bin sub-histogram per block in
 * shared memory, bytes packed 4 to a word; row 0 also counts the pixels outside the eye
 * in global_histo), histo_final_kernel<<<42, 512>>>.
 *
 * Input: the dataset image cannot be read; it is generated with splitmix64 (seed
 * opts->seed): W x H = 996 x 1040 pixels, histogram 256 x 8192 bins; 255 of 256 pixels
 * 240 of 256 in a right-skewed eye, bin 2^20 - 64 + (a*b >> 8) (a, b uniform bytes),
 * 15 of 256 uniform over 2^20 +- 30000, 1 of 256 uniform over 2^20 +- 200000.
 * Functional state computed by the build step (the host run):
 *  - ranges: the prescan's mean and deviation, in double (the kernel uses float), with
 *    the kernel's summation order and a bisection square root (hi_sqrt); the float->unsigned conversion saturates (as cvt.rzi).
 *  - histo_main's data-dependent atomics: a shared atomicAdd's previous value (which
 *    decides the overflow atomics to global_overflow) and global_histo's old bin (which
 *    decides the global atomicAdd) depend on the order of other threads' atomics; the
 *    build step applies each block's updates in element order (= the loop's order:
 *    iteration, then warp, then lane) and, for global_histo, all updates in element
 *    order. The outcome rides in the model's sm_mappings values, in bits the device
 *    values never use: w bit 0 = overflow (or, outside the eye, the global add happens),
 *    w bit 1/2 = overflow into bin+1/+2, x bit 7 = into bin+3.
 * Shared-memory atomicAdd is modelled as a shared load and a shared store of its word.
 */
#include <stdlib.h>
#include <string.h>

#include "gk_app.h"

#define HI_W 996
#define HI_H 1040
#define HI_HW 256
#define HI_HH 8192
#define HI_ITERS 20
#define HI_KB 24
#define HI_BPB (HI_KB * 1024)  /* BINS_PER_BLOCK */
#define HI_BX 14               /* BLOCK_X */
#define HI_PT 512              /* PRESCAN_THREADS */
#define HI_PB 64               /* PRESCAN_BLOCKS_X */
#define HI_THREADS 768
#define HI_UNROLL 16

enum { A_IN, A_RANGES, A_SM, A_SUB, A_GH, A_OVF, A_FIN };

typedef struct hi_sm { uint8_t x, y, z, w; } hi_sm;

/* ---------------------------------------------------------------- prescan */
static void hi_prescan(gk_warp *c)
{
    int64_t size = c->L->p[0], stride = size / HI_PB, idx[32], o[32], o2[32];
    int64_t begin = (int64_t)c->bx * stride, end = begin + stride / 8;
    uint32_t all = c->valid;
    for (int pass = 0; pass < 2; pass++) {
        for (int64_t n = 0;; n++) {
            uint32_t m = 0;
            for (unsigned l = 0; l < 32; l++) {
                idx[l] = begin + c->tx[l] + n * HI_PT;
                if ((all >> l & 1) && idx[l] < end) m |= 1u << l;
            }
            if (!m) break;
            gw_ld(c, pass ? 0x128 : 0x108, m, A_IN, idx);  /* input[addr] */
            gw_alu(c, pass ? 0x130 : 0x110, m, pass ? 8 : 4);
        }
        for (unsigned l = 0; l < 32; l++) o[l] = (c->tx[l] + pass * HI_PT) * 4;
        gw_alu(c, pass ? 0x138 : 0x118, all, pass ? 8 : 4);  /* /= count (sqrtf) */
        gw_sst(c, pass ? 0x140 : 0x120, all, o);              /* Avg[tx], StdDev[tx] */
    }
    for (int s = HI_PT / 2; s >= 2; s >>= 1) {
        if (s >= 32) gw_bar(c, 0x148, all);
        uint32_t m = 0;
        for (unsigned l = 0; l < 32; l++)
            if ((all >> l & 1) && c->tx[l] < s) m |= 1u << l;
        for (int a = 0; a < 2; a++) {
            for (unsigned l = 0; l < 32; l++) {
                o[l] = (c->tx[l] + a * HI_PT) * 4;
                o2[l] = o[l] + s * 4;
            }
            gw_sld(c, a ? 0x170 : 0x150, m, o);
            gw_sld(c, a ? 0x178 : 0x158, m, o2);
            gw_alu(c, a ? 0x180 : 0x160, m, 4);
            gw_sst(c, a ? 0x188 : 0x168, m, o);
        }
    }
    uint32_t t0 = 0;
    for (unsigned l = 0; l < 32; l++)
        if ((all >> l & 1) && c->tx[l] == 0) t0 |= 1u << l;
    static const uint32_t pcs[4] = {0x190, 0x198, 0x1a0, 0x1a8};
    for (int k = 0; k < 4; k++) {                 /* Avg[0], Avg[1], StdDev[0], StdDev[1] */
        for (unsigned l = 0; l < 32; l++) o[l] = ((k >> 1) * HI_PT + (k & 1)) * 4;
        gw_sld(c, pcs[k], t0, o);
    }
    gw_alu(c, 0x1b0, t0, 24);
    for (unsigned l = 0; l < 32; l++) idx[l] = 0;
    gw_atom(c, 0x1b8, t0, A_RANGES, idx);         /* atomicMin(minmax) */
    for (unsigned l = 0; l < 32; l++) idx[l] = 1;
    gw_atom(c, 0x1c0, t0, A_RANGES, idx);         /* atomicMax(minmax + 1) */
}

/* ---------------------------------------------------------------- intermediates */
static void hi_inter(gk_warp *c)
{
    int64_t W = c->L->p[0], pitch = (W + 1) / 2, bd = c->L->block_x, idx[32], st[32], st2[32];
    uint32_t all = c->valid, ns = 0;
    for (unsigned l = 0; l < 32; l++)
        if ((all >> l & 1) && !((W % 2) && c->tx[l] == bd - 1)) ns |= 1u << l;
    for (int64_t i = 0; i < HI_UNROLL; i++) {
        int64_t line = (int64_t)c->bx * HI_UNROLL + i;
        for (unsigned l = 0; l < 32; l++) {
            idx[l] = 2 * (line * pitch + c->tx[l]);   /* uint2 element as its first uint */
            st[l] = line * W + c->tx[l];
            st2[l] = st[l] + bd;
        }
        gw_ld(c, 0x208, all, A_IN, idx);
        gw_alu(c, 0x210, all, 8);
        gw_st(c, 0x218, all, A_SM, st);
        gw_alu(c, 0x220, ns, 8);
        gw_st(c, 0x228, ns, A_SM, st2);
    }
}

/* ---------------------------------------------------------------- main */
static void hi_main(gk_warp *c)
{
    const hi_sm *sm = c->w->data[A_SM];
    int64_t n = c->L->p[0], rmin = c->L->p[1], rmax = c->L->p[2], hh = c->L->p[3], hw = c->L->p[4];
    int64_t idx[32], o[32], bin[32];
    uint32_t all = c->valid;
    int64_t my = rmin + c->by;
    int row0 = c->by == 0;
    for (int64_t i = 0; i < HI_BPB / 4 / HI_THREADS; i++) {   /* clearMemory */
        for (unsigned l = 0; l < 32; l++) o[l] = (c->tx[l] + i * HI_THREADS) * 4;
        gw_sst(c, 0x308, all, o);
    }
    gw_bar(c, 0x310, all);
    uint32_t b = row0 ? 0x318 : 0x368;   /* the two loops of the if/else are distinct code */
    for (int64_t it = 0;; it++) {
        uint32_t m = 0, loc = 0, ovf = 0, p1 = 0, p2 = 0, p3 = 0, out = 0, add = 0;
        for (unsigned l = 0; l < 32; l++) {
            idx[l] = (int64_t)c->bx * HI_THREADS + c->tx[l] + it * HI_THREADS * HI_BX;
            if (!((all >> l & 1) && idx[l] < n)) continue;
            uint32_t bit = 1u << l;
            m |= bit;
            hi_sm s = sm[idx[l]];
            int64_t range = s.x & 0x7f, off = s.w & 0x18;
            bin[l] = range * HI_BPB + off / 8 + (s.z << 2) + ((int64_t)s.y << 10);
            o[l] = ((int64_t)s.y * 256 + s.z) * 4;
            if (range == my) {
                loc |= bit;
                if (s.w & 1) ovf |= bit;
                if (s.w & 2) p1 |= bit;
                if (s.w & 4) p2 |= bit;
                if (s.x & 0x80) p3 |= bit;
            } else if (range < rmin || range > rmax) {
                out |= bit;
                if (s.w & 1) add |= bit;
            }
        }
        if (!m) break;
        gw_ld(c, b, m, A_SM, idx);                      /* sm = sm_mappings[load] */
        gw_sld(c, b + 0x08, loc, o);                    /* atomicAdd(&smem[hi][lo], add): read */
        gw_sst(c, b + 0x10, loc, o);                    /* .. and write */
        gw_alu(c, b + 0x18, loc, 8);                    /* prev_bin_val == 0xFF */
        gw_atom(c, b + 0x20, ovf, A_OVF, bin);          /* global_overflow[bin] += 256 */
        for (unsigned l = 0; l < 32; l++) bin[l] += 1;
        gw_atom(c, b + 0x28, p1, A_OVF, bin);           /* [bin + 1] */
        for (unsigned l = 0; l < 32; l++) bin[l] += 1;
        gw_atom(c, b + 0x30, p2, A_OVF, bin);           /* [bin + 2] */
        for (unsigned l = 0; l < 32; l++) bin[l] += 1;
        gw_atom(c, b + 0x38, p3, A_OVF, bin);           /* [bin + 3] */
        if (row0) {                                     /* testIncrementGlobal */
            for (unsigned l = 0; l < 32; l++) bin[l] = (bin[l] - 3) / 2 * 2;   /* bin_div2 as a short index */
            gw_ld(c, 0x358, out, A_GH, bin);            /* old_val = global_histo[bin_div2] */
            gw_atom(c, 0x360, add, A_GH, bin);          /* atomicAdd(&global_histo[bin_div2], ..) */
        }
    }
    gw_bar(c, 0x3a8, all);
    int64_t store = (int64_t)c->bx * (hh * hw / 4) + my * HI_BPB / 4;
    for (int64_t i = 0; i < HI_BPB / 4 / HI_THREADS; i++) {   /* copyMemory */
        for (unsigned l = 0; l < 32; l++) {
            o[l] = (c->tx[l] + i * HI_THREADS) * 4;
            idx[l] = store + c->tx[l] + i * HI_THREADS;
        }
        gw_sld(c, 0x3b0, all, o);
        gw_st(c, 0x3b8, all, A_SUB, idx);
    }
}

/* ---------------------------------------------------------------- final */
static void hi_final(gk_warp *c)
{
    int64_t rmin = c->L->p[1], rmax = c->L->p[2], hh = c->L->p[3], hw = c->L->p[4];
    int64_t low = rmin * HI_BPB, mid = (rmax - rmin + 1) * HI_BPB, total = (int64_t)c->L->grid_x * c->L->block_x;
    int64_t start[32], i4[32], x[32];
    uint32_t all = c->valid;
    for (unsigned l = 0; l < 32; l++) start[l] = c->tx[l] + (int64_t)c->bx * c->L->block_x;
    /* three regions: [from, to) in uint4/ushort4 units */
    int64_t from[3] = {0, low / 4, (low + mid) / 4}, to[3] = {low / 4, (low + mid) / 4, hh * hw / 4};
    for (int r = 0; r < 3; r++) {
        for (int64_t k = 0;; k++) {
            uint32_t m = 0;
            for (unsigned l = 0; l < 32; l++) {
                i4[l] = from[r] + start[l] + k * total;
                x[l] = 4 * i4[l];
                if ((all >> l & 1) && i4[l] < to[r]) m |= 1u << l;
            }
            if (!m) break;
            if (r != 1) {
                uint32_t pc = r ? 0x458 : 0x408;
                gw_ld(c, pc, m, A_GH, x);          /* ushort4 global_histo[i] */
                gw_st(c, pc + 0x08, m, A_GH, x);   /* = zero */
                gw_alu(c, pc + 0x10, m, 4);        /* min(.., 255) */
                gw_st(c, pc + 0x18, m, A_FIN, x);  /* uchar4 final_histo[i] */
            } else {
                gw_ld(c, 0x428, m, A_OVF, x);      /* uint4 global_overflow[i] */
                gw_st(c, 0x430, m, A_OVF, x);      /* = zero */
                for (int64_t j = 0; j < HI_BX; j++) {
                    int64_t s[32];
                    for (unsigned l = 0; l < 32; l++) s[l] = i4[l] + j * hh * hw / 4;
                    gw_ld(c, 0x438, m, A_SUB, s);  /* global_subhisto[i + j*..] */
                    gw_alu(c, 0x440, m, 4);
                }
                gw_alu(c, 0x448, m, 4);
                gw_st(c, 0x450, m, A_FIN, x);
            }
        }
    }
}

/* ---------------------------------------------------------------- build */
/* the model's sqrtf: bisection, 100 halvings of [0, max(v, 1)] (no libm in gpusim's link;
 * tb/streams/histo.py computes the same) */
static double hi_sqrt(double v)
{
    if (!(v > 0)) return 0;
    double lo = 0, hi = v > 1 ? v : 1;
    for (int i = 0; i < 100; i++) {
        double m = (lo + hi) / 2;
        if (m * m <= v) lo = m; else hi = m;
    }
    return lo;
}

static uint32_t hi_sat(double v) { return v != v || v <= 0 ? 0 : v >= 4294967295.0 ? 4294967295u : (uint32_t)v; }

int gka_build_histo(gka_ctx *c);
int gka_build_histo(gka_ctx *c)
{
    int64_t W = HI_W, H = (gka_scaled(c, HI_H, 272) + 15) / 16 * 16, hw = HI_HW, hh = HI_HH;
    int64_t iters = gka_scaled(c, HI_ITERS, 1), n = W * H, even = (W + 1) / 2 * 2;
    int rc = 1;
    uint32_t *img = malloc((size_t)n * sizeof *img), *words = NULL;
    uint16_t *gcount = NULL;
    if (!img) return gka_fail(c, "out of memory");
    gka_rng r = {c->o->seed};
    for (int64_t p = 0; p < n; p++) {
        uint64_t u = gka_next(&r);
        if ((u & 255) == 0)
            img[p] = (uint32_t)(1048576 - 200000 + gka_next(&r) % 400000);
        else if ((u & 255) < 16)
            img[p] = (uint32_t)(1048576 - 30000 + gka_next(&r) % 60000);
        else
            img[p] = (uint32_t)(1048576 - 64 + ((((u >> 8) & 255) * ((u >> 16) & 255)) >> 8));
    }
    if (gka_array(c, "input", even * ((H + HI_UNROLL - 1) / HI_UNROLL * HI_UNROLL), 4) < 0 ||
        gka_array(c, "ranges", 2, 4) < 0 || gka_array(c, "sm_mappings", n, 4) < 0 ||
        gka_array(c, "global_subhisto", HI_BX * W * hh, 4) < 0 || gka_array(c, "global_histo", W * hh, 2) < 0 ||
        gka_array(c, "global_overflow", W * hh, 4) < 0 || gka_array(c, "final_histo", W * hh, 1) < 0)
        goto out;
    /* prescan, functionally (double; the kernel's order of sums) */
    uint32_t rmin = 4294967295u, rmax = 0;
    int64_t stride = n / HI_PB;
    for (int64_t b = 0; b < HI_PB; b++) {
        double avg[HI_PT], sd[HI_PT];
        for (int t = 0; t < HI_PT; t++) {
            double a = 0, s = 0;
            int64_t cnt = 0;
            for (int64_t q = b * stride + t; q < b * stride + stride / 8; q += HI_PT) { a += img[q]; cnt++; }
            a /= (double)cnt;   /* 0/0: NaN, as the kernel's */
            for (int64_t q = b * stride + t; q < b * stride + stride / 8; q += HI_PT) s += (img[q] - a) * (img[q] - a);
            s /= (double)cnt;
            avg[t] = a;
            sd[t] = hi_sqrt(s);
        }
        for (int s = HI_PT / 2; s >= 2; s >>= 1)
            for (int t = 0; t < s; t++) { avg[t] += avg[t + s]; sd[t] += sd[t + s]; }
        double a = (avg[0] + avg[1]) / HI_PT, s = (sd[0] + sd[1]) / HI_PT;
        uint32_t lo = hi_sat(a - 10 * s) / HI_BPB, hi = hi_sat(a + 10 * s) / HI_BPB;
        if (lo < rmin) rmin = lo;
        if (hi > rmax) rmax = hi;
    }
    if ((int64_t)(rmax + 1) * HI_BPB > hh * hw) { gka_fail(c, "eye beyond the histogram (%u..%u)", rmin, rmax); goto out; }
    /* intermediates: sm_mappings, then main's ordered atomics */
    hi_sm *sm = gka_data(c, A_SM);
    int64_t R = rmax - rmin + 1, half = (W + 1) / 2;
    words = calloc((size_t)(HI_BX * R * (HI_BPB / 4)), sizeof *words);
    gcount = calloc((size_t)(hh * hw), sizeof *gcount);
    if (!sm || !words || !gcount) { gka_fail(c, "out of memory"); goto out; }
    for (int64_t y = 0; y < H; y++)
        for (int64_t x = 0; x < W; x++) {
            uint32_t v = img[y * W + x];
            int64_t k = y * W + (x % 2 ? half + x / 2 : x / 2);
            sm[k].x = (uint8_t)(v / HI_BPB);
            sm[k].y = (uint8_t)((v >> 10) % HI_KB);
            sm[k].z = (uint8_t)((v >> 2) % 256);
            sm[k].w = (uint8_t)((v % 4) * 8);
        }
    for (int64_t e = 0; e < n; e++) {
        hi_sm *s = &sm[e];
        int64_t bx = e % (HI_THREADS * HI_BX) / HI_THREADS, range = s->x;
        uint32_t off = s->w, bin = (uint32_t)(range * HI_BPB) + off / 8 + ((uint32_t)s->z << 2) + ((uint32_t)s->y << 10);
        if (range >= rmin && range <= rmax) {
            uint32_t *wd = &words[(bx * R + (range - rmin)) * (HI_BPB / 4) + s->y * 256 + s->z];
            uint32_t prev = *wd;
            *wd = prev + (1u << off);
            if (((prev >> off) & 0xff) == 0xff) {
                s->w |= 1;
                if (off < 24) s->w |= 2;
                if (off < 16 && ((prev >> (off + 8)) & 0xff) == 0xff) s->w |= 4;
                if (off < 8 && ((prev >> (off + 16)) & 0xff) == 0xff) s->x |= 0x80;
            }
        } else if (gcount[bin] < 255) {
            gcount[bin]++;
            s->w |= 1;
        }
    }
    for (int64_t it = 0; it < iters; it++) {
        gk_launch *L = gka_launch(c, "histo_prescan_kernel", hi_prescan, HI_PB, 1, HI_PT, 1, 16, 2 * HI_PT * 4);
        if (!L) goto out;
        L->p[0] = n;
        L = gka_launch(c, "histo_intermediates_kernel", hi_inter, gka_ceil(H, HI_UNROLL), 1, (uint32_t)half, 1, 12, 0);
        if (!L) goto out;
        L->p[0] = W;
        L = gka_launch(c, "histo_main_kernel", hi_main, HI_BX, (uint32_t)R, HI_THREADS, 1, 20, HI_BPB);
        if (!L) goto out;
        L->p[0] = n; L->p[1] = rmin; L->p[2] = rmax; L->p[3] = hh; L->p[4] = hw;
        L = gka_launch(c, "histo_final_kernel", hi_final, HI_BX * 3, 1, 512, 1, 24, 0);
        if (!L) goto out;
        L->p[1] = rmin; L->p[2] = rmax; L->p[3] = hh; L->p[4] = hw;
    }
    c->w->size[0] = W; c->w->size[1] = H; c->w->size[2] = R; c->w->size[3] = iters;
    rc = 0;
out:
    free(img);
    free(words);
    free(gcount);
    return rc;
}
