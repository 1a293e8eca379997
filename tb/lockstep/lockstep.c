/* lockstep.c: the rtl and lockstep bindings of any block (see lockstep.h).
 *
 * Cost per cycle, synchronous: the C model, the RTL, one comparison of the outputs done
 * on the Verilated ports (no copy: rtl_ops.eval_cmp), and the state probes: the C
 * model's probe struct against a copy of the RTL's kept element by element from the
 * packed pr_* words that changed (a cycle changes a few), one memcmp over the elements
 * in use. Asynchronous: the driver's thread runs the C model and packs inputs, outputs
 * and probes (generated code) into a ring; a second thread runs the RTL and compares
 * compact outputs and packed probe words with one memcmp each. Either way a difference
 * is then looked at element by element for the report. */
#include "lockstep.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

#define LS_SNAP_MIN 16384 /* cycles between RTL snapshots (at least the window) */
#define LS_POST 4         /* cycles dumped after a failing one (its inputs held) */
#define LS_PAD 64         /* a mismatch file's end: that many cycles of nothing after it */
#define LS_RING 16384     /* asynchronous: ring entries between the two threads (a few
                           * ms of the RTL's work: the threads ride out each other's
                           * time slices on a busy machine) */
#define LS_TUNIT 100      /* GTKWave units a file unit: mk/rtl.mk's 100 ps precision */

void blk_port_format(const blk_port *p, const void *s, char *buf, size_t n)
{
    const uint64_t *v = blk_port_cptr(p, s);
    if (!p->words) {
        if (p->width == 1) snprintf(buf, n, "%llu", (unsigned long long)v[0]);
        else snprintf(buf, n, "0x%llx", (unsigned long long)v[0]);
        return;
    }
    {
        int w = (int)((p->width + 63) / 64) - 1, started = 0;
        size_t at = 0;
        at += (size_t)snprintf(buf, n, "0x");
        for (; w >= 0 && at < n; w--) {
            if (!started && v[w] == 0 && w > 0) continue;
            at += (size_t)snprintf(buf + at, n - at, started ? "%016llx" : "%llx",
                                   (unsigned long long)v[w]);
            started = 1;
        }
    }
}

static char *dupstr(const char *x)
{
    char *d;
    if (!x) return NULL;
    d = malloc(strlen(x) + 1);
    if (d) strcpy(d, x);
    return d;
}

static size_t port_bytes(const blk_port *p) { return (p->words ? p->words : 1) * sizeof(uint64_t); }

/* The first output port whose values differ: 1 + its index, or 0. */
static unsigned first_out_diff(const blk_port *p, int np, const void *a, const void *b)
{
    int i;
    for (i = 0; i < np; i++)
        if (p[i].dir == BLK_OUT &&
            memcmp((const char *)a + p[i].offset, (const char *)b + p[i].offset, port_bytes(&p[i])))
            return (unsigned)i + 1;
    return 0;
}

/* Where each probe element sits in the packed words (tb/verilator/portgen.c: each
 * register in turn, ceil(bits/32) words, element i at i*width); returns the words. */
static unsigned probe_bits(const blk_port *q, int nq, unsigned *pos)
{
    unsigned base = 0;
    int i = 0, j, e;
    while (i < nq) {
        for (j = i + 1; j < nq && !strcmp(q[j].name, q[i].name); j++) {}
        for (e = i; e < j; e++) pos[e] = 32 * base + (q[e].index < 0 ? 0 : (unsigned)q[e].index) * q[e].width;
        base += (q[i].width * (unsigned)(j - i) + 31) / 32;
        i = j;
    }
    return base;
}

/* Any of bits [pos, pos + w) set in the words? */
static int bits_any(const unsigned *w, unsigned pos, unsigned width)
{
    unsigned b;
    for (b = pos; b < pos + width;) {
        unsigned sh = b % 32, take = 32 - sh;
        if (take > pos + width - b) take = pos + width - b;
        if ((w[b / 32] >> sh) & (take == 32 ? 0xffffffffu : (1u << take) - 1)) return 1;
        b += take;
    }
    return 0;
}

/* ------------------------------------------------------------------ waveform bookkeeping */

/* One open waveform: which signals changed, where the C model and the RTL differed, and
 * at the end the save file beside the FST (waves.c). */
typedef struct ls_trace {
    char *fst, *gtkw;
    uint64_t c0, n;    /* first cycle, cycles noted */
    int64_t fail;
    unsigned fail_code, post, pad;
    int rtl_only;
    unsigned char *in0, *out0, *cm0; /* the first cycle's values */
    unsigned char *inb, *outb, *cmb; /* bits that changed since (as in the structs) */
    unsigned char *x0, *xb; /* an output's first expected value, the bits that differ from it */
    unsigned char *ptog, *cmtog, *pexp, *qtog, *qdiff;
    unsigned *pw0, *pwtog, *cwdiff;
} ls_trace;

typedef struct ls_common {
    const blk_kind *k;
    const rtl_ops *ops;
    void *cfg;
    blk_port ports[BLK_MAX_PORTS];
    int np;
    blk_port *probes; /* state probes (BLK_MAX_PROBES), nq of them */
    int nq;
    unsigned pw;      /* packed probe words */
    unsigned *pbit;   /* [nq] each element's bit in the packed words */
} ls_common;

static void trace_free(ls_trace *t)
{
    if (!t) return;
    free(t->fst), free(t->gtkw), free(t->in0), free(t->out0), free(t->cm0), free(t->ptog);
    free(t->cmtog), free(t->pexp), free(t->qtog), free(t->qdiff), free(t->pw0), free(t->pwtog);
    free(t->cwdiff), free(t->inb), free(t->outb), free(t->cmb), free(t->x0), free(t->xb);
    free(t);
}

static ls_trace *trace_new(const ls_common *c, const char *fst, uint64_t c0, int rtl_only)
{
    ls_trace *t = calloc(1, sizeof *t);
    size_t L;
    if (!t) return NULL;
    L = strlen(fst);
    t->fst = dupstr(fst);
    t->gtkw = malloc(L + 8);
    t->in0 = calloc(1, c->k->in_size);
    t->out0 = calloc(1, c->k->out_size);
    t->cm0 = calloc(1, c->k->out_size);
    t->inb = calloc(1, c->k->in_size);
    t->outb = calloc(1, c->k->out_size);
    t->cmb = calloc(1, c->k->out_size);
    t->x0 = calloc(1, c->k->out_size);
    t->xb = calloc(1, c->k->out_size);
    t->ptog = calloc(BLK_MAX_PORTS, 1);
    t->cmtog = calloc(BLK_MAX_PORTS, 1);
    t->pexp = calloc(BLK_MAX_PORTS, 1);
    t->qtog = calloc((size_t)c->nq + 1, 1);
    t->qdiff = calloc((size_t)c->nq + 1, 1);
    t->pw0 = calloc((size_t)c->pw + 1, sizeof(unsigned));
    t->pwtog = calloc((size_t)c->pw + 1, sizeof(unsigned));
    t->cwdiff = calloc((size_t)c->pw + 1, sizeof(unsigned));
    if (!t->fst || !t->gtkw || !t->in0 || !t->out0 || !t->cm0 || !t->ptog || !t->cmtog || !t->pexp ||
        !t->qtog || !t->qdiff || !t->pw0 || !t->pwtog || !t->cwdiff || !t->inb || !t->outb || !t->cmb ||
        !t->x0 || !t->xb) {
        trace_free(t);
        return NULL;
    }
    snprintf(t->gtkw, L + 8, "%.*s.gtkw", (int)(L > 4 && !strcmp(fst + L - 4, ".fst") ? L - 4 : L), fst);
    t->c0 = c0;
    t->fail = -1;
    t->rtl_only = rtl_only;
    return t;
}

/* One dumped cycle: inputs, the RTL's and the C model's outputs (c_out NULL: rtl only),
 * packed probes of both (NULL if none). */
