/*
 * btree.c: Rodinia 3.1 B+tree (b+tree/main.c, kernel/kernel_gpu_cuda.cu findK,
 * kernel/kernel_gpu_cuda_2.cu findRangeK and their wrappers), docs/workloads/btree.md;
 * tb/streams/btree.py models it again.
 *
 * Input: main.c inserts the keys of mil.txt one by one into an order-256 B+ tree and
 * flattens it (transform_to_cuda) into knodes in breadth-first order. The published
 * run on mil.txt reports knodes_elem = 7874, which is exactly the tree that 1,000,000
 * increasing keys give (leaf splits 128+128, internal splits 128+129 pointers: 7812
 * leaves, 61 internal nodes, a root; height 2), so the keys are 1..N inserted in
 * increasing order; the tree of that insertion order is laid out here directly.
 * Command file command.txt: "j 6000 3000" then "k 10000"; main.c's parser reads the
 * j command's range size from the count's text (rSize = 6000, as the published
 * output shows). Query keys: (rand() / (float)RAND_MAX) * size, glibc rand() seeded
 * by opts->seed (main.c never calls srand: seed 1 is the suite's run).
 * Launches: findRangeK<<<6000, 256>>> then findK<<<10000, 256>>> (threadsPerBlock =
 * order = 256); arrays in the two wrappers' cudaMalloc order (the second wrapper's
 * arrays get new addresses here, where the CUDA allocator might reuse the first's).
 * knode = {int location; int indices[257]; int keys[257]; bool is_leaf; int
 * num_keys} = 2068 bytes, addressed as 517 ints: indices[i] word 1 + i, keys[i] word
 * 258 + i. long arrays 8 bytes.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "gk_app.h"

enum {
    J_KNODES, J_CURR, J_OFF, J_LAST, J_OFF2, J_START, J_END, J_RSTART, J_RLEN,
    K_RECORDS, K_KNODES, K_CURR, K_OFF, K_KEYS, K_ANS
};
#define BT_ORDER 256
#define BT_W 517        /* knode words */
#define BT_IDX 1        /* indices[0] */
#define BT_KEY 258      /* keys[0] */
#define BT_LAT 4

static int32_t kkey(const int32_t *kn, int64_t node, int t) { return kn[node * BT_W + BT_KEY + t]; }
static int32_t kidx(const int32_t *kn, int64_t node, int t) { return kn[node * BT_W + BT_IDX + t]; }

/* one tree level of a block's search for q from node cur: the next node (as the block's
 * threads leave it in offset[bid]) */
static int64_t bt_next(const int32_t *kn, int64_t elems, int64_t cur, int32_t q)
{
    /* keys[0..255] are non-decreasing (INT_MIN, the node's keys, INT_MAX padding) */
    int lo = 0, hi = BT_ORDER - 1;
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (kkey(kn, cur, mid) <= q) lo = mid; else hi = mid - 1;
    }
    if (kkey(kn, cur, lo) <= q && kkey(kn, cur, lo + 1) > q && kidx(kn, cur, lo) < elems) return kidx(kn, cur, lo);
    return cur;
}

/* per-lane helpers: word indices in knodes */
static void words(const gk_warp *c, int64_t node, int base, int add, int64_t *out)
{
    for (unsigned l = 0; l < 32; l++) out[l] = node * BT_W + base + c->tx[l] + add;
}

static uint32_t lanes_le(const gk_warp *c, const int32_t *kn, int64_t node, int add, int32_t q, uint32_t in, int gt)
{
    uint32_t m = 0;
    for (unsigned l = 0; l < 32; l++) {
        if (!(in >> l & 1)) continue;
        int32_t k = kkey(kn, node, c->tx[l] + add);
        if (gt ? k > q : k <= q) m |= 1u << l;
    }
    return m;
}

static uint32_t lanes_eq(const gk_warp *c, const int32_t *kn, int64_t node, int32_t q)
{
    uint32_t m = 0;
    for (unsigned l = 0; l < 32; l++)
        if ((c->valid >> l & 1) && kkey(kn, node, c->tx[l]) == q) m |= 1u << l;
    return m;
}

static uint32_t lanes_idx_ok(const gk_warp *c, const int32_t *kn, int64_t node, uint32_t in, int64_t elems)
{
    uint32_t m = 0;
    for (unsigned l = 0; l < 32; l++)
        if ((in >> l & 1) && kidx(kn, node, c->tx[l]) < elems) m |= 1u << l;
    return m;
}

