/*
 * gpu_hooks.c: the GPU model's table of block drivers, built from the block list
 * (cmodel/blocks.def) without naming a block, and the binding of instances at the
 * hook points (gpu_hooks.h).
 */
#include <stdlib.h>
#include <string.h>

#include "gpu_internal.h"

/* every kind with a hook supplies <name>_gpu (cmodel/blocks/<name>/<name>_gpu.c) */
#define BLOCK_GPU_NONE(n)
#define BLOCK_GPU_DRIVER(n) extern const gpu_block_driver n##_gpu;
#define BLOCK_GPU_REQ BLOCK_GPU_DRIVER
#define BLOCK_GPU_L1 BLOCK_GPU_DRIVER
#define BLOCK_GPU_SCHED BLOCK_GPU_DRIVER
#define BLOCK_GPU_PREFETCH BLOCK_GPU_DRIVER
#define BLOCK_GPU_ISSUE BLOCK_GPU_DRIVER
#define BLOCK_GPU_DRAM BLOCK_GPU_DRIVER
#define BLOCK(name, hook) BLOCK_GPU_##hook(name)
#include "blocks.def"
#undef BLOCK

/* the list's hooks and drivers, in list order (blk_kind_at(i)) */
static const int kind_hooks[] = {
#define BLOCK(name, hook) GPU_HOOK_##hook,
#include "blocks.def"
#undef BLOCK
    -1};

#define DRV_NONE(n) NULL
#define DRV_SOME(n) &n##_gpu
#define DRV_REQ DRV_SOME
#define DRV_L1 DRV_SOME
#define DRV_SCHED DRV_SOME
#define DRV_PREFETCH DRV_SOME
#define DRV_ISSUE DRV_SOME
#define DRV_DRAM DRV_SOME
static const gpu_block_driver *const kind_drivers[] = {
#define BLOCK(name, hook) DRV_##hook(name),
#include "blocks.def"
#undef BLOCK
    NULL};

#define NLISTED (sizeof kind_hooks / sizeof kind_hooks[0] - 1)

static const char *const hook_names[GPU_HOOK_COUNT] = {"NONE", "REQ", "L1", "SCHED", "PREFETCH", "ISSUE", "DRAM"};

const char *gpu_hook_name(int hook) { return hook >= 0 && hook < GPU_HOOK_COUNT ? hook_names[hook] : "?"; }
int gpu_kind_hook(unsigned i) { return i < NLISTED ? kind_hooks[i] : GPU_HOOK_NONE; }
const gpu_block_driver *gpu_kind_driver(unsigned i) { return i < NLISTED ? kind_drivers[i] : NULL; }

unsigned gpu_hook_instances(const gpu_cfg *c, int hook)
{
    if (hook == GPU_HOOK_NONE) return 0;
    return hook == GPU_HOOK_DRAM ? c->dram_channels : c->sms;
}

const char *gpu_hook_index_name(int hook) { return hook == GPU_HOOK_DRAM ? "memory channel" : "SM"; }

/* the function a driver must have for its hook */
static int has_hook_fn(const gpu_block_driver *d)
{
    switch (d->hook) {
    case GPU_HOOK_REQ: return d->req != NULL;
    case GPU_HOOK_L1: return d->l1_access != NULL;
    case GPU_HOOK_SCHED: return d->sched != NULL;
    case GPU_HOOK_PREFETCH: return d->prefetch != NULL;
    case GPU_HOOK_ISSUE: return d->issue != NULL;
    case GPU_HOOK_DRAM: return d->dram != NULL;
    default: return 0;
    }
}

/* listed kind i (on): its driver matches the list, its configuration builds into cfg
 * (cfg_size bytes) and the driver accepts the GPU configuration */
