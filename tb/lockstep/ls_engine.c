/* ls_engine.c: the lockstep binding of any block (lockstep.h): set-up, the synchronous
 * path (eval compares the outputs, tick the state probes), snapshots for the replay,
 * and the end. The asynchronous path is ls_worker.c, the report ls_report.c. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ls_internal.h"

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
unsigned ls_probe_code(const ls *s)
{
    int i;
    for (i = 0; i < s->c.nq; i++) {
        const blk_port *p = &s->c.probes[i];
        if (memcmp((const char *)s->c_pr + p->offset, (const char *)s->r_pr + p->offset, port_bytes(p)))
            return (unsigned)(s->c.np + 1 + i);
    }
    return 0;
}

/* The live waveform (blk_trace_open) ends: close it and write its save file. */
static void ls_trace_end(ls *s)
{
    ls_live_trace_end(&s->tr, &s->c, s->rtl, s->has_x);
    s->tracing = 0;
}

/* Record this cycle's expectation (vector runs) for the waveform and the replay. */
void ls_note_expect(ls *s)
{
    if (s->xring && s->has_x) memcpy(ring_x(s, s->cycle), s->xcur, s->xsize);
}

/* ---- synchronous path */

int ls_eval(void *self, const void *in, void *out)
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
        code = ls_first_out_diff(s->c.ports, s->c.np, out, s->r_out);
        differ = code != 0;
        if (s->has_x) {
            const unsigned char *x = s->xcur;
            unsigned line;
            memcpy(&line, x + 2 * s->c.k->out_size, sizeof line);
            s->c.ops->expect(s->rtl, x, x + s->c.k->out_size, line);
            ls_trace_expect_seen(s->tr, &s->c, x, x + s->c.k->out_size);
        }
        s->c.ops->annotate(s->rtl, out, differ);
        s->c.ops->mark(s->rtl, code | (s->has_x ? ls_expect_fails(&s->c, s->r_out, s->xcur,
                                                                s->xcur + s->c.k->out_size) : 0));
        if (differ) {
            s->tr->fail = (int64_t)s->cycle;
            s->tr->fail_code = code;
        }
        if (s->c.nq) s->c.ops->probe_packed(s->rtl, s->r_pw);
        ls_trace_note(s->tr, &s->c, in, s->r_out, out, s->c.nq ? s->r_pw : NULL, NULL);
    }
    if (differ) {
        int is_probe = 0;
        s->failed = 1;
        memcpy(s->c_out, out, s->c.k->out_size);
        if (s->tracing) s->c.ops->tick(s->rtl, in); /* dump the failing cycle, marked */
        in = ls_first_wrong(s, in, &is_probe); /* a state difference the strided probe
                                                * checks had not seen yet comes first */
        if (s->tr && s->tr->fail != (int64_t)s->cycle) {
            s->tr->fail = (int64_t)s->cycle;
            s->tr->fail_code = ls_probe_code(s);
        }
        ls_report(s, in, is_probe);
        ls_trace_end(s);
        return 1;
    }
    return 0;
}

