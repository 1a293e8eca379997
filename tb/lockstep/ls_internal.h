/* ls_internal.h: what the lockstep engine's files share (tb/lockstep/ls_*.c; the
 * interface is lockstep.h). Not for other programs.
 *
 *   ls_bind.c    the rtl binding, the set-up both bindings share, blk_trace_open/expect
 *   ls_trace.c   waveform bookkeeping (which signals changed; the save file by waves.c)
 *   ls_engine.c  the lockstep binding: its synchronous path and its state probes
 *   ls_worker.c  the asynchronous path: the RTL thread and its ring
 *   ls_replay.c  replay from a snapshot (the mismatch waveform, an async mismatch's values)
 *   ls_report.c  the mismatch report
 *
 * Cost per cycle, synchronous: the C model, the RTL, one comparison of the outputs done
 * on the Verilated ports (no copy: rtl_ops.eval_cmp), the inputs kept in the replay
 * ring, and 1/64 of a state-probe compare. State probes asked for every cycle are
 * compared every probe_stride (LS_PROBE_STRIDE, 64) cycles when a replay is possible
 * (out_base): the C model's probe struct (its c_probe fills every element: for rft
 * 5,500 instructions, four times the RTL's cycle) against a copy of the RTL's kept
 * element by element from the packed pr_* words that changed, one memcmp over the
 * elements in use. Snapshots are taken right after a passing compare, so a mismatch
 * (an output at any cycle, or probes at a compare) is replayed from the snapshot with
 * every cycle compared (ls_first_wrong) and reported at the first cycle whose outputs
 * or state differ, as a compare of every cycle would have (--probe-stride 1 does that;
 * a difference that comes and goes between two compares without reaching an output is
 * not seen). Measured in instructions a cycle (callgrind, rft final): RTL alone 1,450;
 * lockstep 8,440 before the stride, 2,240 after (C model ~600, engine ~200).
 * Asynchronous: the driver's thread runs the C model and packs inputs, outputs and,
 * every probe_stride cycles, probes (generated code) into a ring; a second thread runs
 * the RTL and compares compact outputs and packed probe words with one memcmp each. It
 * is used only when a core is spare (ls_core_spare): on a busy two-core machine the two
 * threads fight and the run is slower than on one. Either way a difference is then
 * looked at element by element for the report. With a waveform (tracing) each cycle
 * also notes which bits changed (a few 64-bit ORs) for the save file; the FST itself
 * (two dumps a cycle, the writer's flush and compression) is most of that path. */
#ifndef LS_INTERNAL_H
#define LS_INTERNAL_H

#include <pthread.h>
#include <stdint.h>
#include <string.h>

#include "lockstep.h"

#define LS_SNAP_MIN 16384 /* cycles between RTL snapshots (at least the window) */
#define LS_POST 4         /* cycles dumped after a failing one (its inputs held) */
#define LS_PAD 64         /* a mismatch file's end: that many cycles of nothing after it */
#define LS_RING 16384     /* asynchronous: ring entries between the two threads (a few
                           * ms of the RTL's work: the threads ride out each other's
                           * time slices on a busy machine) */
#define LS_TUNIT 100      /* GTKWave units a file unit: mk/rtl.mk's 100 ps precision */
#define LS_PROBE_STRIDE 64 /* state probes "every cycle": compared every that many cycles,
                            * a difference then located by replay (ls_first_wrong) */

static inline size_t port_bytes(const blk_port *p) { return (p->words ? p->words : 1) * sizeof(uint64_t); }

/* ------------------------------------------------------------------ shared by both bindings */

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

char *ls_dupstr(const char *x);
/* The first output port whose values differ: 1 + its index, or 0. */
unsigned ls_first_out_diff(const blk_port *p, int np, const void *a, const void *b);
int ls_common_init(ls_common *c, const blk_kind *k, const void *cfg, const rtl_ops *ops, int probes);
void ls_common_free(ls_common *c);
/* The RTL in this program fits the block and configuration? 0, or -1 and err. */
int ls_check_build(const blk_kind *k, const void *cfg, const rtl_ops *ops, char *err, size_t n);
/* One reset cycle, so that X-initialised RTL registers and the C model agree. */
void ls_reset_input(const blk_kind *k, const void *cfg, void *in);

/* ls_trace.c: waveform bookkeeping */
void ls_trace_free(ls_trace *t);
ls_trace *ls_trace_new(const ls_common *c, const char *fst, uint64_t c0, int rtl_only);
void ls_trace_note(ls_trace *t, const ls_common *c, const void *in, const void *r_out,
                   const void *c_out, const unsigned *rw, const unsigned *cw);
void ls_trace_expect_seen(ls_trace *t, const ls_common *c, const void *exp, const void *care);
unsigned ls_expect_fails(const ls_common *c, const void *out, const void *exp, const void *care);
int ls_trace_write_gtkw(ls_trace *t, const ls_common *c, int any_exp);
void ls_live_trace_end(ls_trace **tr, const ls_common *c, rtl_model *m, int any_exp);

/* ------------------------------------------------------------------ the lockstep binding */

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
    unsigned probe_stride; /* > 1: probes compared every probe_stride cycles, a mismatch's
                            * first wrong cycle found by replay (probe_every is 1) */
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
    int threads;              /* 2: bound with the RTL on its own thread */
    ls_trace *tr;
    ls_async *as;
    char *out_base, *repro, *instance;
} ls;

static inline const unsigned char *ring_in(const ls *s, uint64_t c) { return s->ring + (c & (s->ring_n - 1)) * s->c.k->in_size; }
static inline unsigned char *ring_x(const ls *s, uint64_t c) { return s->xring + (c & (s->ring_n - 1)) * s->xsize; }

/* ls_engine.c: the synchronous path */
int ls_eval(void *self, const void *in, void *out);
int ls_tick(void *self, const void *in);
void ls_note_expect(ls *s);
/* The first probe element that differs (c_pr, r_pr): its mismatch code, or 0. */
unsigned ls_probe_code(const ls *s);
int ls_trace_open_live(ls *s, const char *fst_path);
void ls_trace_expect_live(ls *s, const void *exp_out, const void *care, unsigned line);

/* ls_worker.c: the asynchronous path */
int ls_eval_async(void *self, const void *in, void *out);
int ls_tick_async(void *self, const void *in);
int ls_as_start(ls *s);
/* ls_opts.async: 1 if the RTL should get a thread of its own (2: whenever there are two
 * cores; 1: four or more, or two or three of which about two are idle now) */
int ls_core_spare(int mode);
int ls_as_leave(ls *s);
void ls_as_free(ls_async *a);

/* ls_replay.c */
int ls_replay(ls *s, uint64_t start, uint64_t m, const void *in_m, const char *fst,
              int m_is_probe, unsigned post, unsigned *marks, uint64_t *first);

/* Probes compared every probe_stride cycles: the first cycle at or before s->cycle whose
 * outputs or state differ, found by replay from the snapshot (taken after a passing probe
 * check). s->cycle, c_out/r_out, c_pr/r_pr move there; returns that cycle's inputs
 * (`in` if it is s->cycle) and sets *is_probe to that mismatch's kind. */
const void *ls_first_wrong(ls *s, const void *in, int *is_probe);

/* ls_report.c */
void ls_report(ls *s, const void *in, int is_probe);

#endif