static int kind_prepare(const gpu_cfg *c, unsigned i, void *cfg, char *err, size_t n)
{
    const blk_kind *k = blk_kind_at(i);
    const gpu_block_driver *d = gpu_kind_driver(i);
    if (!d) {
        snprintf(err, n, "%s has no GPU hook (NONE in the block list): it cannot be on", k->name);
        return 1;
    }
    if (d->kind != k || d->hook != kind_hooks[i] || !has_hook_fn(d)) {
        snprintf(err, n, "%s_gpu does not match the block list (kind %s, hook %s, listed %s)", k->name,
                 d->kind ? d->kind->name : "?", gpu_hook_name(d->hook), gpu_hook_name(kind_hooks[i]));
        return 1;
    }
    if (blk_cfg_build(k, cfg, gpu_cfg_kind_preset(c, i), c->blk[i].sets, err, n)) return 1;
    return d->check ? d->check(cfg, c, err, n) : 0;
}

int gpu_blocks_check(const gpu_cfg *c, char *err, size_t n)
{
    const blk_kind *k;
    for (unsigned i = 0; i < GPU_MAX_KINDS && (k = blk_kind_at(i)); i++) {
        if (!c->blk[i].on) continue;
        void *cfg = malloc(k->cfg_size);
        int bad = !cfg || kind_prepare(c, i, cfg, err, n);
        if (!cfg) snprintf(err, n, "out of memory");
        free(cfg);
        if (bad) return 1;
    }
    return 0;
}

static size_t round16(size_t v) { return (v + 15) & ~(size_t)15; }

static int busy_add(gpu *g, gpu_hook_inst *h)
{
    if (g->nbusy == g->busy_cap) {
        unsigned nc = g->busy_cap ? g->busy_cap * 2 : 64;
        gpu_hook_inst **nb = realloc(g->busy, nc * sizeof *nb);
        if (!nb) return 1;
        g->busy = nb;
        g->busy_cap = nc;
    }
    g->busy[g->nbusy++] = h;
    return 0;
}

static int dram_pick(void *ctx, const gpu_dram *d, const dram_cand *cand, unsigned n, int frfcfs, int *pick)
{
    const gpu_dram_chain *c = ctx;
    gpu_dram_event e;
    e.ch = d;
    e.cand = cand;
    e.n = n;
    e.frfcfs = frfcfs;
    e.arr = d->arr;
    e.narr = d->narr;
    e.dep = d->dep_valid ? &d->dep : NULL;
    *pick = frfcfs;
    for (unsigned i = 0; i < c->n; i++)
        if (c->h[i]->drv->dram(c->h[i], &e, pick)) return 1;
    return 0;
}

/* the hook point of instance h: SM h->index's slot, or the channel's picker */
static int place(gpu *g, gpu_hook_inst *h, char *err, size_t n)
{
    const gpu_block_driver *d = h->drv;
    gpu_hook_inst **slot = NULL;
    if (d->hook == GPU_HOOK_DRAM) {
        if (!g->dch && !(g->dch = calloc(g->c.dram_channels, sizeof *g->dch))) {
            snprintf(err, n, "out of memory");
            return 1;
        }
        gpu_dram_chain *c = &g->dch[h->index];
        if (c->n == GPU_MAX_BOUND) {
            snprintf(err, n, "too many blocks at the DRAM hook");
            return 1;
        }
        c->h[c->n++] = h;
        if (c->n == 1 && gpu_dram_set_picker(&g->ch[h->index], dram_pick, c)) {
            snprintf(err, n, "out of memory");
            return 1;
        }
        return 0;
    }
    gpu_sm *S = &g->sm[h->index];
    if (d->hook == GPU_HOOK_SCHED || d->hook == GPU_HOOK_PREFETCH || d->hook == GPU_HOOK_ISSUE) S->hooked = 1;
    switch (d->hook) {
    case GPU_HOOK_REQ: slot = &S->req; break;
    case GPU_HOOK_L1:
        if (S->nl1 == GPU_MAX_KINDS) {
            snprintf(err, n, "too many blocks at the L1 hook");
            return 1;
        }
        S->l1c[S->nl1++] = h;
        S->l1h = S->l1c[0];
        if (d->l1_extra_lat) {
            unsigned x = d->l1_extra_lat(h);
            if (x > GPU_L1_XLAT_MAX) {
                snprintf(err, n, "%s adds %u cycles to the L1 access (at most %u)", d->kind->name, x, GPU_L1_XLAT_MAX);
                return 1;
            }
            if (x > S->l1_xlat) S->l1_xlat = x;
        }
        return 0;
    case GPU_HOOK_SCHED: slot = &S->sched; break;
    case GPU_HOOK_PREFETCH: slot = &S->pf; break;
    case GPU_HOOK_ISSUE:
        if (S->nissue == GPU_MAX_KINDS) {
            snprintf(err, n, "too many blocks at the ISSUE hook");
            return 1;
        }
        S->issue[S->nissue++] = h;
        return 0;
    default: snprintf(err, n, "%s: no such hook %d", d->kind->name, d->hook); return 1;
    }
    if (*slot) {
        snprintf(err, n, "%s and %s are both at the %s hook: one at a time", (*slot)->drv->kind->name, d->kind->name,
                 gpu_hook_name(d->hook));
        return 1;
    }
    *slot = h;
    return 0;
}