/* findRangeK (kernel 1; its 40 ops take PCs 0x108..0x238, so findK is kernel 3) */
static void bt_range(gk_warp *c)
{
    const gk_workload *w = c->w;
    const int32_t *kn = w->data[J_KNODES];
    const int32_t *st = w->data[J_START], *en = w->data[J_END];
    int64_t H = c->L->p[0], elems = c->L->p[1], bid = c->bx;
    int32_t s = st[bid], e = en[bid];
    int64_t b[32], wk[32], wk1[32], ix[32];
    uint32_t all = c->valid, t0 = 0;
    for (unsigned l = 0; l < 32; l++) {
        b[l] = bid;
        if ((all >> l & 1) && c->tx[l] == 0) t0 |= 1u << l;
    }
    int64_t cur = 0, last = 0;
    for (int64_t i = 0; i < H; i++) {
        for (int side = 0; side < 2; side++) {
            int64_t node = side ? last : cur;
            int32_t q = side ? e : s;
            uint32_t o = side ? 0x48 : 0;
            gw_ld(c, 0x108 + o, all, side ? J_LAST : J_CURR, b);
            words(c, node, BT_KEY, 0, wk);
            gw_ld(c, 0x110 + o, all, J_KNODES, wk);
            gw_ld(c, 0x118 + o, all, side ? J_END : J_START, b);
            gw_alu(c, 0x120 + o, all, BT_LAT);
            uint32_t a1 = lanes_le(c, kn, node, 0, q, all, 0);
            words(c, node, BT_KEY, 1, wk1);
            gw_ld(c, 0x128 + o, a1, J_KNODES, wk1);
            gw_alu(c, 0x130 + o, a1, BT_LAT);
            uint32_t a2 = lanes_le(c, kn, node, 1, q, a1, 1);
            words(c, node, BT_IDX, 0, ix);
            gw_ld(c, 0x138 + o, a2, J_KNODES, ix);
            gw_alu(c, 0x140 + o, a2, BT_LAT);
            gw_st(c, 0x148 + o, lanes_idx_ok(c, kn, node, a2, elems), side ? J_OFF2 : J_OFF, b);
        }
        gw_bar(c, 0x198, all);
        gw_ld(c, 0x1a0, t0, J_OFF, b);
        gw_st(c, 0x1a8, t0, J_CURR, b);
        gw_ld(c, 0x1b0, t0, J_OFF2, b);
        gw_st(c, 0x1b8, t0, J_LAST, b);
        gw_bar(c, 0x1c0, all);
        cur = bt_next(kn, elems, cur, s);
        last = bt_next(kn, elems, last, e);
    }
    gw_ld(c, 0x1c8, all, J_CURR, b);
    words(c, cur, BT_KEY, 0, wk);
    gw_ld(c, 0x1d0, all, J_KNODES, wk);
    gw_ld(c, 0x1d8, all, J_START, b);
    gw_alu(c, 0x1e0, all, BT_LAT);
    uint32_t e1 = lanes_eq(c, kn, cur, s);
    words(c, cur, BT_IDX, 0, ix);
    gw_ld(c, 0x1e8, e1, J_KNODES, ix);
    gw_st(c, 0x1f0, e1, J_RSTART, b);
    gw_bar(c, 0x1f8, all);
    gw_ld(c, 0x200, all, J_LAST, b);
    words(c, last, BT_KEY, 0, wk);
    gw_ld(c, 0x208, all, J_KNODES, wk);
    gw_ld(c, 0x210, all, J_END, b);
    gw_alu(c, 0x218, all, BT_LAT);
    uint32_t e2 = lanes_eq(c, kn, last, e);
    words(c, last, BT_IDX, 0, ix);
    gw_ld(c, 0x220, e2, J_KNODES, ix);
    gw_ld(c, 0x228, e2, J_RSTART, b);
    gw_alu(c, 0x230, e2, BT_LAT);
    gw_st(c, 0x238, e2, J_RLEN, b);
}

