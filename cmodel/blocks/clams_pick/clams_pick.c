/*
 * clams_pick.c: C model of rtl/clams_pick/clams_pick.v, register for register
 * (clams_pick.h; docs/clams.md).
 */
#include "clams_pick.h"

#include <stdio.h>
#include <string.h>

static int bit(const uint64_t *v, unsigned i) { return (int)(v[i / 64] >> (i % 64) & 1); }

void clams_pick_init(clams_pick_state *s, const clams_pick_cfg *cfg)
{
    memset(s, 0, sizeof *s);
    s->cfg = *cfg;
}

typedef struct pick_t {
    int ok;
    unsigned slot, col, crit, mode;
} pick_t;

/* per bank: a waiting request hits the open row / misses it. The request that leaves the
 * buffer this cycle (dep_i: its column command was issued the cycle before) waits no longer:
 * it counts as neither (deviation C12: a bank whose requests all hit is never capped). */
static void banks_of(const clams_pick_state *s, const clams_pick_in *in, uint32_t *open_hit, uint32_t *miss)
{
    const clams_pick_cfg *P = &s->cfg;
    unsigned dep = (in->dep_i & 1) ? (unsigned)(in->dep_slot_i & bits_mask(clams_pick_sw(P))) : P->Slots;
    *open_hit = *miss = 0;
    for (unsigned i = 0; i < P->Slots; i++) {
        if (!bit(s->v, i) || i == dep || s->bank[i] >= P->Banks) continue;
        if (bit(in->hit_i, i)) *open_hit |= 1u << s->bank[i];
        else *miss |= 1u << s->bank[i];
    }
}

static pick_t choose(const clams_pick_state *s, const clams_pick_in *in)
{
    const clams_pick_cfg *P = &s->cfg;
    uint64_t am = bits_mask(P->AgeW), best = 0;
    uint32_t open_hit, miss;
    unsigned thcr = (unsigned)(in->thcr_i & bits_mask(clams_pick_w_thcr_i(P)));
    unsigned mw = clams_pick_modew(P), mm = (unsigned)bits_mask(mw);
    pick_t p = {0, 0, 0, 0, 0};
    banks_of(s, in, &open_hit, &miss);
    for (unsigned i = 0; i < P->Slots; i++) {
        if (!bit(in->cand_i, i) || !bit(s->v, i)) continue;
        unsigned b = s->bank[i];
        if (b >= P->Banks) continue; /* a bank the channel does not have */
        unsigned col = (unsigned)bit(in->col_i, i), crit = s->rank[i] <= thcr;
        unsigned blocked = !col && (open_hit >> b & 1), elig = !blocked, cls = col << 1, mode = CLAMS_PICK_MODE_FRFCFS;
        if (P->Algo == CLAMS_PICK_CAP && s->streak[b] >= P->Cap) {
            elig = 1;
            cls = 0;
            mode = CLAMS_PICK_MODE_CAPPED;
        } else if (P->Algo == CLAMS_PICK_CLAMS) {
            mode = (unsigned)(in->mode_i >> (mw * b) & mm);
            if (mode == CLAMS_PICK_MODE_CRIT) {
                elig = !blocked || crit;
                cls = crit << 1 | col;
            } else {
                cls = col << 1 | crit;
            }
        }
        if (!elig) continue;
        uint64_t key = (uint64_t)cls << P->AgeW | ((s->cnt - s->stamp[i]) & am);
        if (!p.ok || key > best) {
            best = key;
            p.ok = 1;
            p.slot = i;
            p.col = col;
            p.crit = P->Algo == CLAMS_PICK_CLAMS && crit;
            p.mode = mode;
        }
    }
    return p;
}


/* ---- Pipe >= 1: the tree of the RTL node for node (g_lv), with stage registers ---- */
typedef struct node_t {
    unsigned ok, idx, inf; /* inf: {col, crit, mode} */
    uint64_t key;          /* {class, age} */
} node_t;

