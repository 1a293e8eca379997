/*
 * bfs.c: Rodinia 3.1 BFS (bfs/bfs.cu, kernel.cu, kernel2.cu), the example application
 * of gk_app.h; docs/workloads.md "bfs" lists its instruction order, which
 * tb/streams/bfs.py implements again.
 *
 * Launch: MAX_THREADS_PER_BLOCK = 512; blocks = ceil(nodes / 512) threads 512 (one block
 * of `nodes` threads when nodes <= 512). Host loop: Kernel then Kernel2 per level while
 * Kernel2 set the stop flag; the loop's last pass finds an empty frontier.
 * Input: graph1MW_6 (the suite's run script; 1M nodes) as Rodinia's graphgen (data/bfs/inputGen/graphgen.cpp): for each node i, rand() %
 * 3 + 2 edges (MIN_EDGES 2, MAX_INIT_EDGES 4) to nodeID = rand() % nodes with weight
 * rand() % 10 + 1, each added in both directions; adjacency in insertion order; source
 * node 0. glibc rand() seeded with opts->seed (graphgen seeds with the time).
 * Arrays (cudaMalloc order): nodes (Node = {starting, no_of_edges}, 8 bytes), edges
 * (int), mask, updating_mask, visited (bool, 1 byte), cost (int), over (bool).
 * The host's functional run gives each node its level (-1 unreached); in the
 * launch of level t (p[0] = t): mask[v] = level[v] == t, visited[v] = level[v] in
 * 0..t (Kernel2 of level t - 1 set the frontier's), updating[v] after Kernel of level t
 * = level[v] == t + 1.
 */
#include <stdlib.h>
#include <string.h>

#include "gk_app.h"

enum { A_NODES, A_EDGES, A_MASK, A_UPD, A_VIS, A_COST, A_OVER };
#define BFS_TPB 512
#define BFS_NODES 1000000
#define BFS_LAT 4

typedef struct bfs_node { int32_t start, deg; } bfs_node;

/* each node's level: the values of g_cost when the search ends (cost[v] = level of v,
 * -1 unreached), which the host run computes */
static const int32_t *levels(const gk_workload *w) { return w->data[A_COST]; }

static void bfs_k1(gk_warp *c)
{
    const gk_workload *w = c->w;
    const bfs_node *nd = w->data[A_NODES];
    const int32_t *ed = w->data[A_EDGES];
    const int32_t *lv = levels(w);
    int64_t n = c->L->p[1], t = c->L->p[0];
    int64_t tid[32], idx[32];
    uint32_t in = 0, act = 0;
    int32_t maxdeg = 0;
    for (unsigned l = 0; l < 32; l++) {
        tid[l] = (int64_t)c->bx * BFS_TPB + c->tx[l];
        if ((c->valid >> l & 1) && tid[l] < n) in |= 1u << l;
    }
    gw_ld(c, 0x108, in, A_MASK, tid);                     /* g_graph_mask[tid] */
    for (unsigned l = 0; l < 32; l++)
        if ((in >> l & 1) && lv[tid[l]] == t) act |= 1u << l;
    gw_st(c, 0x110, act, A_MASK, tid);                    /* g_graph_mask[tid] = false */
    gw_ld(c, 0x118, act, A_NODES, tid);                   /* g_graph_nodes[tid] (8 bytes) */
    for (unsigned l = 0; l < 32; l++)
        if ((act >> l & 1) && nd[tid[l]].deg > maxdeg) maxdeg = nd[tid[l]].deg;
    for (int32_t i = 0; i < maxdeg; i++) {
        uint32_t m = 0, u = 0;
        int64_t id[32];
        for (unsigned l = 0; l < 32; l++)
            if ((act >> l & 1) && i < nd[tid[l]].deg) {
                m |= 1u << l;
                idx[l] = nd[tid[l]].start + i;
                id[l] = ed[idx[l]];
            }
        gw_ld(c, 0x120, m, A_EDGES, idx);                 /* id = g_graph_edges[i] */
        gw_ld(c, 0x128, m, A_VIS, id);                    /* g_graph_visited[id] */
        for (unsigned l = 0; l < 32; l++)
            if ((m >> l & 1) && !(lv[id[l]] >= 0 && lv[id[l]] <= t)) u |= 1u << l;
        gw_ld(c, 0x130, u, A_COST, tid);                  /* g_cost[tid] */
        gw_alu(c, 0x138, u, BFS_LAT);                     /* + 1 */
        gw_st(c, 0x140, u, A_COST, id);                   /* g_cost[id] = ... */
        gw_st(c, 0x148, u, A_UPD, id);                    /* g_updating_graph_mask[id] = true */
    }
}

