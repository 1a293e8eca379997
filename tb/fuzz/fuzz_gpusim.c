/*
 * fuzz_gpusim.c: gpusim's command line (tb/gpu/gpusim.c, built with main renamed). The
 * input is the arguments, one a line, after --print-rtl-needs (first, so that no option
 * takes it as its value), so that a valid command line stops after every check
 * instead of simulating. Checks: exit 0 or 2; an
 * exit 2 prints exactly one line on stderr, an exit 0 none; no sanitizer report.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

int gpusim_main(int argc, char **argv);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fz_str(data, size), *argv[40], *p = text;
    int argc = 0, rc, lines;
    static int quiet;
    if (!quiet) { /* stdout (help, lists, needs) is not checked */
        if (!freopen("/dev/null", "w", stdout)) abort();
        quiet = 1;
    }
    argv[argc++] = "gpusim";
    argv[argc++] = "--print-rtl-needs"; /* first, so that no option can take it as its value */
    while (p && argc < 38) {
        char *nl = strchr(p, '\n');
        if (nl) *nl = 0;
        argv[argc++] = p;
        p = nl ? nl + 1 : NULL;
    }
    argv[argc] = NULL;
    fz_err_begin();
    rc = gpusim_main(argc, argv);
    lines = fz_err_end();
    if (rc != 0 && rc != 2) fz_fail("gpusim's command line gave an exit other than 0 or 2", text);
    if (rc == 2 && lines != 1) fz_fail("a rejected command line must give exactly one line on stderr", text);
    if (rc == 0 && lines != 0) fz_fail("an accepted command line printed on stderr", text);
    free(text);
    return 0;
}
