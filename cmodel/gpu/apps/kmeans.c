/*
 * kmeans.c: Rodinia 3.1 KMeans (kmeans/kmeans_cuda.cu, kmeans_cuda_kernel.cu
 * invert_mapping and kmeansPoint, kmeans_clustering.c's host loop, cluster.c),
 * docs/workloads/kmeans.md; tb/streams/kmeans.py models it again.
 *
 * Input: seed 000's 204800 points x 34 features (Rodinia's 204800.txt, written by its
 * datagen: integer features 0..255), drawn here as rand() % 256 per feature with glibc
 * rand() seeded by opts->seed. k = 5 (min = max nclusters default), threshold 0.001,
 * initial centres the first 5 points (the rand() pick is commented out in the source).
 * Host loop: allocateMemory launches invert_mapping<<<nb*nb, 256>>> once; then
 * kmeans_clustering launches kmeansPoint<<<(nb, nb), 256>>> per iteration while the
 * number of points whose membership changed is > 0.001 and loop++ < 500. The build
 * runs those iterations functionally in float (the kernel's distance loop, the host's
 * per-cluster sums in point order, the division by the count) to count them; the
 * kernels' addresses do not depend on the data.
 * nb = ceil(sqrt(ceil(npoints / 256))).
 */
#include <float.h>
#include <stdlib.h>
#include <string.h>

#include "gk_app.h"

enum { A_FLIP, A_FEAT, A_MEMB, A_CLUS };
#define KM_TPB 256
#define KM_LAT 4

/* invert_mapping (kernel 1) */
static void km_invert(gk_warp *c)
{
    int64_t n = c->L->p[0], nf = c->L->p[1];
    int64_t pid[32], in[32], out[32];
    uint32_t m = 0;
    for (unsigned l = 0; l < 32; l++) {
        pid[l] = (int64_t)c->tx[l] + (int64_t)KM_TPB * c->bx;
        if ((c->valid >> l & 1) && pid[l] < n) m |= 1u << l;
    }
    for (int64_t i = 0; i < nf; i++) {
        for (unsigned l = 0; l < 32; l++) {
            in[l] = pid[l] * nf + i;
            out[l] = pid[l] + n * i;
        }
        gw_ld(c, 0x108, m, A_FLIP, in);
        gw_st(c, 0x110, m, A_FEAT, out);
    }
}

/* kmeansPoint (kernel 2): c_clusters is constant memory (no global access) */
static void km_point(gk_warp *c)
{
    int64_t n = c->L->p[0], nf = c->L->p[1], k = c->L->p[2];
    int64_t pid[32], a[32];
    uint32_t m = 0;
    int64_t block = (int64_t)c->L->grid_x * c->by + c->bx;
    for (unsigned l = 0; l < 32; l++) {
        pid[l] = block * KM_TPB + c->tx[l];
        if ((c->valid >> l & 1) && pid[l] < n) m |= 1u << l;
    }
    for (int64_t i = 0; i < k; i++) {
        for (int64_t j = 0; j < nf; j++) {
            for (unsigned l = 0; l < 32; l++) a[l] = pid[l] + j * n;
            gw_ld(c, 0x208, m, A_FEAT, a);  /* tex1Dfetch(t_features, addr) */
            gw_alu(c, 0x210, m, KM_LAT);    /* diff = f - c_clusters[...] */
            gw_alu(c, 0x218, m, KM_LAT);    /* ans += diff * diff */
        }
        gw_alu(c, 0x220, m, KM_LAT);        /* dist < min_dist */
    }
    gw_st(c, 0x228, m, A_MEMB, pid);        /* membership[point_id] = index */
}

