/* lockstep.c: the rtl and lockstep bindings of any block (see lockstep.h). */
#include "lockstep.h"

#include <stdlib.h>
#include <string.h>

#define LS_SNAP_MIN 16384 /* cycles between RTL snapshots (at least the window) */

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

/* ------------------------------------------------------------------ rtl binding */

typedef struct rtl_bind {
    const rtl_ops *ops;
    rtl_model *m;
} rtl_bind;

static int rb_eval(void *self, const void *in, void *out)
{
    rtl_bind *b = self;
    b->ops->eval(b->m, in, out);
    return 0;
}
static int rb_tick(void *self, const void *in)
{
    rtl_bind *b = self;
    b->ops->tick(b->m, in);
    return 0;
}
static void rb_destroy(void *self)
{
    rtl_bind *b = self;
    b->ops->destroy(b->m);
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
    if (k->cfg_validate(cfg, err, n)) return -1;
    k->cfg_tag(cfg, tag, sizeof tag);
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
    if (!b || !rin) {
        free(b);
        free(rin);
        snprintf(err, n, "%s: out of memory", k->name);
        return -1;
    }
    b->ops = ops;
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

typedef struct ls {
    const blk_kind *k;
    const rtl_ops *ops;
    rtl_model *rtl;
    void *cfg, *cstate, *c_out, *r_out;
    blk_port ports[BLK_MAX_PORTS];
    int np;
    uint64_t cycle, checked;
    unsigned window, every;
    size_t ring_n;
    unsigned char *ring; /* inputs of cycle c at (c % ring_n) */
    ls_snap snap[2];
    int newest;
    int failed, tracing;
    char *out_base, *repro, *instance;
} ls;

static void ls_snapshot(ls *s)
{
    ls_snap *sn = &s->snap[s->newest ^ 1];
    free(sn->rtl);
    sn->rtl = NULL;
    if (s->ops->save(s->rtl, &sn->rtl, &sn->rtl_len)) {
        sn->valid = 0;
        return;
    }
    memcpy(sn->cstate, s->cstate, s->k->state_size);
    sn->cycle = s->cycle;
    sn->valid = 1;
    s->newest ^= 1;
}

static char *dupstr(const char *x)
{
    char *d;
    if (!x) return NULL;
    d = malloc(strlen(x) + 1);
    if (d) strcpy(d, x);
    return d;
}

/* Replay from the newest snapshot at or before `start` to cycle `m` (inputs `in_m`
 * for cycle m), tracing from `start`; returns 1 if the mismatch reproduced. */
static int ls_replay(ls *s, uint64_t start, uint64_t m, const void *in_m, const char *fst)
{
    const ls_snap *sn = NULL;
    rtl_model *r;
    void *cst, *co, *ro;
    uint64_t c;
    int i, again = 0;
    for (i = 0; i < 2; i++)
        if (s->snap[i].valid && s->snap[i].cycle <= start &&
            (!sn || s->snap[i].cycle > sn->cycle))
            sn = &s->snap[i];
    if (!sn || m - sn->cycle > s->ring_n) return -1;
    r = s->ops->create();
    cst = malloc(s->k->state_size);
    co = calloc(1, s->k->out_size);
    ro = calloc(1, s->k->out_size);
    if (!cst || !co || !ro || s->ops->restore(r, sn->rtl, sn->rtl_len)) {
        free(cst), free(co), free(ro);
        s->ops->destroy(r);
        return -1;
    }
    memcpy(cst, sn->cstate, s->k->state_size);
    for (c = sn->cycle; c <= m; c++) {
        const void *in = c == m ? in_m : s->ring + (c % s->ring_n) * s->k->in_size;
        int differ;
        if (c == start && s->ops->trace_open(r, fst)) break;
        s->k->c_eval(cst, in, co);
        s->ops->eval(r, in, ro);
        differ = memcmp(co, ro, s->k->out_size) != 0;
        s->ops->annotate(r, co, differ);
        if (c == m) again = differ;
        s->k->c_tick(cst, in);
        s->k->c_eval(cst, in, co); /* C outputs after the edge, for the high phase */
        s->ops->tick_post(r, in, co);
    }
    s->ops->trace_close(r);
    s->ops->destroy(r);
    free(cst), free(co), free(ro);
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

    k->cfg_format(cfg, cfgtxt, sizeof cfgtxt);
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

static void ls_report(ls *s, const void *in)
{
    char fst[1024], gtkw[1024];
    uint64_t start = s->cycle + 1 >= s->window ? s->cycle + 1 - s->window : 0;
    int rep = -1;
    FILE *o = stderr;

    ls_report_text(o, "LOCKSTEP MISMATCH", s->k, s->cfg, s->instance, s->cycle, s->ports, s->np,
                   s->c_out, s->r_out, in, s->repro);
    if (s->out_base) {
        snprintf(fst, sizeof fst, "%s.fst", s->out_base);
        snprintf(gtkw, sizeof gtkw, "%s.gtkw", s->out_base);
        rep = ls_replay(s, start, s->cycle, in, fst);
        if (rep >= 0 &&
            !waves_write_gtkw(gtkw, fst, s->k, s->cfg, s->ops->scope, 10 * start, 10 * s->cycle)) {
            fprintf(o, "  waveform: %s (cycles %llu..%llu, time = 10 x cycle; cm_* are the C "
                       "model's outputs, mismatch_i marks differing cycles)\n"
                       "  view:     gtkwave %s\n",
                    fst, (unsigned long long)start, (unsigned long long)s->cycle, gtkw);
            if (!rep) fprintf(o, "  note:     the replay from the snapshot did not show the "
                                 "mismatch again; the waveform may not match the run\n");
        } else {
            fprintf(o, "  waveform: could not be written (%s)\n", fst);
        }
    }
    fflush(o);
}

static int ls_eval(void *self, const void *in, void *out)
{
    ls *s = self;
    if (s->failed) return 1;
    int differ;
    s->k->c_eval(s->cstate, in, out); /* the caller sees the C model's outputs */
    s->ops->eval(s->rtl, in, s->r_out);
    differ = memcmp(out, s->r_out, s->k->out_size) != 0;
    if (s->tracing) s->ops->annotate(s->rtl, out, differ);
    if (differ) {
        s->failed = 1;
        memcpy(s->c_out, out, s->k->out_size);
        if (s->tracing) s->ops->tick(s->rtl, in); /* dump the failing cycle, marked */
        ls_report(s, in);
        return 1;
    }
    return 0;
}

static int ls_tick(void *self, const void *in)
{
    ls *s = self;
    if (s->failed) return 1;
    if (s->ring) memcpy(s->ring + (s->cycle % s->ring_n) * s->k->in_size, in, s->k->in_size);
    s->k->c_tick(s->cstate, in);
    if (s->tracing) {
        s->k->c_eval(s->cstate, in, s->c_out); /* C outputs after the edge */
        s->ops->tick_post(s->rtl, in, s->c_out);
    } else {
        s->ops->tick(s->rtl, in);
    }
    s->checked++;
    s->cycle++;
    if (s->ring && s->cycle % s->every == 0) ls_snapshot(s);
    return 0;
}

static void ls_destroy(void *self)
{
    ls *s = self;
    int i;
    if (s->rtl) s->ops->destroy(s->rtl);
    for (i = 0; i < 2; i++) {
        free(s->snap[i].rtl);
        free(s->snap[i].cstate);
    }
    free(s->cfg), free(s->cstate), free(s->c_out), free(s->r_out), free(s->ring);
    free(s->out_base), free(s->repro), free(s->instance);
    free(s);
}

int blk_bind_lockstep(blk_inst *bi, const blk_kind *k, const void *cfg, const rtl_ops *ops,
                      const ls_opts *o, char *err, size_t n)
{
    ls *s;
    void *rin;
    if (check_build(k, cfg, ops, err, n)) return -1;
    s = calloc(1, sizeof *s);
    if (!s) goto oom;
    s->k = k;
    s->ops = ops;
    s->window = o && o->window ? o->window : 200;
    s->every = s->window > LS_SNAP_MIN ? s->window : LS_SNAP_MIN;
    s->ring_n = 2 * (size_t)s->every;
    s->cfg = malloc(k->cfg_size);
    s->cstate = calloc(1, k->state_size);
    s->c_out = calloc(1, k->out_size);
    s->r_out = calloc(1, k->out_size);
    s->snap[0].cstate = calloc(1, k->state_size);
    s->snap[1].cstate = calloc(1, k->state_size);
    rin = calloc(1, k->in_size);
    if (o && o->out_base) s->ring = malloc(s->ring_n * k->in_size);
    if (!s->cfg || !s->cstate || !s->c_out || !s->r_out || !s->snap[0].cstate ||
        !s->snap[1].cstate || !rin || (o && o->out_base && !s->ring)) {
        free(rin);
        ls_destroy(s);
        goto oom;
    }
    memcpy(s->cfg, cfg, k->cfg_size);
    s->np = k->ports(cfg, s->ports, BLK_MAX_PORTS);
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
    if (s->ring) ls_snapshot(s);
    blk_inst_set(bi, k, BLK_MODE_LOCKSTEP, s, ls_eval, ls_tick, ls_destroy);
    return 0;
oom:
    snprintf(err, n, "%s: out of memory", k->name);
    return -1;
}

uint64_t lockstep_checked(const blk_inst *bi)
{
    return bi->mode == BLK_MODE_LOCKSTEP ? ((const ls *)bi->self)->checked : 0;
}

int blk_trace_open(blk_inst *bi, const char *fst_path)
{
    if (bi->mode == BLK_MODE_RTL) {
        rtl_bind *b = bi->self;
        return b->ops->trace_open(b->m, fst_path);
    }
    if (bi->mode == BLK_MODE_LOCKSTEP) {
        ls *s = bi->self;
        s->tracing = 1;
        return s->ops->trace_open(s->rtl, fst_path);
    }
    return -1;
}
