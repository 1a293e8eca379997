/*
 * gk_app.c: the warp-program machinery of gk_app.h: emitting instructions, building an
 * application's arrays and launches, the deterministic generators, and running one
 * warp's program.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gk_app.h"

#define GKA_BASE0 0x10000000ull /* first array's byte address (as the PolyBench kernels) */
#define GKA_ALIGN 256ull        /* cudaMalloc alignment */
#define GKA_MAX_LAUNCH 65536

/* ---------------------------------------------------------------- emitting */

static void werr(gk_warp *c, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void werr(gk_warp *c, const char *fmt, ...)
{
    if (c->failed) return;
    c->failed = 1;
    if (!c->err || !c->nerr) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->err, c->nerr, fmt, ap);
    va_end(ap);
}

/* grow *buf (capacity *cap elements of size es, starting at first) to hold need; 0 ok */
static int grow(void **buf, uint32_t *cap, uint64_t need, size_t es, uint32_t first)
{
    if (need <= *cap) return 0;
    uint64_t c = *cap ? *cap : first;
    while (c < need) c *= 2;
    if (c > 0x80000000u) c = 0x80000000u;
    void *x = realloc(*buf, (size_t)c * es);
    if (!x) return 1;
    *buf = x;
    *cap = (uint32_t)c;
    return 0;
}

int gk_wprog_reserve(gk_wprog *p, uint32_t ni, uint32_t na, uint32_t nr)
{
    uint64_t wi = (uint64_t)p->n + ni, wa = (uint64_t)p->na + na, wr = (uint64_t)p->nr + nr;
    if (wi > 0x7fffffffu || wa > 0x7fffffffu || wr > 0x7fffffffu) return 1; /* over 2^31 */
    return grow((void **)&p->ins, &p->cap, wi, sizeof *p->ins, 256) || grow((void **)&p->addr, &p->acap, wa, sizeof *p->addr, 1024) ||
           grow((void **)&p->reg, &p->rcap, wr, sizeof *p->reg, 256);
}

static gk_inst *inst_new(gk_warp *c, unsigned kind, uint32_t pc, uint32_t mask, unsigned naddr)
{
    gk_wprog *p = c->out;
    if (c->failed) return NULL;
    if (gk_wprog_reserve(p, 1, naddr, 0)) {
        werr(c, "out of memory for a warp's instructions");
        return NULL;
    }
    gk_inst *i = &p->ins[p->n++];
    i->kind = (uint8_t)kind;
    i->lat = 0;
    i->dst1 = i->nsrc = 0;
    i->pc = pc;
    i->mask = mask;
    i->a = p->na;
    i->r = 0;
    return i;
}

void gw_alu(gk_warp *c, uint32_t pc, uint32_t mask, unsigned lat)
{
    mask &= c->valid;
    if (!mask) return;
    gk_inst *i = inst_new(c, GK_ALU, pc, mask, 0);
    if (i) i->lat = (uint8_t)(lat < 1 ? 1 : lat > 255 ? 255 : lat);
}

void gw_bar(gk_warp *c, uint32_t pc, uint32_t mask)
{
    mask &= c->valid;
    if (mask) inst_new(c, GK_BAR, pc, mask, 0);
}

static void mem(gk_warp *c, unsigned kind, uint32_t pc, uint32_t mask, int arr, const int64_t *idx)
{
    mask &= c->valid;
    if (!mask || c->failed) return;
    const gk_workload *w = c->w;
    if (arr < 0 || arr >= w->narr) {
        werr(c, "%s pc 0x%x: array %d does not exist", c->L->kernel, pc, arr);
        return;
    }
    const gk_array *A = &w->arr[arr];
    gk_inst *in = inst_new(c, kind, pc, mask, (unsigned)__builtin_popcount(mask));
    if (!in) return;
    int64_t fix = c->fault_pc && pc == c->fault_pc ? 1 : 0;
    for (unsigned l = 0; l < 32; l++) {
        if (!(mask >> l & 1)) continue;
        int64_t e = idx[l] + fix;
        if (e < 0 || (uint64_t)e >= A->elems) {
            werr(c, "%s pc 0x%x: block (%u,%u) thread %d reads/writes %s[%lld], outside its %llu elements", c->L->kernel,
                 pc, c->bx, c->by, c->tid[l], A->name, (long long)e, (unsigned long long)A->elems);
            c->out->n--;
            return;
        }
        c->out->addr[c->out->na++] = A->base + (uint64_t)e * A->esize;
    }
}

