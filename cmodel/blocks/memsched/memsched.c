/*
 * memsched.c: C model of the memory request scheduling queue (seed 003, chapter 6).
 *
 * Mirrors rtl/memsched/memsched.v register for register. In a cycle:
 *   enqueue   the offered request goes to slot = warp id, taken unless that slot is
 *             full (req_ready_o); it is schedulable from the next cycle.
 *   schedule  from the registered counts: the candidates are the heads of up to K
 *             non-empty slots in the policy's order (fixed: from slot 0; rr and grr:
 *             from the round-robin pointer, wrapping). The L1's answers pick one:
 *             grr the first hit, else the first accepted; fixed and rr the first
 *             accepted. The pick is dequeued; with none accepted nothing is.
 *   pointer   fixed: always 0; rr: past the served slot, else (every candidate refused)
 *             past the last candidate; grr: past the last candidate (the whole group)
 *             whenever there are candidates.
 * docs/choo.md gives the behaviour, docs/deviations.md the choices where the seed is silent.
 */
#include "memsched.h"

#include <stdio.h>
#include <string.h>

/* The seed's final design first (48 x 32, GroupedRR, K = 4, sec. 6.5.2), then the
 * studied alternatives (Figure 6.5) and small configurations that reach every branch. */
static const char *const memsched_presets[] = {
    "final", "",
    "fixed", "Policy=fixed,K=1",
    "rr", "Policy=rr,K=1",
    "grr2", "Policy=grr,K=2",
    "small", "Slots=4,Depth=4,K=2,LineW=12,SlotW=2",
    "tiny", "Slots=2,Depth=1,K=1,LineW=4,SlotW=1",
    "pipe", "Pipe=1",
    NULL};

static int memsched_cfg_check(const void *cfgv, char *err, size_t n)
{
    const memsched_cfg *c = cfgv;
    if (c->K > c->Slots) {
        snprintf(err, n, "memsched: K=%u probes more candidates than Slots=%u slots", c->K, c->Slots);
        return 1;
    }
    if (c->Pipe && c->Policy == MEMSCHED_RR) {
        snprintf(err, n, "memsched: Pipe=1 needs Policy=fixed or grr (rr's pointer follows the same cycle's pick, "
                         "so its next candidate list cannot be found a cycle early)");
        return 1;
    }
    return 0;
}

/* ---------------------------------------------------------------- behaviour */

static unsigned lowest(uint64_t m) /* m != 0 */
{
    return (unsigned)__builtin_ctzll(m);
}

static unsigned start_slot(const memsched_state *s) { return s->cfg.Policy == MEMSCHED_FIXED ? 0u : s->ptr; }

/* the first K non-empty slots: those in `above` ascending, then those in `below` */
static unsigned first_k(unsigned k, uint64_t above, uint64_t below, unsigned *slots)
{
    unsigned n = 0;
    while (n < k && (above | below)) {
        uint64_t *m = above ? &above : &below;
        slots[n++] = lowest(*m);
        *m &= *m - 1;
    }
    return n;
}

/* Pipe=1: registered list entry j is shown (found, its slot not emptied since) */
static unsigned shown_mask(const memsched_state *s)
{
    unsigned j, m = 0;
    for (j = 0; j < s->cfg.K; j++)
        if ((s->cq_v >> j & 1) && (s->nonempty >> s->cq_slot[j] & 1)) m |= 1u << j;
    return m;
}

unsigned memsched_cands(const memsched_state *s, unsigned *slots)
{
    const unsigned k = s->cfg.K, st = start_slot(s);
    uint64_t above = s->nonempty & ~bits_mask(st), below = s->nonempty & bits_mask(st);
    unsigned n = 0;
    if (s->cfg.Pipe) {
        unsigned j, m = shown_mask(s);
        for (j = 0; j < k; j++)
            if (m >> j & 1) slots[n++] = s->cq_slot[j];
        return n;
    }
    while (n < k && (above | below)) {
        uint64_t *m = above ? &above : &below;
        slots[n++] = lowest(*m);
        *m &= *m - 1;
    }
    return n;
}

/* Everything combinational in a cycle. */
typedef struct memsched_comb {
    unsigned n, slot[MEMSCHED_MAX_K]; /* list entries (Pipe=1: registered, some may be hidden) */
    unsigned vm;                       /* the entries shown (cand_valid_o) */
    int ready, full, enq, pick, stall; /* pick: candidate index or -1 */
    unsigned wq, acc, hit;
} memsched_comb;

