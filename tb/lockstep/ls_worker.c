/* ls_worker.c: asynchronous lockstep (lockstep.h, ls_opts.async): the driver's thread
 * runs the C model and packs each cycle into a ring; the RTL thread (ls_worker) runs
 * the RTL and compares. A mismatch the RTL thread finds is reported as the synchronous
 * path would have, its values recomputed by replay (ls_replay.c). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ls_internal.h"

static unsigned char *slot_at(const ls_async *a, uint64_t i) { return a->ring + (i % LS_RING) * a->slot; }

static void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

static void *ls_worker(void *arg)
{
    ls *s = arg;
    ls_async *a = s->as;
    const rtl_ops *ops = s->c.ops;
    uint64_t tail = a->tail, head = tail;
    for (;;) {
        unsigned char *e;
        ls_hdr h;
        int bad = 0, probe = 0;
        if (tail == head) {
            unsigned spin;
            for (spin = 0; spin < 200; spin++) {
                head = __atomic_load_n(&a->head, __ATOMIC_ACQUIRE);
                if (head != tail || __atomic_load_n(&a->stop, __ATOMIC_ACQUIRE)) break;
                cpu_relax();
            }
            if (head == tail) {
                pthread_mutex_lock(&a->mu);
                __atomic_store_n(&a->worker_sleeping, 1, __ATOMIC_SEQ_CST);
                while ((head = __atomic_load_n(&a->head, __ATOMIC_SEQ_CST)) == tail &&
                       !__atomic_load_n(&a->stop, __ATOMIC_SEQ_CST))
                    pthread_cond_wait(&a->cv_worker, &a->mu);
                __atomic_store_n(&a->worker_sleeping, 0, __ATOMIC_SEQ_CST);
                pthread_mutex_unlock(&a->mu);
            }
            if (head == tail) break; /* stopped */
        }
        e = slot_at(a, tail);
        if (tail + 1 != head) __builtin_prefetch(slot_at(a, tail + 1));
        memcpy(&h, e, sizeof h);
        if (h.kind & E_SNAP) {
            ls_snap *sn = &s->snap[s->newest ^ 1];
            free(sn->rtl);
            sn->rtl = NULL;
            free(sn->cstate);
            sn->cstate = h.cstate;
            sn->valid = !ops->save(s->rtl, &sn->rtl, &sn->rtl_len);
            sn->cycle = h.cycle;
            if (sn->valid) s->newest ^= 1;
        } else {
            if (h.kind & (E_EVAL | E_SETIN)) {
                int d = ops->eval_cmp_c(s->rtl, e + a->o_in, e + a->o_out);
                if ((h.kind & E_EVAL) && (d || (h.ovf & 1))) bad = 1;
            }
            if (!bad && (h.kind & E_TICK)) {
                ops->tick_fast(s->rtl);
                if (h.kind & E_PROBE) {
                    ops->probe_packed(s->rtl, a->r_pw);
                    if ((h.ovf & 2) || memcmp(a->r_pw, e + a->o_pw, s->c.pw * sizeof(unsigned)))
                        bad = probe = 1;
                }
                if (!bad) {
                    a->checked++;
                    a->wcycle++;
                }
            }
        }
        if (bad) {
            a->fail_cycle = a->wcycle;
            a->fail_slot = tail;
            a->fail_probe = probe;
            __atomic_store_n(&a->failed, 1, __ATOMIC_SEQ_CST);
            pthread_mutex_lock(&a->mu);
            pthread_cond_signal(&a->cv_main);
            pthread_mutex_unlock(&a->mu);
            break;
        }
        tail++;
        /* no fence here (a cycle's cost): a driver asleep on a full ring also wakes on
         * its own every millisecond, so a wake-up missed in the race is only late */
        __atomic_store_n(&a->tail, tail, __ATOMIC_RELEASE);
        if (__atomic_load_n(&a->main_sleeping, __ATOMIC_RELAXED) &&
            __atomic_load_n(&a->head, __ATOMIC_RELAXED) - tail <= LS_RING / 2) {
            pthread_mutex_lock(&a->mu);
            pthread_cond_signal(&a->cv_main);
            pthread_mutex_unlock(&a->mu);
        }
    }
    return NULL;
}

static void as_publish(ls_async *a)
{
    __atomic_store_n(&a->head, a->head_local, __ATOMIC_SEQ_CST);
    if (__atomic_load_n(&a->worker_sleeping, __ATOMIC_SEQ_CST)) {
        pthread_mutex_lock(&a->mu);
        pthread_cond_signal(&a->cv_worker);
        pthread_mutex_unlock(&a->mu);
    }
}