/* the leaves (level 0) over 2^LV slots, as the RTL's g_leaf / g_pad */
static void leaves(const clams_pick_state *s, const clams_pick_in *in, node_t *lf)
{
    const clams_pick_cfg *P = &s->cfg;
    uint64_t am = bits_mask(P->AgeW);
    uint32_t open_hit, miss;
    unsigned thcr = (unsigned)(in->thcr_i & bits_mask(clams_pick_w_thcr_i(P)));
    unsigned mw = clams_pick_modew(P), mm = (unsigned)bits_mask(mw), n = 1u << clams_pick_sw(P);
    banks_of(s, in, &open_hit, &miss);
    for (unsigned i = 0; i < n; i++) {
        node_t *e = &lf[i];
        e->idx = i;
        e->ok = 0, e->key = 0, e->inf = 0;
        if (i >= P->Slots) continue;
        unsigned b = s->bank[i], in_range = b < P->Banks;
        unsigned col = (unsigned)bit(in->col_i, i), crit = s->rank[i] <= thcr;
        unsigned blocked = !col && in_range && (open_hit >> b & 1), elig = !blocked, cls = col << 1, mode = 0;
        unsigned bmode = in_range ? (unsigned)(in->mode_i >> (mw * b) & mm) : 0;
        if (P->Algo == CLAMS_PICK_CAP && in_range && s->streak[b] >= P->Cap) {
            elig = 1, cls = 0, mode = CLAMS_PICK_MODE_CAPPED;
        } else if (P->Algo == CLAMS_PICK_CLAMS) {
            mode = bmode;
            if (bmode == CLAMS_PICK_MODE_CRIT) elig = !blocked || crit, cls = crit << 1 | col;
            else cls = col << 1 | crit;
        }
        e->ok = bit(in->cand_i, i) && bit(s->v, i) && in_range && elig;
        e->key = (uint64_t)cls << P->AgeW | ((s->cnt - s->stamp[i]) & am);
        e->inf = col << 3 | (P->Algo == CLAMS_PICK_CLAMS && crit) << 2 | mode;
    }
}

/* one level of the tree over n nodes (n/2 results; the higher one wins only if larger) */
static void level(const node_t *a, unsigned n, node_t *r)
{
    for (unsigned i = 0; i < n / 2; i++) {
        const node_t *lo = &a[2 * i], *hi = &a[2 * i + 1];
        int take_hi = hi->ok && (!lo->ok || hi->key > lo->key);
        r[i] = take_hi ? *hi : *lo;
        r[i].ok = lo->ok || hi->ok;
    }
}

/* the slots a pick in flight may no longer name this cycle: the departure, the arrival
 * and last cycle's pick (the RTL's kill) */
static int killed(const clams_pick_state *s, const clams_pick_in *in, unsigned idx)
{
    const clams_pick_cfg *P = &s->cfg;
    uint64_t sm = bits_mask(clams_pick_sw(P));
    if ((in->dep_i & 1) && (in->dep_slot_i & sm) < P->Slots && (in->dep_slot_i & sm) == idx) return 1;
    if ((in->arr_i & 1) && (in->arr_slot_i & sm) < P->Slots && (in->arr_slot_i & sm) == idx) return 1;
    return s->lp_ok && s->lp == idx;
}

/* levels from+1 .. to over a (2^(LV-from) nodes) into r (2^(LV-to) nodes) */
static void levels(const clams_pick_state *s, const node_t *a, unsigned from, unsigned to, node_t *r)
{
    node_t t[2][CLAMS_PICK_MAX_S];
    unsigned LV = clams_pick_sw(&s->cfg), n = 1u << (LV - from), k = 0;
    memcpy(t[0], a, n * sizeof *a);
    for (unsigned l = from + 1; l <= to; l++, k ^= 1, n /= 2) level(t[k], n, t[k ^ 1]);
    memcpy(r, t[k], n * sizeof *r);
}

static void stage_nodes(const clams_pick_state *s, unsigned j, node_t *a)
{
    unsigned n = 1u << (clams_pick_sw(&s->cfg) - clams_pick_stage_lv(&s->cfg, j + 1));
    for (unsigned i = 0; i < n; i++) {
        a[i].ok = s->st_ok[j][i];
        a[i].key = s->st_key[j][i];
        a[i].idx = s->st_idx[j][i];
        a[i].inf = s->st_inf[j][i];
    }
}

