/*
 * particlefilter.c: Rodinia 3.1 particle filter, the naive CUDA version
 * (particlefilter/ex_particle_CUDA_naive_seq.cu: `kernel`, the resampling search, one
 * launch per frame; the rest of the filter runs on the host); docs/workloads/
 * particlefilter.md gives the instruction order, which tb/streams/particlefilter.py
 * implements again.
 *
 * Input: Rodinia's run line -x 128 -y 128 -z 10 -np 1000: videoSequence (a moving disk
 * of radius 5, 100/228 intensities, noise 5*randn), the suite's own LCG randu/randn with
 * seed[i] = (int)(opts->seed * i) (the suite uses time(0) * i). The host filter is run
 * here to the letter (motion model, likelihood over the disk, weights, CDF, u) to know
 * each thread's search length and the index it reads: index = first x with CDF[x] >=
 * u[i] (N - 1 if none). Nparticles = round(1000 * scale), at least 32; the video
 * (128 x 128 x 10) is not scaled. threads_per_block 128, num_blocks = ceil(N / 128),
 * 9 launches (frames 1..9).
 * The resampled indices of all frames are kept in a last array, `resample_index`, that
 * no kernel touches (model data only; it does not move the device arrays before it).
 */
#include <math.h>
#include <stdlib.h>

#include "gk_app.h"

enum { A_X, A_Y, A_XJ, A_YJ, A_CDF, A_U, A_IDX };
#define PF_TPB 128
#define PF_LAT 4
#define PF_PI 3.1415926535897932

static double pf_randu(int32_t *seed, int64_t i)
{
    int32_t num = (int32_t)((uint32_t)1103515245 * (uint32_t)seed[i] + 12345u);
    seed[i] = (int32_t)((int64_t)num % 2147483647ll);
    return fabs(seed[i] / (double)2147483647ll);
}

static double pf_randn(int32_t *seed, int64_t i)
{
    double u = pf_randu(seed, i), v = pf_randu(seed, i);
    double cosine = cos(2 * PF_PI * v), rt = -2 * log(u);
    return sqrt(rt) * cosine;
}

static void pf_kernel(gk_warp *c)
{
    const int32_t *idx = c->w->data[A_IDX];
    int64_t n = c->L->p[0], f = c->L->p[1];
    int64_t i[32], x[32], at[32];
    uint32_t in = 0;
    for (unsigned l = 0; l < 32; l++) {
        i[l] = (int64_t)c->bx * PF_TPB + c->tid[l];
        if ((c->valid >> l & 1) && i[l] < n) {
            in |= 1u << l;
            at[l] = idx[f * n + i[l]];
        }
    }
    gw_ld(c, 0x108, in, A_U, i);                             /* u[i] */
    uint32_t s = in;
    for (int64_t k = 0; s && k < n; k++) {
        for (unsigned l = 0; l < 32; l++) x[l] = k;
        gw_ld(c, 0x110, s, A_CDF, x);                        /* CDF[x] */
        gw_alu(c, 0x118, s, PF_LAT);                         /* >= u[i] */
        for (unsigned l = 0; l < 32; l++)
            if ((s >> l & 1) && at[l] == k) s &= ~(1u << l);  /* break */
    }
    gw_ld(c, 0x120, in, A_X, at);                            /* arrayX[index] */
    gw_st(c, 0x128, in, A_XJ, i);                            /* xj[i] */
    gw_ld(c, 0x130, in, A_Y, at);                            /* arrayY[index] */
    gw_st(c, 0x138, in, A_YJ, i);                            /* yj[i] */
}