static void trace_note(ls_trace *t, const ls_common *c, const void *in, const void *r_out,
                       const void *c_out, const unsigned *rw, const unsigned *cw)
{
    int i;
    unsigned w;
    size_t x;
    if (!t->n) {
        memcpy(t->in0, in, c->k->in_size);
        memcpy(t->out0, r_out, c->k->out_size);
        if (c_out) memcpy(t->cm0, c_out, c->k->out_size);
        if (rw) memcpy(t->pw0, rw, c->pw * sizeof(unsigned));
    }
    t->n++;
    for (x = 0; x < c->k->in_size; x++) t->inb[x] |= ((const unsigned char *)in)[x] ^ t->in0[x];
    for (x = 0; x < c->k->out_size; x++) t->outb[x] |= ((const unsigned char *)r_out)[x] ^ t->out0[x];
    if (c_out)
        for (x = 0; x < c->k->out_size; x++) t->cmb[x] |= ((const unsigned char *)c_out)[x] ^ t->cm0[x];
    for (i = 0; i < c->np; i++) {
        const blk_port *p = &c->ports[i];
        size_t b = port_bytes(p);
        if (p->dir == BLK_IN) {
            if (!t->ptog[i] && memcmp((const char *)in + p->offset, t->in0 + p->offset, b)) t->ptog[i] = 1;
            continue;
        }
        if (!t->ptog[i] && memcmp((const char *)r_out + p->offset, t->out0 + p->offset, b)) t->ptog[i] = 1;
        if (c_out && !t->cmtog[i] && memcmp((const char *)c_out + p->offset, t->cm0 + p->offset, b))
            t->cmtog[i] = 1;
    }
    if (rw)
        for (w = 0; w < c->pw; w++) {
            t->pwtog[w] |= rw[w] ^ t->pw0[w];
            if (cw) t->cwdiff[w] |= rw[w] ^ cw[w];
        }
}

/* A cycle's expected outputs: which outputs have some, and the bits in which they differ
 * from the output's first expected value (a field of a packed vector whose expected value
 * never differs from the RTL's constant value is folded in the waveform). */
static void trace_expect_seen(ls_trace *t, const ls_common *c, const void *exp, const void *care)
{
    int i;
    for (i = 0; i < c->np; i++) {
        const blk_port *p = &c->ports[i];
        const unsigned char *e = (const unsigned char *)exp + p->offset;
        size_t b, nb = port_bytes(p);
        if (p->dir != BLK_OUT || !*blk_port_cptr(p, care)) continue;
        if (!t->pexp[i]) memcpy(t->x0 + p->offset, e, nb);
        for (b = 0; b < nb; b++) t->xb[p->offset + b] |= e[b] ^ t->x0[p->offset + b];
        t->pexp[i] = 1;
    }
}

/* An RTL output differs from a checked expected value? (bit 31 of a waveform mark) */
static unsigned expect_fails(const ls_common *c, const void *out, const void *exp, const void *care)
{
    int i;
    for (i = 0; i < c->np; i++) {
        const blk_port *p = &c->ports[i];
        if (p->dir == BLK_OUT && *blk_port_cptr(p, care) &&
            memcmp((const char *)out + p->offset, (const char *)exp + p->offset, port_bytes(p)))
            return 1u << 31;
    }
    return 0;
}

/* The save file of a finished waveform. */
static int trace_write_gtkw(ls_trace *t, const ls_common *c, int any_exp)
{
    waves_info wi;
    int e;
    for (e = 0; e < c->np; e++) { /* expected values against the RTL's first value */
        size_t b, o = c->ports[e].offset;
        if (t->pexp[e])
            for (b = 0; b < port_bytes(&c->ports[e]); b++) t->xb[o + b] |= t->x0[o + b] ^ t->out0[o + b];
    }
    for (e = 0; e < c->nq; e++) {
        t->qtog[e] = (unsigned char)bits_any(t->pwtog, c->pbit[e], c->probes[e].width);
        t->qdiff[e] = (unsigned char)bits_any(t->cwdiff, c->pbit[e], c->probes[e].width);
    }
    memset(&wi, 0, sizeof wi);
    wi.c0 = t->c0;
    wi.c1 = t->n ? t->c0 + t->n - 1 : t->c0;
    wi.fail = t->fail;
    wi.fail_code = t->fail_code;
    wi.post = t->post;
    wi.pad = t->pad;
    wi.tunit = LS_TUNIT;
    wi.extras = 1;
    wi.port_tog = t->ptog;
    wi.cm_tog = t->rtl_only ? NULL : t->cmtog;
    wi.probe_tog = t->qtog;
    wi.probe_cdiff = t->rtl_only ? NULL : t->qdiff;
    wi.port_exp = any_exp ? t->pexp : NULL;
    wi.in_bits = t->inb;
    wi.out_bits = t->outb;
    wi.cm_bits = t->rtl_only ? NULL : t->cmb;
    wi.exp_bits = t->xb;
    return waves_write(t->gtkw, t->fst, c->k, c->cfg, c->ops->scope, &wi);
}

static int common_init(ls_common *c, const blk_kind *k, const void *cfg, const rtl_ops *ops,
                       int probes)
{
    memset(c, 0, sizeof *c);
    c->k = k;
    c->ops = ops;
    c->cfg = malloc(k->cfg_size);
    if (!c->cfg) return -1;
    memcpy(c->cfg, cfg, k->cfg_size);
    c->np = k->ports(cfg, c->ports, BLK_MAX_PORTS);
    if (probes && k->probes) {
        c->probes = malloc(sizeof(blk_port) * BLK_MAX_PROBES);
        if (!c->probes) return -1;
        c->nq = k->probes(cfg, c->probes, BLK_MAX_PROBES);
        c->pbit = malloc(sizeof(unsigned) * ((size_t)c->nq + 1));
        if (!c->pbit) return -1;
        c->pw = probe_bits(c->probes, c->nq, c->pbit);
    }
    return 0;
}

static void common_free(ls_common *c)
{
    free(c->cfg);
    free(c->probes);
    free(c->pbit);
}

/* ------------------------------------------------------------------ rtl binding */

typedef struct rtl_bind {
    ls_common c;
    rtl_model *m;
    ls_trace *tr;
    unsigned *rw;
    void *r_out;
    unsigned char *xcur; /* this cycle's expected outputs, care (a vector run) */
    int any_exp;
} rtl_bind;

static int rb_eval(void *self, const void *in, void *out)
{
    rtl_bind *b = self;
    b->c.ops->eval(b->m, in, out);
    if (b->tr && b->any_exp)
        b->c.ops->mark(b->m, expect_fails(&b->c, out, b->xcur, b->xcur + b->c.k->out_size));
    if (b->tr) {
        if (b->c.ops->nprobes > 0) b->c.ops->probe_packed(b->m, b->rw);
        trace_note(b->tr, &b->c, in, out, NULL, b->c.ops->nprobes > 0 ? b->rw : NULL, NULL);
    }
    return 0;
}
static int rb_tick(void *self, const void *in)
{
    rtl_bind *b = self;
    b->c.ops->tick(b->m, in);
    return 0;
}
/* A live waveform ends: the file padded to the last cycle's end, closed, its save file
 * written; *tr freed and cleared. */
static void live_trace_end(ls_trace **tr, const ls_common *c, rtl_model *m, int any_exp)
{
    if (!*tr) return;
    c->ops->trace_pad(m, 0); /* the file ends where the last cycle does */
    c->ops->trace_close(m);
    if (trace_write_gtkw(*tr, c, any_exp)) fprintf(stderr, "waveform: could not write %s\n", (*tr)->gtkw);
    trace_free(*tr);
    *tr = NULL;
}
static void rb_trace_end(rtl_bind *b) { live_trace_end(&b->tr, &b->c, b->m, b->any_exp); }
static void rb_destroy(void *self)
{
    rtl_bind *b = self;
    rb_trace_end(b);
    b->c.ops->destroy(b->m);
    common_free(&b->c);
    free(b->rw);
    free(b->r_out);
    free(b->xcur);
    free(b);
}

static int check_build(const blk_kind *k, const void *cfg, const rtl_ops *ops, char *err,
                       size_t n)
{
    char tag[256];
    if (!ops) {
        snprintf(err, n, "%s: this program was built without RTL (c mode only)", k->name);
        return -1;
    }
    if (blk_cfg_validate(k, cfg, err, n)) return -1;
    if (waves_check(k, cfg, err, n)) return -1; /* the port list's waveform format tags */
    blk_cfg_tag(k, cfg, tag, sizeof tag);
    if (strcmp(ops->block, k->name) || strcmp(ops->cfg_tag, tag)) {
        snprintf(err, n, "%s: the RTL in this program is %s %s, not the requested %s "
                         "(use tb/run, which builds the right one)",
                 k->name, ops->block, ops->cfg_tag, tag);
        return -1;
    }
    return 0;
}

/* One reset cycle, so that X-initialised RTL registers and the C model agree. */
static void reset_input(const blk_kind *k, const void *cfg, void *in)
{
    blk_port ports[BLK_MAX_PORTS];
    int i, np = k->ports(cfg, ports, BLK_MAX_PORTS);
    memset(in, 0, k->in_size);
    for (i = 0; i < np; i++)
        if (ports[i].dir == BLK_IN && !strcmp(ports[i].name, "rst_i"))
            *blk_port_ptr(&ports[i], in) = 1;
}

