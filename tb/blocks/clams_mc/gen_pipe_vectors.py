#!/usr/bin/env python3
"""gen_pipe_vectors.py: writes the Pipe=1 vectors vectors/clams_mc/pipe_*.vec from the
timeline worked by hand in each file's header (docs/timing/clams_mc.md), not from the C
model: the rows' expected values are the hand-derived ones below. Run from the top."""

HDR_CFG = "Banks=4,Buf=16,Window=128,WinBits=4,Scheme=semi,ThSM=40,Pipe=1"


def write(name, header, cfg, outs, rows):
    with open("vectors/clams_mc/%s.vec" % name, "w") as f:
        f.write(header)
        f.write("config %s\n" % cfg)
        f.write("in  rst_i arr_i arr_bank_i arr_rank_i dep_i dep_bank_i dep_rank_i\n")
        f.write("out %s\n" % " ".join(outs))
        for i, o in rows:
            f.write("%s | %s\n" % (" ".join(str(x) for x in i), " ".join(str(x) for x in o)))


# ---- pipe_mode_latency: seed_mode_departure.vec's inputs with Pipe=1 (3 idle rows more):
# mode_o(t) = the single-cycle vector's mode of t - 3; c1..c3 show the stages' reset 0
single = {1: 0, 2: 2, 3: 2, 4: 2, 5: 2, 6: 1, 7: 0, 8: 0, 9: 0, 10: 2, 11: 2}
ins = [(0, 1, 0, 0, 0, 0, 0), (0, 1, 0, 7, 0, 0, 0), (0, 1, 0, 7, 0, 0, 0), (0, 1, 0, 7, 0, 0, 0),
       (0, 1, 0, 7, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0), (0, 0, 0, 0, 1, 0, 0), (0, 0, 0, 0, 0, 0, 0),
       (0, 1, 0, 0, 0, 0, 0), (0, 0, 0, 0, 1, 0, 7), (0, 0, 0, 0, 0, 0, 0)] + [(0,) * 7] * 3
rows = [((1, 0, 0, 0, 0, 0, 0), ("-", "-", "-"))]
for c, i in enumerate(ins, 1):
    rows.append((i, (3, 20, "0x%02x" % (single[c - 3] if c - 3 >= 1 else 0))))
write("pipe_mode_latency", """# pipe_mode_latency: Pipe=1 shows each bank's mode three cycles late (docs/timing/clams_mc.md:
# stage A pair sums, stage B pending / critical less the departure, stage C Eq. 1's two
# products, compared at the output). The inputs are seed_mode_departure.vec's (Static,
# Th_CR 4, Th_SM 20%, bank 0), whose single-cycle modes are, cycle by cycle from c1:
#   c1 0, c2..c5 2 (1 critical of 1..4), c6 1 (1 of 5 = 20%), c7 0 (the critical one
#   leaves: C13), c8 0, c9 0 (a rank-1 arrival counts from c10), c10 2 (1 of the 4 still
#   to be issued: a rank-8 one leaves), c11 2.
# Pipelined, mode_o at c equals that list's value at c - 3:
#   c1..c3 0 (the stages hold their reset 0: no critical count yet), c4 0 (= c1),
#   c5..c8 2 (= c2..c5), c9 1 (= c6), c10..c12 0 (= c7..c9), c13, c14 2 (= c10, c11).
# The hazards of the late mode: at c10 a rank-8 request leaves, but the mode shown is c7's
# (0: the critical one had left, the four rank-8 ones remain); at c7 the critical request
# leaves while the mode still shows c4's 2; both resolve three cycles later, as the
# departure's flags travel with the counts of their own cycle (stage A).
""", "Banks=4,Buf=16,Window=128,WinBits=4,Scheme=static,ThSM=20,Pipe=1", ["thcr_o", "thsm_o", "mode_o"], rows)

# ---- pipe_thresholds / pipe_reset_steps: the modes_thcr window with Pipe=1 (Window 128)
fill = [(0, 1, 0, 0, 0, 0, 0), (0, 1, 0, 7, 0, 0, 0), (0, 1, 0, 7, 0, 0, 0), (0, 1, 0, 7, 0, 0, 0),
        (0, 1, 0, 7, 0, 0, 0), (0, 1, 1, 0, 0, 0, 0), (0, 1, 1, 0, 0, 0, 0), (0, 1, 1, 7, 0, 0, 0)]