int gpu_kind_attach(gpu *g, const gpu_block_driver *d, int list, const void *cfg, gpu_bind_fn bind, void *ctx,
                    char *err, size_t n)
{
    const blk_kind *k = d->kind;
    if (g->nkinds == GPU_MAX_BOUND) {
        snprintf(err, n, "too many block kinds bound");
        return 1;
    }
    if (!has_hook_fn(d)) {
        snprintf(err, n, "%s: the driver has no function for its hook %s", k->name, gpu_hook_name(d->hook));
        return 1;
    }
    gpu_kind_rt *K = &g->kinds[g->nkinds];
    memset(K, 0, sizeof *K);
    K->drv = d;
    K->k = k;
    K->list = list;
    K->ninst = gpu_hook_instances(&g->c, d->hook);
    K->cfg = malloc(k->cfg_size);
    K->inst = calloc(K->ninst, sizeof *K->inst);
    if (!K->cfg || !K->inst) {
        free(K->cfg);
        free(K->inst);
        snprintf(err, n, "out of memory");
        return 1;
    }
    memcpy(K->cfg, cfg, k->cfg_size);
    g->nkinds++; /* from here gpu_kinds_free releases it */
    size_t o_in = round16(sizeof(gpu_hook_inst)), o_out = o_in + round16(k->in_size),
           o_ctr = o_out + round16(k->out_size), o_priv = o_ctr + round16(d->nctrs * sizeof(uint64_t)),
           size = o_priv + round16(d->priv_size);
    for (unsigned i = 0; i < K->ninst; i++) {
        char *mem = calloc(1, size);
        if (!mem) {
            snprintf(err, n, "out of memory");
            return 1;
        }
        gpu_hook_inst *h = (gpu_hook_inst *)mem;
        K->inst[i] = h;
        h->drv = d;
        h->cfg = K->cfg;
        h->gc = &g->c;
        h->index = i;
        h->in = mem + o_in;
        h->out = mem + o_out;
        h->ctr = (uint64_t *)(mem + o_ctr);
        h->priv = mem + o_priv;
        h->now = &g->now;
        h->peers = K->inst;
        h->npeers = K->ninst;
        h->g = g;
        if (bind ? bind(ctx, k, i, &h->bi, K->cfg, err, n) : blk_bind_c(&h->bi, k, K->cfg, err, n)) {
            h->bi.destroy = NULL;
            return 1;
        }
        h->gate = g->c.gate && h->bi.mode == BLK_MODE_C;
        if (d->init && d->init(h, err, n)) return 1;
        if (place(g, h, err, n)) return 1;
        if (d->busy && busy_add(g, h)) {
            snprintf(err, n, "out of memory");
            return 1;
        }
    }
    return 0;
}