int blk_bind_rtl(blk_inst *bi, const blk_kind *k, const void *cfg, const rtl_ops *ops,
                 char *err, size_t n)
{
    rtl_bind *b;
    void *rin;
    if (check_build(k, cfg, ops, err, n)) return -1;
    b = calloc(1, sizeof *b);
    rin = calloc(1, k->in_size);
    if (!b || !rin || common_init(&b->c, k, cfg, ops, ops->nprobes > 0) ||
        !(b->rw = calloc((size_t)b->c.pw + 1, sizeof(unsigned)))) {
        if (b) common_free(&b->c);
        free(b ? b->rw : NULL);
        free(b);
        free(rin);
        snprintf(err, n, "%s: out of memory", k->name);
        return -1;
    }
    b->m = ops->create();
    reset_input(k, cfg, rin);
    ops->tick(b->m, rin);
    ops->set_cycle(b->m, 0);
    free(rin);
    blk_inst_set(bi, k, BLK_MODE_RTL, b, rb_eval, rb_tick, rb_destroy);
    return 0;
}

/* ------------------------------------------------------------------ lockstep binding */

typedef struct ls_snap {
    int valid;
    uint64_t cycle;
    void *rtl;
    size_t rtl_len;
    void *cstate;
} ls_snap;

/* Asynchronous lockstep: a ring of entries, written by the driver's thread (head) and
 * consumed by the RTL thread (tail). An entry: header, the compact inputs, the C model's
 * compact outputs and packed probes (what the RTL thread reads), then the inputs as the
 * driver gave them (read only for a report, after the RTL thread has stopped). */
enum { E_EVAL = 1, E_TICK = 2, E_PROBE = 4, E_SNAP = 8, E_SETIN = 16 };
typedef struct ls_hdr {
    uint32_t kind, ovf; /* ovf bit 0: a C output wider than its port; bit 1: a probe */
    uint64_t cycle;
    void *cstate;       /* E_SNAP: the C model's state at `cycle` (malloc'd) */
} ls_hdr;

typedef struct ls_async {
    pthread_t th;
    int started;
    unsigned char *ring;
    size_t slot, o_in, o_out, o_pw, o_sin;
    /* written by the driver's thread */
    char pad0[64];
    uint64_t head;
    char pad1[64];
    /* written by the RTL thread */
    uint64_t tail;
    char pad2[64];
    int worker_sleeping, main_sleeping, stop, failed;
    char pad3[64];
    pthread_mutex_t mu;
    pthread_cond_t cv_worker, cv_main;
    /* driver's thread only */
    uint64_t head_local, tail_cache;
    int pending; /* an eval's entry filled at head_local, not yet published */
    /* RTL thread only, read by the driver after a stop */
    uint64_t wcycle, checked;
    unsigned *r_pw;
    uint64_t fail_cycle, fail_slot;
    int fail_probe;
} ls_async;

typedef struct ls_elem {
    unsigned pos, width, words;
    size_t off;
} ls_elem;

typedef struct ls {
    ls_common c;
    rtl_model *rtl;
    void *cstate, *c_out, *r_out, *c_pr, *r_pr;
    unsigned *c_pw, *r_pw;
    /* synchronous probe check: the RTL's elements kept from the changed words */
    void *r_inc;
    unsigned *r_prev, *bit2e; /* bit of the packed words -> its element */
    ls_elem *pe;              /* each element: bit, width, 64-bit words, struct offset */
    uint64_t *vmask;          /* bits of the packed words that belong to an element */
    int r_inc_ok, nrange;
    struct { size_t off, len; } range[64];
    unsigned probe_every, probe_left;
    uint64_t cycle, checked;
    unsigned window, every, snap_left; /* snapshots every `every` cycles; cycles to the next */
    size_t ring_n;        /* a power of two */
    unsigned char *ring;  /* inputs of cycle c at (c % ring_n) */
    unsigned char *xring; /* vector runs: expected outputs and care of cycle c, and line */
    size_t xsize;
    unsigned char *xcur;  /* this cycle's expectation */
    int has_x;
    ls_snap snap[2];
    int newest;
    int failed, reported, tracing;
    ls_trace *tr;
    ls_async *as;
    char *out_base, *repro, *instance;
} ls;

/* Snapshot of both models at the start of cycle s->cycle (synchronous path). */
static void ls_snapshot(ls *s)
{
    ls_snap *sn = &s->snap[s->newest ^ 1];
    free(sn->rtl);
    sn->rtl = NULL;
    if (s->c.ops->save(s->rtl, &sn->rtl, &sn->rtl_len)) {
        sn->valid = 0;
        return;
    }
    memcpy(sn->cstate, s->cstate, s->c.k->state_size);
    sn->cycle = s->cycle;
    sn->valid = 1;
    s->newest ^= 1;
}

/* The C model's probes (c_pr, and packed in c_pw); non-zero if a value is wider than
 * its register. */
static int c_probes(ls *s, const void *cst)
{
    s->c.k->c_probe(cst, s->c_pr);
    return s->c.ops->pack_probes(s->c_pr, s->c_pw);
}

/* The RTL's probes differ from c_pw (after c_probes)? r_pw filled; on a difference
 * also r_pr, element by element, for the report. */
static int r_probes_differ(ls *s, rtl_model *r, int ovf)
{
    s->c.ops->probe_packed(r, s->r_pw);
    if (!ovf && !memcmp(s->c_pw, s->r_pw, s->c.pw * sizeof(unsigned))) return 0;
    s->c.ops->probe(r, s->r_pr);
    return 1;
}

/* Bits [pos, pos + width) of packed words into n 64-bit words. */
static void bits_get(const unsigned *w, unsigned pos, unsigned width, uint64_t *dst, unsigned n)
{
    unsigned x;
    for (x = 0; x < n; x++) { /* 64-bit word x: bits x*64 .. of the element */
        uint64_t acc = 0;
        unsigned b = 64 * x, endb = b + 64 < width ? b + 64 : width;
        while (b < endb) {
            unsigned at = pos + b, sh = at % 32, take = 32 - sh;
            if (take > endb - b) take = endb - b;
            acc |= ((uint64_t)(w[at / 32] >> sh) & (take >= 32 ? 0xffffffffULL : (1ULL << take) - 1))
                   << (b % 64);
            b += take;
        }
        dst[x] = acc;
    }
}

/* The synchronous path's probe check: the C model's probe struct against an element
 * copy of the RTL's kept up to date from the packed bits that changed (a cycle changes
 * a few), compared over the elements in use. On a difference r_pr holds the RTL's. */
static int probes_differ_live(ls *s)
{
    const unsigned *rw = s->r_pw, *bit2e = s->bit2e;
    unsigned *rp = s->r_prev, k, n64 = (s->c.pw + 1) / 2, all = !s->r_inc_ok;
    const ls_elem *pe = s->pe;
    unsigned char *rinc = s->r_inc;
    int i;
    s->c.k->c_probe(s->cstate, s->c_pr);
    s->c.ops->probe_packed(s->rtl, s->r_pw);
    if (!all && !memcmp(rw, rp, s->c.pw * sizeof(unsigned))) n64 = 0; /* no register changed */
    for (k = 0; k < n64; k++) { /* 64 bits at a time (a padding word stays 0; little-endian) */
        uint64_t now, prev, d;
        memcpy(&now, rw + 2 * k, sizeof now);
        memcpy(&prev, rp + 2 * k, sizeof prev);
        d = now ^ prev;
        if (!(d | all)) continue;
        if (all) d = ~0ULL;
        d &= s->vmask[k]; /* padding bits between registers belong to no element */
        memcpy(rp + 2 * k, &now, sizeof now);
        while (d) { /* each element with a changed bit here */
            unsigned b = (unsigned)__builtin_ctzll(d);
            const ls_elem *p = &pe[bit2e[64 * k + b]];
            unsigned pos = p->pos, wd = p->width, lo, hi;
            uint64_t *dst = (uint64_t *)(void *)(rinc + p->off);
            if (pos >= 64 * k && pos + wd <= 64 * (k + 1)) /* within these 64 bits */
                *dst = (now >> (pos - 64 * k)) & (wd >= 64 ? ~0ULL : (1ULL << wd) - 1);
            else
                bits_get(rw, pos, wd, dst, p->words);
            lo = pos > 64 * k ? pos - 64 * k : 0;
            hi = pos + wd < 64 * (k + 1) ? pos + wd - 64 * k : 64;
            d &= ~((hi - lo >= 64 ? ~0ULL : (1ULL << (hi - lo)) - 1) << lo);
        }
    }
    s->r_inc_ok = 1;
    for (i = 0; i < s->nrange; i++)
        if (memcmp((const char *)s->c_pr + s->range[i].off, (const char *)rinc + s->range[i].off,
                   s->range[i].len)) {
            memcpy(s->r_pr, rinc, s->c.k->probe_size);
            return 1;
        }
    return 0;
}

