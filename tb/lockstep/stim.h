/*
 * stim.h: seeded constrained-random stimulus, one generator per block kind.
 * Deterministic: the same block, configuration, seed and knobs give the same inputs.
 */
#ifndef STIM_H
#define STIM_H

#include <stdint.h>

#include "blk.h"

typedef struct stim stim;

/* A knob of a generator: a probability or a count, with its range. Tables end with a
 * NULL name. */
typedef struct stim_knob {
    const char *name;
    double def, lo, hi;
    int integer; /* whole numbers only */
    const char *what;
} stim_knob;

typedef struct stim_ops {
    const char *block;
    const stim_knob *knobs;
    stim *(*create)(const void *cfg, uint64_t seed, const char *knobs, char *err, size_t n);
    void (*next)(stim *s, void *in);                             /* this cycle's inputs */
    void (*observe)(stim *s, const void *in, const void *out);   /* after the last eval */
    void (*destroy)(stim *s);
} stim_ops;

const stim_ops *stim_find(const char *block);

/* xoshiro-style 64-bit generator shared by the stimulus generators */
typedef struct stim_rng {
    uint64_t s;
} stim_rng;
static inline uint64_t stim_rand(stim_rng *r)
{
    /* splitmix64: small state, good enough mixing for stimulus */
    uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}
static inline int stim_chance(stim_rng *r, double p)
{
    return (double)(stim_rand(r) >> 11) * (1.0 / 9007199254740992.0) < p;
}
static inline unsigned stim_below(stim_rng *r, unsigned n) { return (unsigned)(stim_rand(r) % n); }

/* vals[i] = table[i].def, then "k=v,k=v" over them (numbers as num.h, each in its
 * knob's range, a knob at most once); 0 ok, else one line in err. */
int stim_knobs_parse(const char *knobs, const stim_knob *table, double *vals, char *err,
                     size_t n);
/* "burst=0..1 (start a burst when idle) maxburst=1..1024 ..." for messages */
void stim_knobs_help(const stim_knob *table, char *buf, size_t n);

#endif
