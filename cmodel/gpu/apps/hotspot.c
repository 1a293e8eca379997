/*
 * hotspot.c: Rodinia 3.1 HotSpot (hotspot/hotspot.cu, kernel calculate_temp);
 * docs/workloads/hotspot.md lists the instruction order, which tb/streams/hotspot.py
 * implements again.
 *
 * BLOCK_SIZE 16 (blocks of 16 x 16 threads, 8 warps: warp w holds rows ty = 2w, 2w+1),
 * pyramid height 2 and sim_time 2 (hotspot/run: ./hotspot 512 2 2 ...): small blocks
 * of 16 - 2*2 = 12 cells, border 2, grid ceil(n / 12) squared; the host loop
 * (t = 0; t < sim_time; t += pyramid) makes one launch per pyramid step with
 * iteration = MIN(pyramid, sim_time - t); src/dst swap each launch (first launch:
 * MatrixTemp[0] -> MatrixTemp[1]).
 * Arrays (cudaMalloc order): MatrixTemp[0], MatrixTemp[1], MatrixPower (float).
 * The temperature and power values (files temp_512 / power_512 in the suite) do not
 * change any address or branch, so the model carries no data.
 * Shared memory: temp_on_cuda at byte 0, power_on_cuda at 1024, temp_t at 2048
 * (3 x 16 x 16 floats = 3072 bytes).
 */
#include "gk_app.h"

enum { A_T0, A_T1, A_POW };
#define HS_BS 16
#define HS_N 512
#define HS_PYRAMID 2
#define HS_SIMTIME 2
#define HS_LAT 4
#define HS_REGS 35 /* ptxas on GTX480 (seed 002 Table 3.3) */

#define IN_RANGE(x, lo, hi) ((x) >= (lo) && (x) <= (hi))

static int64_t soff(int arr, int r, int col) { return (int64_t)arr * 1024 + ((int64_t)r * HS_BS + col) * 4; }

