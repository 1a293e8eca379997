/*
 * mrpb.h: memory request prioritization buffer (seed 000, sections 3 and 6, Table 4).
 *
 * Bit-accurate, cycle-level C model of rtl/mrpb/mrpb.v. The port structs come from
 * the port list tb/ports/mrpb.def; the state struct holds exactly the RTL registers
 * (same names, without the _q suffix), each masked to its declared width.
 */
#ifndef MRPB_H
#define MRPB_H

#include <stddef.h>
#include <stdint.h>

#include "bits.h"
#include "blk.h"

/* Limits on the parameters (checked by mrpb_cfg_validate and by the RTL). */
#define MRPB_MAX_NQ 64
#define MRPB_MAX_DEPTH 32
#define MRPB_MIN_LATENCY 3
#define MRPB_MAX_LATENCY 18
#define MRPB_MAX_STAGES (MRPB_MAX_LATENCY - 2)
#define MRPB_QLEN_WORDS ((MRPB_MAX_NQ * 6 + 63) / 64) /* LenW <= 6 at depth 32 */

enum mrpb_sig { MRPB_SIG_WARP = 0, MRPB_SIG_BLOCK = 1, MRPB_SIG_INBLK = 2 };
enum mrpb_drain { MRPB_DRAIN_FIXED = 0, MRPB_DRAIN_RR = 1, MRPB_DRAIN_LONGEST = 2 };
enum mrpb_bypass { MRPB_BYP_OFF = 0, MRPB_BYP_ALL = 1, MRPB_BYP_ASSOC = 2 };
enum mrpb_stall { MRPB_STALL_OTHER = 0, MRPB_STALL_ASSOC = 1, MRPB_STALL_MSHR = 2,
                  MRPB_STALL_MERGE = 3, MRPB_STALL_MISSQ = 4 };
enum mrpb_why { MRPB_WHY_POLICY = 0, MRPB_WHY_GREEDY = 1, MRPB_WHY_FULL = 2, MRPB_WHY_FLUSH = 3 };

/* Configuration: field names are the Verilog parameter names of rtl/mrpb/mrpb.v. */
typedef struct mrpb_cfg {
    unsigned NumQ;    /* queues, 1..64 (48 warp id, 8 block id, 32 in-block warp id) */
    unsigned Sig;     /* signature: 0 warp id, 1 block id, 2 in-block warp id */
    unsigned Depth;   /* entries per queue, 1..32 */
    unsigned Drain;   /* 0 fixed-order, 1 round-robin, 2 longest-first */
    unsigned Greedy;  /* 1: keep draining the last queue while it has a visible entry */
    unsigned Flush;   /* 1: flush option (reads only stored; writes flush their queue) */
    unsigned Latency; /* enqueue-to-dequeue latency in cycles, 3..18 */
    unsigned Bypass;  /* 0 off, 1 on all stalls, 2 on associativity stalls */
    unsigned AddrW;   /* line-address bits, 1..64 */
    unsigned PcW;     /* PC bits, 1..64 */
    unsigned TagW;    /* producer tag bits, 1..32 */
} mrpb_cfg;

static inline unsigned mrpb_qw(const mrpb_cfg *P) { return bits_idx_w(P->NumQ); }
static inline unsigned mrpb_lenw(const mrpb_cfg *P) { return bits_count_w(P->Depth); }
static inline unsigned mrpb_ptrw(const mrpb_cfg *P) { return bits_idx_w(P->Depth); }

/* Port structs, one uint64_t (or uint64_t words) per port, from the port list. */
#define MRPB_IN_FIELD_N(dir, name, width, group, desc) MRPB_FIELD_N_##dir(name)
#define MRPB_IN_FIELD_W(dir, name, width, words, group, desc) MRPB_FIELD_W_##dir(name, words)
#define MRPB_FIELD_N_IN(name) uint64_t name;
#define MRPB_FIELD_N_OUT(name)
#define MRPB_FIELD_W_IN(name, words) uint64_t name[words];
#define MRPB_FIELD_W_OUT(name, words)
#define MRPB_OUT_FIELD_N(dir, name, width, group, desc) MRPB_FIELD_N_##dir##_O(name)
#define MRPB_OUT_FIELD_W(dir, name, width, words, group, desc) MRPB_FIELD_W_##dir##_O(name, words)
#define MRPB_FIELD_N_IN_O(name)
#define MRPB_FIELD_N_OUT_O(name) uint64_t name;
#define MRPB_FIELD_W_IN_O(name, words)
#define MRPB_FIELD_W_OUT_O(name, words) uint64_t name[words];

#include "mrpb.def"

typedef struct mrpb_in {
    MRPB_PORTS(MRPB_IN_FIELD_N, MRPB_IN_FIELD_W)
} mrpb_in;

typedef struct mrpb_out {
    MRPB_PORTS(MRPB_OUT_FIELD_N, MRPB_OUT_FIELD_W)
} mrpb_out;

/* One stored request (a queue entry or the outbound register). */
typedef struct mrpb_req {
    uint64_t addr, pc;
    uint32_t tag;
    uint8_t write, warp, block, inblk, lane;
} mrpb_req;

/* State: exactly the RTL registers of mrpb.v. */
typedef struct mrpb_state {
    mrpb_cfg cfg;
    uint8_t len[MRPB_MAX_NQ];                 /* len_q: entries held or in flight */
    uint8_t vis[MRPB_MAX_NQ];                 /* vis_q: entries visible to the drain */
    uint8_t head[MRPB_MAX_NQ];                /* head_q: read pointer */
    uint8_t tail[MRPB_MAX_NQ];                /* tail_q: write pointer */
    uint8_t dly_valid[MRPB_MAX_STAGES];       /* u_dly: visibility delay line */
    uint8_t dly_q[MRPB_MAX_STAGES];
    uint8_t obuf_valid;                       /* obuf_valid_q */
    mrpb_req obuf;                            /* obuf_*_q */
    uint8_t last_q;                           /* last_q_q: last drained queue */
    uint8_t last_valid;                       /* last_valid_q */
    mrpb_req mem[MRPB_MAX_NQ * MRPB_MAX_DEPTH]; /* u_store: queue storage, {queue, slot} */
    /* Derived from the registers above, kept up to date so that a cycle costs O(1)
     * whatever NumQ is; not registers of the RTL (it computes them as wires). */
    uint64_t elig;                            /* bit q: vis[q] != 0 */
    uint64_t qlen_words[MRPB_QLEN_WORDS];     /* len[] packed as on qlen_o */
    uint8_t lenw;                             /* mrpb_lenw(&cfg), a constant */
} mrpb_state;

void mrpb_cfg_default(mrpb_cfg *cfg);                 /* the seed's final design */
int mrpb_cfg_preset(mrpb_cfg *cfg, const char *name); /* final | warp | block | inblk */
int mrpb_cfg_set(mrpb_cfg *cfg, const char *key, const char *val, char *err, size_t n);
int mrpb_cfg_validate(const mrpb_cfg *cfg, char *err, size_t n);
void mrpb_cfg_format(const mrpb_cfg *cfg, char *buf, size_t n);

void mrpb_init(mrpb_state *s, const mrpb_cfg *cfg); /* power-on: registers zero (as reset) */
void mrpb_eval(const mrpb_state *s, const mrpb_in *in, mrpb_out *out);
void mrpb_tick(mrpb_state *s, const mrpb_in *in);

/* Queue length as seen on qlen_o. */
unsigned mrpb_qlen(const mrpb_out *out, const mrpb_cfg *cfg, unsigned q);

extern const blk_kind mrpb_kind;

#endif
