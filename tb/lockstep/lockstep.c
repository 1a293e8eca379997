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
    if (blk_cfg_validate(k, cfg, err, n)) return -1;
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
    void *cfg, *cstate, *c_out, *r_out, *c_pr, *r_pr;
    blk_port ports[BLK_MAX_PORTS];
    int np;
    blk_port *probes; /* state probes (BLK_MAX_PROBES), nq of them */
    int nq;
    unsigned probe_every, probe_left;
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

/* The probes of both models differ? (c_pr, r_pr filled from cst / r) */
static int probes_differ(ls *s, const void *cst, rtl_model *r)
{
    s->k->c_probe(cst, s->c_pr);
    s->ops->probe(r, s->r_pr);
    return memcmp(s->c_pr, s->r_pr, s->k->probe_size) != 0;
}

/* Replay from the newest snapshot at or before `start` to cycle `m` (inputs `in_m`
 * for cycle m), tracing from `start` into `fst` (NULL: no trace). Outputs are compared
 * every cycle and probes after every edge; *first gets the first cycle at which either
 * differed (m + 1 if none did; a probe difference after the edge of cycle c counts as
 * cycle c). Returns 1 if cycle m's mismatch reproduced, 0 if not, -1 if no replay. */
static int ls_replay(ls *s, uint64_t start, uint64_t m, const void *in_m, const char *fst,
                     int m_is_probe, uint64_t *first)
{
    const ls_snap *sn = NULL;
    rtl_model *r;
    void *cst, *co, *ro;
    uint64_t c;
    int i, again = 0;
    *first = m + 1;
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
        if (fst && c == start && s->ops->trace_open(r, fst)) break;
        s->k->c_eval(cst, in, co);
        s->ops->eval(r, in, ro);
        differ = memcmp(co, ro, s->k->out_size) != 0;
        if (differ && c < *first) *first = c;
        s->ops->annotate(r, co, differ);
        if (c == m && !m_is_probe) again = differ;
        s->k->c_tick(cst, in);
        s->k->c_eval(cst, in, co); /* C outputs after the edge, for the high phase */
        s->ops->tick_post(r, in, co);
        if (s->nq && probes_differ(s, cst, r)) {
            if (c < *first) *first = c;
            if (c == m && m_is_probe) again = 1;
        }
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
    for (i = 0; i < s->nq; i++) {
        const blk_port *p = &s->probes[i];
        size_t bytes = (p->words ? p->words : 1) * sizeof(uint64_t);
        if (!memcmp((const char *)s->c_pr + p->offset, (const char *)s->r_pr + p->offset, bytes))
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

static void ls_report(ls *s, const void *in, int is_probe)
{
    char fst[1024], gtkw[1024];
    uint64_t start = s->cycle + 1 >= s->window ? s->cycle + 1 - s->window : 0, first = 0;
    int rep = -1;
    FILE *o = stderr;

    if (is_probe) {
        /* the state after cycle s->cycle's edge differs; outputs of that cycle agreed */
        char cfgtxt[1024], a[160];
        int i;
        blk_cfg_format(s->k, s->cfg, cfgtxt, sizeof cfgtxt);
        fprintf(o, "\nLOCKSTEP MISMATCH (state)\n  block:    %s\n  instance: %s\n  config:   %s\n"
                   "  cycle:    %llu (cycles counted from 0 after the bind-time reset; the registers "
                   "after this cycle's clock edge)\n",
                s->k->name, s->instance ? s->instance : s->k->name, cfgtxt,
                (unsigned long long)s->cycle);
        ls_report_probes(o, s, "register:");
        fprintf(o, "  inputs:  ");
        for (i = 0; i < s->np; i++)
            if (s->ports[i].dir == BLK_IN) {
                blk_port_format(&s->ports[i], in, a, sizeof a);
                fprintf(o, " %s=%s", s->ports[i].name, a);
            }
        fprintf(o, "\n  reproduce: %s\n", s->repro ? s->repro : "(no command given)");
    } else {
        ls_report_text(o, "LOCKSTEP MISMATCH", s->k, s->cfg, s->instance, s->cycle, s->ports, s->np,
                       s->c_out, s->r_out, in, s->repro);
    }
    if (s->out_base) {
        snprintf(fst, sizeof fst, "%s.fst", s->out_base);
        snprintf(gtkw, sizeof gtkw, "%s.gtkw", s->out_base);
        rep = ls_replay(s, start, s->cycle, in, fst, is_probe, &first);
        if (rep >= 0 && first < s->cycle)
            fprintf(o, "  first:    the models' state first differed after cycle %llu (a probe "
                       "compared only every %u cycles, or a register that had not reached an "
                       "output yet)\n",
                    (unsigned long long)first, s->probe_every);
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
        ls_report(s, in, 0);
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
    if (s->nq && --s->probe_left == 0) {
        s->probe_left = s->probe_every;
        if (probes_differ(s, s->cstate, s->rtl)) {
            s->failed = 1;
            ls_report(s, in, 1);
            return 1;
        }
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
    free(s->c_pr), free(s->r_pr), free(s->probes);
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
    if (k->probes && k->c_probe && ops->nprobes > 0 && !(o && o->probe_every < 0)) {
        s->probes = malloc(sizeof(blk_port) * BLK_MAX_PROBES);
        s->c_pr = calloc(1, k->probe_size);
        s->r_pr = calloc(1, k->probe_size);
        if (!s->probes || !s->c_pr || !s->r_pr) {
            free(rin);
            ls_destroy(s);
            goto oom;
        }
        s->nq = k->probes(cfg, s->probes, BLK_MAX_PROBES);
        if (s->nq != ops->nprobes) {
            snprintf(err, n, "%s: the RTL build reads %d state probes, the C model declares %d "
                             "(rebuild: the port list changed)", k->name, ops->nprobes, s->nq);
            free(rin);
            ls_destroy(s);
            return -1;
        }
        s->probe_every = o && o->probe_every > 0 ? (unsigned)o->probe_every : 1;
        s->probe_left = s->probe_every;
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