static void comb(const memsched_state *s, const memsched_in *in, memsched_comb *k)
{
    const memsched_cfg *c = &s->cfg;
    unsigned warp = (unsigned)(in->req_warp_i & bits_mask(memsched_w_req_warp_i(c)));
    memset(k, 0, sizeof *k);
    k->pick = -1;
    if (in->rst_i & 1) return;
    k->wq = warp < c->Slots ? warp : 0;
    k->full = (in->req_valid_i & 1) && warp < c->Slots && s->cnt[warp] == c->Depth;
    k->ready = (in->req_valid_i & 1) && warp < c->Slots && !k->full;
    k->enq = k->ready;
    if (c->Pipe) {
        unsigned j;
        k->vm = shown_mask(s);
        for (j = 0; j < c->K; j++) {
            k->slot[j] = s->cq_slot[j];
            if (s->cq_v >> j & 1) k->n = j + 1;
        }
    } else {
        k->n = memsched_cands(s, k->slot);
        k->vm = (unsigned)bits_mask(k->n);
    }
    k->acc = (unsigned)(in->probe_acc_i & k->vm);
    k->hit = k->acc & (unsigned)in->probe_hit_i;
    if (c->Policy == MEMSCHED_GRR && k->hit) k->pick = (int)lowest(k->hit);
    else if (k->acc) k->pick = (int)lowest(k->acc);
    k->stall = k->vm && !k->acc;
}

void memsched_init(memsched_state *s, const memsched_cfg *cfg)
{
    memset(s, 0, sizeof *s);
    s->cfg = *cfg;
    s->smask = bits_mask(cfg->Slots);
}

void memsched_eval(const memsched_state *s, const memsched_in *in, memsched_out *out)
{
    const memsched_cfg *c = &s->cfg;
    const unsigned qw = memsched_qw(c), lw = c->LineW, sw = c->SlotW;
    memsched_comb k;
    unsigned j;
    comb(s, in, &k);
    memset(out, 0, sizeof *out);
    out->req_ready_o = (uint64_t)k.ready;
    out->full_o = (uint64_t)k.full;
    out->cand_valid_o = k.vm;
    for (j = 0; j < k.n; j++) {
        const unsigned q = k.slot[j];
        const memsched_ent *e = &s->mem[q * MEMSCHED_MAX_DEPTH + (c->Pipe ? s->cq_head[j] : s->head[q])];
        if (!(k.vm >> j & 1)) continue;
        const unsigned bit = j * lw, w = bit / 64, o = bit % 64;
        out->cand_slot_o |= (uint64_t)q << (j * qw);
        out->cand_write_o |= (uint64_t)e->write << j;
        out->cand_ld_o |= (uint64_t)e->ld << (j * sw);
        out->cand_line_o[w] |= e->line << o;
        if (o && o + lw > 64) out->cand_line_o[w + 1] |= e->line >> (64 - o);
    }
    if (k.pick >= 0) {
        out->pick_valid_o = 1;
        out->pick_idx_o = (uint64_t)k.pick;
        out->pick_slot_o = k.slot[k.pick];
        out->pick_hit_o = (k.hit >> k.pick) & 1;
    }
    out->stall_o = (uint64_t)k.stall;
}

uint64_t memsched_cand_line(const memsched_out *out, const memsched_cfg *cfg, unsigned j)
{
    const unsigned lw = cfg->LineW, bit = j * lw, w = bit / 64, o = bit % 64;
    uint64_t v = out->cand_line_o[w] >> o;
    if (o && o + lw > 64) v |= out->cand_line_o[w + 1] << (64 - o);
    return v & bits_mask(lw);
}

static void set_cnt(memsched_state *s, unsigned q, unsigned v)
{
    s->cnt[q] = (uint8_t)v;
    s->nonempty = (s->nonempty & ~((uint64_t)1 << q)) | ((uint64_t)(v != 0) << q);
}

static uint8_t wrap_inc(unsigned v, unsigned mod) { return (uint8_t)(v + 1u == mod ? 0u : v + 1u); }