/* The first probe element that differs (c_pr, r_pr): its mismatch code, or 0. */
static unsigned probe_code(const ls *s)
{
    int i;
    for (i = 0; i < s->c.nq; i++) {
        const blk_port *p = &s->c.probes[i];
        if (memcmp((const char *)s->c_pr + p->offset, (const char *)s->r_pr + p->offset, port_bytes(p)))
            return (unsigned)(s->c.np + 1 + i);
    }
    return 0;
}

static const unsigned char *ring_in(const ls *s, uint64_t c) { return s->ring + (c & (s->ring_n - 1)) * s->c.k->in_size; }
static unsigned char *ring_x(const ls *s, uint64_t c) { return s->xring + (c & (s->ring_n - 1)) * s->xsize; }

/* Replay from the newest snapshot at or before `start` to cycle `m` (inputs `in_m`
 * for cycle m), then `post` cycles more with in_m held, tracing from `start` into `fst`
 * (NULL: no trace). Outputs are compared every cycle and probes after every edge;
 * *first gets the first cycle at which either differed (m + 1 if none did; a probe
 * difference after the edge of cycle c counts as cycle c). At cycle m, s->c_out/r_out
 * (and c_pr/r_pr) get both models' values. `marks` (cycles start..m+post, may be NULL):
 * filled with each cycle's mismatch code when not tracing, used as the waveform's
 * mismatch_i/mismatch_port_i when tracing. Returns 1 if cycle m's mismatch reproduced,
 * 0 if not, -1 if no replay. */
static int ls_replay(ls *s, uint64_t start, uint64_t m, const void *in_m, const char *fst,
                     int m_is_probe, unsigned post, unsigned *marks, uint64_t *first)
{
    const ls_snap *sn = NULL;
    const blk_kind *k = s->c.k;
    const rtl_ops *ops = s->c.ops;
    rtl_model *r;
    void *cst, *co, *ro, *zcare;
    uint64_t c;
    int i, again = 0, traced = 0;
    ls_trace *tr = NULL;
    *first = m + 1;
    for (i = 0; i < 2; i++)
        if (s->snap[i].valid && s->snap[i].cycle <= start &&
            (!sn || s->snap[i].cycle > sn->cycle))
            sn = &s->snap[i];
    if (!sn || m - sn->cycle >= s->ring_n) return -1;
    r = ops->create();
    cst = malloc(k->state_size);
    co = calloc(1, k->out_size);
    ro = calloc(1, k->out_size);
    zcare = calloc(1, k->out_size);
    if (fst) tr = trace_new(&s->c, fst, start, 0);
    if (!cst || !co || !ro || !zcare || (fst && !tr) || ops->restore(r, sn->rtl, sn->rtl_len)) {
        free(cst), free(co), free(ro), free(zcare);
        trace_free(tr);
        ops->destroy(r);
        return -1;
    }
    memcpy(cst, sn->cstate, k->state_size);
    for (c = sn->cycle; c <= m + post; c++) {
        const void *in = c >= m ? in_m : ring_in(s, c);
        unsigned code, pcode = 0;
        int differ, pdiff = 0;
        if (fst && c == start) {
            if (ops->trace_open(r, fst)) break;
            traced = 1;
        }
        k->c_eval(cst, in, co);
        ops->eval(r, in, ro);
        code = first_out_diff(s->c.ports, s->c.np, co, ro);
        differ = code != 0;
        if (differ && c < *first) *first = c;
        if (c == m) {
            memcpy(s->c_out, co, k->out_size);
            memcpy(s->r_out, ro, k->out_size);
            if (!m_is_probe) again = differ;
        }
        if (traced) {
            unsigned mk = marks ? marks[c - start] : code, xf = 0;
            if (s->has_x && c <= m) {
                const unsigned char *x = ring_x(s, c);
                unsigned line;
                memcpy(&line, x + 2 * k->out_size, sizeof line);
                ops->expect(r, x, x + k->out_size, line);
                trace_expect_seen(tr, &s->c, x, x + k->out_size);
                xf = expect_fails(&s->c, ro, x, x + k->out_size);
            } else if (s->has_x) {
                ops->expect(r, co, zcare, 0); /* after the failure: nothing expected */
            }
            ops->annotate(r, co, mk != 0);
            ops->mark(r, mk | xf);
        }
        k->c_tick(cst, in);
        k->c_eval(cst, in, co); /* C outputs after the edge, for the high phase */
        if (s->c.nq) {
            int ovf = c_probes(s, cst);
            if (traced) ops->stage_probes(r, s->c_pw);
            if (traced) ops->tick_post(r, in, co);
            else ops->tick(r, in);
            pdiff = r_probes_differ(s, r, ovf);
        } else if (traced) {
            ops->tick_post(r, in, co);
        } else {
            ops->tick(r, in);
        }
        if (pdiff) {
            if (c < *first) *first = c;
            if (c == m && m_is_probe) again = 1;
            if (!code) pcode = probe_code(s);
        } else if (s->c.nq && c == m) {
            ops->probe(r, s->r_pr); /* c_pr/r_pr: cycle m's values */
        }
        if (marks && !traced && c >= start) marks[c - start] = code ? code : pcode;
        if (traced) trace_note(tr, &s->c, in, ro, co, s->c.nq ? s->r_pw : NULL, s->c.nq ? s->c_pw : NULL);
    }
    if (traced && post) ops->trace_pad(r, LS_PAD);
    ops->trace_close(r);
    ops->destroy(r);
    if (tr) {
        tr->pad = post ? LS_PAD : 0;
        tr->fail = (int64_t)m;
        tr->fail_code = marks ? marks[m - start] : 0;
        tr->post = post;
        if (trace_write_gtkw(tr, &s->c, s->has_x)) again = -2;
        trace_free(tr);
    }
    free(cst), free(co), free(ro), free(zcare);
    return again;
}

/* The report's text from its title to the reproduce line (lockstep.h); the lockstep
 * engine and the VPI checker (tb/vpi) print the same lines. */
void ls_report_text(FILE *o, const char *title, const blk_kind *k, const void *cfg,
                    const char *instance, uint64_t cycle, const blk_port *ports, int np,
                    const void *c_out, const void *r_out, const void *in, const char *repro)
{
    char cfgtxt[1024], a[160], b[160];
    int i, first = 1;

    blk_cfg_format(k, cfg, cfgtxt, sizeof cfgtxt);
    fprintf(o, "\n%s\n  block:    %s\n  instance: %s\n  config:   %s\n"
               "  cycle:    %llu (cycles counted from 0 after the bind-time reset)\n",
            title, k->name, instance ? instance : k->name, cfgtxt, (unsigned long long)cycle);
    for (i = 0; i < np; i++) {
        const blk_port *p = &ports[i];
        size_t bytes = (p->words ? p->words : 1) * sizeof(uint64_t);
        if (p->dir != BLK_OUT) continue;
        if (!memcmp((const char *)c_out + p->offset, (const char *)r_out + p->offset, bytes))
            continue;
        blk_port_format(p, c_out, a, sizeof a);
        blk_port_format(p, r_out, b, sizeof b);
        fprintf(o, "  %s %-14s C %s  RTL %s  (%u bits)\n", first ? "signal:" : "   also:", p->name,
                a, b, p->width);
        first = 0;
    }
    fprintf(o, "  inputs:  ");
    for (i = 0; i < np; i++)
        if (ports[i].dir == BLK_IN) {
            blk_port_format(&ports[i], in, a, sizeof a);
            fprintf(o, " %s=%s", ports[i].name, a);
        }
    fprintf(o, "\n  reproduce: %s\n", repro ? repro : "(no command given)");
}