/* The main thread, holding a->mu, sleeps until the RTL thread signals it or 1 ms passes. */
static void main_wait_1ms(ls_async *a)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_nsec += 1000000;
    if (ts.tv_nsec >= 1000000000) ts.tv_sec++, ts.tv_nsec -= 1000000000;
    pthread_cond_timedwait(&a->cv_main, &a->mu, &ts);
}

/* A free entry at head_local (0), or the RTL thread has failed (1). */
static int as_room(ls_async *a)
{
    unsigned spin;
    if (a->head_local - a->tail_cache < LS_RING) return 0;
    as_publish(a);
    for (spin = 0; spin < 200; spin++) {
        a->tail_cache = __atomic_load_n(&a->tail, __ATOMIC_ACQUIRE);
        if (a->head_local - a->tail_cache < LS_RING) return 0;
        if (__atomic_load_n(&a->failed, __ATOMIC_ACQUIRE)) return 1;
        cpu_relax();
    }
    pthread_mutex_lock(&a->mu);
    __atomic_store_n(&a->main_sleeping, 1, __ATOMIC_SEQ_CST);
    while (a->head_local - (a->tail_cache = __atomic_load_n(&a->tail, __ATOMIC_SEQ_CST)) >
               LS_RING / 2 &&
           !__atomic_load_n(&a->failed, __ATOMIC_SEQ_CST)) {
        main_wait_1ms(a);
    }
    __atomic_store_n(&a->main_sleeping, 0, __ATOMIC_SEQ_CST);
    pthread_mutex_unlock(&a->mu);
    return __atomic_load_n(&a->failed, __ATOMIC_SEQ_CST) ? 1 : 0;
}

/* Stop the RTL thread after it has consumed everything published (or failed). */
static void as_stop(ls *s)
{
    ls_async *a = s->as;
    if (!a || !a->started) return;
    as_publish(a);
    /* wait until consumed or failed */
    while (__atomic_load_n(&a->tail, __ATOMIC_SEQ_CST) != a->head_local &&
           !__atomic_load_n(&a->failed, __ATOMIC_SEQ_CST)) {
        pthread_mutex_lock(&a->mu);
        __atomic_store_n(&a->main_sleeping, 1, __ATOMIC_SEQ_CST);
        if (__atomic_load_n(&a->tail, __ATOMIC_SEQ_CST) != a->head_local &&
            !__atomic_load_n(&a->failed, __ATOMIC_SEQ_CST)) {
            main_wait_1ms(a);
        }
        __atomic_store_n(&a->main_sleeping, 0, __ATOMIC_SEQ_CST);
        pthread_mutex_unlock(&a->mu);
    }
    pthread_mutex_lock(&a->mu);
    __atomic_store_n(&a->stop, 1, __ATOMIC_SEQ_CST);
    pthread_cond_signal(&a->cv_worker);
    pthread_mutex_unlock(&a->mu);
    pthread_join(a->th, NULL);
    a->started = 0;
}

/* The RTL thread found a mismatch: report it as the synchronous path would have, the
 * values recomputed by replay from the snapshot before it. */
static void as_report(ls *s)
{
    ls_async *a = s->as;
    const unsigned char *e = slot_at(a, a->fail_slot);
    const void *in = e + a->o_sin;
    uint64_t first;
    int rep, is_probe = a->fail_probe;
    s->failed = 1;
    s->cycle = a->fail_cycle;
    s->checked = a->checked;
    rep = ls_replay(s, s->cycle, s->cycle, in, NULL, a->fail_probe, 0, NULL, &first);
    if (rep != 1) {
        /* not reproduced: report what the RTL thread saw */
        s->c.ops->unpack_out(e + a->o_out, s->c_out);
        fprintf(stderr, "\n(lockstep: the replay of cycle %llu did not reproduce the RTL thread's "
                        "mismatch; values below are from the run)\n",
                (unsigned long long)s->cycle);
    } else {
        in = ls_first_wrong(s, in, &is_probe); /* strided probes: the first wrong cycle */
    }
    ls_report(s, in, is_probe);
}

/* After the RTL thread stopped: 1 if it failed (reported now, once). */
static int as_settle(ls *s)
{
    if (!s->as || !__atomic_load_n(&s->as->failed, __ATOMIC_SEQ_CST)) return 0;
    if (!s->reported) as_report(s);
    return 1;
}