/* the pick out of the last stage register: the remaining levels, dropped if killed */
static pick_t pipe_out(const clams_pick_state *s, const clams_pick_in *in)
{
    const clams_pick_cfg *P = &s->cfg;
    node_t a[CLAMS_PICK_MAX_S], r;
    pick_t p = {0, 0, 0, 0, 0};
    stage_nodes(s, P->Pipe - 1, a);
    levels(s, a, clams_pick_stage_lv(P, P->Pipe), clams_pick_sw(P), &r);
    if (!r.ok || killed(s, in, r.idx)) return p;
    p.ok = 1;
    p.slot = r.idx;
    p.col = r.inf >> 3 & 1;
    p.crit = r.inf >> 2 & 1;
    p.mode = r.inf & 3;
    return p;
}

/* the stage registers' next values: each stage's nodes through the levels up to the
 * next register, entries naming a killed slot dropped */
static void pipe_advance(clams_pick_state *s, const clams_pick_in *in)
{
    const clams_pick_cfg *P = &s->cfg;
    node_t src[CLAMS_PICK_MAX_S], nw[CLAMS_PICK_MAX_PIPE][CLAMS_PICK_MAX_S];
    unsigned LV = clams_pick_sw(P);
    for (unsigned j = 0; j < P->Pipe; j++) { /* stage j from the leaves or stage j-1's old contents */
        unsigned from = j ? clams_pick_stage_lv(P, j) : 0, to = clams_pick_stage_lv(P, j + 1), n = 1u << (LV - to);
        if (j) stage_nodes(s, j - 1, src);
        else leaves(s, in, src);
        levels(s, src, from, to, nw[j]);
        for (unsigned i = 0; i < n; i++) nw[j][i].ok = nw[j][i].ok && !killed(s, in, nw[j][i].idx);
    }
    for (unsigned j = 0; j < P->Pipe; j++) {
        unsigned n = 1u << (LV - clams_pick_stage_lv(P, j + 1));
        for (unsigned i = 0; i < n; i++) {
            s->st_ok[j][i] = (uint8_t)nw[j][i].ok;
            s->st_key[j][i] = nw[j][i].key;
            s->st_idx[j][i] = (uint16_t)nw[j][i].idx;
            s->st_inf[j][i] = (uint8_t)nw[j][i].inf;
        }
    }
}

/* the pick given this cycle: the single-cycle tree's, or the one out of the stages */
static pick_t given(const clams_pick_state *s, const clams_pick_in *in)
{
    return s->cfg.Pipe ? pipe_out(s, in) : choose(s, in);
}

void clams_pick_eval(const clams_pick_state *s, const clams_pick_in *in, clams_pick_out *out)
{
    pick_t p = given(s, in);
    out->pick_ok_o = (uint64_t)p.ok;
    out->pick_o = p.slot;
    out->pick_col_o = p.col;
    out->pick_crit_o = p.crit;
    out->pick_mode_o = p.mode;
}

void clams_pick_tick(clams_pick_state *s, const clams_pick_in *in)
{
    const clams_pick_cfg *P = &s->cfg;
    uint64_t sm = bits_mask(clams_pick_sw(P)), am = bits_mask(P->AgeW);
    if (in->rst_i & 1) {
        clams_pick_cfg c = s->cfg;
        clams_pick_init(s, &c);
        return;
    }
    pick_t p = given(s, in);
    uint32_t open_hit, miss;
    banks_of(s, in, &open_hit, &miss);
    if (P->Pipe) {
        pipe_advance(s, in);
        s->lp_ok = (uint32_t)p.ok;
        s->lp = p.slot;
    }
    /* FR-FCFS-Cap streaks: a row hit served while a request of the bank misses counts;
     * anything else of the bank (a precharge or activate), or no miss waiting, clears */
    for (unsigned b = 0; b < P->Banks; b++) {
        unsigned st = s->streak[b];
        if (!(miss >> b & 1)) st = 0;
        else if (p.ok && s->bank[p.slot] == b) st = p.col ? (st < P->Cap ? st + 1 : st) : 0;
        s->streak[b] = (uint8_t)st;
    }
    /* the buffer: the departure, then the arrival (a slot may be reused in one cycle) */
    if (in->dep_i & 1) {
        unsigned i = (unsigned)(in->dep_slot_i & sm);
        if (i < P->Slots) s->v[i / 64] &= ~((uint64_t)1 << (i % 64));
    }
    if (in->arr_i & 1) {
        unsigned i = (unsigned)(in->arr_slot_i & sm);
        if (i < P->Slots) {
            s->v[i / 64] |= (uint64_t)1 << (i % 64);
            s->bank[i] = (uint8_t)(in->arr_bank_i & bits_mask(clams_pick_bw(P)));
            s->rank[i] = (uint8_t)(in->arr_rank_i & bits_mask(clams_pick_w_arr_rank_i(P)));
            s->stamp[i] = s->cnt;
        }
        s->cnt = (uint32_t)((s->cnt + 1) & am);
    }
}

