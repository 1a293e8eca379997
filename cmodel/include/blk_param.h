/*
 * blk_param.h: a block's parameters, declared once as a table.
 *
 * A block's <block>_params.def defines an X-macro list
 *
 *   #define FOO_PARAMS(X) \
 *     X(Name, lo, hi, default, names, "description") ...
 *
 * `names` is NULL for a number, or the value names separated by spaces ("off all assoc":
 * value 0 is off, 1 all, 2 assoc) for an enumerated parameter. From it follow the C
 * configuration struct (one unsigned per parameter, named as the Verilog parameter),
 * the table below, and shared parse / validate / format / tag / Verilog-parameter code
 * (blk_param.c, through blk_cfg_* in blk.h). `bits` is how many bits the largest legal
 * value needs.
 */
#ifndef BLK_PARAM_H
#define BLK_PARAM_H

#include <stddef.h>

typedef struct blk_param {
    const char *name;
    unsigned lo, hi, def;
    const char *names; /* NULL, or "name0 name1 ..." */
    const char *desc;
    size_t offset;     /* of the unsigned field in the configuration struct */
    unsigned bits;     /* bits of the largest legal value */
} blk_param;

/* bits to hold v (v < 2^32), as a constant expression */
#define BLK_BITS(v)                                                                       \
    ((v) < 2u ? 1u : (v) < 4u ? 2u : (v) < 8u ? 3u : (v) < 16u ? 4u : (v) < 32u ? 5u       \
     : (v) < 64u ? 6u : (v) < 128u ? 7u : (v) < 256u ? 8u : (v) < 512u ? 9u               \
     : (v) < 1024u ? 10u : (v) < 65536u ? 16u : 32u)

/* X-macro helpers: the struct field, and the table row (BLK_T_CFG names the struct). */
#define BLK_PARAM_FIELD(name, lo, hi, def, names, desc) unsigned name;
#define BLK_PARAM_ROW(name, lo, hi, def, names, desc) \
    {#name, lo, hi, def, names, desc, offsetof(BLK_T_CFG, name), BLK_BITS(hi)},

#endif
