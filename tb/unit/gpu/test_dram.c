/* test_dram.c: DRAM timing and FR-FCFS order on hand-worked cases
 * (tCL 12, tRP 12, tRCD 12, tRAS 28, tRC 40, tCCD 2, tRRD 6, tWR 12, burst 4). */
#include "gpu_dram.h"
#include "unit.h"

void test_dram(void);

static const dram_timing T = {12, 12, 12, 28, 40, 2, 6, 12, 4};

/* run until `want` reads complete (or a limit); record lines and times */
static unsigned run(gpu_dram *d, unsigned want, uint64_t *line, uint64_t *t)
{
    unsigned got = 0;
    for (unsigned c = 0; c < 1000 && got < want; c++) {
        gpu_dram_cycle(d);
        const dram_done *e;
        while ((e = gpu_dram_peek(d))) {
            line[got] = e->line;
            t[got] = d->now; /* first cycle count at which it is visible */
            got++;
            gpu_dram_pop(d);
        }
    }
    return got;
}

/* a picker that records what it is told and keeps FR-FCFS's choice */
static struct {
    unsigned n, narr[64], ndep;
    uint8_t prio[64], dep_prio;
    uint64_t dep_line;
} rec;
static int record(void *ctx, const gpu_dram *d, const dram_cand *cand, unsigned n, int frfcfs, int *pick)
{
    (void)ctx, (void)cand, (void)n;
    if (rec.n < 64) {
        rec.narr[rec.n] = d->narr;
        rec.prio[rec.n] = d->narr ? d->q[d->arr[0]].prio : 0;
        rec.n++;
    }
    if (d->dep_valid && !rec.ndep) {
        rec.ndep = 1;
        rec.dep_line = d->dep.line;
        rec.dep_prio = d->dep.prio;
    }
    *pick = frfcfs;
    return 0;
}

void test_dram(void)
{
    gpu_dram d;
    uint64_t line[4], t[4];

    /* one read to a closed bank: activate at 0, column at tRCD = 12, data by 12 + tCL + burst = 28 */
    UNIT_CHECK(gpu_dram_init(&d, &T, 4, 8, 0) == 0, "dram init");
    gpu_dram_push(&d, 100, 0, 1, 0, 7, 0);
    UNIT_CHECK(run(&d, 1, line, t) == 1 && line[0] == 100 && t[0] == 28, "closed bank: read done at cycle 28");
    UNIT_CHECK(d.acts == 1 && d.row_misses == 1 && d.row_hits == 0, "one activate, one row miss");
    UNIT_CHECK(gpu_dram_idle(&d), "idle afterwards");
    gpu_dram_free(&d);

    /* FR-FCFS: A (row 1), B (row 2), C (row 1), same bank. A opens row 1; C, younger than B but
     * a row hit, goes next (column at 12 + max(tCCD, burst) = 16, done 32); B waits for the
     * precharge at tRAS = 28, the activate at max(tRC = 40, 28 + tRP) = 40, its column at 52,
     * done 68. */
    gpu_dram_init(&d, &T, 4, 8, 0);
    gpu_dram_push(&d, 1, 0, 1, 0, 0, 0);
    gpu_dram_push(&d, 2, 0, 2, 0, 0, 0);
    gpu_dram_push(&d, 3, 0, 1, 0, 0, 0);
    UNIT_CHECK(run(&d, 3, line, t) == 3, "three reads complete");
    UNIT_CHECK(line[0] == 1 && line[1] == 3 && line[2] == 2, "order A, C (row hit first), B");
    UNIT_CHECK(t[0] == 28 && t[1] == 32 && t[2] == 68, "times 28, 32, 68");
    UNIT_CHECK(d.row_hits == 1 && d.row_misses == 2 && d.pres == 1 && d.acts == 2, "1 row hit, 2 misses, 1 precharge");
    UNIT_CHECK(d.bus_busy == 12, "three bursts of 4 cycles on the data bus");
    gpu_dram_free(&d);

    /* two banks: activates 6 cycles apart (tRRD); columns of the two rows 4 cycles apart on the bus */
    gpu_dram_init(&d, &T, 4, 8, 0);
    gpu_dram_push(&d, 10, 0, 5, 0, 0, 0);
    gpu_dram_push(&d, 11, 1, 5, 0, 0, 0);
    UNIT_CHECK(run(&d, 2, line, t) == 2 && t[0] == 28 && t[1] == 34, "bank 1 activates at tRRD = 6: done 34");
    gpu_dram_free(&d);

    /* a write then a read of another row in the same bank: the precharge waits for tWR after the
     * write's data (column 12, data end 28, precharge >= 40), activate 52, column 64, done 80 */
    gpu_dram_init(&d, &T, 4, 8, 0);
    gpu_dram_push(&d, 20, 2, 1, 1, 0, 0);
    gpu_dram_push(&d, 21, 2, 2, 0, 0, 0);
    UNIT_CHECK(run(&d, 1, line, t) == 1 && line[0] == 21 && t[0] == 80, "write recovery delays the next row: done 80");
    UNIT_CHECK(d.writes == 1 && d.reads == 1, "one write, one read");
    gpu_dram_free(&d);

    /* a full buffer refuses nothing silently: the caller sees it full */
    gpu_dram_init(&d, &T, 2, 2, 0);
    gpu_dram_push(&d, 1, 0, 0, 0, 0, 0);
    gpu_dram_push(&d, 2, 1, 0, 0, 0, 0);
    UNIT_CHECK(gpu_dram_full(&d), "2 of 2 entries: full");
    gpu_dram_free(&d);

    /* dram.accept = 1: pushes wait in the input queue (taking buffer room) and enter one a
     * cycle; a picker sees each arrival once, and the request a column command completed
     * in the cycle after it */
    gpu_dram_init(&d, &T, 4, 4, 1);
    gpu_dram_push(&d, 1, 0, 0, 0, 0, 3);
    gpu_dram_push(&d, 2, 1, 0, 0, 0, 5);
    gpu_dram_push(&d, 3, 2, 0, 0, 0, 0);
    UNIT_CHECK(d.count == 0 && d.in_n == 3 && gpu_dram_used(&d) == 3 && !gpu_dram_full(&d) && !gpu_dram_idle(&d),
               "accept=1: three pushes wait in the input queue, counted as room taken");
    gpu_dram_push(&d, 4, 3, 0, 0, 0, 0);
    UNIT_CHECK(gpu_dram_full(&d), "four waiting in a 4-entry channel: full");
    rec.n = 0;
    UNIT_CHECK(gpu_dram_set_picker(&d, record, &rec) == 0, "a recording picker");
    gpu_dram_cycle(&d);
    UNIT_CHECK(d.count == 1 && d.in_n == 3 && rec.narr[0] == 1 && rec.prio[0] == 3, "cycle 0: the first enters, reported with its tag");
    gpu_dram_cycle(&d);
    gpu_dram_cycle(&d);
    gpu_dram_cycle(&d);
    UNIT_CHECK(d.count == 4 && d.in_n == 0 && rec.narr[1] == 1 && rec.prio[1] == 5 && rec.narr[3] == 1,
               "one a cycle: all four in after four cycles, each reported once");
    for (unsigned c = 0; c < 40 && !rec.ndep; c++) gpu_dram_cycle(&d);
    UNIT_CHECK(rec.ndep == 1 && rec.dep_line == 1 && rec.dep_prio == 3,
               "the first column command's request is reported as gone the next cycle (line 1, tag 3)");
    gpu_dram_free(&d);
}
