/* waves.c: GTKWave save files (.gtkw) with a block's signals grouped by meaning. */
#include <stdio.h>
#include <string.h>

#include "lockstep.h"
#include "mrpb.h"

#define GTKW_BIN "@28"
#define GTKW_HEX "@22"
#define GTKW_DEC "@24"

static void sig(FILE *f, const char *scope, const char *name, unsigned w, const char *alias)
{
    fprintf(f, "%s\n", w == 1 ? GTKW_BIN : GTKW_HEX);
    if (alias) fprintf(f, "+{%s} ", alias);
    if (w > 1) fprintf(f, "%s.%s[%u:0]\n", scope, name, w - 1);
    else fprintf(f, "%s.%s\n", scope, name);
}

static void group_begin(FILE *f, const char *name) { fprintf(f, "@800200\n-%s\n", name); }
static void group_end(FILE *f, const char *name) { fprintf(f, "@1000200\n-%s\n", name); }

static const struct {
    const char *group, *title;
} port_groups[] = {
    {"ctl", "control"}, {"req", "request in (coalescer)"}, {"out", "request out (L1, bypass)"},
    {"drn", "drain selector and flush"}, {NULL, NULL}};

/* one decimal trace per queue of a counter bank, aliased name[i] */
static void bank_group(FILE *f, const char *title, const char *dut, const char *bank,
                       const char *alias, unsigned n, unsigned w)
{
    unsigned q;
    group_begin(f, title);
    for (q = 0; q < n; q++) {
        fprintf(f, GTKW_DEC "\n+{%s[%u]} %s.%s.count_q[%u]", alias, q, dut, bank, q);
        if (w > 1) fprintf(f, "[%u:0]", w - 1);
        fprintf(f, "\n");
    }
    group_end(f, title);
}

/* MRPB internals: per-queue lengths, visible counts and the drain state. */
static void mrpb_groups(FILE *f, const mrpb_cfg *c, const char *dut)
{
    unsigned lw = mrpb_lenw(c), qw = mrpb_qw(c);
    bank_group(f, "queue lengths (len_q)", dut, "u_len", "len", c->NumQ, lw);
    bank_group(f, "visible entries (vis_q)", dut, "u_vis", "vis", c->NumQ, lw);
    group_begin(f, "drain state");
    sig(f, dut, "elig", c->NumQ, "eligible queues");
    sig(f, dut, "last_q_q", qw, "last drained queue");
    sig(f, dut, "last_valid_q", 1, NULL);
    sig(f, dut, "prio", 1, "flush/full priority");
    sig(f, dut, "hold", 1, "greedy hold");
    sig(f, dut, "obuf_valid_q", 1, "outbound valid");
    sig(f, dut, "load_ok", 1, "outbound can load");
    group_end(f, "drain state");
}

int waves_write_gtkw(const char *gtkw_path, const char *fst_path, const blk_kind *k,
                     const void *cfg, const char *scope, uint64_t t_start, uint64_t marker)
{
    blk_port ports[BLK_MAX_PORTS];
    char dut[160];
    int np = k->ports(cfg, ports, BLK_MAX_PORTS), i, g;
    FILE *f = fopen(gtkw_path, "w");
    if (!f) return -1;
    snprintf(dut, sizeof dut, "%s.u_dut", scope);
    fprintf(f, "[*] written by the %s lockstep engine\n[dumpfile] \"%s\"\n[savefile] \"%s\"\n",
            k->name, fst_path, gtkw_path);
    fprintf(f, "[timestart] %llu\n[size] 1600 900\n[sst_width] 260\n[signals_width] 300\n",
            (unsigned long long)t_start);
    fprintf(f, "*-6.000000 %llu", (unsigned long long)marker);
    for (i = 0; i < 26; i++) fprintf(f, " -1");
    fprintf(f, "\n");
    sig(f, scope, "clk_i", 1, NULL);
    sig(f, scope, "mismatch_i", 1, "MISMATCH (C vs RTL)");
    for (g = 0; port_groups[g].group; g++) {
        group_begin(f, port_groups[g].title);
        for (i = 0; i < np; i++) {
            if (strcmp(ports[i].group, port_groups[g].group)) continue;
            sig(f, scope, ports[i].name, ports[i].width, NULL);
            if (ports[i].dir == BLK_OUT) {
                char n2[96], al[96];
                snprintf(n2, sizeof n2, "cm_%s", ports[i].name);
                snprintf(al, sizeof al, "C: %s", ports[i].name);
                sig(f, scope, n2, ports[i].width, al);
            }
        }
        group_end(f, port_groups[g].title);
    }
    if (!strcmp(k->name, "mrpb")) mrpb_groups(f, cfg, dut);
    return fclose(f);
}
