/* unit.c: counters and the command line of unit.h. */
#include <string.h>

#include "unit.h"

int unit_pass, unit_fail;

int unit_summary(const char *suite)
{
    printf("%s: %d checks passed, %d failed\n", suite, unit_pass, unit_fail);
    return unit_fail ? 1 : 0;
}

int unit_args(int argc, char **argv, const char *prog, const char *what)
{
    int i;
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: %s   (no arguments)\n"
                   "  %s.\n"
                   "  Prints how many checks passed and failed; exit 0 if every check passed, 1 if\n"
                   "  one failed (each failure: a FAIL line on stderr).\n",
                   prog, what);
            return 0;
        }
    }
    if (argc > 1) {
        fprintf(stderr, "%s: unknown argument '%s' (it takes none; see --help)\n", prog, argv[1]);
        return 2;
    }
    return -1;
}
