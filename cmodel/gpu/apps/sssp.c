/*
 * sssp.c: LonestarGPU SSSP, the topology-driven Bellman-Ford variant (apps/sssp
 * drelax / processnode / processedge with atomicMin on dist; Graph (graph.h) CSR with
 * 1-based edges; KernelConfig), docs/workloads/sssp.md; tb/streams/sssp.py models it
 * again. Seed 002 (Li, ch. 4) uses "SSSP from the Lonestar GPU suite".
 *
 * Input: LonestarGPU's road network USA-road-d.NY (264,346 nodes, 733,846 directed
 * edges) cannot be read; a road-like graph of that size is generated: nodes on a
 * W x W grid (W = ceil(sqrt(n))); every down edge and row 0's right edges are kept
 * (a spanning comb, so node 0 reaches every node), the other right edges with the
 * probability that gives ~edges/2 undirected edges; a draw for every candidate, weight
 * 1 + next() % 1000 for each kept one, both directions; neighbours ascending. splitmix64 seeded by opts->seed. Source node 0.
 * Launches: KernelConfig with maxThreadsDim[0] = 1024 (Fermi): initialize<<<ceil(n /
 * 1024), 1024>>> then drelax<<<same>>> per host iteration while *changed. With
 * MAXBLOCKSIZE = 1024 = blockDim.x, each thread relaxes the one node id.
 * Within a launch the program reads dist as it was at the launch's start (a
 * synchronous Bellman-Ford step): an edge's atomicMin is issued when dist[src] + wt <
 * dist[dst] of that snapshot, and a node's processnode returns true when it issued
 * one; the build keeps each node's distance history (model-only arrays after the
 * device ones, never accessed by a kernel) to give every launch its snapshot.
 */
#include <stdlib.h>
#include <string.h>

#include "gk_app.h"

enum { A_DST, A_WT, A_PSRC, A_NOUT, A_NIN, A_SRCSRC, A_MAXO, A_MAXI, A_DIST, A_CHANGED, A_HSTART, A_HIST };
#define SS_TPB 1024
#define SS_INF 1000000000ll
#define SS_LAT 4

/* dist[v] before launch t of drelax (t = 0 first) */
static int64_t ss_dist(const gk_workload *w, int64_t v, int64_t t)
{
    const int32_t *hs = w->data[A_HSTART], *h = w->data[A_HIST]; /* h: (iteration, value) pairs */
    int32_t lo = hs[v], hi = hs[v + 1] - 1; /* entries lo..hi, iterations ascending; h[lo] is iteration -1 */
    while (lo < hi) {
        int32_t mid = (lo + hi + 1) / 2;
        if (h[2 * mid] < t) lo = mid; else hi = mid - 1;
    }
    return h[2 * lo + 1];
}

static void ss_init(gk_warp *c)
{
    int64_t n = c->L->p[0], ii[32];
    uint32_t m = 0;
    for (unsigned l = 0; l < 32; l++) {
        ii[l] = c->gx[l];
        if ((c->valid >> l & 1) && ii[l] < n) m |= 1u << l;
    }
    gw_st(c, 0x108, m, A_DIST, ii); /* dist[ii] = MYINFINITY */
}

static void ss_relax(gk_warp *c)
{
    const gk_workload *w = c->w;
    const uint32_t *dst = w->data[A_DST], *wt = w->data[A_WT], *psrc = w->data[A_PSRC], *nout = w->data[A_NOUT];
    int64_t n = c->L->p[0], t = c->L->p[1];
    int64_t id[32], ps[32], e[32], v[32], zero[32];
    int64_t du[32];
    uint32_t m = 0, any = 0;
    uint32_t maxdeg = 0;
    for (unsigned l = 0; l < 32; l++) {
        id[l] = c->gx[l];
        zero[l] = 0;
        if ((c->valid >> l & 1) && id[l] < n) {
            m |= 1u << l;
            if (nout[id[l]] > maxdeg) maxdeg = nout[id[l]];
            du[l] = ss_dist(w, id[l], t);
            ps[l] = id[l]; /* srcsrc[src] = src */
        }
    }
    gw_ld(c, 0x208, m, A_NOUT, id);                      /* neighborsize = noutgoing[nn] */
    for (uint32_t ii = 0; ii < maxdeg; ii++) {
        uint32_t a = 0, s = 0;
        for (unsigned l = 0; l < 32; l++) {
            if (!(m >> l & 1) || ii >= nout[id[l]]) continue;
            a |= 1u << l;
            e[l] = psrc[id[l]] + ii;
            v[l] = dst[e[l]];
            if (du[l] + wt[e[l]] < ss_dist(w, v[l], t)) s |= 1u << l;
        }
        gw_ld(c, 0x210, a, A_NOUT, id);                  /* getOutDegree(src) */
        gw_ld(c, 0x218, a, A_SRCSRC, id);                /* srcsrc[src] */
        gw_ld(c, 0x220, a, A_PSRC, ps);                  /* psrc[srcsrc[src]] */
        gw_ld(c, 0x228, a, A_DST, e);                    /* edgessrcdst[edge] */
        gw_ld(c, 0x230, a, A_WT, e);                     /* edgessrcwt[edge] */
        gw_ld(c, 0x238, a, A_DIST, id);                  /* dist[src] */
        gw_ld(c, 0x240, a, A_DIST, v);                   /* dist[dst] */
        gw_alu(c, 0x248, a, SS_LAT);                     /* altdist < dist[dst] */
        gw_atom(c, 0x250, s, A_DIST, v);                 /* atomicMin(&dist[dst], altdist) */
        any |= s;
    }
    gw_st(c, 0x258, any, A_CHANGED, zero);               /* *changed = true */
}