/* findK (kernel 3) */
static void bt_find(gk_warp *c)
{
    const gk_workload *w = c->w;
    const int32_t *kn = w->data[J_KNODES]; /* the same tree as K_KNODES holds */
    const int32_t *keys = w->data[K_KEYS];
    int64_t H = c->L->p[0], elems = c->L->p[1], bid = c->bx;
    int32_t q = keys[bid];
    int64_t b[32], wk[32], wk1[32], ix[32], rec[32];
    uint32_t all = c->valid, t0 = 0;
    for (unsigned l = 0; l < 32; l++) {
        b[l] = bid;
        if ((all >> l & 1) && c->tx[l] == 0) t0 |= 1u << l;
    }
    int64_t cur = 0;
    for (int64_t i = 0; i < H; i++) {
        gw_ld(c, 0x308, all, K_CURR, b);
        words(c, cur, BT_KEY, 0, wk);
        gw_ld(c, 0x310, all, K_KNODES, wk);
        gw_ld(c, 0x318, all, K_KEYS, b);
        gw_alu(c, 0x320, all, BT_LAT);
        uint32_t c1 = lanes_le(c, kn, cur, 0, q, all, 0);
        words(c, cur, BT_KEY, 1, wk1);
        gw_ld(c, 0x328, c1, K_KNODES, wk1);
        gw_alu(c, 0x330, c1, BT_LAT);
        uint32_t c2 = lanes_le(c, kn, cur, 1, q, c1, 1);
        /* knodesD[offsetD[bid]].indices[thid]: offset[bid] holds cur at the level's start */
        gw_ld(c, 0x338, c2, K_OFF, b);
        words(c, cur, BT_IDX, 0, ix);
        gw_ld(c, 0x340, c2, K_KNODES, ix);
        gw_alu(c, 0x348, c2, BT_LAT);
        gw_st(c, 0x350, lanes_idx_ok(c, kn, cur, c2, elems), K_OFF, b);
        gw_bar(c, 0x358, all);
        gw_ld(c, 0x360, t0, K_OFF, b);
        gw_st(c, 0x368, t0, K_CURR, b);
        gw_bar(c, 0x370, all);
        cur = bt_next(kn, elems, cur, q);
    }
    gw_ld(c, 0x378, all, K_CURR, b);
    words(c, cur, BT_KEY, 0, wk);
    gw_ld(c, 0x380, all, K_KNODES, wk);
    gw_ld(c, 0x388, all, K_KEYS, b);
    gw_alu(c, 0x390, all, BT_LAT);
    uint32_t eq = lanes_eq(c, kn, cur, q);
    words(c, cur, BT_IDX, 0, ix);
    gw_ld(c, 0x398, eq, K_KNODES, ix);
    for (unsigned l = 0; l < 32; l++) rec[l] = (eq >> l & 1) ? kidx(kn, cur, c->tx[l]) : 0;
    gw_ld(c, 0x3a0, eq, K_RECORDS, rec);
    gw_st(c, 0x3a8, eq, K_ANS, b);
}

/* node counts of one level when `n` entries arrive in increasing order: leaves split a
 * full node (cap entries) plus one into 128 + the rest, internal nodes 128 + 129
 * pointers; so every node but the last keeps 128 and the last keeps lo..cap */
static int64_t bt_level(int64_t n, int64_t cap, int64_t lo, int64_t *last)
{
    if (n <= cap) { *last = n; return 1; }
    int64_t k = (n - lo) / 128;
    *last = n - 128 * k;
    return k + 1;
}

static float f32div(int32_t r) { return (float)r / (float)2147483647; }