/* the host loop, functionally: returns the number of kmeansCuda calls */
static int km_iterations(const float *feat, int64_t n, int64_t nf, int64_t k, int *out)
{
    float *clu = malloc((size_t)(k * nf) * sizeof *clu), *sum = calloc((size_t)(k * nf), sizeof *sum);
    int *memb = malloc((size_t)n * sizeof *memb), *newm = malloc((size_t)n * sizeof *newm);
    int *len = calloc((size_t)k, sizeof *len), *initial = malloc((size_t)n * sizeof *initial);
    if (!clu || !sum || !memb || !newm || !len || !initial) {
        free(clu); free(sum); free(memb); free(newm); free(len); free(initial);
        return 1;
    }
    for (int64_t i = 0; i < n; i++) initial[i] = (int)i;
    int64_t left = n, pick = 0;
    for (int64_t i = 0; i < k && left >= 0; i++) {
        for (int64_t j = 0; j < nf; j++) clu[i * nf + j] = feat[(int64_t)initial[pick] * nf + j];
        int t = initial[pick];
        initial[pick] = initial[left - 1];
        initial[left - 1] = t;
        left--;
        pick++;
    }
    for (int64_t i = 0; i < n; i++) memb[i] = -1;
    int iters = 0, loop = 0;
    float delta;
    do {
        for (int64_t p = 0; p < n; p++) {
            float mind = FLT_MAX;
            int idx = -1;
            for (int64_t i = 0; i < k; i++) {
                float ans = 0.0f;
                for (int64_t j = 0; j < nf; j++) {
                    float d = feat[p * nf + j] - clu[i * nf + j];
                    float sq = d * d;
                    ans = ans + sq;
                }
                if (ans < mind) {
                    mind = ans;
                    idx = (int)i;
                }
            }
            newm[p] = idx;
        }
        int dl = 0;
        for (int64_t p = 0; p < n; p++) {
            int cid = newm[p];
            len[cid]++;
            if (newm[p] != memb[p]) {
                dl++;
                memb[p] = newm[p];
            }
            for (int64_t j = 0; j < nf; j++) sum[cid * nf + j] += feat[p * nf + j];
        }
        delta = (float)dl;
        for (int64_t i = 0; i < k; i++) {
            for (int64_t j = 0; j < nf; j++) {
                if (len[i] > 0) clu[i * nf + j] = sum[i * nf + j] / (float)len[i];
                sum[i * nf + j] = 0.0f;
            }
            len[i] = 0;
        }
        iters++;
    } while (delta > 0.001f && loop++ < 500);
    free(clu); free(sum); free(memb); free(newm); free(len); free(initial);
    *out = iters;
    return 0;
}

int gka_build_kmeans(gka_ctx *c);
int gka_build_kmeans(gka_ctx *c)
{
    int64_t n = gka_scaled(c, 204800, 10), nf = 34, k = 5;
    int a0 = gka_array(c, "feature_flipped", n * nf, 4);
    gka_array(c, "feature", n * nf, 4);
    gka_array(c, "membership", n, 4);
    int a3 = gka_array(c, "clusters", k * nf, 4);
    if (a0 != A_FLIP || a3 != A_CLUS) return 1;
    float *feat = gka_data(c, A_FLIP);
    if (!feat) return 1;
    gka_glibc r;
    gka_srand(&r, (unsigned)c->o->seed);
    for (int64_t i = 0; i < n * nf; i++) feat[i] = (float)(gka_rand(&r) % 256);
    int iters;
    if (km_iterations(feat, n, nf, k, &iters)) return gka_fail(c, "out of memory");
    int64_t nb = (n + KM_TPB - 1) / KM_TPB;
    int64_t pd = 0; /* (int)sqrt(nb), then up while pd * pd < nb: the smallest pd with pd^2 >= nb */
    while (pd * pd < nb) pd++;
    gk_launch *L = gka_launch(c, "invert_mapping", km_invert, (uint32_t)(pd * pd), 1, KM_TPB, 1, 8, 0);
    if (!L) return 1;
    L->p[0] = n;
    L->p[1] = nf;
    for (int it = 0; it < iters; it++) {
        L = gka_launch(c, "kmeansPoint", km_point, (uint32_t)pd, (uint32_t)pd, KM_TPB, 1, 14, 0);
        if (!L) return 1;
        L->p[0] = n;
        L->p[1] = nf;
        L->p[2] = k;
    }
    c->w->size[0] = n;
    c->w->size[1] = nf;
    c->w->size[2] = k;
    c->w->size[3] = iters;
    return 0;
}