static void hs_warp(gk_warp *c)
{
    const gk_launch *L = c->L;
    int iter = (int)L->p[0], src = (int)L->p[1], dst = (int)L->p[2];
    int cols = (int)L->p[3], rows = (int)L->p[4], border = (int)L->p[5];
    int small = HS_BS - iter * 2;
    int blkY = small * (int)c->by - border, blkX = small * (int)c->bx - border;
    int blkYmax = blkY + HS_BS - 1, blkXmax = blkX + HS_BS - 1;
    int vymin = blkY < 0 ? -blkY : 0, vxmin = blkX < 0 ? -blkX : 0;
    int vymax = blkYmax > rows - 1 ? HS_BS - 1 - (blkYmax - rows + 1) : HS_BS - 1;
    int vxmax = blkXmax > cols - 1 ? HS_BS - 1 - (blkXmax - cols + 1) : HS_BS - 1;
    int64_t gidx[32], o_t[32], o_p[32], o_tt[32], o_s[32], o_n[32], o_e[32], o_w[32];
    uint32_t ld = 0;
    for (unsigned l = 0; l < 32; l++) {
        if (!(c->valid >> l & 1)) continue;
        int tx = c->tx[l], ty = c->ty[l];
        int y = blkY + ty, x = blkX + tx;
        int N = ty - 1 < vymin ? vymin : ty - 1, S = ty + 1 > vymax ? vymax : ty + 1;
        int W = tx - 1 < vxmin ? vxmin : tx - 1, E = tx + 1 > vxmax ? vxmax : tx + 1;
        gidx[l] = (int64_t)cols * y + x;
        if (IN_RANGE(y, 0, rows - 1) && IN_RANGE(x, 0, cols - 1)) ld |= 1u << l;
        o_t[l] = soff(0, ty, tx);
        o_p[l] = soff(1, ty, tx);
        o_tt[l] = soff(2, ty, tx);
        o_s[l] = soff(0, S, tx);
        o_n[l] = soff(0, N, tx);
        o_e[l] = soff(0, ty, E);
        o_w[l] = soff(0, ty, W);
    }
    gw_ld(c, 0x108, ld, src, gidx);        /* temp_src[index] */
    gw_sst(c, 0x110, ld, o_t);             /* temp_on_cuda[ty][tx] = */
    gw_ld(c, 0x118, ld, A_POW, gidx);      /* power[index] */
    gw_sst(c, 0x120, ld, o_p);             /* power_on_cuda[ty][tx] = */
    gw_bar(c, 0x128, c->valid);
    uint32_t comp = 0;
    for (int i = 0; i < iter; i++) {
        comp = 0;
        for (unsigned l = 0; l < 32; l++) {
            if (!(c->valid >> l & 1)) continue;
            int tx = c->tx[l], ty = c->ty[l];
            if (IN_RANGE(tx, i + 1, HS_BS - i - 2) && IN_RANGE(ty, i + 1, HS_BS - i - 2) &&
                IN_RANGE(tx, vxmin, vxmax) && IN_RANGE(ty, vymin, vymax))
                comp |= 1u << l;
        }
        gw_sld(c, 0x130, comp, o_t);       /* temp_on_cuda[ty][tx] */
        gw_sld(c, 0x138, comp, o_p);       /* power_on_cuda[ty][tx] */
        gw_sld(c, 0x140, comp, o_s);       /* temp_on_cuda[S][tx] */
        gw_sld(c, 0x148, comp, o_n);       /* temp_on_cuda[N][tx] */
        gw_sld(c, 0x150, comp, o_e);       /* temp_on_cuda[ty][E] */
        gw_sld(c, 0x158, comp, o_w);       /* temp_on_cuda[ty][W] */
        gw_alu(c, 0x160, comp, 6 * HS_LAT); /* the update: 6 dependent float ops */
        gw_sst(c, 0x168, comp, o_tt);      /* temp_t[ty][tx] = */
        gw_bar(c, 0x170, c->valid);
        if (i == iter - 1) break;
        gw_sld(c, 0x178, comp, o_tt);      /* temp_t[ty][tx] */
        gw_sst(c, 0x180, comp, o_t);       /* temp_on_cuda[ty][tx] = */
        gw_bar(c, 0x188, c->valid);
    }
    gw_sld(c, 0x190, comp, o_tt);          /* temp_t[ty][tx] */
    gw_st(c, 0x198, comp, dst, gidx);      /* temp_dst[index] = */
}

int gka_build_hotspot(gka_ctx *c);
int gka_build_hotspot(gka_ctx *c)
{
    int64_t n = gka_scaled(c, HS_N, 16);
    int64_t size = n * n;
    if (gka_array(c, "MatrixTemp0", size, 4) < 0 || gka_array(c, "MatrixTemp1", size, 4) < 0 ||
        gka_array(c, "MatrixPower", size, 4) < 0)
        return 1;
    int border = HS_PYRAMID, small = HS_BS - 2 * HS_PYRAMID;
    uint32_t blocks = gka_ceil(n, (uint32_t)small);
    int src = 1, dst = 0, nl = 0;
    for (int t = 0; t < HS_SIMTIME; t += HS_PYRAMID) {
        int tmp = src;
        src = dst;
        dst = tmp;
        gk_launch *L = gka_launch(c, "calculate_temp", hs_warp, blocks, blocks, HS_BS, HS_BS, HS_REGS,
                                  3 * HS_BS * HS_BS * 4);
        if (!L) return 1;
        L->p[0] = HS_PYRAMID < HS_SIMTIME - t ? HS_PYRAMID : HS_SIMTIME - t;
        L->p[1] = src == 0 ? A_T0 : A_T1;
        L->p[2] = dst == 0 ? A_T0 : A_T1;
        L->p[3] = n;
        L->p[4] = n;
        L->p[5] = border;
        nl++;
    }
    c->w->size[0] = n;
    c->w->size[1] = HS_PYRAMID;
    c->w->size[2] = nl;
    return 0;
}
