/*
 * divider_model.h: the C model of rtl/common/divider.v (restoring division, one quotient
 * bit a cycle), register for register, shared by the C models of the blocks that
 * instantiate it. Width 1..64. The outputs are the registers (quotient_o is quo,
 * remainder_o rem, done_o done, busy_o cnt != 0); div_tick is the clock edge.
 */
#ifndef DIVIDER_MODEL_H
#define DIVIDER_MODEL_H

#include <stdint.h>

#include "bits.h"

typedef struct div_model {
    uint64_t rem, quo, div; /* rem_q, quo_q, div_q */
    uint32_t cnt;           /* cnt_q: steps left */
    uint8_t done;           /* done_q */
} div_model;

static inline void div_reset(div_model *d) { d->rem = d->quo = d->div = 0, d->cnt = 0, d->done = 0; }
static inline int div_busy(const div_model *d) { return d->cnt != 0; }

/* one clock edge: start (taken when not busy) with the operands, or a step */
static inline void div_tick(div_model *d, unsigned width, int start, uint64_t dividend, uint64_t divisor)
{
    uint64_t m = bits_mask(width);
    if (start && !d->cnt) {
        d->rem = 0;
        d->quo = dividend & m;
        d->div = divisor & m;
        d->cnt = width;
        d->done = 0;
    } else if (d->cnt) {
        /* the trial {rem, next dividend bit} has width + 1 bits: its top bit apart */
        unsigned top = (unsigned)(d->rem >> (width - 1) & 1);
        uint64_t lo = ((d->rem << 1) | (d->quo >> (width - 1) & 1)) & m;
        int fits = top || lo >= d->div;
        d->rem = (fits ? lo - d->div : lo) & m;
        d->quo = ((d->quo << 1) | (uint64_t)fits) & m;
        d->cnt--;
        d->done = d->cnt == 0;
    } else {
        d->done = 0;
    }
}

#endif