int gpu_kinds_bind(gpu *g, gpu_bind_fn bind, void *ctx, char *err, size_t n)
{
    const blk_kind *k;
    for (unsigned i = 0; i < GPU_MAX_KINDS && (k = blk_kind_at(i)); i++) {
        if (!g->c.blk[i].on) continue;
        void *cfg = malloc(k->cfg_size);
        if (!cfg) {
            snprintf(err, n, "out of memory");
            return 1;
        }
        int bad = kind_prepare(&g->c, i, cfg, err, n) ||
                  gpu_kind_attach(g, gpu_kind_driver(i), (int)i, cfg, bind, ctx, err, n);
        free(cfg);
        if (bad) return 1;
    }
    return 0;
}

void gpu_kinds_free(gpu *g)
{
    for (unsigned i = 0; i < g->nkinds; i++) {
        gpu_kind_rt *K = &g->kinds[i];
        for (unsigned j = 0; j < K->ninst; j++) {
            gpu_hook_inst *h = K->inst[j];
            if (!h) continue;
            if (h->bi.destroy) h->bi.destroy(h->bi.self);
            free(h);
        }
        free(K->inst);
        free(K->cfg);
    }
    g->nkinds = 0;
    free(g->busy);
    g->busy = NULL;
    g->nbusy = g->busy_cap = 0;
}

const gpu_kind_rt *gpu_kind_find(const gpu *g, const blk_kind *k)
{
    for (unsigned i = 0; i < g->nkinds; i++)
        if (g->kinds[i].k == k) return &g->kinds[i];
    return NULL;
}

void gpu_kinds_describe(const gpu *g, int dram, unsigned index, FILE *f)
{
    for (unsigned i = 0; i < g->nkinds; i++) {
        const gpu_kind_rt *K = &g->kinds[i];
        if ((K->drv->hook == GPU_HOOK_DRAM) != dram || index >= K->ninst || !K->drv->describe) continue;
        K->drv->describe(K->inst[index], f);
    }
}

gpu_hook_inst *gpu_hook_sibling(const gpu_hook_inst *h, const blk_kind *k)
{
    const gpu_kind_rt *K = gpu_kind_find(h->g, k);
    return K && h->index < K->ninst ? K->inst[h->index] : NULL;
}

/* ---- the public side (gpu.h) ---- */

blk_inst *gpu_block_inst(gpu *g, const blk_kind *k, unsigned index)
{
    const gpu_kind_rt *K = gpu_kind_find(g, k);
    return K && index < K->ninst ? &K->inst[index]->bi : NULL;
}

const void *gpu_block_cfg(const gpu *g, const blk_kind *k)
{
    const gpu_kind_rt *K = gpu_kind_find(g, k);
    return K ? K->cfg : NULL;
}

int gpu_block_totals(const gpu *g, const gpu_block_driver *d, uint64_t *tot)
{
    memset(tot, 0, d->nctrs * sizeof *tot);
    for (unsigned i = 0; i < g->nkinds; i++) {
        const gpu_kind_rt *K = &g->kinds[i];
        if (K->drv != d) continue;
        for (unsigned j = 0; j < K->ninst; j++)
            for (unsigned c = 0; c < d->nctrs; c++) {
                uint64_t v = K->inst[j]->ctr[c];
                if (d->ctrs[c].agg == GPU_CTR_MAX) tot[c] = v > tot[c] ? v : tot[c];
                else tot[c] += v;
            }
        return 0;
    }
    return -1;
}

int gpu_attach_driver(gpu *g, const gpu_block_driver *d, const void *cfg, char *err, size_t n)
{
    if (gpu_kind_attach(g, d, -1, cfg, NULL, NULL, err, n)) return 1;
    if (d->check && d->check(cfg, &g->c, err, n)) return 1;
    if (d->launch_check && g->L) {
        gpu_launch_info li = {g->li, g->L->kernel, g->tpb, g->wpb, gpu_top_line(g)};
        if (d->launch_check(cfg, &li, err, n)) return 1;
    }
    return 0;
}