int ls_eval_async(void *self, const void *in, void *out)
{
    ls *s = self;
    ls_async *a = s->as;
    unsigned char *e;
    ls_hdr h;
    if (s->failed) return 1;
    if (!a) return ls_eval(self, in, out);
    if (__atomic_load_n(&a->failed, __ATOMIC_RELAXED)) {
        as_stop(s);
        as_settle(s);
        return 1;
    }
    s->c.k->c_eval(s->cstate, in, out); /* the caller sees the C model's outputs */
    if (a->pending) { /* a second eval in the same cycle: the first is an entry of its own */
        a->head_local++;
        a->pending = 0;
    }
    if (as_room(a)) {
        as_stop(s);
        as_settle(s);
        return 1;
    }
    e = slot_at(a, a->head_local);
    h.kind = E_EVAL;
    h.ovf = (uint32_t)s->c.ops->pack_out(out, e + a->o_out);
    h.cycle = s->cycle;
    h.cstate = NULL;
    memcpy(e, &h, sizeof h);
    s->c.ops->pack_in(in, e + a->o_in);
    memcpy(e + a->o_sin, in, s->c.k->in_size);
    a->pending = 1;
    return 0;
}

int ls_tick_async(void *self, const void *in)
{
    ls *s = self;
    ls_async *a = s->as;
    unsigned char *e;
    ls_hdr h;
    if (s->failed) return 1;
    if (!a) return ls_tick(self, in);
    if (__atomic_load_n(&a->failed, __ATOMIC_RELAXED)) {
        as_stop(s);
        as_settle(s);
        return 1;
    }
    memcpy(s->ring + (s->cycle & (s->ring_n - 1)) * s->c.k->in_size, in, s->c.k->in_size);
    ls_note_expect(s);
    s->c.k->c_tick(s->cstate, in);
    if (!a->pending) { /* a tick without an eval: the RTL takes its inputs from here */
        if (as_room(a)) {
            as_stop(s);
            as_settle(s);
            return 1;
        }
        e = slot_at(a, a->head_local);
        memset(&h, 0, sizeof h);
        h.kind = E_SETIN;
        memcpy(e, &h, sizeof h);
        s->c.ops->pack_in(in, e + a->o_in);
        memcpy(e + a->o_sin, in, s->c.k->in_size);
    }
    e = slot_at(a, a->head_local);
    memcpy(&h, e, sizeof h);
    h.kind |= E_TICK;
    if (s->c.nq && --s->probe_left == 0) {
        s->probe_left = s->probe_every * s->probe_stride;
        s->c.k->c_probe(s->cstate, s->c_pr);
        if (s->c.ops->pack_probes(s->c_pr, (unsigned *)(void *)(e + a->o_pw))) h.ovf |= 2;
        h.kind |= E_PROBE;
    }
    memcpy(e, &h, sizeof h);
    a->head_local++;
    a->pending = 0;
    s->cycle++;
    if (--s->snap_left == 0) { /* snapshot entry: the C state now, the RTL's there */
        void *cs = malloc(s->c.k->state_size);
        s->snap_left = s->every;
        if (cs && !as_room(a)) {
            memcpy(cs, s->cstate, s->c.k->state_size);
            e = slot_at(a, a->head_local);
            memset(&h, 0, sizeof h);
            h.kind = E_SNAP;
            h.cycle = s->cycle;
            h.cstate = cs;
            memcpy(e, &h, sizeof h);
            a->head_local++;
        } else {
            free(cs);
        }
    }
    if ((a->head_local & 15) == 0 || a->head_local - a->tail_cache >= LS_RING - 16) as_publish(a);
    return 0;
}

void ls_as_free(ls_async *a)
{
    uint64_t i;
    if (!a) return;
    /* snapshot states handed over but never consumed */
    for (i = a->tail; i < a->head_local; i++) {
        ls_hdr h;
        memcpy(&h, slot_at(a, i), sizeof h);
        if (h.kind & E_SNAP) free(h.cstate);
    }
    pthread_mutex_destroy(&a->mu);
    pthread_cond_destroy(&a->cv_worker);
    pthread_cond_destroy(&a->cv_main);
    free(a->ring);
    free(a->r_pw);
    free(a);
}

/* Leave the asynchronous path (tracing starts, a count is asked, or the end): the RTL
 * thread stops after consuming everything, and the instance goes on synchronously from
 * the same state (the asynchronous entry points forward). 1 if a mismatch was found. */