/* The probe elements that differ, one line each (at most 8, then a count). */
static void ls_report_probes(FILE *o, const ls *s, const char *first_label)
{
    char a[160], b[160], nm[96];
    int i, shown = 0, more = 0;
    for (i = 0; i < s->c.nq; i++) {
        const blk_port *p = &s->c.probes[i];
        if (!memcmp((const char *)s->c_pr + p->offset, (const char *)s->r_pr + p->offset, port_bytes(p)))
            continue;
        if (shown == 8) {
            more++;
            continue;
        }
        blk_port_format(p, s->c_pr, a, sizeof a);
        blk_port_format(p, s->r_pr, b, sizeof b);
        if (p->index >= 0) snprintf(nm, sizeof nm, "%s[%d]", p->name, p->index);
        else snprintf(nm, sizeof nm, "%s", p->name);
        fprintf(o, "  %s %-14s C %s  RTL %s  (%u bits; RTL u_dut.%s%s)\n",
                shown ? "   also:" : first_label, nm, a, b, p->width, p->path,
                p->index >= 0 ? "[i]" : "");
        shown++;
    }
    if (more) fprintf(o, "   also:  %d more register elements differ\n", more);
}

/* The mismatch of cycle s->cycle (inputs `in`): report, then the waveform by replay.
 * c_out/r_out (outputs) or c_pr/r_pr (probes) hold both models' values. */
static void ls_report(ls *s, const void *in, int is_probe)
{
    char fst[1024], gtkw[1024];
    uint64_t start = s->cycle + 1 >= s->window ? s->cycle + 1 - s->window : 0, first = 0;
    int rep = -1;
    FILE *o = stderr;

    s->reported = 1;
    if (is_probe) {
        /* the state after cycle s->cycle's edge differs; outputs of that cycle agreed */
        char cfgtxt[1024], a[160];
        int i;
        blk_cfg_format(s->c.k, s->c.cfg, cfgtxt, sizeof cfgtxt);
        fprintf(o, "\nLOCKSTEP MISMATCH (state)\n  block:    %s\n  instance: %s\n  config:   %s\n"
                   "  cycle:    %llu (cycles counted from 0 after the bind-time reset; the registers "
                   "after this cycle's clock edge)\n",
                s->c.k->name, s->instance ? s->instance : s->c.k->name, cfgtxt,
                (unsigned long long)s->cycle);
        ls_report_probes(o, s, "register:");
        fprintf(o, "  inputs:  ");
        for (i = 0; i < s->c.np; i++)
            if (s->c.ports[i].dir == BLK_IN) {
                blk_port_format(&s->c.ports[i], in, a, sizeof a);
                fprintf(o, " %s=%s", s->c.ports[i].name, a);
            }
        fprintf(o, "\n  reproduce: %s\n", s->repro ? s->repro : "(no command given)");
    } else {
        ls_report_text(o, "LOCKSTEP MISMATCH", s->c.k, s->c.cfg, s->instance, s->cycle, s->c.ports,
                       s->c.np, s->c_out, s->r_out, in, s->repro);
    }
    if (s->out_base) {
        unsigned n = (unsigned)(s->cycle - start) + LS_POST + 1;
        unsigned *marks = calloc(n, sizeof *marks);
        void *keep_c = malloc(s->c.k->out_size), *keep_r = malloc(s->c.k->out_size);
        snprintf(fst, sizeof fst, "%s.fst", s->out_base);
        snprintf(gtkw, sizeof gtkw, "%s.gtkw", s->out_base);
        /* first pass: which cycles differ and in what (the waveform's marks), then the
         * traced pass; the values reported above are kept */
        if (marks && keep_c && keep_r) {
            memcpy(keep_c, s->c_out, s->c.k->out_size);
            memcpy(keep_r, s->r_out, s->c.k->out_size);
            rep = ls_replay(s, start, s->cycle, in, NULL, is_probe, LS_POST, marks, &first);
            if (rep >= 0) rep = ls_replay(s, start, s->cycle, in, fst, is_probe, LS_POST, marks, &first);
            memcpy(s->c_out, keep_c, s->c.k->out_size);
            memcpy(s->r_out, keep_r, s->c.k->out_size);
        }
        free(marks), free(keep_c), free(keep_r);
        if (rep >= 0 && first < s->cycle)
            fprintf(o, "  first:    the models' state first differed after cycle %llu (a probe "
                       "compared only every %u cycles, or a register that had not reached an "
                       "output yet)\n",
                    (unsigned long long)first, s->probe_every);
        if (rep >= 0) {
            fprintf(o, "  waveform: %s (cycles %llu..%llu, time = 10 x cycle, shown as 1 ns a cycle; "
                       "%u cycles more with the inputs held; cm_* are the C model's outputs, "
                       "mismatch_i marks differing cycles, mismatch_port_i names the signal)\n"
                       "  view:     gtkwave %s\n",
                    fst, (unsigned long long)start, (unsigned long long)s->cycle, LS_POST, gtkw);
            if (!rep) fprintf(o, "  note:     the replay from the snapshot did not show the "
                                 "mismatch again; the waveform may not match the run\n");
        } else {
            fprintf(o, "  waveform: could not be written (%s)\n", fst);
        }
    }
    fflush(o);
}

/* The live waveform (blk_trace_open) ends: close it and write its save file. */
static void ls_trace_end(ls *s)
{
    live_trace_end(&s->tr, &s->c, s->rtl, s->has_x);
    s->tracing = 0;
}

/* Record this cycle's expectation (vector runs) for the waveform and the replay. */
static void ls_note_expect(ls *s)
{
    if (s->xring && s->has_x) memcpy(ring_x(s, s->cycle), s->xcur, s->xsize);
}

/* ---- synchronous path */

static int ls_eval(void *self, const void *in, void *out)
{
    ls *s = self;
    int differ;
    if (s->failed) return 1;
    s->c.k->c_eval(s->cstate, in, out); /* the caller sees the C model's outputs */
    if (!s->tracing) {
        if (!s->c.ops->eval_cmp(s->rtl, in, out)) return 0;
        s->c.ops->get_outputs(s->rtl, s->r_out);
        differ = 1;
    } else {
        unsigned code;
        s->c.ops->eval(s->rtl, in, s->r_out);
        code = first_out_diff(s->c.ports, s->c.np, out, s->r_out);
        differ = code != 0;
        if (s->has_x) {
            const unsigned char *x = s->xcur;
            unsigned line;
            memcpy(&line, x + 2 * s->c.k->out_size, sizeof line);
            s->c.ops->expect(s->rtl, x, x + s->c.k->out_size, line);
            trace_expect_seen(s->tr, &s->c, x, x + s->c.k->out_size);
        }
        s->c.ops->annotate(s->rtl, out, differ);
        s->c.ops->mark(s->rtl, code | (s->has_x ? expect_fails(&s->c, s->r_out, s->xcur,
                                                                s->xcur + s->c.k->out_size) : 0));
        if (differ) {
            s->tr->fail = (int64_t)s->cycle;
            s->tr->fail_code = code;
        }
        if (s->c.nq) s->c.ops->probe_packed(s->rtl, s->r_pw);
        trace_note(s->tr, &s->c, in, s->r_out, out, s->c.nq ? s->r_pw : NULL, NULL);
    }
    if (differ) {
        s->failed = 1;
        memcpy(s->c_out, out, s->c.k->out_size);
        if (s->tracing) s->c.ops->tick(s->rtl, in); /* dump the failing cycle, marked */
        ls_report(s, in, 0);
        ls_trace_end(s);
        return 1;
    }
    return 0;
}

static int ls_tick(void *self, const void *in)
{
    ls *s = self;
    if (s->failed) return 1;
    if (s->ring) {
        memcpy(s->ring + (s->cycle & (s->ring_n - 1)) * s->c.k->in_size, in, s->c.k->in_size);
        ls_note_expect(s);
    }
    s->c.k->c_tick(s->cstate, in);
    if (s->tracing) {
        s->c.k->c_eval(s->cstate, in, s->c_out); /* C outputs after the edge (the C
                                                   * probes are shown in mismatch files) */
        s->c.ops->tick_post(s->rtl, in, s->c_out);
    } else {
        s->c.ops->tick(s->rtl, in);
    }
    if (s->c.nq && --s->probe_left == 0) {
        s->probe_left = s->probe_every;
        if (probes_differ_live(s)) {
            s->failed = 1;
            if (s->tr) {
                s->tr->fail = (int64_t)s->cycle;
                s->tr->fail_code = probe_code(s);
            }
            ls_report(s, in, 1);
            ls_trace_end(s);
            return 1;
        }
    }
    s->checked++;
    s->cycle++;
    if (s->ring && --s->snap_left == 0) {
        s->snap_left = s->every;
        ls_snapshot(s);
    }
    return 0;
}

/* ---- asynchronous path */

static unsigned char *slot_at(const ls_async *a, uint64_t i) { return a->ring + (i % LS_RING) * a->slot; }