static void bfs_k2(gk_warp *c)
{
    const int32_t *lv = levels(c->w);
    int64_t n = c->L->p[1], t = c->L->p[0];
    int64_t tid[32], zero[32];
    uint32_t in = 0, act = 0;
    for (unsigned l = 0; l < 32; l++) {
        tid[l] = (int64_t)c->bx * BFS_TPB + c->tx[l];
        zero[l] = 0;
        if ((c->valid >> l & 1) && tid[l] < n) in |= 1u << l;
    }
    gw_ld(c, 0x208, in, A_UPD, tid);                      /* g_updating_graph_mask[tid] */
    for (unsigned l = 0; l < 32; l++)
        if ((in >> l & 1) && lv[tid[l]] == t + 1) act |= 1u << l;
    gw_st(c, 0x210, act, A_MASK, tid);                    /* g_graph_mask[tid] = true */
    gw_st(c, 0x218, act, A_VIS, tid);                     /* g_graph_visited[tid] = true */
    gw_st(c, 0x220, act, A_OVER, zero);                   /* *g_over = true */
    gw_st(c, 0x228, act, A_UPD, tid);                     /* g_updating_graph_mask[tid] = false */
}

int gka_build_bfs(gka_ctx *c);
int gka_build_bfs(gka_ctx *c)
{
    int64_t n = gka_scaled(c, BFS_NODES, 2);
    gka_glibc r;
    gka_srand(&r, (unsigned)c->o->seed);
    /* graphgen: undirected edges in insertion order per node */
    int32_t *deg = calloc((size_t)n, sizeof *deg), *cap = calloc((size_t)n, sizeof *cap);
    int32_t **adj = calloc((size_t)n, sizeof *adj);
    int64_t ne = 0;
    int rc = 1;
    if (!deg || !cap || !adj) { gka_fail(c, "out of memory"); goto out; }
    for (int64_t i = 0; i < n; i++) {
        int k = gka_rand(&r) % 3 + 2;
        for (int j = 0; j < k; j++) {
            int32_t v = (int32_t)(gka_rand(&r) % n);
            (void)gka_rand(&r); /* weight */
            int32_t ends[2][2] = {{(int32_t)i, v}, {v, (int32_t)i}};
            for (int e = 0; e < 2; e++) {
                int32_t a = ends[e][0];
                if (deg[a] == cap[a]) {
                    int32_t nc = cap[a] ? cap[a] * 2 : 8;
                    int32_t *na = realloc(adj[a], (size_t)nc * sizeof *na);
                    if (!na) { gka_fail(c, "out of memory"); goto out; }
                    adj[a] = na;
                    cap[a] = nc;
                }
                adj[a][deg[a]++] = ends[e][1];
            }
            ne += 2;
        }
    }
    int an = gka_array(c, "nodes", n, 8), ae = gka_array(c, "edges", ne, 4), am = gka_array(c, "mask", n, 1),
        au = gka_array(c, "updating", n, 1), av = gka_array(c, "visited", n, 1), ac = gka_array(c, "cost", n, 4),
        ao = gka_array(c, "over", 1, 1);
    if (an < 0 || ae < 0 || am < 0 || au < 0 || av < 0 || ac < 0 || ao < 0) goto out;
    bfs_node *nd = gka_data(c, A_NODES);
    int32_t *ed = gka_data(c, A_EDGES), *lv = gka_data(c, A_COST);
    if (!nd || !ed || !lv) goto out;
    int64_t at = 0;
    for (int64_t i = 0; i < n; i++) {
        nd[i].start = (int32_t)at;
        nd[i].deg = deg[i];
        for (int32_t j = 0; j < deg[i]; j++) ed[at++] = adj[i][j];
    }
    /* the host loop, functionally: levels by frontier */
    for (int64_t i = 0; i < n; i++) lv[i] = -1;
    lv[0] = 0;
    int32_t t = 0;
    for (;;) {
        int more = 0;
        for (int64_t v = 0; v < n; v++) {
            if (lv[v] != t) continue;
            for (int32_t j = 0; j < nd[v].deg; j++)
                if (lv[ed[nd[v].start + j]] < 0) {
                    lv[ed[nd[v].start + j]] = t + 1;
                    more = 1;
                }
        }
        uint32_t grid = n > BFS_TPB ? gka_ceil(n, BFS_TPB) : 1, tpb = n > BFS_TPB ? BFS_TPB : (uint32_t)n;
        gk_launch *k1 = gka_launch(c, "Kernel", bfs_k1, grid, 1, tpb, 1, 12, 0);
        if (!k1) goto out;
        k1->p[0] = t;
        k1->p[1] = n;
        gk_launch *k2 = gka_launch(c, "Kernel2", bfs_k2, grid, 1, tpb, 1, 6, 0);
        if (!k2) goto out;
        k2->p[0] = t;
        k2->p[1] = n;
        if (!more) break;
        t++;
    }
    c->w->size[0] = n;
    c->w->size[1] = ne;
    c->w->size[2] = t + 1;
    rc = 0;
out:
    for (int64_t i = 0; adj && i < n; i++) free(adj[i]);
    free(adj);
    free(deg);
    free(cap);
    return rc;
}
