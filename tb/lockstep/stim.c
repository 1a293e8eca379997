/* stim.c: stimulus registry (one generator per block of cmodel/blocks.def, named
 * <block>_stim_ops in tb/blocks/<block>/<block>_stim.c) and knob parsing. */
#include "stim.h"

#include "num.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BLOCK(name, hook) extern const stim_ops name##_stim_ops;
#include "blocks.def"
#undef BLOCK

static const stim_ops *const stim_all[] = {
#define BLOCK(name, hook) &name##_stim_ops,
#include "blocks.def"
#undef BLOCK
    NULL};

const stim_ops *stim_find(const char *block)
{
    int i;
    for (i = 0; stim_all[i]; i++)
        if (!strcmp(stim_all[i]->block, block)) return stim_all[i];
    return NULL;
}

int stim_knobs_parse(const char *knobs, const stim_knob *t, double *vals, char *err, size_t n)
{
    char buf[1024], *tok, *save = NULL;
    int i, nk, seen[64] = {0};
    for (nk = 0; t[nk].name; nk++) vals[nk] = t[nk].def;
    if (!knobs || !*knobs) return 0;
    if (strlen(knobs) >= sizeof buf) {
        snprintf(err, n, "knobs: the list is longer than %d characters", (int)sizeof buf - 1);
        return -1;
    }
    strcpy(buf, knobs);
    for (tok = buf; tok; tok = save) {
        char *eq, what[80];
        if ((save = strchr(tok, ','))) *save++ = 0;
        if (!*tok) {
            snprintf(err, n, "knobs '%.60s': an empty entry (k=v,k=v with nothing between commas)", knobs);
            return -1;
        }
        eq = strchr(tok, '=');
        double v;
        int rc;
        if (!eq) {
            snprintf(err, n, "knob '%.40s' is not name=value", tok);
            return -1;
        }
        *eq = 0;
        for (i = 0; i < nk; i++)
            if (!strcmp(t[i].name, tok)) break;
        if (i == nk) {
            char help[768];
            stim_knobs_help(t, help, sizeof help);
            snprintf(err, n, "unknown knob '%.40s' (knobs: %s)", tok, help);
            return -1;
        }
        if (i < 64 && seen[i]++) {
            snprintf(err, n, "knob %s given twice", tok);
            return -1;
        }
        if (t[i].integer) {
            uint64_t u = 0;
            rc = num_u64(eq + 1, (uint64_t)t[i].lo, (uint64_t)t[i].hi, &u);
            v = (double)u;
        } else {
            rc = num_real(eq + 1, t[i].lo, t[i].hi, &v);
        }
        if (rc) {
            snprintf(what, sizeof what, "knob %.60s", tok);
            if (t[i].integer)
                num_err_u64(err, n, what, eq + 1, rc, (uint64_t)t[i].lo, (uint64_t)t[i].hi);
            else
                num_err_real(err, n, what, eq + 1, rc, t[i].lo, t[i].hi);
            return -1;
        }
        vals[i] = v;
    }
    return 0;
}

void stim_knobs_help(const stim_knob *t, char *buf, size_t n)
{
    size_t at = 0;
    int i;
    if (n) buf[0] = 0;
    for (i = 0; t[i].name && at < n; i++)
        at += (size_t)snprintf(buf + at, n - at, "%s%s=%g..%g (%s)", i ? " " : "", t[i].name, t[i].lo,
                               t[i].hi, t[i].what);
}
