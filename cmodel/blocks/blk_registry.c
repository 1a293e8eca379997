/* blk_registry.c: the block kinds of the block list (cmodel/blocks.def). */
#include <string.h>

#include "blk.h"

#define BLOCK(name, hook) extern const blk_kind name##_kind;
#include "blocks.def"
#undef BLOCK

static const blk_kind *const blk_all[] = {
#define BLOCK(name, hook) &name##_kind,
#include "blocks.def"
#undef BLOCK
    NULL};

static const char blk_all_names[] = ""
#define BLOCK(name, hook) " " #name
#include "blocks.def"
#undef BLOCK
    ;

const blk_kind *blk_find(const char *name)
{
    int i;
    for (i = 0; blk_all[i]; i++)
        if (!strcmp(blk_all[i]->name, name)) return blk_all[i];
    return NULL;
}

const char *blk_names(void) { return blk_all_names + 1; }

const blk_kind *blk_kind_at(unsigned i)
{
    return i < sizeof blk_all / sizeof blk_all[0] - 1 ? blk_all[i] : NULL;
}
