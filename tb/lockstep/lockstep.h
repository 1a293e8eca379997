/*
 * lockstep.h: bind a block as rtl or lockstep behind blk_inst (cmodel/include/blk.h).
 *
 * lockstep: the C model and the Verilated RTL get the same inputs; every eval compares
 * every output port, and every tick compares the block's state probes (internal
 * registers its port list declares) after the clock edge. The first mismatch prints a
 * report (block, instance, config, cycle, signal or register, C value, RTL value, how
 * to reproduce), writes an FST of the last `window` cycles with the C model's outputs
 * beside the RTL's and a GTKWave save file, and makes eval/tick return non-zero. Both
 * models are reset once at bind time, so the comparison starts at the driver's first
 * cycle.
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
} ls_opts;

int blk_bind_rtl(blk_inst *bi, const blk_kind *k, const void *cfg, const rtl_ops *ops,
                 char *err, size_t n);
int blk_bind_lockstep(blk_inst *bi, const blk_kind *k, const void *cfg, const rtl_ops *ops,
                      const ls_opts *o, char *err, size_t n);

/* Cycles whose outputs were compared so far (lockstep only; 0 otherwise). */
uint64_t lockstep_checked(const blk_inst *bi);
/* Full waveform of an rtl or lockstep instance from now on (make waves). 0 ok. */
int blk_trace_open(blk_inst *bi, const char *fst_path);

/* Write a GTKWave save file for `fst` showing the block's signals in groups. */
int waves_write_gtkw(const char *gtkw_path, const char *fst_path, const blk_kind *k,
                     const void *cfg, const char *scope, uint64_t t_start, uint64_t marker);

/* The mismatch report from its title line ("LOCKSTEP MISMATCH") to its reproduce line:
 * block, instance, config, cycle, each differing output (C and RTL values), the
 * inputs. Shared by the lockstep engine and the VPI checker (tb/vpi/blkvpi.c). */
void ls_report_text(FILE *o, const char *title, const blk_kind *k, const void *cfg,
                    const char *instance, uint64_t cycle, const blk_port *ports, int np,
                    const void *c_out, const void *r_out, const void *in, const char *repro);

/* Value of a port as text (hex for wide or multi-bit, 0/1 for one bit). */
void blk_port_format(const blk_port *p, const void *s, char *buf, size_t n);

#endif