void memsched_tick(memsched_state *s, const memsched_in *in)
{
    const memsched_cfg *c = &s->cfg;
    memsched_comb k;
    if (in->rst_i & 1) { /* every register is reset; the request storage is not */
        memset(s->cnt, 0, sizeof s->cnt);
        memset(s->head, 0, sizeof s->head);
        memset(s->tail, 0, sizeof s->tail);
        s->ptr = 0;
        s->nonempty = 0;
        s->cq_v = 0;
        memset(s->cq_slot, 0, sizeof s->cq_slot);
        memset(s->cq_head, 0, sizeof s->cq_head);
        s->smask = bits_mask(c->Slots);
        return;
    }
    comb(s, in, &k);

    if (c->Pipe) { /* the next cycle's list, from this cycle's state (before the edge's updates) */
        const uint64_t m = c->Policy == MEMSCHED_FIXED ? bits_mask(c->Slots) : s->smask;
        unsigned f[MEMSCHED_MAX_K], n = first_k(c->K, s->nonempty & m, s->nonempty & ~m, f), j;
        s->cq_v = (uint8_t)bits_mask(n);
        for (j = 0; j < c->K; j++) {
            unsigned h = j < n ? s->head[f[j]] : 0u;
            if (j < n && k.pick >= 0 && k.slot[k.pick] == f[j]) h = wrap_inc(h, c->Depth); /* this edge's dequeue */
            s->cq_slot[j] = (uint8_t)(j < n ? f[j] : 0u);
            s->cq_head[j] = (uint8_t)h;
        }
        if (c->Policy != MEMSCHED_FIXED && n) {
            s->smask = bits_mask(c->Slots) & ~bits_mask(f[n - 1] + 1u); /* the slots past the last */
            s->ptr = wrap_inc(f[n - 1], c->Slots);
        }
    } else if (c->Policy == MEMSCHED_RR && k.pick >= 0) s->ptr = wrap_inc(k.slot[k.pick], c->Slots); /* pointer */
    else if (c->Policy != MEMSCHED_FIXED && k.n) s->ptr = wrap_inc(k.slot[k.n - 1], c->Slots);

    /* dequeue the pick (reads the head before this edge's write: never the same entry) */
    if (k.pick >= 0) {
        const unsigned q = k.slot[k.pick];
        s->head[q] = wrap_inc(s->head[q], c->Depth);
        set_cnt(s, q, s->cnt[q] - 1u);
    }
    /* enqueue */
    if (k.enq) {
        const unsigned q = k.wq;
        memsched_ent *e = &s->mem[q * MEMSCHED_MAX_DEPTH + s->tail[q]];
        e->line = in->req_line_i & bits_mask(c->LineW);
        e->write = (uint8_t)(in->req_write_i & 1);
        e->ld = (uint8_t)(in->req_ld_i & bits_mask(c->SlotW));
        s->tail[q] = wrap_inc(s->tail[q], c->Depth);
        set_cnt(s, q, s->cnt[q] + 1u);
    }
}

/* ---------------------------------------------------------------- state probes */

static void probe_fill(const void *sv, void *pv)
{
    const memsched_state *s = sv;
    memsched_probe *p = pv;
    unsigned q;
    for (q = 0; q < s->cfg.Slots; q++) {
        p->cnt[q] = s->cnt[q];
        p->head[q] = s->head[q];
        p->tail[q] = s->tail[q];
    }
    p->ptr[0] = s->ptr;
}

/* ---------------------------------------------------------------- coverage */

/* Functional coverage (blk.h): the policies' branches and corner states lockstep must reach. */
static const char *const memsched_cover_names[] = {
    "fixed_yield",       /* fixed: a refused candidate yields to a later one */
    "rr_after_pick",     /* rr: the pointer moves past the served slot, not the last candidate */
    "rr_stall_skip",     /* rr or grr: every candidate refused, the pointer passes them all */
    "grr_hit_first",     /* grr: a hit is served before an earlier accepted miss */
    "grr_no_hit",        /* grr: accepted candidates, none hits: the first accepted */
    "cand_wrap",         /* rr or grr: the candidate list wraps past the last slot to slot 0 */
    "ptr_wrap",          /* rr or grr: the pointer wraps to slot 0 */
    "k_limit",           /* K candidates while more slots hold requests */
    "few_cands",         /* fewer non-empty slots than probe units (0 < n < K) */
    "yield_last",        /* K > 1: the last probe unit's candidate is served */
    "slot_full",         /* a request refused: its slot is full */
    "full_while_served", /* refused though its full slot's head is served this cycle */
    "enq_deq_same",      /* one slot enqueued and dequeued in the same cycle */
    "all_full",          /* every slot full */
    "warp_oor",          /* a request from a warp >= Slots (never taken) */
    "head_wrap",         /* Depth > 1: the served entry is the slot's last position */
    "reset_busy",        /* reset while requests are held */
    "pipe_hidden",       /* Pipe=1: a registered candidate hidden, the previous cycle's pick emptied its slot */
    "pipe_head_next",    /* Pipe=1: the served slot is in the next list: its registered head moves past the pick */
    NULL,
};

