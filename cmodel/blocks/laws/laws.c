/*
 * laws.c: C model of rtl/laws/laws.v (laws.h): its registers, the order register held
 * as the order it encodes.
 *
 * The scheduling order is an order matrix: for each pair i < j one bit, "warp i is
 * ahead of warp j" (ahead_q). The first ready warp is the ready warp that no other
 * ready warp is ahead of. A group move rewrites, in one cycle, exactly the bits of the
 * pairs the move separates (one warp in the moved set, the other not), so the relative
 * order inside and outside the set stays as it was (docs/deviations.md A1). The
 * feedback's move, the targets to the head and the launched warps to the tail apply in
 * that order; the last move that separates a pair decides it, which is the same as
 * three stable moves one after the other.
 *
 * The matrix is always a strict total order (reset gives one, a stable move keeps one;
 * the RTL's proofs check it, lockstep compares every bit each cycle), so the model holds
 * it as a list: ord[p] is the warp at place p, head first, place[] its inverse, pre[p]
 * the warps at places 0..p. Nothing of it changes in a cycle without a move. A move of
 * a set S is a stable partition of the list (S first for the head, last for the tail)
 * that rewrites place[] and pre[] in the same pass, and only between the first place
 * whose warp moves back and the last place whose warp moves ahead (both found by
 * halving): at most Warps byte and word steps per move. The pick is O(log Warps):
 * pre[] grows with p, so the first place whose prefix holds a ready warp is found by
 * halving, one AND per step. The matrix's bits are derived only where asked: a row for
 * laws_ahead_row, the packed pairs for the state probes (the row of warp i: the warps
 * outside pre[place[i]], above the diagonal). Before (to issue [speed]) the model kept
 * the matrix and rebuilt full rows after each move: O(Warps^2) per moving cycle.
 *
 * The LLT is held twice: llt[] (the register) and by value, each distinct LLPC a class
 * with its warps, so a load's group (every warp whose LLT entry equals the issuing
 * warp's) is one read, not a compare of every entry; an LLT write moves the warps it
 * writes from their classes to the class of the new value (found among the classes in
 * use, made when there is none).
 *
 * Pipe 1 (docs/timing/laws.md): the load whose group forms is the one registered the
 * cycle before (p_iss, p_warp, p_own: its warp's LLPC read at the issue, before the
 * LLT write), compared with the LLT as it is now, the issuing warp always in; the
 * order applies the moves registered the cycle before (mv_*), in the same order, so
 * the list below is the Pipe 0 order one cycle late.
 */
#include "laws.h"

#include <string.h>

/* place[] and pre[] from ord[] */
static void derive(laws_state *s)
{
    unsigned W = s->cfg.Warps;
    uint64_t seen = 0;
    for (unsigned p = 0; p < W; p++) {
        unsigned i = s->ord[p];
        seen |= (uint64_t)1 << i;
        s->pre[p] = seen;
        s->place[i] = (uint8_t)p;
    }
}

/* the first place whose prefix meets X (X nonempty, within the Warps mask): pre[] grows
 * with the place, so halving finds it */
static unsigned first_meeting(const laws_state *s, uint64_t X)
{
    unsigned lo = 0, hi = s->cfg.Warps - 1;
    while (lo < hi) {
        unsigned mid = (lo + hi) / 2;
        if (X & s->pre[mid]) hi = mid;
        else lo = mid + 1;
    }
    return lo;
}

/* the first place whose prefix holds all of X (within the Warps mask) */
static unsigned first_holding(const laws_state *s, uint64_t X)
{
    unsigned lo = 0, hi = s->cfg.Warps - 1;
    while (lo < hi) {
        unsigned mid = (lo + hi) / 2;
        if (!(X & ~s->pre[mid])) hi = mid;
        else lo = mid + 1;
    }
    return lo;
}

/* A stable move to the head of the warps F (within the Warps mask): the k warps of F
 * take places 0..k-1, the others k..Warps-1, each side in its old order. Places before
 * the first warp outside F (lo) and after the last warp of F (hi) keep their warps and
 * prefixes; one pass over lo..hi rewrites ord[], place[] and pre[] there. */
