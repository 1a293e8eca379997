#!/usr/bin/env python3
"""gen_vectors.py: writes vectors/clams_mc/*.vec from seed 004's rules as written here
(Table 2's loops, Eq. 1), independently of the C model: the arrivals of each window are
chosen so that PCR(k) takes hand-picked values, and the expected thresholds follow from
Table 2 worked in Python. Run from the repository top; the files are committed."""
import os

SMALL = dict(Banks=4, Buf=16, Window=120, WinBits=4)
DW = len(bin(100 * ((1 << SMALL["WinBits"]) - 1))) - 2  # 11
CALC = 8 * (DW + 2)  # 104 cycles from the window's last cycle to the update


def table2(scheme, thcr_fixed, thsm, pcr):
    if scheme == "static":
        return thcr_fixed, thsm
    cr, sm = 8, thsm
    for k in range(1, 8):
        if 0 < pcr[k - 1] <= sm < pcr[k]:
            cr = k
            if scheme == "dyn":
                sm = pcr[k - 1]
    if scheme == "dyn" and cr == 8:
        sm = 0
    return cr, sm


def pcrs(ranks):  # ranks 1..8 of a window's arrivals
    n = len(ranks)
    return [0 if n == 0 else min(100, 100 * sum(1 for r in ranks if r <= k) // n) for k in range(1, 9)]


def windows_vec(name, scheme, thsm0, wins, about):
    cfg = dict(SMALL, Scheme=scheme, ThSM=thsm0)
    W = cfg["Window"]
    thcr, thsm = (4 if scheme == "static" else 8), thsm0
    rows, upd_at, notes = [], {}, []
    for w, ranks in enumerate(wins):
        p = pcrs(ranks)
        cr, sm = table2(scheme, 4, thsm0, p)
        upd_at[w * W + W - 1 + CALC] = (cr, sm)
        notes.append(f"# window {w + 1} (cycles {w * W + 1}..{w * W + W}): ranks {sorted(ranks)} -> PCR(1..8) {p} -> Th_CR {cr}, Th_SM {sm}%")
    total = len(wins) * W + CALC + 2
    for t in range(total):
        w, c = divmod(t, W)
        arr = "0 0 0"
        if w < len(wins) and c < len(wins[w]):
            arr = f"1 {c % 4} {wins[w][c] - 1}"
        # every arrival leaves 3 cycles later (the buffer stays near empty)
        dep = "0 0 0"
        if w < len(wins) and 3 <= c < len(wins[w]) + 3:
            dep = f"1 {(c - 3) % 4} {wins[w][c - 3] - 1}"
        end = 1 if c == W - 1 else 0
        upd = 1 if t in upd_at else 0
        rows.append(f"0 {arr} {dep} | {thcr - 1} {thsm} {end} {upd}")
        if t in upd_at:
            thcr, thsm = upd_at[t]
    cfgs = ",".join(f"{k}={v}" for k, v in cfg.items())
    with open(os.path.join("vectors/clams_mc", name), "w") as f:
        f.write(about)
        f.write("\n".join(notes) + "\n")
        f.write(f"config {cfgs}\n")
        f.write("in  rst_i arr_i arr_bank_i arr_rank_i dep_i dep_bank_i dep_rank_i\n")
        f.write("out thcr_o thsm_o win_end_o upd_o\n")
        f.write("1 0 0 0 0 0 0 | - - - -\n")
        f.write("\n".join(rows) + "\n")


def match_windows():
    # a match at each k = 1..7: 2 arrivals of rank k, 1 of rank k+1, 2 of rank 8, so
    # PCR(j) = 0 below k, PCR(k) = 40, PCR(k+1..7) = 60, PCR(8) = 100 (k = 7: 2 of rank
    # 7, 3 of rank 8); then a window with PCR(1) = 60 above Th_SM: no match
    wins = []
    for k in range(1, 8):
        wins.append([k, k, k + 1, 8, 8] if k < 7 else [7, 7, 8, 8, 8])
    wins.append([1, 1, 1, 8, 8])
    return wins


HEAD = """# {name}: seed 004 Table 2 ({what}) on PCR vectors made by hand, through the ports.
# A small controller: 4 banks, 120-cycle windows of 4-bit counters; PCR(k) = 100 x
# (arrivals of rank <= k) / (all arrivals) of a window, computed after its last cycle by
# one 11-bit divider, one k after the other (8 x 13 cycles): the thresholds change at the
# edge of the cycle with upd_o = 1, 104 cycles after the window's last cycle (win_end_o).
# Each arrival (bank, rank - 1) leaves the buffer 3 cycles later. thcr_o is Th_CR - 1.
# Written by tb/blocks/clams_mc/gen_vectors.py from Table 2 worked there.
"""


def mode_of(occ, b, thcr, thsm):  # Eq. 1 on bank b's counters (occ[(b, rank)])
    pend = sum(occ.get((b, r), 0) for r in range(1, 9))
    crit = sum(occ.get((b, r), 0) for r in range(1, thcr + 1))
    if crit == 0:
        return 0
    return 1 if 100 * crit <= thsm * pend else 2


def modes_vec(name, scheme, thsm0, events, about, upd_at=None):
    """events: per cycle a list of ('a'|'d', bank, rank); upd_at: {cycle: (thcr, thsm)}.
    A cycle's mode is Eq. 1 on the requests still to be issued (004:224): the departure
    ('d': served the cycle before) no longer counts in its own cycle (deviation C13); the
    arrival ('a') counts from the next cycle."""
    cfg = dict(SMALL, Scheme=scheme, ThSM=thsm0)
    occ = {}
    thcr, thsm = (4 if scheme == "static" else 8), thsm0
    rows = []
    for t, ev in enumerate(events):
        arr = next((e for e in ev if e[0] == "a"), None)
        dep = next((e for e in ev if e[0] == "d"), None)
        if dep:
            occ[(dep[1], dep[2])] -= 1
        mode = sum(mode_of(occ, b, thcr, thsm) << (2 * b) for b in range(4))
        a = f"1 {arr[1]} {arr[2] - 1}" if arr else "0 0 0"
        d = f"1 {dep[1]} {dep[2] - 1}" if dep else "0 0 0"
        rows.append(f"0 {a} {d} | {thcr - 1} {thsm} 0x{mode:02x}")
        if arr:
            occ[(arr[1], arr[2])] = occ.get((arr[1], arr[2]), 0) + 1
        if upd_at and t in upd_at:
            thcr, thsm = upd_at[t]
    cfgs = ",".join(f"{k}={v}" for k, v in cfg.items())
    with open(os.path.join("vectors/clams_mc", name), "w") as f:
        f.write(about)
        f.write(f"config {cfgs}\n")
        f.write("in  rst_i arr_i arr_bank_i arr_rank_i dep_i dep_bank_i dep_rank_i\n")
        f.write("out thcr_o thsm_o mode_o\n")
        f.write("1 0 0 0 0 0 0 | - - -\n")
        f.write("\n".join(rows) + "\n")


def main():
    # modes: Static, Th_CR 4, Th_SM 20%
    ev = []
    for r in (1, 5, 6, 7, 8):          # bank 0: 1 critical of 5 (20%): criticality mode
        ev.append([("a", 0, r)])
    for r in (2, 4, 5, 6, 8):          # bank 1: 2 critical of 5 (40%): locality mode
        ev.append([("a", 1, r)])
    for r in (5, 6, 7):                # bank 2: none critical: FR-FCFS order
        ev.append([("a", 2, r)])
    for r in (5, 6, 7, 8, 8):          # bank 1: 2 of 10 (20%): criticality mode
        ev.append([("a", 1, r)])
    ev.append([("a", 3, 3), ("d", 0, 1)])  # bank 3: 1 of 1 (100%): locality; bank 0's critical leaves: FR-FCFS
    ev.append([("a", 3, 8), ("d", 1, 2)])  # bank 3: 1 of 2 (50%): locality; bank 1: 1 of 9 (11%)
    ev.append([("a", 3, 8)])
    ev.append([("a", 3, 8)])
    ev.append([("a", 3, 8)])              # bank 3: 1 of 5 (20%): criticality mode
    ev.append([("d", 3, 3)])              # bank 3: none critical
    ev += [[]] * 3
    modes_vec("modes.vec", "static", 20, ev, """# modes: seed 004 Eq. 1, per bank, Static-CLAMS (Th_CR 4, Th_SM 20%): a bank with no
# critical request (rank <= Th_CR) follows FR-FCFS's order (mode 0), one whose critical
# share is <= Th_SM is in criticality mode (1), above it in locality mode (2). mode_o has
# 2 bits per bank (bank b in bits 2b+1:2b); the request a row reports leaving counts no more (C13).
# Bank 0: 1 critical of 5 (20%: criticality) until it leaves (FR-FCFS); bank 1: 2 of 5
# (40%: locality), then 2 of 10 (20%: criticality), then 1 of 9; bank 2: none critical;
# bank 3: 1 of 1, 1 of 2 (locality), 1 of 5 (criticality), then none.
# Written by tb/blocks/clams_mc/gen_vectors.py (Eq. 1 worked there).
""")

    # modes_thcr: Semi-Dyn; Th_CR moves from 8 to 1 at a window's update, and the banks'
    # modes follow at once with no arrival or departure (the counters are per rank, C6)
    ev = [[("a", 0, 1)], [("a", 0, 8)], [("a", 0, 8)], [("a", 0, 8)], [("a", 0, 8)],
          [("a", 1, 1)], [("a", 1, 1)], [("a", 1, 8)]]
    ev += [[]] * (SMALL["Window"] - len(ev) + CALC + 4)
    modes_vec("modes_thcr.vec", "semi", 40, ev, """# modes_thcr: Semi-Dyn-CLAMS (Th_SM 40%). Until the first window's thresholds are
# computed Th_CR is 8: every request is critical, each bank's share is 100% > 40%:
# locality mode. The window's 8 arrivals (ranks 1, 8, 8, 8, 8 to bank 0; 1, 1, 8 to bank
# 1) give PCR(1) = 37 (3 of 8), PCR(2..7) = 37, PCR(8) = 100: 0 < 37 <= 40 < 100 at k = 7,
# so Th_CR = 7 -- every rank but 8 critical: bank 0 1 of 5 (20%: criticality), bank 1 2
# of 3 (66%: locality). The modes change at the update without any arrival or departure.
# Written by tb/blocks/clams_mc/gen_vectors.py.
""", upd_at={SMALL["Window"] - 1 + CALC: table2("semi", 4, 40, pcrs([1, 8, 8, 8, 8, 1, 1, 8]))})
    windows_vec("table2_semi.vec", "semi", 40, match_windows(),
                HEAD.format(name="table2_semi", what="Semi-Dyn-CLAMS, Th_SM fixed at 40%: Th_CR = k at the k with 0 < PCR(k) <= Th_SM < PCR(k+1), else 8"))
    windows_vec("table2_dyn.vec", "dyn", 50, match_windows(),
                HEAD.format(name="table2_dyn", what="Dyn-CLAMS from Th_SM_init 50%: at a match Th_SM = PCR(Th_CR) = 40%; no match: Th_CR 8 and Th_SM 0"))


if __name__ == "__main__":
    main()