int ls_tick(void *self, const void *in)
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
    if (s->c.nq && --s->probe_left == 0) { /* every probe_every x probe_stride cycles */
        int is_probe = 1;
        s->probe_left = s->probe_every * s->probe_stride;
        if (probes_differ_live(s)) {
            s->failed = 1;
            in = ls_first_wrong(s, in, &is_probe);
            if (s->tr) { /* a live waveform runs to here, its marker on the first wrong cycle */
                s->tr->fail = (int64_t)s->cycle;
                s->tr->fail_code = is_probe ? ls_probe_code(s)
                                            : ls_first_out_diff(s->c.ports, s->c.np, s->c_out, s->r_out);
            }
            ls_report(s, in, is_probe);
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

static void ls_destroy(void *self)
{
    ls *s = self;
    int i;
    if (s->as) {
        ls_as_leave(s); /* a mismatch found now is reported now */
        if (s->as) ls_as_free(s->as);
        s->as = NULL;
    }
    ls_trace_end(s);
    if (s->rtl) s->c.ops->destroy(s->rtl);
    for (i = 0; i < 2; i++) {
        free(s->snap[i].rtl);
        free(s->snap[i].cstate);
    }
    ls_common_free(&s->c);
    free(s->cstate), free(s->c_out), free(s->r_out), free(s->ring), free(s->xring), free(s->xcur);
    free(s->c_pr), free(s->r_pr), free(s->c_pw), free(s->r_pw);
    free(s->r_inc), free(s->r_prev), free(s->bit2e), free(s->vmask), free(s->pe);
    free(s->out_base), free(s->repro), free(s->instance);
    free(s);
}

/* Each packed probe bit's element (padding bits: never set), and the probe struct's
 * ranges in use (what probes_differ_live compares). */
static void ls_probe_index(ls *s, const blk_kind *k)
{
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

int blk_bind_lockstep(blk_inst *bi, const blk_kind *k, const void *cfg, const rtl_ops *ops,
                      const ls_opts *o, char *err, size_t n)
{
    ls *s;
    void *rin;
    int probes;
    if (ls_check_build(k, cfg, ops, err, n)) return -1;
    s = calloc(1, sizeof *s);
    if (!s) goto oom;
    probes = k->probes && k->c_probe && ops->nprobes > 0 && !(o && o->probe_every < 0);
    if (ls_common_init(&s->c, k, cfg, ops, probes)) {
        ls_common_free(&s->c);
        free(s);
        goto oom;
    }
    s->window = o && o->window ? o->window : 200;
    s->every = s->window > LS_SNAP_MIN ? s->window : LS_SNAP_MIN;
    /* probes asked for every cycle, with a replay possible (out_base: the input ring):
     * compared every probe_stride cycles, snapshots right after a compare */
    s->probe_stride = 1;
    if (probes && o && o->out_base && o->probe_every <= 1)
        s->probe_stride = o->probe_stride ? o->probe_stride : LS_PROBE_STRIDE;
    s->every = (s->every + s->probe_stride - 1) / s->probe_stride * s->probe_stride;
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
        s->probe_left = s->probe_every * s->probe_stride;
        ls_probe_index(s, k);
    }
    if (o) {
        s->out_base = ls_dupstr(o->out_base);
        s->repro = ls_dupstr(o->repro);
        s->instance = ls_dupstr(o->instance);
    }
    k->c_init(s->cstate, cfg);
    s->rtl = ops->create();
    ls_reset_input(k, cfg, rin);
    k->c_tick(s->cstate, rin);
    ops->tick(s->rtl, rin);
    ops->set_cycle(s->rtl, 0);
    free(rin);
    s->threads = 1;
    if (o && o->async && s->ring && ls_core_spare(o->async) && !ls_as_start(s)) {
        s->threads = 2;
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
    ls_as_leave(s);
    return s->checked;
}

int lockstep_threads(const blk_inst *bi)
{
    return bi->mode == BLK_MODE_LOCKSTEP ? ((const ls *)bi->self)->threads : 1;
}

int lockstep_sync(blk_inst *bi)
{
    if (bi->mode != BLK_MODE_LOCKSTEP) return 0;
    return ls_as_leave(bi->self);
}

/* blk_trace_open on a lockstep instance: a live waveform from this cycle on. */
int ls_trace_open_live(ls *s, const char *fst_path)
{
    if (ls_as_leave(s)) return -1; /* tracing runs synchronously */
    if (s->tr) ls_trace_end(s);
    if (!(s->tr = ls_trace_new(&s->c, fst_path, s->cycle, 0))) return -1;
    if (s->c.ops->trace_open(s->rtl, fst_path)) {
        ls_trace_free(s->tr);
        s->tr = NULL;
        return -1;
    }
    s->tracing = 1;
    return 0;
}

/* blk_trace_expect on a lockstep instance: kept for the live waveform and the replay. */
void ls_trace_expect_live(ls *s, const void *exp_out, const void *care, unsigned line)
{
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