static void move_first(laws_state *s, uint64_t F)
{
    uint64_t rest = bits_mask(s->cfg.Warps) & ~F;
    if (!F || !rest) return; /* every warp on one side: nothing moves */
    unsigned lo = first_meeting(s, rest), hi = first_holding(s, F);
    if (hi < lo) return; /* F is already ahead of the rest */
    unsigned na = lo, nb = (unsigned)__builtin_popcountll(F); /* the F warps at lo..hi: k - lo */
    uint64_t sa = lo ? s->pre[lo - 1] : 0, sb = F; /* placed so far on each side (b: with all of F) */
    uint8_t old[LAWS_MAX_W];
    memcpy(old + lo, s->ord + lo, hi + 1 - lo);
    for (unsigned p = lo; p <= hi; p++) {
        unsigned i = old[p], in = (unsigned)(F >> i & 1);
        uint64_t bit = (uint64_t)1 << i;
        unsigned to = in ? na : nb;
        sa |= in ? bit : 0;
        sb |= in ? 0 : bit;
        na += in;
        nb += in ^ 1;
        s->ord[to] = (uint8_t)i;
        s->place[i] = (uint8_t)to;
        s->pre[to] = in ? sa : sb;
    }
}

int laws_is_ahead(const laws_state *s, unsigned i, unsigned j) { return s->place[i] < s->place[j]; }

uint64_t laws_ahead_row(const laws_state *s, unsigned i)
{
    return ~s->pre[s->place[i]] & bits_mask(s->cfg.Warps) & (~(uint64_t)1 << i);
}

/* the ready warp no other ready warp is ahead of; -1 when none is ready (ready within
 * the Warps mask) */
static int first_of(const laws_state *s, uint64_t ready)
{
    return ready ? s->ord[first_meeting(s, ready)] : -1;
}

void laws_order(const laws_state *s, unsigned *out)
{
    for (unsigned p = 0; p < s->cfg.Warps; p++) out[p] = s->ord[p];
}

void laws_llt_write(laws_state *s, uint64_t V, uint32_t pc)
{
    uint64_t r, u;
    unsigned c;
    for (r = V; r; r &= r - 1) { /* out of their classes */
        unsigned w = (unsigned)__builtin_ctzll(r);
        c = s->cls_of[w];
        s->cls_vec[c] &= ~((uint64_t)1 << w);
        if (!s->cls_vec[c]) s->cls_used &= ~((uint64_t)1 << c);
    }
    for (u = s->cls_used; u; u &= u - 1) /* into the class of pc */
        if (s->cls_pc[c = (unsigned)__builtin_ctzll(u)] == pc) break;
    if (!u) { /* none: a new one (at most Warps - 1 classes are left in use) */
        c = (unsigned)__builtin_ctzll(~s->cls_used);
        s->cls_used |= (uint64_t)1 << c;
        s->cls_pc[c] = pc;
        s->cls_vec[c] = 0;
    }
    s->cls_vec[c] |= V;
    for (r = V; r; r &= r - 1) {
        unsigned w = (unsigned)__builtin_ctzll(r);
        s->cls_of[w] = (uint8_t)c;
        s->llt[w] = pc;
    }
}

static void reset(laws_state *s)
{
    unsigned W = s->cfg.Warps;
    memset(s->llt, 0, sizeof s->llt);
    memset(s->wgt_v, 0, sizeof s->wgt_v);
    memset(s->wgt, 0, sizeof s->wgt);
    memset(s->ord, 0, sizeof s->ord);
    memset(s->place, 0, sizeof s->place);
    memset(s->pre, 0, sizeof s->pre);
    for (unsigned i = 0; i < W; i++) /* warp order 0, 1, .. */
        s->ord[i] = (uint8_t)i;
    derive(s);
    /* every LLT entry 0: one class */
    memset(s->cls_vec, 0, sizeof s->cls_vec);
    memset(s->cls_pc, 0, sizeof s->cls_pc);
    memset(s->cls_of, 0, sizeof s->cls_of);
    s->cls_used = 1;
    s->cls_vec[0] = bits_mask(W);
    s->p_iss = s->p_warp = 0;
    s->p_own = 0;
    s->mv_ok = s->mv_hit = 0;
    s->mv_vec = s->mv_tgt = s->mv_new = 0;
}

void laws_init(laws_state *s, const laws_cfg *cfg)
{
    memset(s, 0, sizeof *s);
    s->cfg = *cfg;
    reset(s);
}

/* the decisions of one cycle */
typedef struct laws_dec {
    int iss, fb;          /* a valid load issue whose group forms now, a valid feedback */
    unsigned w;           /* its warp */
    int piss;             /* a valid load issue at the ports (it writes the LLT) */
    unsigned pw;          /* its warp */
    uint64_t grp_vec;     /* its group */
    int grp_ok;
    unsigned grp;         /* the WGT entry it gets */
    uint64_t fb_vec;      /* the reported group */
} laws_dec;