static uint64_t kind_cover(const void *sv, const void *iv, const void *ov)
{
    const memsched_state *s = sv;
    const memsched_in *in = iv;
    const memsched_cfg *c = &s->cfg;
    memsched_comb k;
    uint64_t m = 0;
    unsigned q, nfull = 0, warp = (unsigned)(in->req_warp_i & bits_mask(memsched_w_req_warp_i(c)));
    int served = -1;
    (void)ov;
    if (in->rst_i & 1) {
        if (s->nonempty) m |= 1u << 16;
        return m;
    }
    comb(s, in, &k);
    if (k.pick >= 0) served = (int)k.slot[k.pick];
    if (c->Policy == MEMSCHED_FIXED && k.pick > 0) m |= 1u << 0;
    if (c->Policy == MEMSCHED_RR && k.pick >= 0 && (unsigned)k.pick + 1 < k.n) m |= 1u << 1;
    if (c->Policy != MEMSCHED_FIXED && k.stall) m |= 1u << 2;
    if (c->Policy == MEMSCHED_GRR && k.hit && lowest(k.hit) != lowest(k.acc)) m |= 1u << 3;
    if (c->Policy == MEMSCHED_GRR && k.acc && !k.hit) m |= 1u << 4;
    for (q = 1; q < k.n; q++)
        if (c->Policy != MEMSCHED_FIXED && k.slot[q] < k.slot[q - 1]) m |= 1u << 5;
    if (c->Policy != MEMSCHED_FIXED && k.n) {
        unsigned last = c->Policy == MEMSCHED_RR && served >= 0 ? (unsigned)served : k.slot[k.n - 1];
        if (last == c->Slots - 1) m |= 1u << 6;
    }
    if (k.n == c->K && (unsigned)__builtin_popcountll(s->nonempty) > c->K) m |= 1u << 7;
    if (k.n && k.n < c->K) m |= 1u << 8;
    if (c->K > 1 && k.pick == (int)c->K - 1) m |= 1u << 9;
    if (k.full) m |= 1u << 10;
    if (k.full && served == (int)warp) m |= 1u << 11;
    if (k.enq && served == (int)k.wq) m |= 1u << 12;
    for (q = 0; q < c->Slots; q++) nfull += s->cnt[q] == c->Depth;
    if (nfull == c->Slots) m |= 1u << 13;
    if ((in->req_valid_i & 1) && warp >= c->Slots) m |= 1u << 14;
    if (c->Depth > 1 && served >= 0 && s->head[served] == c->Depth - 1) m |= 1u << 15;
    if (c->Pipe && (s->cq_v & ~k.vm)) m |= 1u << 17;
    if (c->Pipe && served >= 0) {
        const uint64_t sm = c->Policy == MEMSCHED_FIXED ? bits_mask(c->Slots) : s->smask;
        unsigned f[MEMSCHED_MAX_K], n = first_k(c->K, s->nonempty & sm, s->nonempty & ~sm, f);
        for (q = 0; q < n; q++)
            if (f[q] == (unsigned)served) m |= 1u << 18;
    }
    return m;
}

/* ---------------------------------------------------------------- block kind */

#define BLK_T_CFG memsched_cfg
#define BLK_T_IN memsched_in
#define BLK_T_OUT memsched_out
#define BLK_T_PROBE memsched_probe
static const blk_param memsched_params[] = {MEMSCHED_PARAMS(BLK_PARAM_ROW)};
BLK_PORT_FUNCS(memsched, MEMSCHED_PORTS, MEMSCHED_PROBES, MEMSCHED_WAVES)
static const char *const memsched_groups[] = MEMSCHED_GROUPS;

static void kind_init(void *s, const void *cfg) { memsched_init(s, cfg); }
static void kind_eval(const void *s, const void *in, void *out) { memsched_eval(s, in, out); }
static void kind_tick(void *s, const void *in) { memsched_tick(s, in); }

const blk_kind memsched_kind = {
    "memsched",
    sizeof(memsched_cfg),
    sizeof(memsched_in),
    sizeof(memsched_out),
    sizeof(memsched_state),
    sizeof(memsched_probe),
    memsched_params,
    (int)(sizeof memsched_params / sizeof memsched_params[0]),
    memsched_presets,
    NULL,
    memsched_cfg_check,
    memsched_ports,
    memsched_probes,
    memsched_waves,
    memsched_groups,
    kind_init,
    kind_eval,
    kind_tick,
    probe_fill,
    memsched_cover_names,
    kind_cover,
};
