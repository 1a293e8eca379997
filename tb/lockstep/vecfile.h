/*
 * vecfile.h: directed vectors as text, one cycle a line.
 *
 *   # comment                       (anywhere; to end of line)
 *   preset final                    optional, before `in`
 *   config Flush=on,Latency=3       optional overrides, before `in`
 *   in  rst_i req_valid_i req_warp_i     the input columns (other inputs are 0)
 *   out req_ready_o out_valid_o          the expected-output columns
 *   [*N] v v v [| e e]              a cycle (N times); `-` = don't care
 *
 * Values: decimal or 0x-hex, and must fit the port's width.
 */
#ifndef VECFILE_H
#define VECFILE_H

#include <stdint.h>
#include <stdio.h>

#include "blk.h"

typedef struct vec_file vec_file;

/* Read a file; on error one line in err. */
vec_file *vec_open(const char *path, char *err, size_t n);
/* The same from an open stream; path names it in messages. */
vec_file *vec_read(FILE *f, const char *path, char *err, size_t n);
void vec_close(vec_file *v);
/* Build cfg from the file's preset and config lines; -1 with "file:line: why" in err. */
int vec_cfg_build(const vec_file *v, const blk_kind *k, void *cfg, char *err, size_t n);
/* Resolve the columns against a configuration's ports. 0 ok. */
int vec_bind(vec_file *v, const blk_port *ports, int np, char *err, size_t n);
/* Next cycle: fills `in` and the expected outputs; 1 = a cycle, 0 = end, -1 = error. */
int vec_next(vec_file *v, void *in, char *err, size_t n);
/* Compare outputs with the expectations of the current cycle; returns failures and
 * prints each as "file:line: cycle C: port expected X, got Y". */
int vec_check(vec_file *v, const void *out, uint64_t cycle, FILE *report);
uint64_t vec_checked(const vec_file *v); /* expected values compared so far */
/* The current cycle's expectations as out structs: exp_out holds each expected value
 * (0 elsewhere), care a non-zero first word where a value is expected; the cycle's line
 * in the file. For waveforms (blk_trace_expect). */
void vec_expected(const vec_file *v, void *exp_out, void *care, size_t out_size, unsigned *line);

/* Print a full vector file header / one cycle line (for --print). */
void vec_print_header(FILE *f, const blk_kind *k, const void *cfg, const blk_port *p, int np);
void vec_print_cycle(FILE *f, const blk_port *p, int np, const void *in, const void *out);

#endif
