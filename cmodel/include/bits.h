/* bits.h: bit-width helpers shared by every C model (masks, clog2). */
#ifndef BITS_H
#define BITS_H

#include <stdint.h>

/* All-ones mask of `w` bits, 0 <= w <= 64. */
static inline uint64_t bits_mask(unsigned w)
{
    return w >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << w) - 1);
}

/* Bits needed to index n things (at least 1): ceil(log2(n)), min 1. */
static inline unsigned bits_idx_w(unsigned n)
{
    unsigned w = 1;
    while (((uint64_t)1 << w) < n) w++;
    return w;
}

/* Bits needed to hold the values 0..n. */
static inline unsigned bits_count_w(unsigned n)
{
    unsigned w = 1;
    while (((uint64_t)1 << w) <= n) w++;
    return w;
}

#endif