static void probe_fill(const void *sv, void *pv)
{
    const clams_pick_state *s = sv;
    clams_pick_probe *p = pv;
    memcpy(p->v, s->v, sizeof s->v);
    for (unsigned i = 0; i < s->cfg.Slots; i++) {
        p->bank[i] = s->bank[i];
        p->rank[i] = s->rank[i];
        p->stamp[i] = s->stamp[i];
    }
    p->cnt[0] = s->cnt;
    for (unsigned b = 0; b < s->cfg.Banks; b++) p->streak[b] = s->streak[b];
    p->lp_ok[0] = s->lp_ok;
    p->lp[0] = s->lp;
}

/* Functional coverage (blk.h): the picker's policy branches and corner states lockstep must
 * reach. */
static const char *const clams_pick_cover_names[] = {
    "all_blocked",       /* candidates, none eligible: every one a precharge of a row others hit */
    "precharge_blocked", /* a precharge is held back: other requests hit the open row */
    "class_over_age",    /* the class wins over age: an older eligible candidate waits */
    "row_cmd_pick",      /* a precharge or activate is picked (no column command wins) */
    "age_tie",           /* another eligible candidate has the pick's class and age: lowest slot */
    "age_wrapped",       /* the pick's stamp lies past the arrival count (ages modulo 2^AgeW) */
    "bank_conflict",     /* a bank offers a row hit and a row command at once */
    "crit_over_hit",     /* CLAMS: a critical row command beats a non-critical row hit */
    "crit_closes_row",   /* CLAMS criticality mode: a critical request closes a row others hit */
    "hit_over_crit",     /* CLAMS, other modes: a non-critical row hit beats a critical row command */
    "crit_at_thcr",      /* CLAMS: the pick is critical at the bound (rank - 1 = thcr_i) */
    "modes_compete",     /* CLAMS: banks in criticality and locality mode both offer candidates */
    "cap_pick",          /* FR-FCFS-Cap: a capped bank's request is picked in age order */
    "cap_precharge",     /* FR-FCFS-Cap: a capped bank closes a row others still hit */
    "streak_at_cap",     /* a bank's streak counter at Cap (its top) */
    "streak_broken",     /* a streak ends: the bank serves a row command, or no miss waits */
    "cand_not_held",     /* a candidate bit names an empty slot (ignored) */
    "buffer_full",       /* every slot holds a request */
    "slot_reuse",        /* a slot leaves and is filled again in one cycle */
    "reset_busy",        /* reset while requests are held */
    "pipe_kill_dep",     /* Pipe: a pick in flight names the slot that departs: dropped */
    "pipe_kill_arr",     /* Pipe: a pick in flight names the slot that is (re)filled: dropped */
    "pipe_kill_last",    /* Pipe: a pick in flight names last cycle's pick: dropped */
    "pipe_out_dropped",  /* Pipe: the pick out of the stages is dropped (none given) */
    "pipe_reset_flight", /* Pipe: reset while a pick is in flight */
    NULL,
};