def thr_rows(reset_at=None, last=256):
    rows = [((1, 0, 0, 0, 0, 0, 0), ("-",) * 6)]
    after_reset = False
    for c in range(1, last + 1):
        i = fill[c - 1] if c <= 8 else (0,) * 7
        if reset_at is not None and c == reset_at:
            rows.append(((1,) + i[1:], ("-",) * 6))
            after_reset = True
            continue
        if after_reset:  # everything back at its reset value, the counters empty
            rows.append((i, (7, 40, "0x00", 0, 0, 0)))
            continue
        thcr, thsm = (6, 40) if c >= 249 else (7, 40)
        if c <= 4:
            mode = 0
        elif c <= 9:
            mode = 0x02
        elif c <= 251:
            mode = 0x0a
        else:
            mode = 0x09
        busy = 1 if 129 <= c <= 248 else 0
        rows.append((i, (thcr, thsm, "0x%02x" % mode, busy, 1 if c == 248 else 0, 1 if c in (128, 256) else 0)))
    return rows


THR_HDR = """# Config: Semi-Dyn (Th_SM 40%), 4 banks, Window 128, WinBits 4 (divider DW = 11 bits), Pipe=1.
# The window c1..c128 (win_end_o at c128) receives 8 arrivals at c1..c8: ranks 1, 8, 8, 8,
# 8 to bank 0, ranks 1, 1, 8 to bank 1 (modes_thcr.vec's). PCR(1) = 100 x 3 / 8 = 37,
# PCR(2..7) = 37, PCR(8) = 100; Table 2: 0 < PCR(7) = 37 <= 40 < PCR(8) = 100 at k = 7:
# Th_CR = 7 (thcr_o 6), Th_SM stays 40.
# Pipe=1 timing (KP = DW + 3 = 14 cycles per PCR: prepare, start, 11 steps, done): PCR(k)
# starts its prepare cycle at c129 + 14 (k - 1); PCR(8)'s division is done at
# c129 + 98 + 13 = c240; Table 2's steps tk = 1..7 are c241..c247, the commit (upd_o) c248,
# the new thresholds from c249; busy_o c129..c248; the second window ends at c256. (Single-cycle: 13 cycles per PCR,
# upd_o at c129 + 91 + 12 = c232: 16 cycles earlier.)
# Modes (three cycles late): single-cycle c1 0, c2..c6 0x02 (bank 0: all critical under
# Th_CR 8, 100% > 40%), c7.. 0x0a (bank 1 too); pipelined c1..c4 0, c5..c9 0x02, c10.. 0x0a.
# At the update: from c249 bank 0 has 1 critical of 5 (20% <= 40%: mode 1), bank 1 2 of 3
# (66%: 2): single-cycle 0x09 from c249, pipelined from c252 (the mask crm_q follows
# Th_CR at the same edge; stages A, B, C at c249, c250, c251). c249..c251 show the old
# modes beside the new Th_CR: the picker reads Th_CR now and the modes three cycles late.
"""
write("pipe_thresholds", "# pipe_thresholds: Pipe=1's threshold update comes 16 cycles after the single-cycle form's.\n"
      + THR_HDR, HDR_CFG, ["thcr_o", "thsm_o", "mode_o", "busy_o", "upd_o", "win_end_o"], thr_rows())
write("pipe_reset_steps", "# pipe_reset_steps: reset in the middle of Table 2's steps (Pipe=1) and of the mode stages.\n"
      + THR_HDR + """# Here reset is held at c244 (tk = 4, three steps done, Th_CR not yet committed): from
# c245 everything is at its reset value: Th_CR 8 (thcr_o 7), Th_SM 40, busy_o 0, no upd_o at
# c248 (the steps are gone), and the modes 0 at once (the counters and all three mode
# stages are cleared together, so no stale mode leaks out of the pipe).
""", HDR_CFG, ["thcr_o", "thsm_o", "mode_o", "busy_o", "upd_o", "win_end_o"], thr_rows(reset_at=244, last=260))