static void decide(const laws_state *s, const laws_in *in, laws_dec *d)
{
    const laws_cfg *P = &s->cfg;
    memset(d, 0, sizeof *d);
    d->pw = (unsigned)(in->iss_warp_i & bits_mask(laws_ww(P)));
    d->piss = (in->iss_i & 1) && d->pw < P->Warps;
    if (!P->Pipe) {
        d->w = d->pw;
        d->iss = d->piss;
        if (d->iss) d->grp_vec = s->cls_vec[s->cls_of[d->w]]; /* every warp with LLT[w]'s value */
    } else if (s->p_iss) { /* last cycle's issue: every warp whose LLT entry now holds its
                            * warp's LLPC of then, and that warp */
        uint64_t u;
        d->iss = 1;
        d->w = s->p_warp;
        for (u = s->cls_used; u; u &= u - 1)
            if (s->cls_pc[__builtin_ctzll(u)] == s->p_own) break;
        d->grp_vec = (u ? s->cls_vec[__builtin_ctzll(u)] : 0) | (uint64_t)1 << d->w;
    }
    for (unsigned g = 0; g < P->Groups && !d->grp_ok; g++)
        if (!s->wgt_v[g]) d->grp_ok = 1, d->grp = g;
    unsigned fg = (unsigned)(in->fb_grp_i & bits_mask(laws_gw(P)));
    d->fb = (in->fb_i & 1) && fg < P->Groups && s->wgt_v[fg];
    if (d->fb) d->fb_vec = s->wgt[fg];
}

void laws_eval(const laws_state *s, const laws_in *in, laws_out *out)
{
    laws_dec d;
    decide(s, in, &d);
    int p = first_of(s, in->ready_i & bits_mask(s->cfg.Warps));
    out->pick_ok_o = p >= 0;
    out->pick_o = p >= 0 ? (unsigned)p : 0;
    out->grp_ok_o = d.grp_ok;
    out->grp_o = d.grp_ok ? d.grp : 0;
    out->grp_vec_o = d.grp_vec;
    out->fb_ok_o = d.fb;
    out->fb_vec_o = d.fb_vec;
}

void laws_tick(laws_state *s, const laws_in *in)
{
    const laws_cfg *P = &s->cfg;
    uint64_t mask = bits_mask(P->Warps);
    if (in->rst_i & 1) {
        reset(s);
        return;
    }
    laws_dec d;
    decide(s, in, &d);
    /* the order: feedback move, then the prefetch targets to the head, then launched
     * warps to the tail; the last move that separates a pair decides it */
    uint64_t G = d.fb ? d.fb_vec : 0, T = (in->pft_i & 1) ? in->pft_vec_i & mask : 0, N = in->new_i & mask;
    int hit = d.fb && (in->fb_hit_i & 1);
    if (P->Pipe) { /* apply last cycle's moves, register this cycle's */
        uint64_t g = s->mv_vec, t = s->mv_tgt, n = s->mv_new;
        int h = s->mv_hit;
        s->mv_ok = (uint8_t)d.fb;
        s->mv_hit = (uint8_t)hit;
        s->mv_vec = G;
        s->mv_tgt = T;
        s->mv_new = N;
        G = g, T = t, hit = h;
        uint64_t Nn = n;
        if (G) move_first(s, hit ? G : mask & ~G);
        if (T) move_first(s, T);
        if (Nn) move_first(s, mask & ~Nn);
    } else {
        if (G) move_first(s, hit ? G : mask & ~G);
        if (T) move_first(s, T);
        if (N) move_first(s, mask & ~N);
    }
    /* the WGT: the reported entry is freed, the issuing load's group takes a free one */
    if (d.fb) s->wgt_v[in->fb_grp_i & bits_mask(laws_gw(P))] = 0;
    if (d.iss && d.grp_ok) {
        s->wgt_v[d.grp] = 1;
        s->wgt[d.grp] = d.grp_vec;
    }
    /* the LLT: the issuing warp's new last load; launched warps start with none (0) */
    uint32_t pc = (uint32_t)(in->iss_pc_i & bits_mask(P->PcBits));
    if (P->Pipe) { /* the issue at the ports: its warp's LLPC before the write */
        s->p_iss = (uint8_t)d.piss;
        if (d.piss) {
            s->p_warp = (uint8_t)d.pw;
            s->p_own = s->llt[d.pw];
        }
    }
    if (d.piss && !(N >> d.pw & 1) && s->llt[d.pw] != pc) laws_llt_write(s, (uint64_t)1 << d.pw, pc);
    if (N) laws_llt_write(s, N, 0);
}

