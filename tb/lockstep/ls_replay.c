/* ls_replay.c: replay of a lockstep run from a snapshot (ls_internal.h): both models
 * again from the newest snapshot before a mismatch, for the mismatch waveform and, on
 * the asynchronous path, the values the report shows. */
#include <stdlib.h>
#include <string.h>

#include "ls_internal.h"

/* The C model's probes (c_pr, and packed in c_pw); non-zero if a value is wider than
 * its register. */
static int ls_c_probes(ls *s, const void *cst)
{
    s->c.k->c_probe(cst, s->c_pr);
    return s->c.ops->pack_probes(s->c_pr, s->c_pw);
}

/* The RTL's probes differ from c_pw (after ls_c_probes)? r_pw filled; on a difference
 * also r_pr, element by element, for the report. */
static int ls_r_probes_differ(ls *s, rtl_model *r, int ovf)
{
    s->c.ops->probe_packed(r, s->r_pw);
    if (!ovf && !memcmp(s->c_pw, s->r_pw, s->c.pw * sizeof(unsigned))) return 0;
    s->c.ops->probe(r, s->r_pr);
    return 1;
}

/* Replay from the newest snapshot at or before `start` to cycle `m` (inputs `in_m`
 * for cycle m), then `post` cycles more with in_m held, tracing from `start` into `fst`
 * (NULL: no trace). Outputs are compared every cycle and probes after every edge;
 * *first gets the first cycle at which either differed (m + 1 if none did; a probe
 * difference after the edge of cycle c counts as cycle c). At cycle m, s->c_out/r_out
 * (and c_pr/r_pr) get both models' values. `marks` (cycles start..m+post, may be NULL):
 * filled with each cycle's mismatch code when not tracing, used as the waveform's
 * mismatch_i/mismatch_port_i when tracing. Returns 1 if cycle m's mismatch reproduced,
 * 0 if not, -1 if no replay. */
int ls_replay(ls *s, uint64_t start, uint64_t m, const void *in_m, const char *fst,
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
    if (fst) tr = ls_trace_new(&s->c, fst, start, 0);
    if (!cst || !co || !ro || !zcare || (fst && !tr) || ops->restore(r, sn->rtl, sn->rtl_len)) {
        free(cst), free(co), free(ro), free(zcare);
        ls_trace_free(tr);
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
        code = ls_first_out_diff(s->c.ports, s->c.np, co, ro);
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
                ls_trace_expect_seen(tr, &s->c, x, x + k->out_size);
                xf = ls_expect_fails(&s->c, ro, x, x + k->out_size);
            } else if (s->has_x) {
                ops->expect(r, co, zcare, 0); /* after the failure: nothing expected */
            }
            ops->annotate(r, co, mk != 0);
            ops->mark(r, mk | xf);
        }
        k->c_tick(cst, in);
        k->c_eval(cst, in, co); /* C outputs after the edge, for the high phase */
        if (s->c.nq) {
            int ovf = ls_c_probes(s, cst);
            if (traced) ops->stage_probes(r, s->c_pw);
            if (traced) ops->tick_post(r, in, co);
            else ops->tick(r, in);
            pdiff = ls_r_probes_differ(s, r, ovf);
        } else if (traced) {
            ops->tick_post(r, in, co);
        } else {
            ops->tick(r, in);
        }
        if (pdiff) {
            if (c < *first) *first = c;
            if (c == m && m_is_probe) again = 1;
            if (!code) pcode = ls_probe_code(s);
        } else if (s->c.nq && c == m) {
            ops->probe(r, s->r_pr); /* c_pr/r_pr: cycle m's values */
        }
        if (marks && !traced && c >= start) marks[c - start] = code ? code : pcode;
        if (traced) ls_trace_note(tr, &s->c, in, ro, co, s->c.nq ? s->r_pw : NULL, s->c.nq ? s->c_pw : NULL);
    }
    if (traced && post) ops->trace_pad(r, LS_PAD);
    ops->trace_close(r);
    ops->destroy(r);
    if (tr) {
        tr->pad = post ? LS_PAD : 0;
        tr->fail = (int64_t)m;
        tr->fail_code = marks ? marks[m - start] : 0;
        tr->post = post;
        if (ls_trace_write_gtkw(tr, &s->c, s->has_x)) again = -2;
        ls_trace_free(tr);
    }
    free(cst), free(co), free(ro), free(zcare);
    return again;
}

const void *ls_first_wrong(ls *s, const void *in, int *is_probe)
{
    const blk_kind *k = s->c.k;
    uint64_t m = s->cycle, f, x;
    const void *in_f;
    void *keep;
    size_t po = s->c.nq ? k->probe_size : 0;
    if (s->probe_stride <= 1 || !s->ring) return in;
    /* the values of cycle m are kept should the replay not move */
    keep = malloc(2 * k->out_size + 2 * po);
    if (!keep) return in;
    memcpy(keep, s->c_out, k->out_size);
    memcpy((char *)keep + k->out_size, s->r_out, k->out_size);
    if (po) {
        memcpy((char *)keep + 2 * k->out_size, s->c_pr, po);
        memcpy((char *)keep + 2 * k->out_size + po, s->r_pr, po);
    }
    if (ls_replay(s, m, m, in, NULL, *is_probe, 0, NULL, &f) < 0 || f >= m) {
        memcpy(s->c_out, keep, k->out_size);
        memcpy(s->r_out, (char *)keep + k->out_size, k->out_size);
        if (po) {
            memcpy(s->c_pr, (char *)keep + 2 * k->out_size, po);
            memcpy(s->r_pr, (char *)keep + 2 * k->out_size + po, po);
        }
        free(keep);
        return in;
    }
    free(keep);
    /* cycle f: its outputs differ (reported as outputs), else its state after the edge */
    in_f = ring_in(s, f);
    *is_probe = ls_replay(s, f, f, in_f, NULL, 0, 0, NULL, &x) != 1;
    s->cycle = f;
    s->checked = f; /* the cycles before it agreed */
    return in_f;
}