void gw_ld(gk_warp *c, uint32_t pc, uint32_t mask, int arr, const int64_t *idx) { mem(c, GK_LOAD, pc, mask, arr, idx); }
void gw_st(gk_warp *c, uint32_t pc, uint32_t mask, int arr, const int64_t *idx) { mem(c, GK_STORE, pc, mask, arr, idx); }
void gw_atom(gk_warp *c, uint32_t pc, uint32_t mask, int arr, const int64_t *idx) { mem(c, GK_ATOM, pc, mask, arr, idx); }

static void smem(gk_warp *c, unsigned kind, uint32_t pc, uint32_t mask, const int64_t *off)
{
    mask &= c->valid;
    if (!mask || c->failed) return;
    gk_inst *in = inst_new(c, kind, pc, mask, (unsigned)__builtin_popcount(mask));
    if (!in) return;
    int64_t fix = c->fault_pc && pc == c->fault_pc ? 4 : 0;
    for (unsigned l = 0; l < 32; l++) {
        if (!(mask >> l & 1)) continue;
        int64_t o = off[l] + fix;
        if (o < 0 || o + 4 > (int64_t)c->L->smem) {
            werr(c, "%s pc 0x%x: block (%u,%u) thread %d: shared byte %lld outside the block's %u bytes", c->L->kernel,
                 pc, c->bx, c->by, c->tid[l], (long long)o, c->L->smem);
            c->out->n--;
            return;
        }
        c->out->addr[c->out->na++] = (uint64_t)o;
    }
}

void gw_sld(gk_warp *c, uint32_t pc, uint32_t mask, const int64_t *off) { smem(c, GK_SLOAD, pc, mask, off); }
void gw_sst(gk_warp *c, uint32_t pc, uint32_t mask, const int64_t *off) { smem(c, GK_SSTORE, pc, mask, off); }

uint32_t gw_tid_range(const gk_warp *c, int64_t lo, int64_t hi)
{
    uint32_t m = 0;
    for (unsigned l = 0; l < 32; l++)
        if ((c->valid >> l & 1) && c->tid[l] >= lo && c->tid[l] < hi) m |= 1u << l;
    return m;
}

void gw_tree_add(gk_warp *c, uint32_t pc, uint32_t mask, int64_t stride, unsigned lat)
{
    int64_t a[32], b[32];
    for (unsigned l = 0; l < 32; l++) {
        a[l] = (int64_t)c->tid[l] * 4;
        b[l] = ((int64_t)c->tid[l] + stride) * 4;
    }
    gw_sld(c, pc, mask, a);
    gw_sld(c, pc + 0x08, mask, b);
    gw_alu(c, pc + 0x10, mask, lat);
    gw_sst(c, pc + 0x18, mask, a);
}

/* ---------------------------------------------------------------- running a warp */

int gk_warp_build(const gk_workload *w, int li, uint32_t bx, uint32_t by, uint32_t wib, gk_wprog *out,
                  uint32_t fault_pc, char *err, size_t n)
{
    const gk_launch *L = &w->launch[li];
    gk_warp c;
    memset(&c, 0, sizeof c);
    c.w = w;
    c.L = L;
    c.bx = bx;
    c.by = by;
    c.wib = wib;
    c.out = out;
    c.fault_pc = fault_pc;
    c.err = err;
    c.nerr = n;
    out->n = out->na = out->nr = 0;
    uint32_t tpb = L->block_x * L->block_y;
    for (unsigned l = 0; l < 32; l++) {
        uint32_t t = wib * 32 + l;
        if (t >= tpb) continue;
        c.valid |= 1u << l;
        c.tid[l] = (int32_t)t;
        c.tx[l] = (int32_t)(t % L->block_x);
        c.ty[l] = (int32_t)(t / L->block_x);
        c.gx[l] = (int64_t)bx * L->block_x + c.tx[l];
        c.gy[l] = (int64_t)by * L->block_y + c.ty[l];
    }
    if (c.valid) L->warp(&c);
    return c.failed;
}

void gk_wprog_free(gk_wprog *p)
{
    free(p->ins);
    free(p->addr);
    free(p->reg);
    memset(p, 0, sizeof *p);
}

/* ---------------------------------------------------------------- building */

int gka_fail(gka_ctx *c, const char *fmt, ...)
{
    if (c->err && c->n) {
        int k = snprintf(c->err, c->n, "%s: ", c->w->name);
        if (k >= 0 && (size_t)k < c->n) {
            va_list ap;
            va_start(ap, fmt);
            vsnprintf(c->err + k, c->n - (size_t)k, fmt, ap);
            va_end(ap);
        }
    }
    return 1;
}