int gka_build_btree(gka_ctx *c);
int gka_build_btree(gka_ctx *c)
{
    int64_t N = gka_scaled(c, 1000000, 1);
    int64_t cj = gka_scaled(c, 6000, 1), ck = gka_scaled(c, 10000, 1), rsize = gka_scaled(c, 6000, 0);
    if (rsize > N) rsize = N;
    if (N > 2000000000) return gka_fail(c, "too many keys");
    /* levels bottom-up: counts of nodes; level 0 = leaves */
    int64_t cnt[16], lastn[16];
    int nl = 0;
    cnt[0] = bt_level(N, BT_ORDER - 1, 128, &lastn[0]);
    nl = 1;
    while (cnt[nl - 1] > 1) {
        if (nl == 16) return gka_fail(c, "tree too tall");
        cnt[nl] = bt_level(cnt[nl - 1], BT_ORDER, 129, &lastn[nl]);
        nl++;
    }
    int64_t H = nl - 1, nodes = 0, first[16];
    for (int lv = nl - 1; lv >= 0; lv--) { first[lv] = nodes; nodes += cnt[lv]; }
    int aj = gka_array(c, "knodes", nodes * BT_W, 4);
    gka_array(c, "currKnode", cj, 8);
    gka_array(c, "offset", cj, 8);
    gka_array(c, "lastKnode", cj, 8);
    gka_array(c, "offset_2", cj, 8);
    gka_array(c, "start", cj, 4);
    gka_array(c, "end", cj, 4);
    gka_array(c, "recstart", cj, 4);
    gka_array(c, "reclength", cj, 4);
    gka_array(c, "records", N, 4);
    gka_array(c, "knodes", nodes * BT_W, 4);
    gka_array(c, "currKnode", ck, 8);
    gka_array(c, "offset", ck, 8);
    gka_array(c, "keys", ck, 4);
    int ak = gka_array(c, "ans", ck, 4);
    if (aj != J_KNODES || ak != K_ANS) return 1;
    int32_t *kn = gka_data(c, J_KNODES);
    int32_t *st = gka_data(c, J_START), *en = gka_data(c, J_END), *keys = gka_data(c, K_KEYS);
    if (!kn || !st || !en || !keys) return 1;
    /* each node's first key rank (its subtree's smallest key is rank + 1) and entries */
    int64_t *lo = malloc((size_t)nodes * sizeof *lo);
    if (!lo) return gka_fail(c, "out of memory");
    for (int lv = 0; lv < nl; lv++) {
        for (int64_t j = 0; j < cnt[lv]; j++) {
            int64_t id = first[lv] + j, ne = j + 1 < cnt[lv] ? 128 : lastn[lv];
            int32_t *k = kn + id * BT_W;
            k[0] = (int32_t)id;
            int64_t nk = lv == 0 ? ne : ne - 1; /* keys in the node */
            k[BT_KEY] = INT_MIN;
            for (int64_t t = nk + 1; t < BT_ORDER; t++) k[BT_KEY + t] = INT_MAX;
            k[BT_KEY + nk + 1] = INT_MAX;
            if (lv == 0) {
                int64_t r0 = j * 128;
                lo[id] = r0;
                k[BT_IDX] = 0;
                for (int64_t t = 1; t <= nk; t++) {
                    k[BT_KEY + t] = (int32_t)(r0 + t);     /* key r0 + t - 1 + 1 */
                    k[BT_IDX + t] = (int32_t)(r0 + t - 1); /* record index */
                }
            } else {
                int64_t c0 = first[lv - 1] + j * 128;       /* first child */
                lo[id] = lo[c0];
                for (int64_t t = 0; t <= nk; t++) k[BT_IDX + t] = (int32_t)(c0 + t);
                for (int64_t t = 1; t <= nk; t++) k[BT_KEY + t] = (int32_t)(lo[c0 + t] + 1);
            }
            k[BT_IDX + nk + 1] = (int32_t)(id + 1);
            k[515] = lv == 0;
            k[516] = (int32_t)(nk + 2);
        }
    }
    free(lo);
    /* queries: the j command's, then the k command's */
    gka_glibc r;
    gka_srand(&r, (unsigned)c->o->seed);
    for (int64_t i = 0; i < cj; i++) {
        float f = f32div(gka_rand(&r)) * (float)N;
        int32_t s = (int32_t)f, e = (int32_t)(s + rsize);
        if (e >= N) {
            s = (int32_t)(s - (e - N));
            e = (int32_t)(N - 1);
        }
        st[i] = s;
        en[i] = e;
    }
    for (int64_t i = 0; i < ck; i++) {
        float f = f32div(gka_rand(&r)) * (float)N;
        keys[i] = (int32_t)f;
    }
    gk_launch *L = gka_launch(c, "findRangeK", bt_range, (uint32_t)cj, 1, BT_ORDER, 1, 23, 0);
    if (!L) return 1;
    L->p[0] = H;
    L->p[1] = nodes;
    L = gka_launch(c, "findK", bt_find, (uint32_t)ck, 1, BT_ORDER, 1, 18, 0);
    if (!L) return 1;
    L->p[0] = H;
    L->p[1] = nodes;
    c->w->size[0] = N;
    c->w->size[1] = nodes;
    c->w->size[2] = cj;
    c->w->size[3] = ck;
    return 0;
}