static void probe_fill(const void *sv, void *pv)
{
    const laws_state *s = sv;
    laws_probe *p = pv;
    unsigned q = 0, W = s->cfg.Warps;
    memset(p->ahead, 0, sizeof p->ahead);
    for (unsigned i = 0; i < W; i++) {
        /* row i's pairs (i, i+1) .. (i, W-1): W-1-i bits at bit q of the packed vector */
        uint64_t row = laws_ahead_row(s, i) >> i >> 1;
        unsigned n = W - 1 - i, o = q % 64;
        p->llt[i] = s->llt[i];
        if (n) {
            p->ahead[q / 64] |= row << o;
            if (o + n > 64) p->ahead[q / 64 + 1] |= row >> (64 - o);
        }
        q += n;
    }
    for (unsigned g = 0; g < s->cfg.Groups; g++) {
        p->wgt_v[g] = s->wgt_v[g];
        p->wgt[g] = s->wgt[g];
    }
    if (s->cfg.Pipe) {
        p->p_iss[0] = s->p_iss;
        p->p_warp[0] = s->p_warp;
        p->p_own[0] = s->p_own;
        p->mv_ok[0] = s->mv_ok;
        p->mv_hit[0] = s->mv_hit;
        p->mv_vec[0] = s->mv_vec;
        p->mv_tgt[0] = s->mv_tgt;
        p->mv_new[0] = s->mv_new;
    }
}

#define BLK_T_CFG laws_cfg
#define BLK_T_IN laws_in
#define BLK_T_OUT laws_out
#define BLK_T_PROBE laws_probe
static const blk_param laws_params[] = {LAWS_PARAMS(BLK_PARAM_ROW)};
BLK_PORT_FUNCS(laws, LAWS_PORTS, LAWS_PROBES, LAWS_WAVES)
static const char *const laws_groups[] = LAWS_GROUPS;
/* the seed's design first (Table II: 48 warps, 32-bit PCs, 3 WGT entries); small ones
 * for fast, dense lockstep */
static const char *const laws_presets[] = {"final", "",
                                           "small", "Warps=8,PcBits=8,Groups=3",
                                           "tiny",  "Warps=4,PcBits=2,Groups=1",
                                           "pipe",  "Pipe=1",
                                           "small_pipe", "Warps=8,PcBits=8,Groups=3,Pipe=1",
                                           "tiny_pipe", "Warps=4,PcBits=2,Groups=1,Pipe=1",
                                           NULL};

/* Functional coverage (blk.h): the policy branches and corner states lockstep must reach. */
static const char *const laws_cover_names[] = {
    "pick_none",        /* no warp is ready */
    "pick_head",        /* the head of the order is ready and issues */
    "pick_skip_head",   /* the head is not ready: a warp further back issues (greedy) */
    "group_solo",       /* an issuing load's group is its own warp alone */
    "group_multi",      /* it groups several warps sharing the last-load PC */
    "group_all",        /* it groups every warp */
    "group_last_free",  /* the group takes the last free WGT entry */
    "wgt_full_drop",    /* the WGT is full: the load forms no group */
    "iss_out_of_range", /* an issue from a warp number past Warps is ignored */
    "fb_hit",           /* a head hit moves the group to the head */
    "fb_miss",          /* a head miss moves the group to the tail */
    "fb_ignored",       /* feedback on a free or out-of-range WGT entry */
    "fb_frees_full",    /* feedback frees an entry of a full WGT while a load issues */
    "pft_to_head",      /* SAP's prefetch targets move to the head */
    "miss_and_pft",     /* a miss and targets from its group in one cycle: the targets win */
    "launch_to_tail",   /* launched warps move to the tail, LLT cleared */
    "launch_overrides", /* a launched warp is also a target or in the moved group: the tail wins */
    "launch_issuing",   /* the issuing warp launches in the same cycle: its LLT is cleared */
    "reset_busy",       /* reset while a WGT entry is out */
    /* Pipe 1 only */
    "pipe_iss_b2b",     /* a group forms while the next load issues */
    "pipe_iss_same",    /* ... from the same warp: its LLPC is the previous load's PC */
    "pipe_launch_grp",  /* a group forms against an LLT entry a launch cleared in the issue cycle */
    "pipe_fb_form",     /* a feedback in the cycle a group forms (frees, then the group takes) */
    "pipe_pick_stale",  /* a pick while the order has registered moves to apply */
    "pipe_move_pair",   /* a registered move and this cycle's feedback in one cycle */
    "pipe_reset_busy",  /* reset with the pipeline registers holding an issue or a move */
    NULL,
};