static void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

static void *ls_worker(void *arg)
{
    ls *s = arg;
    ls_async *a = s->as;
    const rtl_ops *ops = s->c.ops;
    uint64_t tail = a->tail, head = tail;
    for (;;) {
        unsigned char *e;
        ls_hdr h;
        int bad = 0, probe = 0;
        if (tail == head) {
            unsigned spin;
            for (spin = 0; spin < 200; spin++) {
                head = __atomic_load_n(&a->head, __ATOMIC_ACQUIRE);
                if (head != tail || __atomic_load_n(&a->stop, __ATOMIC_ACQUIRE)) break;
                cpu_relax();
            }
            if (head == tail) {
                pthread_mutex_lock(&a->mu);
                __atomic_store_n(&a->worker_sleeping, 1, __ATOMIC_SEQ_CST);
                while ((head = __atomic_load_n(&a->head, __ATOMIC_SEQ_CST)) == tail &&
                       !__atomic_load_n(&a->stop, __ATOMIC_SEQ_CST))
                    pthread_cond_wait(&a->cv_worker, &a->mu);
                __atomic_store_n(&a->worker_sleeping, 0, __ATOMIC_SEQ_CST);
                pthread_mutex_unlock(&a->mu);
            }
            if (head == tail) break; /* stopped */
        }
        e = slot_at(a, tail);
        if (tail + 1 != head) __builtin_prefetch(slot_at(a, tail + 1));
        memcpy(&h, e, sizeof h);
        if (h.kind & E_SNAP) {
            ls_snap *sn = &s->snap[s->newest ^ 1];
            free(sn->rtl);
            sn->rtl = NULL;
            free(sn->cstate);
            sn->cstate = h.cstate;
            sn->valid = !ops->save(s->rtl, &sn->rtl, &sn->rtl_len);
            sn->cycle = h.cycle;
            if (sn->valid) s->newest ^= 1;
        } else {
            if (h.kind & (E_EVAL | E_SETIN)) {
                int d = ops->eval_cmp_c(s->rtl, e + a->o_in, e + a->o_out);
                if ((h.kind & E_EVAL) && (d || (h.ovf & 1))) bad = 1;
            }
            if (!bad && (h.kind & E_TICK)) {
                ops->tick_fast(s->rtl);
                if (h.kind & E_PROBE) {
                    ops->probe_packed(s->rtl, a->r_pw);
                    if ((h.ovf & 2) || memcmp(a->r_pw, e + a->o_pw, s->c.pw * sizeof(unsigned)))
                        bad = probe = 1;
                }
                if (!bad) {
                    a->checked++;
                    a->wcycle++;
                }
            }
        }
        if (bad) {
            a->fail_cycle = a->wcycle;
            a->fail_slot = tail;
            a->fail_probe = probe;
            __atomic_store_n(&a->failed, 1, __ATOMIC_SEQ_CST);
            pthread_mutex_lock(&a->mu);
            pthread_cond_signal(&a->cv_main);
            pthread_mutex_unlock(&a->mu);
            break;
        }
        tail++;
        /* no fence here (a cycle's cost): a driver asleep on a full ring also wakes on
         * its own every millisecond, so a wake-up missed in the race is only late */
        __atomic_store_n(&a->tail, tail, __ATOMIC_RELEASE);
        if (__atomic_load_n(&a->main_sleeping, __ATOMIC_RELAXED) &&
            __atomic_load_n(&a->head, __ATOMIC_RELAXED) - tail <= LS_RING / 2) {
            pthread_mutex_lock(&a->mu);
            pthread_cond_signal(&a->cv_main);
            pthread_mutex_unlock(&a->mu);
        }
    }
    return NULL;
}

static void as_publish(ls_async *a)
{
    __atomic_store_n(&a->head, a->head_local, __ATOMIC_SEQ_CST);
    if (__atomic_load_n(&a->worker_sleeping, __ATOMIC_SEQ_CST)) {
        pthread_mutex_lock(&a->mu);
        pthread_cond_signal(&a->cv_worker);
        pthread_mutex_unlock(&a->mu);
    }
}

/* A free entry at head_local (0), or the RTL thread has failed (1). */
static int as_room(ls_async *a)
{
    unsigned spin;
    if (a->head_local - a->tail_cache < LS_RING) return 0;
    as_publish(a);
    for (spin = 0; spin < 200; spin++) {
        a->tail_cache = __atomic_load_n(&a->tail, __ATOMIC_ACQUIRE);
        if (a->head_local - a->tail_cache < LS_RING) return 0;
        if (__atomic_load_n(&a->failed, __ATOMIC_ACQUIRE)) return 1;
        cpu_relax();
    }
    pthread_mutex_lock(&a->mu);
    __atomic_store_n(&a->main_sleeping, 1, __ATOMIC_SEQ_CST);
    while (a->head_local - (a->tail_cache = __atomic_load_n(&a->tail, __ATOMIC_SEQ_CST)) >
               LS_RING / 2 &&
           !__atomic_load_n(&a->failed, __ATOMIC_SEQ_CST)) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_nsec += 1000000;
        if (ts.tv_nsec >= 1000000000) ts.tv_sec++, ts.tv_nsec -= 1000000000;
        pthread_cond_timedwait(&a->cv_main, &a->mu, &ts);
    }
    __atomic_store_n(&a->main_sleeping, 0, __ATOMIC_SEQ_CST);
    pthread_mutex_unlock(&a->mu);
    return __atomic_load_n(&a->failed, __ATOMIC_SEQ_CST) ? 1 : 0;
}

/* Stop the RTL thread after it has consumed everything published (or failed). */
static void as_stop(ls *s)
{
    ls_async *a = s->as;
    if (!a || !a->started) return;
    as_publish(a);
    /* wait until consumed or failed */
    while (__atomic_load_n(&a->tail, __ATOMIC_SEQ_CST) != a->head_local &&
           !__atomic_load_n(&a->failed, __ATOMIC_SEQ_CST)) {
        pthread_mutex_lock(&a->mu);
        __atomic_store_n(&a->main_sleeping, 1, __ATOMIC_SEQ_CST);
        if (__atomic_load_n(&a->tail, __ATOMIC_SEQ_CST) != a->head_local &&
            !__atomic_load_n(&a->failed, __ATOMIC_SEQ_CST)) {
            struct timespec ts;
            clock_gettime(CLOCK_REALTIME, &ts);
            ts.tv_nsec += 1000000;
            if (ts.tv_nsec >= 1000000000) ts.tv_sec++, ts.tv_nsec -= 1000000000;
            pthread_cond_timedwait(&a->cv_main, &a->mu, &ts);
        }
        __atomic_store_n(&a->main_sleeping, 0, __ATOMIC_SEQ_CST);
        pthread_mutex_unlock(&a->mu);
    }
    pthread_mutex_lock(&a->mu);
    __atomic_store_n(&a->stop, 1, __ATOMIC_SEQ_CST);
    pthread_cond_signal(&a->cv_worker);
    pthread_mutex_unlock(&a->mu);
    pthread_join(a->th, NULL);
    a->started = 0;
}

/* The RTL thread found a mismatch: report it as the synchronous path would have, the
 * values recomputed by replay from the snapshot before it. */
static void as_report(ls *s)
{
    ls_async *a = s->as;
    const unsigned char *e = slot_at(a, a->fail_slot);
    const void *in = e + a->o_sin;
    uint64_t first;
    int rep;
    s->failed = 1;
    s->cycle = a->fail_cycle;
    s->checked = a->checked;
    rep = ls_replay(s, s->cycle, s->cycle, in, NULL, a->fail_probe, 0, NULL, &first);
    if (rep != 1) {
        /* not reproduced: report what the RTL thread saw */
        s->c.ops->unpack_out(e + a->o_out, s->c_out);
        fprintf(stderr, "\n(lockstep: the replay of cycle %llu did not reproduce the RTL thread's "
                        "mismatch; values below are from the run)\n",
                (unsigned long long)s->cycle);
    }
    ls_report(s, in, a->fail_probe);
}

/* After the RTL thread stopped: 1 if it failed (reported now, once). */
static int as_settle(ls *s)
{
    if (!s->as || !__atomic_load_n(&s->as->failed, __ATOMIC_SEQ_CST)) return 0;
    if (!s->reported) as_report(s);
    return 1;
}

