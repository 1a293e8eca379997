/* blk_c.c: the `c` binding of any block kind: its C model behind blk_inst. */
#include "blk.h"

#include <stdio.h>
#include <stdlib.h>

static int c_eval(void *self, const void *in, void *out)
{
    const blk_kind **kp = self;
    (*kp)->c_eval((const char *)self + sizeof(void *) * 2, in, out);
    return 0;
}

static int c_tick(void *self, const void *in)
{
    const blk_kind **kp = self;
    (*kp)->c_tick((char *)self + sizeof(void *) * 2, in);
    return 0;
}

int blk_bind_c(blk_inst *bi, const blk_kind *kind, const void *cfg, char *err, size_t n)
{
    void *self;
    if (blk_cfg_validate(kind, cfg, err, n)) return -1;
    /* layout: kind pointer, padding, then the state (aligned to 16 bytes) */
    self = calloc(1, sizeof(void *) * 2 + kind->state_size);
    if (!self) {
        snprintf(err, n, "%s: out of memory", kind->name);
        return -1;
    }
    *(const blk_kind **)self = kind;
    kind->c_init((char *)self + sizeof(void *) * 2, cfg);
    blk_inst_set(bi, kind, BLK_MODE_C, self, c_eval, c_tick, free);
    return 0;
}

const void *blk_c_state(const blk_inst *bi)
{
    return bi->mode == BLK_MODE_C ? (const char *)bi->self + sizeof(void *) * 2 : NULL;
}
