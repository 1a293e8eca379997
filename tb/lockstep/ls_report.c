/* ls_report.c: the lockstep mismatch report (lockstep.h's ls_report_text, shared with
 * the VPI checker, and the engine's report with its state probes and waveform). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ls_internal.h"

/* The report's text from its title to the reproduce line (lockstep.h); the lockstep
 * engine and the VPI checker (tb/vpi) print the same lines. */
void ls_report_text(FILE *o, const char *title, const blk_kind *k, const void *cfg,
                    const char *instance, uint64_t cycle, const blk_port *ports, int np,
                    const void *c_out, const void *r_out, const void *in, const char *repro)
{
    char cfgtxt[1024], a[160], b[160];
    int i, first = 1;

    blk_cfg_format(k, cfg, cfgtxt, sizeof cfgtxt);
    fprintf(o, "\n%s\n  block:    %s\n  instance: %s\n  config:   %s\n"
               "  cycle:    %llu (cycles counted from 0 after the bind-time reset)\n",
            title, k->name, instance ? instance : k->name, cfgtxt, (unsigned long long)cycle);
    for (i = 0; i < np; i++) {
        const blk_port *p = &ports[i];
        size_t bytes = (p->words ? p->words : 1) * sizeof(uint64_t);
        if (p->dir != BLK_OUT) continue;
        if (!memcmp((const char *)c_out + p->offset, (const char *)r_out + p->offset, bytes))
            continue;
        blk_port_format(p, c_out, a, sizeof a);
        blk_port_format(p, r_out, b, sizeof b);
        fprintf(o, "  %s %-14s C %s  RTL %s  (%u bits)\n", first ? "signal:" : "   also:", p->name,
                a, b, p->width);
        first = 0;
    }
    fprintf(o, "  inputs:  ");
    for (i = 0; i < np; i++)
        if (ports[i].dir == BLK_IN) {
            blk_port_format(&ports[i], in, a, sizeof a);
            fprintf(o, " %s=%s", ports[i].name, a);
        }
    fprintf(o, "\n  reproduce: %s\n", repro ? repro : "(no command given)");
}

/* The probe elements that differ, one line each (at most 8, then a count). */
static void ls_report_probes(FILE *o, const ls *s, const char *first_label)
{
    char a[160], b[160], nm[96];
    int i, shown = 0, more = 0;
    for (i = 0; i < s->c.nq; i++) {
        const blk_port *p = &s->c.probes[i];
        if (!memcmp((const char *)s->c_pr + p->offset, (const char *)s->r_pr + p->offset, port_bytes(p)))
            continue;
        if (shown == 8) {
            more++;
            continue;
        }
        blk_port_format(p, s->c_pr, a, sizeof a);
        blk_port_format(p, s->r_pr, b, sizeof b);
        if (p->index >= 0) snprintf(nm, sizeof nm, "%s[%d]", p->name, p->index);
        else snprintf(nm, sizeof nm, "%s", p->name);
        fprintf(o, "  %s %-14s C %s  RTL %s  (%u bits; RTL u_dut.%s%s)\n",
                shown ? "   also:" : first_label, nm, a, b, p->width, p->path,
                p->index >= 0 ? "[i]" : "");
        shown++;
    }
    if (more) fprintf(o, "   also:  %d more register elements differ\n", more);
}

/* The mismatch of cycle s->cycle (inputs `in`): report, then the waveform by replay.
 * c_out/r_out (outputs) or c_pr/r_pr (probes) hold both models' values. */
void ls_report(ls *s, const void *in, int is_probe)
{
    char fst[1024], gtkw[1024];
    uint64_t start = s->cycle + 1 >= s->window ? s->cycle + 1 - s->window : 0, first = 0;
    int rep = -1;
    FILE *o = stderr;

    s->reported = 1;
    if (is_probe) {
        /* the state after cycle s->cycle's edge differs; outputs of that cycle agreed */
        char cfgtxt[1024], a[160];
        int i;
        blk_cfg_format(s->c.k, s->c.cfg, cfgtxt, sizeof cfgtxt);
        fprintf(o, "\nLOCKSTEP MISMATCH (state)\n  block:    %s\n  instance: %s\n  config:   %s\n"
                   "  cycle:    %llu (cycles counted from 0 after the bind-time reset; the registers "
                   "after this cycle's clock edge)\n",
                s->c.k->name, s->instance ? s->instance : s->c.k->name, cfgtxt,
                (unsigned long long)s->cycle);
        ls_report_probes(o, s, "register:");
        fprintf(o, "  inputs:  ");
        for (i = 0; i < s->c.np; i++)
            if (s->c.ports[i].dir == BLK_IN) {
                blk_port_format(&s->c.ports[i], in, a, sizeof a);
                fprintf(o, " %s=%s", s->c.ports[i].name, a);
            }
        fprintf(o, "\n  reproduce: %s\n", s->repro ? s->repro : "(no command given)");
    } else {
        ls_report_text(o, "LOCKSTEP MISMATCH", s->c.k, s->c.cfg, s->instance, s->cycle, s->c.ports,
                       s->c.np, s->c_out, s->r_out, in, s->repro);
    }
    if (s->out_base) {
        unsigned n = (unsigned)(s->cycle - start) + LS_POST + 1;
        unsigned *marks = calloc(n, sizeof *marks);
        void *keep_c = malloc(s->c.k->out_size), *keep_r = malloc(s->c.k->out_size);
        snprintf(fst, sizeof fst, "%s.fst", s->out_base);
        snprintf(gtkw, sizeof gtkw, "%s.gtkw", s->out_base);
        /* first pass: which cycles differ and in what (the waveform's marks), then the
         * traced pass; the values reported above are kept */
        if (marks && keep_c && keep_r) {
            memcpy(keep_c, s->c_out, s->c.k->out_size);
            memcpy(keep_r, s->r_out, s->c.k->out_size);
            rep = ls_replay(s, start, s->cycle, in, NULL, is_probe, LS_POST, marks, &first);
            if (rep >= 0) rep = ls_replay(s, start, s->cycle, in, fst, is_probe, LS_POST, marks, &first);
            memcpy(s->c_out, keep_c, s->c.k->out_size);
            memcpy(s->r_out, keep_r, s->c.k->out_size);
        }
        free(marks), free(keep_c), free(keep_r);
        if (rep >= 0 && first < s->cycle)
            fprintf(o, "  first:    the models' state first differed after cycle %llu (a probe "
                       "compared only every %u cycles, or a register that had not reached an "
                       "output yet)\n",
                    (unsigned long long)first, s->probe_every * s->probe_stride);
        if (rep >= 0) {
            fprintf(o, "  waveform: %s (cycles %llu..%llu, time = 10 x cycle, shown as 1 ns a cycle; "
                       "%u cycles more with the inputs held; cm_* are the C model's outputs, "
                       "mismatch_i marks differing cycles, mismatch_port_i names the signal)\n"
                       "  view:     gtkwave %s\n",
                    fst, (unsigned long long)start, (unsigned long long)s->cycle, LS_POST, gtkw);
            if (!rep) fprintf(o, "  note:     the replay from the snapshot did not show the "
                                 "mismatch again; the waveform may not match the run\n");
        } else {
            fprintf(o, "  waveform: could not be written (%s)\n", fst);
        }
    }
    fflush(o);
}