static int ls_eval_async(void *self, const void *in, void *out)
{
    ls *s = self;
    ls_async *a = s->as;
    unsigned char *e;
    ls_hdr h;
    if (s->failed) return 1;
    if (!a) return ls_eval(self, in, out);
    if (__atomic_load_n(&a->failed, __ATOMIC_RELAXED)) {
        as_stop(s);
        as_settle(s);
        return 1;
    }
    s->c.k->c_eval(s->cstate, in, out); /* the caller sees the C model's outputs */
    if (a->pending) { /* a second eval in the same cycle: the first is an entry of its own */
        a->head_local++;
        a->pending = 0;
    }
    if (as_room(a)) {
        as_stop(s);
        as_settle(s);
        return 1;
    }
    e = slot_at(a, a->head_local);
    h.kind = E_EVAL;
    h.ovf = (uint32_t)s->c.ops->pack_out(out, e + a->o_out);
    h.cycle = s->cycle;
    h.cstate = NULL;
    memcpy(e, &h, sizeof h);
    s->c.ops->pack_in(in, e + a->o_in);
    memcpy(e + a->o_sin, in, s->c.k->in_size);
    a->pending = 1;
    return 0;
}

static int ls_tick_async(void *self, const void *in)
{
    ls *s = self;
    ls_async *a = s->as;
    unsigned char *e;
    ls_hdr h;
    if (s->failed) return 1;
    if (!a) return ls_tick(self, in);
    if (__atomic_load_n(&a->failed, __ATOMIC_RELAXED)) {
        as_stop(s);
        as_settle(s);
        return 1;
    }
    memcpy(s->ring + (s->cycle & (s->ring_n - 1)) * s->c.k->in_size, in, s->c.k->in_size);
    ls_note_expect(s);
    s->c.k->c_tick(s->cstate, in);
    if (!a->pending) { /* a tick without an eval: the RTL takes its inputs from here */
        if (as_room(a)) {
            as_stop(s);
            as_settle(s);
            return 1;
        }
        e = slot_at(a, a->head_local);
        memset(&h, 0, sizeof h);
        h.kind = E_SETIN;
        memcpy(e, &h, sizeof h);
        s->c.ops->pack_in(in, e + a->o_in);
        memcpy(e + a->o_sin, in, s->c.k->in_size);
    }
    e = slot_at(a, a->head_local);
    memcpy(&h, e, sizeof h);
    h.kind |= E_TICK;
    if (s->c.nq && --s->probe_left == 0) {
        s->probe_left = s->probe_every;
        s->c.k->c_probe(s->cstate, s->c_pr);
        if (s->c.ops->pack_probes(s->c_pr, (unsigned *)(void *)(e + a->o_pw))) h.ovf |= 2;
        h.kind |= E_PROBE;
    }
    memcpy(e, &h, sizeof h);
    a->head_local++;
    a->pending = 0;
    s->cycle++;
    if (--s->snap_left == 0) { /* snapshot entry: the C state now, the RTL's there */
        void *cs = malloc(s->c.k->state_size);
        s->snap_left = s->every;
        if (cs && !as_room(a)) {
            memcpy(cs, s->cstate, s->c.k->state_size);
            e = slot_at(a, a->head_local);
            memset(&h, 0, sizeof h);
            h.kind = E_SNAP;
            h.cycle = s->cycle;
            h.cstate = cs;
            memcpy(e, &h, sizeof h);
            a->head_local++;
        } else {
            free(cs);
        }
    }
    if ((a->head_local & 15) == 0 || a->head_local - a->tail_cache >= LS_RING - 16) as_publish(a);
    return 0;
}


static void as_free(ls_async *a)
{
    uint64_t i;
    if (!a) return;
    /* snapshot states handed over but never consumed */
    for (i = a->tail; i < a->head_local; i++) {
        ls_hdr h;
        memcpy(&h, slot_at(a, i), sizeof h);
        if (h.kind & E_SNAP) free(h.cstate);
    }
    pthread_mutex_destroy(&a->mu);
    pthread_cond_destroy(&a->cv_worker);
    pthread_cond_destroy(&a->cv_main);
    free(a->ring);
    free(a->r_pw);
    free(a);
}

/* Leave the asynchronous path (tracing starts, a count is asked, or the end): the RTL
 * thread stops after consuming everything, and the instance goes on synchronously from
 * the same state (the asynchronous entry points forward). 1 if a mismatch was found. */
static int as_leave(ls *s)
{
    ls_async *a = s->as;
    int i;
    if (!a) return s->failed;
    if (a->pending) {
        a->head_local++;
        a->pending = 0;
    }
    as_stop(s);
    if (as_settle(s)) return 1;
    s->checked = a->checked;
    as_free(a);
    s->as = NULL;
    for (i = 0; i < 2; i++)
        if (!s->snap[i].cstate) {
            s->snap[i].valid = 0;
            if (!(s->snap[i].cstate = calloc(1, s->c.k->state_size))) return 1;
        }
    return 0;
}

static void ls_destroy(void *self)
{
    ls *s = self;
    int i;
    if (s->as) {
        as_leave(s); /* a mismatch found now is reported now */
        if (s->as) as_free(s->as);
        s->as = NULL;
    }
    ls_trace_end(s);
    if (s->rtl) s->c.ops->destroy(s->rtl);
    for (i = 0; i < 2; i++) {
        free(s->snap[i].rtl);
        free(s->snap[i].cstate);
    }
    common_free(&s->c);
    free(s->cstate), free(s->c_out), free(s->r_out), free(s->ring), free(s->xring), free(s->xcur);
    free(s->c_pr), free(s->r_pr), free(s->c_pw), free(s->r_pw);
    free(s->r_inc), free(s->r_prev), free(s->bit2e), free(s->vmask), free(s->pe);
    free(s->out_base), free(s->repro), free(s->instance);
    free(s);
}

static int as_start(ls *s)
{
    ls_async *a = calloc(1, sizeof *a);
    size_t in_c = (s->c.ops->in_c_size + 7) / 8 * 8, out_c = (s->c.ops->out_c_size + 7) / 8 * 8;
    size_t pw = ((size_t)s->c.pw * sizeof(unsigned) + 7) / 8 * 8, hot;
    ls_hdr h;
    int i;
    if (!a) return -1;
    a->o_in = sizeof(ls_hdr);
    a->o_out = a->o_in + in_c;
    a->o_pw = a->o_out + out_c;
    hot = (a->o_pw + pw + 63) / 64 * 64; /* what the RTL thread reads: whole cache lines */
    a->o_sin = hot;
    a->slot = hot + (s->c.k->in_size + 63) / 64 * 64;
    if (posix_memalign((void **)&a->ring, 64, LS_RING * a->slot)) a->ring = NULL;
    a->r_pw = calloc((size_t)s->c.pw + 1, sizeof(unsigned));
    if (!a->ring || !a->r_pw) {
        free(a->ring), free(a->r_pw), free(a);
        return -1;
    }
    memset(a->ring, 0, LS_RING * a->slot);
    pthread_mutex_init(&a->mu, NULL);
    pthread_cond_init(&a->cv_worker, NULL);
    pthread_cond_init(&a->cv_main, NULL);
    a->wcycle = s->cycle;
    /* the first snapshot: both models now (cycle 0) */
    memset(&h, 0, sizeof h);
    h.kind = E_SNAP;
    h.cycle = s->cycle;
    h.cstate = malloc(s->c.k->state_size);
    if (!h.cstate) {
        as_free(a);
        return -1;
    }
    memcpy(h.cstate, s->cstate, s->c.k->state_size);
    memcpy(slot_at(a, 0), &h, sizeof h);
    a->head_local = 1;
    a->head = 1;
    s->as = a;
    /* the synchronous snapshots' C states: the RTL thread's entries bring their own */
    free(s->snap[0].cstate), free(s->snap[1].cstate);
    s->snap[0].cstate = s->snap[1].cstate = NULL;
    s->snap[0].valid = s->snap[1].valid = 0;
    if (pthread_create(&a->th, NULL, ls_worker, s)) {
        s->as = NULL;
        as_free(a); /* frees the entry's state */
        for (i = 0; i < 2; i++) s->snap[i].cstate = calloc(1, s->c.k->state_size);
        return -1;
    }
    a->started = 1;
    return 0;
}

