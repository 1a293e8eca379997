/* xor_fold.h: the XOR fold of a value into fewer bits (a hashed PC), as rtl/common/xor_fold.v. */
#ifndef XOR_FOLD_H
#define XOR_FOLD_H

#include <stdint.h>

#include "bits.h"

/* The `inw`-bit value v cut into `outw`-bit chunks from bit 0 up (the last one padded with
 * zeros), XORed together. 1 <= outw <= 32, inw <= 64. */
static inline uint32_t xor_fold(uint64_t v, unsigned inw, unsigned outw)
{
    uint64_t h = 0;
    v &= bits_mask(inw);
    for (unsigned b = 0; b < inw; b += outw) h ^= v >> b;
    return (uint32_t)(h & bits_mask(outw));
}

#endif