static uint64_t kind_cover(const void *sv, const void *iv, const void *ov)
{
    const laws_state *s = sv;
    const laws_in *in = iv;
    const laws_out *out = ov;
    const laws_cfg *P = &s->cfg;
    const uint64_t all = bits_mask(P->Warps);
    const uint64_t T = (in->pft_i & 1) ? in->pft_vec_i & all : 0, N = in->new_i & all;
    laws_dec d;
    uint64_t m = 0;
    unsigned g, nfree = 0, busy = 0;
    int head;

    for (g = 0; g < P->Groups; g++) {
        nfree += !s->wgt_v[g];
        busy |= s->wgt_v[g];
    }
    int pbusy = P->Pipe && (s->p_iss || s->mv_ok || s->mv_tgt || s->mv_new);
    if (in->rst_i & 1) return (busy ? (uint64_t)1 << 18 : 0) | (pbusy ? (uint64_t)1 << 25 : 0);
    decide(s, in, &d);
    head = first_of(s, all);
    if (!out->pick_ok_o) m |= 1u << 0;
    if (out->pick_ok_o && (int)out->pick_o == head) m |= 1u << 1;
    if (out->pick_ok_o && (int)out->pick_o != head) m |= 1u << 2;
    if (d.iss && d.grp_vec == (uint64_t)1 << d.w) m |= 1u << 3;
    if (d.iss && (d.grp_vec & (d.grp_vec - 1))) m |= 1u << 4;
    if (d.iss && d.grp_vec == all) m |= 1u << 5;
    if (d.iss && d.grp_ok && nfree == 1) m |= 1u << 6;
    if (d.iss && !d.grp_ok) m |= 1u << 7;
    if ((in->iss_i & 1) && !d.piss) m |= 1u << 8;
    if (d.fb && (in->fb_hit_i & 1)) m |= 1u << 9;
    if (d.fb && !(in->fb_hit_i & 1)) m |= 1u << 10;
    if ((in->fb_i & 1) && !d.fb) m |= 1u << 11;
    if (d.fb && nfree == 0 && d.iss) m |= 1u << 12;
    if (T) m |= 1u << 13;
    if (d.fb && !(in->fb_hit_i & 1) && (T & d.fb_vec)) m |= 1u << 14;
    if (N) m |= 1u << 15;
    if (N & (T | (d.fb ? d.fb_vec : 0))) m |= 1u << 16;
    if (d.piss && (N >> d.pw & 1)) m |= 1u << 17;
    if (P->Pipe) {
        if (d.iss && d.piss) m |= 1u << 19;
        if (d.iss && d.piss && d.w == d.pw) m |= 1u << 20;
        if (d.iss && (s->mv_new & ~((uint64_t)1 << d.w))) m |= 1u << 21;
        if (d.iss && d.fb) m |= 1u << 22;
        if (out->pick_ok_o && (s->mv_ok || s->mv_tgt || s->mv_new)) m |= 1u << 23;
        if (s->mv_ok && d.fb) m |= 1u << 24;
    }
    return m;
}

static void kind_init(void *s, const void *cfg) { laws_init(s, cfg); }
static void kind_eval(const void *s, const void *in, void *out) { laws_eval(s, in, out); }
static void kind_tick(void *s, const void *in) { laws_tick(s, in); }

const blk_kind laws_kind = {
    "laws",
    sizeof(laws_cfg),
    sizeof(laws_in),
    sizeof(laws_out),
    sizeof(laws_state),
    sizeof(laws_probe),
    laws_params,
    (int)(sizeof laws_params / sizeof laws_params[0]),
    laws_presets,
    NULL,
    NULL,
    laws_ports,
    laws_probes,
    laws_waves,
    laws_groups,
    kind_init,
    kind_eval,
    kind_tick,
    probe_fill,
    laws_cover_names,
    kind_cover,
};
