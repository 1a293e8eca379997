/* unit.c: counters of unit.h. */
#include "unit.h"

int unit_pass, unit_fail;

int unit_summary(const char *suite)
{
    printf("%s: %d checks passed, %d failed\n", suite, unit_pass, unit_fail);
    return unit_fail ? 1 : 0;
}