static uint64_t kind_cover(const void *sv, const void *iv, const void *ov)
{
    const clams_pick_state *s = sv;
    const clams_pick_in *in = iv;
    const clams_pick_cfg *P = &s->cfg;
    uint64_t m = 0, am = bits_mask(P->AgeW), sm = bits_mask(clams_pick_sw(P)), pkey = 0;
    uint32_t open_hit, miss, colb = 0, rowb = 0;
    unsigned thcr = (unsigned)(in->thcr_i & bits_mask(clams_pick_w_thcr_i(P))), ncand = 0, held = 0, modes = 0, prank, pb;
    unsigned mw = clams_pick_modew(P), mm = (unsigned)bits_mask(mw);
    pick_t p = choose(s, in);
    (void)ov;
    for (unsigned i = 0; i < P->Slots; i++) held += (unsigned)bit(s->v, i);
    if (P->Pipe) { /* the pipelined form's hazards, over the stage registers */
        unsigned flight = 0;
        for (unsigned j = 0; j < P->Pipe; j++) {
            unsigned n = 1u << (clams_pick_sw(P) - clams_pick_stage_lv(P, j + 1));
            for (unsigned i = 0; i < n; i++) {
                if (!s->st_ok[j][i]) continue;
                unsigned x = s->st_idx[j][i];
                flight = 1;
                if (in->rst_i & 1) continue;
                if ((in->dep_i & 1) && (in->dep_slot_i & sm) == x) m |= 1u << 20;
                if ((in->arr_i & 1) && (in->arr_slot_i & sm) == x) m |= 1u << 21;
                if (s->lp_ok && s->lp == x) m |= 1u << 22;
            }
        }
        if (in->rst_i & 1) {
            if (flight) m |= 1u << 24;
        } else {
            node_t a[CLAMS_PICK_MAX_S], r;
            stage_nodes(s, P->Pipe - 1, a);
            levels(s, a, clams_pick_stage_lv(P, P->Pipe), clams_pick_sw(P), &r);
            if (r.ok && killed(s, in, r.idx)) m |= 1u << 23;
        }
    }
    if (in->rst_i & 1) {
        if (held) m |= 1u << 19;
        return m;
    }
    banks_of(s, in, &open_hit, &miss);
    pb = s->bank[p.slot];
    prank = s->rank[p.slot];
    /* the pick's key, as choose() forms it */
    if (p.ok) {
        unsigned cls = p.col << 1;
        if (P->Algo == CLAMS_PICK_CAP && p.mode == CLAMS_PICK_MODE_CAPPED) cls = 0;
        else if (P->Algo == CLAMS_PICK_CLAMS && p.mode == CLAMS_PICK_MODE_CRIT) cls = (prank <= thcr) << 1 | p.col;
        else if (P->Algo == CLAMS_PICK_CLAMS) cls = p.col << 1 | (prank <= thcr);
        pkey = (uint64_t)cls << P->AgeW | ((s->cnt - s->stamp[p.slot]) & am);
    }
    for (unsigned i = 0; i < P->Slots; i++) {
        if (!bit(in->cand_i, i)) continue;
        if (!bit(s->v, i)) {
            m |= 1u << 16;
            continue;
        }
        unsigned b = s->bank[i];
        if (b >= P->Banks) continue;
        unsigned col = (unsigned)bit(in->col_i, i), crit = s->rank[i] <= thcr, mode = CLAMS_PICK_MODE_FRFCFS;
        unsigned blocked = !col && (open_hit >> b & 1), elig = !blocked, cls = col << 1;
        ncand++;
        if (col) colb |= 1u << b;
        else rowb |= 1u << b;
        if (P->Algo == CLAMS_PICK_CAP && s->streak[b] >= P->Cap) {
            elig = 1, cls = 0, mode = CLAMS_PICK_MODE_CAPPED;
        } else if (P->Algo == CLAMS_PICK_CLAMS) {
            mode = (unsigned)(in->mode_i >> (mw * b) & mm);
            if (mode == CLAMS_PICK_MODE_CRIT) elig = !blocked || crit, cls = crit << 1 | col;
            else cls = col << 1 | crit;
            modes |= 1u << mode;
        }
        if (blocked && !elig) m |= 1u << 1;
        if (!elig || !p.ok || i == p.slot) continue;
        uint64_t age = (s->cnt - s->stamp[i]) & am, key = (uint64_t)cls << P->AgeW | age;
        if (age > (pkey & am)) m |= 1u << 2;
        if (key == pkey) m |= 1u << 4;
        if (P->Algo != CLAMS_PICK_CLAMS || cls >= pkey >> P->AgeW) continue; /* lost by class */
        if (p.crit && !p.col && col && !crit) m |= 1u << 7;
        if (!p.crit && p.col && !col && crit) m |= 1u << 9;
    }
    if (ncand && !p.ok) m |= 1u << 0;
    if (p.ok && !p.col) m |= 1u << 3;
    if (p.ok && s->stamp[p.slot] > s->cnt) m |= 1u << 5;
    if (colb & rowb) m |= 1u << 6;
    if (p.ok && p.mode == CLAMS_PICK_MODE_CRIT && !p.col && (open_hit >> pb & 1)) m |= 1u << 8;
    if (p.ok && p.crit && prank == thcr) m |= 1u << 10;
    if ((modes >> CLAMS_PICK_MODE_CRIT & 1) && (modes >> CLAMS_PICK_MODE_LOCAL & 1)) m |= 1u << 11;
    if (p.ok && p.mode == CLAMS_PICK_MODE_CAPPED) m |= 1u << 12;
    if (p.ok && p.mode == CLAMS_PICK_MODE_CAPPED && !p.col && (open_hit >> pb & 1)) m |= 1u << 13;
    for (unsigned b = 0; b < P->Banks; b++) {
        if (s->streak[b] == P->Cap) m |= 1u << 14;
        if (s->streak[b] && (!(miss >> b & 1) || (p.ok && pb == b && !p.col))) m |= 1u << 15;
    }
    if (held == P->Slots) m |= 1u << 17;
    if ((in->arr_i & 1) && (in->dep_i & 1) && (in->arr_slot_i & sm) == (in->dep_slot_i & sm) &&
        (in->arr_slot_i & sm) < P->Slots)
        m |= 1u << 18;
    return m;
}

