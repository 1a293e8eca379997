/*
 * num.h: the one number parser of the project. Every number a user gives (command-line
 * values, block parameters, GPU settings, stimulus knobs, vector values) goes through
 * it, so that every tool accepts the same spellings and rejects the same mistakes.
 *
 * Integers: decimal digits, or 0x / 0X and hex digits; nothing else (no sign, no
 * spaces, no octal: "010" is ten); the whole token; range-checked.
 * Reals: an optional '-', digits with at most one '.' among or after them (at least one
 * digit: "5.", ".5" and "-0.5" are numbers, "." is not), then an optional e[+-]digits;
 * finite (no nan, no inf, no hex floats); the whole token; range-checked. Read with
 * strtod in the C locale (no program here calls setlocale).
 */
#ifndef NUM_H
#define NUM_H

#include <stddef.h>
#include <stdint.h>

enum { NUM_OK = 0, NUM_SYNTAX = -1, NUM_RANGE = -2 };

/* 0 and *v set, or NUM_SYNTAX / NUM_RANGE (then *v is untouched) */
int num_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *v);
int num_uint(const char *s, unsigned lo, unsigned hi, unsigned *v);
int num_real(const char *s, double lo, double hi, double *v);

/* One line for a failed num_*: "<what> '<s>': not a number (an integer lo..hi)" and the
 * like. `what` names the option, key or file:line. */
void num_err_u64(char *err, size_t n, const char *what, const char *s, int rc, uint64_t lo,
                 uint64_t hi);
void num_err_real(char *err, size_t n, const char *what, const char *s, int rc, double lo,
                  double hi);

#endif
