/* main.c: the block C models' unit tests (build/bin/test_units): one entry point
 * <block>_unit_tests() per block of cmodel/blocks.def, in tb/blocks/<block>/<block>_test.c. */
#include <stdio.h>

#include "unit.h"

#define BLOCK(name, hook) void name##_unit_tests(void);
#include "blocks.def"
#undef BLOCK

int main(int argc, char **argv)
{
    int rc = unit_args(argc, argv, "test_units",
                       "the block C models' unit tests (tb/blocks/<block>/<block>_test.c)");
    if (rc >= 0) return rc;
#define BLOCK(name, hook)                        \
    do {                                         \
        int f0 = unit_fail, p0 = unit_pass;      \
        name##_unit_tests();                     \
        printf("%s: %d checks passed, %d failed\n", #name, unit_pass - p0, unit_fail - f0); \
    } while (0);
#include "blocks.def"
#undef BLOCK
    return unit_summary("block C models");
}