int gka_build_sssp(gka_ctx *c);
int gka_build_sssp(gka_ctx *c)
{
    int64_t n = gka_scaled(c, 264346, 4), me = gka_scaled(c, 733846, 2);
    int64_t W = 1;
    while (W * W < n) W++;
    /* forced (a spanning comb: every down edge, the right edges of row 0) and optional
     * (the other right edges) candidates */
    int64_t cand = 0, forced = 0;
    for (int64_t v = 0; v < n; v++) {
        int right = v % W + 1 < W && v + 1 < n, down = v + W < n;
        cand += right + down;
        forced += down + (right && v < W);
    }
    int64_t want = me / 2 - forced, others = cand - forced;
    int64_t ppm = others > 0 && want > 0 ? (int64_t)((double)want * 1e6 / (double)others + 0.5) : 0;
    gka_rng r = {c->o->seed};
    /* kept undirected edges (a < b), in generation order; degrees */
    int64_t cap = cand > 0 ? cand : 1, ne = 0;
    int32_t *ea = malloc((size_t)cap * sizeof *ea), *eb = malloc((size_t)cap * sizeof *eb);
    int32_t *ew = malloc((size_t)cap * sizeof *ew), *deg = calloc((size_t)n, sizeof *deg);
    int64_t *off = malloc((size_t)(n + 1) * sizeof *off);
    int64_t *dcur = NULL, *dnew = NULL;
    int32_t *hcount = NULL;
    int rc = 1;
    if (!ea || !eb || !ew || !deg || !off) { gka_fail(c, "out of memory"); goto out; }
    for (int64_t v = 0; v < n; v++) {
        int64_t nb[2] = {v % W + 1 < W && v + 1 < n ? v + 1 : -1, v + W < n ? v + W : -1};
        for (int k = 0; k < 2; k++) {
            if (nb[k] < 0) continue;
            int must = k == 1 || v < W;
            if ((int64_t)(gka_next(&r) % 1000000) >= ppm && !must) continue;
            ea[ne] = (int32_t)v;
            eb[ne] = (int32_t)nb[k];
            ew[ne] = (int32_t)(1 + gka_next(&r) % 1000);
            deg[v]++;
            deg[nb[k]]++;
            ne++;
        }
    }
    int64_t nedges = 2 * ne;
    off[0] = 0;
    for (int64_t v = 0; v < n; v++) off[v + 1] = off[v] + deg[v];
    if (gka_array(c, "edgessrcdst", nedges + 1, 4) != A_DST || gka_array(c, "edgessrcwt", nedges + 1, 4) != A_WT ||
        gka_array(c, "psrc", n + 1, 4) != A_PSRC || gka_array(c, "noutgoing", n, 4) != A_NOUT ||
        gka_array(c, "nincoming", n, 4) != A_NIN || gka_array(c, "srcsrc", n, 4) != A_SRCSRC ||
        gka_array(c, "maxOutDegree", 1, 4) != A_MAXO || gka_array(c, "maxInDegree", 1, 4) != A_MAXI ||
        gka_array(c, "dist", n, 4) != A_DIST || gka_array(c, "changed", 1, 1) != A_CHANGED)
        goto out;
    uint32_t *dst = gka_data(c, A_DST), *wt = gka_data(c, A_WT), *psrc = gka_data(c, A_PSRC),
             *nout = gka_data(c, A_NOUT);
    if (!dst || !wt || !psrc || !nout) goto out;
    /* CSR, 1-based: a node's neighbours ascending (insertion by scanning edges per node
     * would not sort them: fill then sort each row) */
    {
        int64_t *fill = malloc((size_t)n * sizeof *fill);
        if (!fill) { gka_fail(c, "out of memory"); goto out; }
        for (int64_t v = 0; v < n; v++) fill[v] = 0;
        for (int64_t k = 0; k < ne; k++) {
            int64_t a = ea[k], b = eb[k];
            int64_t pa = 1 + off[a] + fill[a]++, pb = 1 + off[b] + fill[b]++;
            dst[pa] = (uint32_t)b; wt[pa] = (uint32_t)ew[k];
            dst[pb] = (uint32_t)a; wt[pb] = (uint32_t)ew[k];
        }
        free(fill);
        for (int64_t v = 0; v < n; v++) {
            uint32_t *d = dst + 1 + off[v], *ww = wt + 1 + off[v];
            for (int64_t i = 1; i < deg[v]; i++)
                for (int64_t j = i; j > 0 && d[j - 1] > d[j]; j--) {
                    uint32_t x = d[j]; d[j] = d[j - 1]; d[j - 1] = x;
                    x = ww[j]; ww[j] = ww[j - 1]; ww[j - 1] = x;
                }
            psrc[v] = (uint32_t)(1 + off[v]);
            nout[v] = (uint32_t)deg[v];
        }
        psrc[n] = (uint32_t)nedges;
    }
    /* synchronous Bellman-Ford: each node's distance history */
    dcur = malloc((size_t)n * sizeof *dcur);
    dnew = malloc((size_t)n * sizeof *dnew);
    hcount = calloc((size_t)n, sizeof *hcount);
    if (!dcur || !dnew || !hcount) { gka_fail(c, "out of memory"); goto out; }
    for (int64_t v = 0; v < n; v++) dcur[v] = v == 0 ? 0 : SS_INF;
    /* pass 1 counts the changes, pass 2 records them */
    int64_t iters = 0, hn = n;
    for (int pass = 0; pass < 2; pass++) {
        int32_t *hs = pass ? gka_data(c, A_HSTART) : NULL, *h = pass ? gka_data(c, A_HIST) : NULL;
        int32_t *pos = NULL;
        if (pass) {
            if (!hs || !h) goto out;
            hs[0] = 0;
            for (int64_t v = 0; v < n; v++) hs[v + 1] = hs[v] + 1 + hcount[v];
            pos = malloc((size_t)n * sizeof *pos);
            if (!pos) { gka_fail(c, "out of memory"); goto out; }
            for (int64_t v = 0; v < n; v++) {
                pos[v] = hs[v];
                h[2 * pos[v]] = -1;
                h[2 * pos[v] + 1] = (int32_t)(v == 0 ? 0 : SS_INF);
                pos[v]++;
                dcur[v] = v == 0 ? 0 : SS_INF;
            }
        }
        int64_t t = 0;
        for (;;) {
            int changed = 0;
            memcpy(dnew, dcur, (size_t)n * sizeof *dnew);
            for (int64_t u = 0; u < n; u++)
                for (uint32_t i = 0; i < nout[u]; i++) {
                    int64_t e = psrc[u] + i, alt = dcur[u] + wt[e];
                    if (alt < dcur[dst[e]]) {
                        changed = 1;
                        if (alt < dnew[dst[e]]) dnew[dst[e]] = alt;
                    }
                }
            for (int64_t v = 0; v < n; v++)
                if (dnew[v] != dcur[v]) {
                    if (!pass) { hcount[v]++; hn++; }
                    else {
                        h[2 * pos[v]] = (int32_t)t;
                        h[2 * pos[v] + 1] = (int32_t)dnew[v];
                        pos[v]++;
                    }
                }
            int64_t *x = dcur; dcur = dnew; dnew = x;
            t++;
            if (!changed) break;
        }
        free(pos);
        iters = t;
        if (!pass) {
            if (gka_array(c, "model_hist_start", n + 1, 4) != A_HSTART || gka_array(c, "model_hist", 2 * hn, 4) != A_HIST)
                goto out;
        }
    }
    uint32_t nb = gka_ceil(n, SS_TPB);
    gk_launch *L = gka_launch(c, "initialize", ss_init, nb, 1, SS_TPB, 1, 6, 0);
    if (!L) goto out;
    L->p[0] = n;
    for (int64_t t = 0; t < iters; t++) {
        L = gka_launch(c, "drelax", ss_relax, nb, 1, SS_TPB, 1, 20, 0);
        if (!L) goto out;
        L->p[0] = n;
        L->p[1] = t;
    }
    c->w->size[0] = n;
    c->w->size[1] = nedges;
    c->w->size[2] = iters;
    rc = 0;
out:
    free(ea); free(eb); free(ew); free(deg); free(off); free(dcur); free(dnew); free(hcount);
    return rc;
}