#define BLK_T_CFG clams_pick_cfg
#define BLK_T_IN clams_pick_in
#define BLK_T_OUT clams_pick_out
#define BLK_T_PROBE clams_pick_probe
static const blk_param clams_pick_params[] = {CLAMS_PICK_PARAMS(BLK_PARAM_ROW)};
BLK_PORT_FUNCS(clams_pick, CLAMS_PICK_PORTS, CLAMS_PICK_PROBES, CLAMS_PICK_WAVES)
static const char *const clams_pick_groups[] = CLAMS_PICK_GROUPS;
/* CLAMS over the seed's 256-entry buffer first; the baselines; small ones for dense
 * lockstep */
static const char *const clams_pick_presets[] = {"final",  "",
                                                 "frfcfs", "Algo=frfcfs",
                                                 "cap",    "Algo=cap,Cap=4",
                                                 "mid",    "Slots=64",
                                                 "small",  "Slots=16,Banks=4,AgeW=6",
                                                 "tiny",   "Slots=4,Banks=2,AgeW=3,Cap=2",
                                                 "pipe",   "Pipe=4",
                                                 NULL};

/* Pipe: one register stage at most per level of the tree after the leaves */
static int cfg_check(const void *cfgv, char *err, size_t n)
{
    const clams_pick_cfg *c = cfgv;
    if (c->Pipe > clams_pick_sw(c)) {
        snprintf(err, n, "clams_pick: Pipe=%u stages need a pick tree of at least %u levels; Slots=%u gives %u (Pipe <= clog2(Slots))",
                 c->Pipe, c->Pipe, c->Slots, clams_pick_sw(c));
        return 1;
    }
    return 0;
}

static void kind_init(void *s, const void *cfg) { clams_pick_init(s, cfg); }
static void kind_eval(const void *s, const void *in, void *out) { clams_pick_eval(s, in, out); }
static void kind_tick(void *s, const void *in) { clams_pick_tick(s, in); }

const blk_kind clams_pick_kind = {
    "clams_pick",
    sizeof(clams_pick_cfg),
    sizeof(clams_pick_in),
    sizeof(clams_pick_out),
    sizeof(clams_pick_state),
    sizeof(clams_pick_probe),
    clams_pick_params,
    (int)(sizeof clams_pick_params / sizeof clams_pick_params[0]),
    clams_pick_presets,
    NULL,
    cfg_check,
    clams_pick_ports,
    clams_pick_probes,
    clams_pick_waves,
    clams_pick_groups,
    kind_init,
    kind_eval,
    kind_tick,
    probe_fill,
    clams_pick_cover_names,
    kind_cover,
};