int blk_bind_lockstep(blk_inst *bi, const blk_kind *k, const void *cfg, const rtl_ops *ops,
                      const ls_opts *o, char *err, size_t n)
{
    ls *s;
    void *rin;
    int probes;
    if (check_build(k, cfg, ops, err, n)) return -1;
    s = calloc(1, sizeof *s);
    if (!s) goto oom;
    probes = k->probes && k->c_probe && ops->nprobes > 0 && !(o && o->probe_every < 0);
    if (common_init(&s->c, k, cfg, ops, probes)) {
        common_free(&s->c);
        free(s);
        goto oom;
    }
    s->window = o && o->window ? o->window : 200;
    s->every = s->window > LS_SNAP_MIN ? s->window : LS_SNAP_MIN;
    for (s->ring_n = 1; s->ring_n < 2 * (size_t)s->every + 2 * LS_RING + LS_POST;) s->ring_n *= 2;
    s->snap_left = s->every;
    s->cstate = calloc(1, k->state_size);
    s->c_out = calloc(1, k->out_size);
    s->r_out = calloc(1, k->out_size);
    s->snap[0].cstate = calloc(1, k->state_size);
    s->snap[1].cstate = calloc(1, k->state_size);
    s->xsize = 2 * k->out_size + sizeof(unsigned);
    s->xcur = calloc(1, s->xsize);
    rin = calloc(1, k->in_size);
    if (o && o->out_base) s->ring = malloc(s->ring_n * k->in_size);
    if (!s->cstate || !s->c_out || !s->r_out || !s->snap[0].cstate || !s->snap[1].cstate ||
        !s->xcur || !rin || (o && o->out_base && !s->ring)) {
        free(rin);
        ls_destroy(s);
        goto oom;
    }
    if (probes) {
        s->c_pr = calloc(1, k->probe_size);
        s->r_pr = calloc(1, k->probe_size);
        s->c_pw = calloc((size_t)s->c.pw + 2, sizeof(unsigned));
        s->r_pw = calloc((size_t)s->c.pw + 2, sizeof(unsigned)); /* + a zero padding word */
        s->r_inc = calloc(1, k->probe_size);
        s->r_prev = calloc((size_t)s->c.pw + 2, sizeof(unsigned));
        s->bit2e = calloc(32 * ((size_t)s->c.pw + 2), sizeof(unsigned));
        s->vmask = calloc((size_t)s->c.pw / 2 + 1, sizeof(uint64_t));
        s->pe = calloc((size_t)s->c.nq + 1, sizeof(ls_elem));
        if (!s->c_pr || !s->r_pr || !s->c_pw || !s->r_pw || !s->r_inc || !s->r_prev || !s->bit2e ||
            !s->vmask || !s->pe) {
            free(rin);
            ls_destroy(s);
            goto oom;
        }
        if (s->c.nq != ops->nprobes || s->c.pw != ops->probe_words) {
            snprintf(err, n, "%s: the RTL build reads %d state probes, the C model declares %d "
                             "(rebuild: the port list changed)", k->name, ops->nprobes, s->c.nq);
            free(rin);
            ls_destroy(s);
            return -1;
        }
        s->probe_every = o && o->probe_every > 0 ? (unsigned)o->probe_every : 1;
        s->probe_left = s->probe_every;
        { /* each packed bit's element (padding bits: never set), the struct ranges in use */
            unsigned b;
            int i;
            for (i = 0; i < s->c.nq; i++) {
                s->pe[i].pos = s->c.pbit[i];
                s->pe[i].width = s->c.probes[i].width;
                s->pe[i].words = s->c.probes[i].words ? s->c.probes[i].words : 1;
                s->pe[i].off = s->c.probes[i].offset;
            }
            for (i = 0; i < s->c.nq; i++)
                for (b = 0; b < s->c.probes[i].width; b++) {
                    unsigned at = s->c.pbit[i] + b;
                    s->bit2e[at] = (unsigned)i;
                    s->vmask[at / 64] |= 1ULL << (at % 64);
                }
            for (i = 0; i < s->c.nq; i++) {
                size_t off = s->c.probes[i].offset, len = port_bytes(&s->c.probes[i]);
                if (s->nrange && s->range[s->nrange - 1].off + s->range[s->nrange - 1].len == off)
                    s->range[s->nrange - 1].len += len;
                else if (s->nrange < 64) {
                    s->range[s->nrange].off = off;
                    s->range[s->nrange++].len = len;
                } else { /* too fragmented: the whole struct */
                    s->range[0].off = 0;
                    s->range[0].len = k->probe_size;
                    s->nrange = 1;
                    break;
                }
            }
        }
    }
    if (o) {
        s->out_base = dupstr(o->out_base);
        s->repro = dupstr(o->repro);
        s->instance = dupstr(o->instance);
    }
    k->c_init(s->cstate, cfg);
    s->rtl = ops->create();
    reset_input(k, cfg, rin);
    k->c_tick(s->cstate, rin);
    ops->tick(s->rtl, rin);
    ops->set_cycle(s->rtl, 0);
    free(rin);
    if (o && o->async && s->ring && sysconf(_SC_NPROCESSORS_ONLN) >= 2 && !as_start(s)) {
        blk_inst_set(bi, k, BLK_MODE_LOCKSTEP, s, ls_eval_async, ls_tick_async, ls_destroy);
        return 0;
    }
    if (s->ring) ls_snapshot(s);
    blk_inst_set(bi, k, BLK_MODE_LOCKSTEP, s, ls_eval, ls_tick, ls_destroy);
    return 0;
oom:
    snprintf(err, n, "%s: out of memory", k->name);
    return -1;
}

uint64_t lockstep_checked(const blk_inst *bi)
{
    ls *s;
    if (bi->mode != BLK_MODE_LOCKSTEP) return 0;
    s = bi->self;
    as_leave(s);
    return s->checked;
}

int lockstep_sync(blk_inst *bi)
{
    if (bi->mode != BLK_MODE_LOCKSTEP) return 0;
    return as_leave(bi->self);
}

int blk_trace_open(blk_inst *bi, const char *fst_path)
{
    if (bi->mode == BLK_MODE_RTL) {
        rtl_bind *b = bi->self;
        if (b->tr) rb_trace_end(b);
        if (!(b->tr = trace_new(&b->c, fst_path, 0, 1))) return -1;
        if (b->c.ops->trace_open(b->m, fst_path)) {
            trace_free(b->tr);
            b->tr = NULL;
            return -1;
        }
        return 0;
    }
    if (bi->mode == BLK_MODE_LOCKSTEP) {
        ls *s = bi->self;
        if (as_leave(s)) return -1; /* tracing runs synchronously */
        if (s->tr) ls_trace_end(s);
        if (!(s->tr = trace_new(&s->c, fst_path, s->cycle, 0))) return -1;
        if (s->c.ops->trace_open(s->rtl, fst_path)) {
            trace_free(s->tr);
            s->tr = NULL;
            return -1;
        }
        s->tracing = 1;
        return 0;
    }
    return -1;
}

void blk_trace_expect(blk_inst *bi, const void *exp_out, const void *care, unsigned line)
{
    if (bi->mode == BLK_MODE_RTL) {
        rtl_bind *b = bi->self;
        size_t os = b->c.k->out_size;
        if (!b->tr) return;
        if (!b->xcur && !(b->xcur = malloc(2 * os))) return;
        memcpy(b->xcur, exp_out, os);
        memcpy(b->xcur + os, care, os);
        b->any_exp = 1;
        b->c.ops->expect(b->m, exp_out, care, line);
        trace_expect_seen(b->tr, &b->c, exp_out, care);
        return;
    }
    if (bi->mode == BLK_MODE_LOCKSTEP) {
        ls *s = bi->self;
        size_t os = s->c.k->out_size;
        if (!s->tracing && !s->ring) return;
        if (s->ring && !s->xring) {
            s->xring = calloc(s->ring_n, s->xsize);
            if (!s->xring) return;
        }
        s->has_x = 1;
        memcpy(s->xcur, exp_out, os);
        memcpy(s->xcur + os, care, os);
        memcpy(s->xcur + 2 * os, &line, sizeof line);
    }
}

int ls_mkdirs(const char *path, char *err, size_t n)
{
    char buf[1024];
    size_t len = strlen(path), i;
    struct stat st;
    if (!len || len >= sizeof buf) {
        snprintf(err, n, "cannot create directory '%.64s': %s", path, len ? "path too long" : "empty path");
        return -1;
    }
    memcpy(buf, path, len + 1);
    for (i = 1; i <= len; i++) {
        if (buf[i] != '/' && buf[i] != 0) continue;
        buf[i] = 0;
        if (mkdir(buf, 0777) && errno != EEXIST) {
            snprintf(err, n, "cannot create directory %s: %s", buf, strerror(errno));
            return -1;
        }
        buf[i] = i < len ? '/' : 0;
    }
    if (stat(path, &st) || !S_ISDIR(st.st_mode)) {
        snprintf(err, n, "cannot create directory %s: a file of that name is in the way", path);
        return -1;
    }
    return 0;
}
