/*
 * lockstep.h: bind a block as rtl or lockstep behind blk_inst (cmodel/include/blk.h).
 *
 * lockstep: the C model and the Verilated RTL get the same inputs; every eval compares
 * every output port, and every tick compares the block's state probes (internal
 * registers its port list declares) after the clock edge. The first mismatch prints a
 * report (block, instance, config, cycle, signal or register, C value, RTL value, how
 * to reproduce), writes an FST of the last `window` cycles (and a few after, inputs
 * held) with the C model's outputs beside the RTL's and a GTKWave save file, and makes
 * eval/tick return non-zero. Both models are reset once at bind time, so the
 * comparison starts at the driver's first cycle.
 *
 * With out_base (a replay possible), probes asked for every cycle are compared every
 * probe_stride cycles (default 64) and snapshots follow a passing compare: a mismatch
 * is then replayed from the snapshot with every cycle compared and reported at the
 * first cycle whose outputs or registers differ, as a compare of each cycle would (the
 * run's eval/tick return non-zero up to probe_stride cycles after it).
 *
 * Asynchronous lockstep (ls_opts.async): the RTL runs on a second thread, a few hundred
 * cycles behind the driver, which sees the C model's outputs at once; comparisons are
 * identical, but a mismatch is noticed up to that many cycles later (eval/tick return
 * non-zero then). The report, reproduced by replay from a snapshot, is the same as the
 * synchronous one. The driver must call lockstep_sync() before it trusts that a run
 * passed (lockstep_checked() and destroy also wait for the RTL thread).
 */
#ifndef LOCKSTEP_H
#define LOCKSTEP_H

#include <stdint.h>
#include <stdio.h>

#include "blk.h"
#include "rtl_model.h"

typedef struct ls_opts {
    unsigned window;      /* cycles in the mismatch waveform (default 200) */
    const char *out_base; /* path prefix for <base>.fst / <base>.gtkw / <base>.txt */
    const char *repro;    /* a command that reproduces the run */
    const char *instance; /* e.g. "mrpb@3"; default: the block name */
    int probe_every;      /* state probes compared every N cycles (0: every cycle; -1: off) */
    int async;            /* the RTL on a second thread (needs out_base; see above): 1
                           * when a core is spare (4 or more, or about 2 idle now), 2
                           * whenever the machine has 2 cores */
    unsigned probe_stride; /* probe_every 1 with out_base: the probes are compared every
                            * probe_stride cycles (0: the engine's default, 64; 1: each
                            * cycle), a mismatch then located at its first cycle by replay */
} ls_opts;

int blk_bind_rtl(blk_inst *bi, const blk_kind *k, const void *cfg, const rtl_ops *ops,
                 char *err, size_t n);
int blk_bind_lockstep(blk_inst *bi, const blk_kind *k, const void *cfg, const rtl_ops *ops,
                      const ls_opts *o, char *err, size_t n);

/* Cycles whose outputs were compared so far (lockstep only; 0 otherwise). */
uint64_t lockstep_checked(const blk_inst *bi);
/* 2 if the binding ran the RTL on a second thread (asynchronous lockstep), else 1. */
int lockstep_threads(const blk_inst *bi);
/* Wait until every cycle given so far has been compared (asynchronous lockstep); non-zero
 * if a mismatch was found (its report is then printed). 0 for every other binding. */
int lockstep_sync(blk_inst *bi);
/* mkdir -p in C: 0 ok, else one line in err (no shell, no second message) */
int ls_mkdirs(const char *path, char *err, size_t n);
/* Full waveform of an rtl or lockstep instance from now on (make waves). 0 ok. When the
 * trace ends (destroy, or a mismatch) the engine writes <fst without .fst>.gtkw beside
 * it, knowing then which signals changed and where a mismatch was. */
int blk_trace_open(blk_inst *bi, const char *fst_path);
/* A vector run's expected outputs for the coming cycle (fields of `care` non-zero where
 * a value is expected) and the vector file's line: shown in waveforms under each output
 * (call before eval; ignored when nothing is traced or recorded). */
void blk_trace_expect(blk_inst *bi, const void *exp_out, const void *care, unsigned line);

/* What a waveform file holds, for its save file (all optional: zero = show everything). */
typedef struct waves_info {
    uint64_t c0, c1;       /* cycles in the file, c0..c1 */
    int64_t fail;          /* the failing cycle, or -1 */
    unsigned fail_code;    /* mismatch_port_i's value there: waves_code_name() */
    unsigned post;         /* cycles after the failing one (inputs held) */
    unsigned pad;          /* cycles of nothing after c1 at the file's end */
    unsigned tunit;        /* GTKWave time units a file unit (100: Verilator builds) */
    int extras;            /* the wrapper's waveform-only inputs exist (cycle_i, ...) */
    const unsigned char *port_tog;    /* [np]: the value changed in the file */
    const unsigned char *probe_tog;   /* [nq]: the register element changed */
    const unsigned char *probe_cdiff; /* [nq]: C and RTL differed (show the C value) */
    const unsigned char *port_exp;    /* [np]: expected values given (vector run) */
    const unsigned char *cm_tog;      /* [np]: the C value (cm_<port>) changed */
    /* optional, as in the in / out structs: the bits of each port that changed in the
     * file (inputs, the RTL's outputs, the C model's outputs); a field of a packed vector
     * (docs/waveforms.md) that never changes is folded */
    const void *in_bits, *out_bits, *cm_bits;
    const void *exp_bits; /* the bits in which an output's expected values differ from
                           * the RTL's value of the file's first cycle */
} waves_info;

/* Write a GTKWave save file for `fst` showing the block's signals in groups, with
 * translate filters for enumerated values (<gtkw without .gtkw>-filters/). */
int waves_write(const char *gtkw_path, const char *fst_path, const blk_kind *k,
                const void *cfg, const char *scope, const waves_info *wi);
/* The same for any FST with the block's ports and cm_* beside them at `scope` (the VPI
 * checker's): no waveform-only signals assumed; marker at `marker`. */
int waves_write_gtkw(const char *gtkw_path, const char *fst_path, const blk_kind *k,
                     const void *cfg, const char *scope, uint64_t t_start, uint64_t marker);
/* The port list's format tags ("[hex fields=K] ..." before a description: radix, packed
 * fields; docs/waveforms.md) valid for this configuration? 0, or -1 and one line in err. */
int waves_check(const blk_kind *k, const void *cfg, char *err, size_t n);
/* The name of a mismatch_port_i value: 1 + port index, or 1 + ports + probe element. */
void waves_code_name(const blk_port *p, int np, const blk_port *q, int nq, unsigned code,
                     char *buf, size_t n);

/* The mismatch report from its title line ("LOCKSTEP MISMATCH") to its reproduce line:
 * block, instance, config, cycle, each differing output (C and RTL values), the
 * inputs. Shared by the lockstep engine and the VPI checker (tb/vpi/blkvpi.c). */
void ls_report_text(FILE *o, const char *title, const blk_kind *k, const void *cfg,
                    const char *instance, uint64_t cycle, const blk_port *ports, int np,
                    const void *c_out, const void *r_out, const void *in, const char *repro);

/* Value of a port as text (hex for wide or multi-bit, 0/1 for one bit). */
void blk_port_format(const blk_port *p, const void *s, char *buf, size_t n);

#endif