int gka_build_particlefilter(gka_ctx *c);
int gka_build_particlefilter(gka_ctx *c)
{
    const int X = 128, Y = 128, F = 10, R = 5, D = 2 * R - 1;
    int64_t n = gka_scaled(c, 1000, 32), size = (int64_t)X * Y * F;
    int rc = 1;
    int32_t *seed = malloc((size_t)n * sizeof *seed), *img = calloc((size_t)size, sizeof *img),
            *dil = calloc((size_t)size, sizeof *dil);
    double *ax = malloc((size_t)n * sizeof *ax), *ay = malloc((size_t)n * sizeof *ay),
           *wt = malloc((size_t)n * sizeof *wt), *cdf = malloc((size_t)n * sizeof *cdf),
           *u = malloc((size_t)n * sizeof *u), *nx = malloc((size_t)n * sizeof *nx), *ny = malloc((size_t)n * sizeof *ny);
    if (!seed || !img || !dil || !ax || !ay || !wt || !cdf || !u || !nx || !ny) { gka_fail(c, "out of memory"); goto out; }
    for (int64_t i = 0; i < n; i++) seed[i] = (int32_t)(uint32_t)(c->o->seed * (uint64_t)i);
    /* videoSequence */
    int x0 = Y / 2, y0 = X / 2;
    img[(int64_t)x0 * Y * F + y0 * F] = 1;
    for (int k = 1; k < F; k++) {
        int xk = abs(x0 + (k - 1)), yk = abs(y0 - 2 * (k - 1));
        int64_t pos = (int64_t)yk * Y * F + xk * F + k;
        img[pos >= size ? 0 : pos] = 1;
    }
    for (int z = 0; z < F; z++)
        for (int x = 0; x < X; x++)
            for (int y = 0; y < Y; y++) {
                if (img[(int64_t)x * Y * F + y * F + z] != 1) continue;
                int sx = x - R < 0 ? 0 : x - R, sy = y - R < 0 ? 0 : y - R;
                int ex = x + R > X ? X : x + R, ey = y + R > Y ? Y : y + R;
                for (int a = sx; a < ex; a++)
                    for (int b = sy; b < ey; b++)
                        if (sqrt(pow((double)(a - x), 2) + pow((double)(b - y), 2)) < R)
                            dil[(int64_t)a * Y * F + b * F + z] = 1;
            }
    for (int64_t p = 0; p < size; p++) img[p] = dil[p] == 0 ? 100 : dil[p] == 1 ? 228 : dil[p];
    for (int64_t p = 0; p < size; p++) img[p] += (int)(5 * pf_randn(seed, 0));
    /* the disk's offsets (getneighbors) */
    int nd = 0, ox[81], oy[81];
    for (int x = 0; x < D; x++)
        for (int y = 0; y < D; y++)
            if (sqrt(pow((double)(x - R + 1), 2) + pow((double)(y - R + 1), 2)) < R) {
                oy[nd] = y - (R - 1);
                ox[nd] = x - (R - 1);
                nd++;
            }
    int aX = gka_array(c, "arrayX", n, 8), aY = gka_array(c, "arrayY", n, 8), aXJ = gka_array(c, "xj", n, 8),
        aYJ = gka_array(c, "yj", n, 8), aC = gka_array(c, "CDF", n, 8), aU = gka_array(c, "u", n, 8),
        aI = gka_array(c, "resample_index", n * (F - 1), 4);
    if (aX < 0 || aY < 0 || aXJ < 0 || aYJ < 0 || aC < 0 || aU < 0 || aI < 0) goto out;
    int32_t *rix = gka_data(c, A_IDX);
    if (!rix) goto out;
    for (int64_t i = 0; i < n; i++) {
        ax[i] = x0;
        ay[i] = y0;
        wt[i] = 1 / (double)n;
    }
    for (int k = 1; k < F; k++) {
        for (int64_t i = 0; i < n; i++) {
            ax[i] = ax[i] + 1.0 + 5.0 * pf_randn(seed, i);
            ay[i] = ay[i] - 2.0 + 2.0 * pf_randn(seed, i);
        }
        double sum = 0;
        for (int64_t i = 0; i < n; i++) {
            double lk = 0.0;
            for (int y = 0; y < nd; y++) {
                int ix = (int)((double)(int)ax[i] + ox[y]), iy = (int)((double)(int)ay[i] + oy[y]);
                int ind = abs(ix * Y * F + iy * F + k);
                if (ind >= size) ind = 0;
                lk += (pow((double)(img[ind] - 100), 2) - pow((double)(img[ind] - 228), 2)) / 50.0;
            }
            lk = lk / nd;
            wt[i] = wt[i] * exp(lk);
        }
        for (int64_t i = 0; i < n; i++) sum += wt[i];
        for (int64_t i = 0; i < n; i++) wt[i] = wt[i] / sum;
        cdf[0] = wt[0];
        for (int64_t i = 1; i < n; i++) cdf[i] = wt[i] + cdf[i - 1];
        double u1 = (1 / (double)n) * pf_randu(seed, 0);
        for (int64_t i = 0; i < n; i++) u[i] = u1 + i / (double)n;
        int64_t x = 0;
        for (int64_t i = 0; i < n; i++) { /* u increases with i: the search resumes */
            while (x < n && !(cdf[x] >= u[i])) x++;
            int64_t at = x < n ? x : n - 1;
            rix[(int64_t)(k - 1) * n + i] = (int32_t)at;
            nx[i] = ax[at];
            ny[i] = ay[at];
        }
        for (int64_t i = 0; i < n; i++) {
            ax[i] = nx[i];
            ay[i] = ny[i];
            wt[i] = 1 / (double)n;
        }
        gk_launch *L = gka_launch(c, "kernel", pf_kernel, gka_ceil(n, PF_TPB), 1, PF_TPB, 1, 14, 0);
        if (!L) goto out;
        L->p[0] = n;
        L->p[1] = k - 1;
    }
    c->w->size[0] = n;
    c->w->size[1] = F - 1;
    rc = 0;
out:
    free(seed); free(img); free(dil); free(ax); free(ay); free(wt); free(cdf); free(u); free(nx); free(ny);
    return rc;
}
