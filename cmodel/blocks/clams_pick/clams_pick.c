/*
 * clams_pick.c: C model of rtl/clams_pick/clams_pick.v, register for register
 * (clams_pick.h; docs/clams.md).
 */
#include "clams_pick.h"

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

/* per bank: a buffered request hits the open row / misses it */
static void banks_of(const clams_pick_state *s, const clams_pick_in *in, uint32_t *open_hit, uint32_t *miss)
{
    const clams_pick_cfg *P = &s->cfg;
    *open_hit = *miss = 0;
    for (unsigned i = 0; i < P->Slots; i++) {
        if (!bit(s->v, i) || s->bank[i] >= P->Banks) continue;
        if (bit(in->hit_i, i)) *open_hit |= 1u << s->bank[i];
        else *miss |= 1u << s->bank[i];
    }
}

static pick_t choose(const clams_pick_state *s, const clams_pick_in *in)
{
    const clams_pick_cfg *P = &s->cfg;
    uint64_t am = bits_mask(P->AgeW), best = 0;
    uint32_t open_hit, miss;
    unsigned thcr = (unsigned)(in->thcr_i & 7);
    pick_t p = {0, 0, 0, 0, 0};
    banks_of(s, in, &open_hit, &miss);
    for (unsigned i = 0; i < P->Slots; i++) {
        if (!bit(in->cand_i, i) || !bit(s->v, i)) continue;
        unsigned b = s->bank[i];
        if (b >= P->Banks) continue; /* a bank the channel does not have */
        unsigned col = (unsigned)bit(in->col_i, i), crit = s->rank[i] <= thcr;
        unsigned blocked = !col && (open_hit >> b & 1), elig = !blocked, cls = col << 1, mode = 0;
        if (P->Algo == CLAMS_PICK_CAP && s->streak[b] >= P->Cap) {
            elig = 1;
            cls = 0;
            mode = 3;
        } else if (P->Algo == CLAMS_PICK_CLAMS) {
            mode = (unsigned)(in->mode_i >> (2 * b) & 3);
            if (mode == 1) {
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

void clams_pick_eval(const clams_pick_state *s, const clams_pick_in *in, clams_pick_out *out)
{
    pick_t p = choose(s, in);
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
    pick_t p = choose(s, in);
    uint32_t open_hit, miss;
    banks_of(s, in, &open_hit, &miss);
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
            s->rank[i] = (uint8_t)(in->arr_rank_i & 7);
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
                                                 NULL};

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
    NULL,
    clams_pick_ports,
    clams_pick_probes,
    clams_pick_waves,
    clams_pick_groups,
    kind_init,
    kind_eval,
    kind_tick,
    probe_fill,
};