int ls_as_leave(ls *s)
{
    ls_async *a = s->as;
    int i;
    if (!a) return s->failed;
    if (a->pending) {
        a->head_local++;
        a->pending = 0;
    }
    as_stop(s);
    if (as_settle(s)) return 1;
    s->checked = a->checked;
    ls_as_free(a);
    s->as = NULL;
    for (i = 0; i < 2; i++)
        if (!s->snap[i].cstate) {
            s->snap[i].valid = 0;
            if (!(s->snap[i].cstate = calloc(1, s->c.k->state_size))) return 1;
        }
    return 0;
}

/* Busy and total jiffies of all CPUs (/proc/stat's first line): 0, or -1. */
static int cpu_jiffies(unsigned long long *busy, unsigned long long *total)
{
    unsigned long long v[8] = {0};
    FILE *f = fopen("/proc/stat", "r");
    int n, i;
    if (!f) return -1;
    n = fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2], &v[3], &v[4],
               &v[5], &v[6], &v[7]);
    fclose(f);
    if (n < 4) return -1;
    *total = 0;
    for (i = 0; i < 8; i++) *total += v[i];
    *busy = *total - v[3] - v[4]; /* not idle, not waiting for I/O */
    return 0;
}

int ls_core_spare(int mode)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    unsigned long long b0, t0, b1, t1;
    struct timespec ts = {0, 50 * 1000000L};
    if (n < 2 || mode <= 0) return 0;
    if (mode >= 2 || n >= 4) return 1;
    /* two or three cores: the second thread only if about two of them are idle (50 ms
     * of /proc/stat); with others running, the two threads fight over the cores and the
     * run is slower than on one thread */
    if (cpu_jiffies(&b0, &t0)) return 0;
    nanosleep(&ts, NULL);
    if (cpu_jiffies(&b1, &t1) || t1 <= t0) return 0;
    return (double)n * (double)((t1 - t0) - (b1 - b0)) / (double)(t1 - t0) >= 1.6;
}

int ls_as_start(ls *s)
{
    ls_async *a = calloc(1, sizeof *a);
    size_t in_c = (s->c.ops->in_c_size + 7) / 8 * 8, out_c = (s->c.ops->out_c_size + 7) / 8 * 8;
    size_t pw = ((size_t)s->c.pw * sizeof(unsigned) + 7) / 8 * 8, hot;
    ls_hdr h;
    int i;
    if (!a) return -1;
    a->o_in = sizeof(ls_hdr);
    a->o_out = a->o_in + in_c;
    a->o_pw = a->o_out + out_c;
    hot = (a->o_pw + pw + 63) / 64 * 64; /* what the RTL thread reads: whole cache lines */
    a->o_sin = hot;
    a->slot = hot + (s->c.k->in_size + 63) / 64 * 64;
    if (posix_memalign((void **)&a->ring, 64, LS_RING * a->slot)) a->ring = NULL;
    a->r_pw = calloc((size_t)s->c.pw + 1, sizeof(unsigned));
    if (!a->ring || !a->r_pw) {
        free(a->ring), free(a->r_pw), free(a);
        return -1;
    }
    memset(a->ring, 0, LS_RING * a->slot);
    pthread_mutex_init(&a->mu, NULL);
    pthread_cond_init(&a->cv_worker, NULL);
    pthread_cond_init(&a->cv_main, NULL);
    a->wcycle = s->cycle;
    /* the first snapshot: both models now (cycle 0) */
    memset(&h, 0, sizeof h);
    h.kind = E_SNAP;
    h.cycle = s->cycle;
    h.cstate = malloc(s->c.k->state_size);
    if (!h.cstate) {
        ls_as_free(a);
        return -1;
    }
    memcpy(h.cstate, s->cstate, s->c.k->state_size);
    memcpy(slot_at(a, 0), &h, sizeof h);
    a->head_local = 1;
    a->head = 1;
    s->as = a;
    /* the synchronous snapshots' C states: the RTL thread's entries bring their own */
    free(s->snap[0].cstate), free(s->snap[1].cstate);
    s->snap[0].cstate = s->snap[1].cstate = NULL;
    s->snap[0].valid = s->snap[1].valid = 0;
    if (pthread_create(&a->th, NULL, ls_worker, s)) {
        s->as = NULL;
        ls_as_free(a); /* frees the entry's state */
        for (i = 0; i < 2; i++) s->snap[i].cstate = calloc(1, s->c.k->state_size);
        return -1;
    }
    a->started = 1;
    return 0;
}