int64_t gka_scaled(const gka_ctx *c, int64_t dflt, int64_t lo)
{
    double v = (double)dflt * c->o->scale + 0.5;
    int64_t r = (int64_t)v;
    return r < lo ? lo : r;
}

int gka_array(gka_ctx *c, const char *name, int64_t elems, unsigned esize)
{
    gk_workload *w = c->w;
    if (w->narr >= GK_MAX_ARRAYS) { gka_fail(c, "more than %d arrays", GK_MAX_ARRAYS); return -1; }
    if (elems < 1 || elems > 2147483647ll) {
        gka_fail(c, "array %s has %lld elements (1 .. 2^31-1); change the scale", name, (long long)elems);
        return -1;
    }
    gk_array *A = &w->arr[w->narr];
    A->name = name;
    A->base = (c->next + GKA_ALIGN - 1) & ~(GKA_ALIGN - 1);
    A->elems = (uint64_t)elems;
    A->esize = esize;
    c->next = A->base + (uint64_t)elems * esize;
    return w->narr++;
}

void *gka_data(gka_ctx *c, int arr)
{
    gk_workload *w = c->w;
    if (arr < 0 || arr >= w->narr) return NULL;
    if (!w->data[arr]) {
        w->data[arr] = calloc((size_t)w->arr[arr].elems, w->arr[arr].esize);
        if (!w->data[arr]) gka_fail(c, "out of memory for array %s", w->arr[arr].name);
    }
    return w->data[arr];
}

uint32_t gka_ceil(int64_t n, uint32_t b) { return (uint32_t)((n + b - 1) / b); }

gk_launch *gka_launch(gka_ctx *c, const char *kernel, gk_warp_fn fn, uint32_t grid_x, uint32_t grid_y,
                      uint32_t block_x, uint32_t block_y, uint32_t regs, uint32_t smem)
{
    gk_workload *w = c->w;
    if (w->nlaunch >= GKA_MAX_LAUNCH) { gka_fail(c, "more than %d launches", GKA_MAX_LAUNCH); return NULL; }
    if (!grid_x || !grid_y || grid_y > 65535u || !block_x || !block_y || block_x * block_y > 1024) {
        gka_fail(c, "%s: launch shape grid %ux%u block %ux%u is not a CUDA launch", kernel, grid_x, grid_y, block_x,
                 block_y);
        return NULL;
    }
    if (w->nlaunch == c->lcap) {
        int nc = c->lcap ? c->lcap * 2 : 8;
        gk_launch *nl = realloc(w->launch, (size_t)nc * sizeof *nl);
        if (!nl) { gka_fail(c, "out of memory"); return NULL; }
        w->launch = nl;
        c->lcap = nc;
    }
    gk_launch *L = &w->launch[w->nlaunch++];
    memset(L, 0, sizeof *L);
    L->kernel = kernel;
    L->warp = fn;
    L->grid_x = grid_x;
    L->grid_y = grid_y;
    L->block_x = block_x;
    L->block_y = block_y;
    L->regs = regs;
    L->smem = smem;
    return L;
}

/* ---------------------------------------------------------------- generators */

uint64_t gka_next(gka_rng *r)
{
    uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

double gka_unif(gka_rng *r) { return (double)(gka_next(r) >> 11) * (1.0 / 9007199254740992.0); }

/* glibc's random_r TYPE_3 (degree 31, separation 3), which rand() uses: the state
 * r[0] = seed, r[i] = 16807 r[i-1] mod (2^31 - 1) for i < 31, r[i] = r[i-31] for
 * 31 <= i < 34, then r[i] = r[i-31] + r[i-3] (mod 2^32); the first 310 are discarded
 * and each output is r[i] >> 1. Kept as a ring of the last 34. */
void gka_srand(gka_glibc *g, unsigned seed)
{
    int32_t *r = g->r;
    r[0] = (int32_t)(seed ? seed : 1);
    for (int i = 1; i < 31; i++) {
        int64_t v = (16807ll * r[i - 1]) % 2147483647ll;
        if (v < 0) v += 2147483647ll;
        r[i] = (int32_t)v;
    }
    for (int i = 31; i < 34; i++) r[i] = r[i - 31];
    g->i = 34;
    for (int k = 0; k < 310; k++) (void)gka_rand(g);
}

int32_t gka_rand(gka_glibc *g)
{
    /* ring of 344 entries: r[i % 344] holds r[i] */
    unsigned i = g->i;
    uint32_t v = (uint32_t)g->r[(i - 31) % 344] + (uint32_t)g->r[(i - 3) % 344];
    g->r[i % 344] = (int32_t)v;
    g->i = i + 1 == 344 * 1000 ? 344 : i + 1;
    return (int32_t)(v >> 1);
}
