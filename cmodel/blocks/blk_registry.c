/* blk_registry.c: the block kinds this build knows, and configuration building. */
#include <stdio.h>
#include <string.h>

#include "blk.h"
#include "mrpb.h"

static const blk_kind *const blk_all[] = {&mrpb_kind, NULL};

const blk_kind *blk_find(const char *name)
{
    int i;
    for (i = 0; blk_all[i]; i++)
        if (!strcmp(blk_all[i]->name, name)) return blk_all[i];
    return NULL;
}

const char *blk_names(void) { return "mrpb"; }

int blk_cfg_build(const blk_kind *k, void *cfg, const char *preset, const char *sets,
                  char *err, size_t n)
{
    char buf[1024], *tok, *save = NULL;
    if (preset && *preset) {
        if (k->cfg_preset(cfg, preset)) {
            snprintf(err, n, "%s: unknown preset '%s'", k->name, preset);
            return -1;
        }
    } else {
        k->cfg_default(cfg);
    }
    if (sets && *sets) {
        if (strlen(sets) >= sizeof buf) {
            snprintf(err, n, "%s: configuration string too long", k->name);
            return -1;
        }
        strcpy(buf, sets);
        for (tok = strtok_r(buf, ", ", &save); tok; tok = strtok_r(NULL, ", ", &save)) {
            char *eq = strchr(tok, '=');
            if (!eq) {
                snprintf(err, n, "%s: '%s' is not Key=Value", k->name, tok);
                return -1;
            }
            *eq = 0;
            if (k->cfg_set(cfg, tok, eq + 1, err, n)) return -1;
        }
    }
    return k->cfg_validate(cfg, err, n);
}
