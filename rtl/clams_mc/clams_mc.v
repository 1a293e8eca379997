`default_nettype none
// clams_mc: CLAMS's memory-controller side (seed 004 sections 5.3-5.6, Table 2;
// docs/clams.md). Ports and widths: cmodel/blocks/clams_mc/clams_mc_ports.def.
//
// One per memory channel, one cycle per DRAM cycle.
//  - Occupancy: a counter per bank and rank (occ_q) follows the request buffer (arr_* in,
//    dep_* out). A bank's pending requests are the sum of its 8 counters, its critical
//    ones the sum over ranks <= Th_CR, so the critical count is right at once when Th_CR
//    changes (docs/deviations.md C6).
//  - Window: one saturating WinBits-bit counter per rank (win_q) and one for all (wall_q)
//    count the arrivals; at the window's last cycle they are snapshot (snap_q, sall_q;
//    that cycle's arrival included) and cleared.
//  - PCR: after the snapshot, PCR(k) = 100 x min(arrivals of rank <= k, all) / all in
//    7-bit percent (0 when all = 0), k = 1..8 one after the other on one divider
//    (rtl/common/divider, DW bits: start, DW steps, done); after PCR(8) the thresholds
//    take Table 2's values: Static keeps ThCR / ThSM; Semi-Dyn: Th_CR = 8, then for k in
//    1..7 Th_CR = k when 0 < PCR(k) <= Th_SM < PCR(k+1); Dyn: the same from Th_SM = ThSM,
//    with Th_SM = PCR(k) at a match, and Th_SM = 0 when Th_CR stays 8.
//  - Mode of bank b: no critical request: 0 (FR-FCFS order); 100 x critical <= Th_SM x
//    pending: 1 (criticality mode); else 2 (locality mode). Pending and critical count
//    the requests still to be issued: the registers less this cycle's departure (dep_*,
//    served the cycle before; C13), which the counters drop at the edge. An arrival
//    counts from the next cycle.
module clams_mc #(
    parameter integer Banks   = 8,
    parameter integer Buf     = 256,
    parameter integer Window  = 512,
    parameter integer WinBits = 9,
    parameter integer Scheme  = 2,
    parameter integer ThCR    = 4,
    parameter integer ThSM    = 40,
    parameter integer Pipe    = 0
) (
    input  wire               clk_i,
    input  wire               rst_i,
    input  wire               arr_i,
    input  wire [     BW-1:0] arr_bank_i,
    input  wire [        2:0] arr_rank_i,
    input  wire               dep_i,
    input  wire [     BW-1:0] dep_bank_i,
    input  wire [        2:0] dep_rank_i,
    output wire [        2:0] thcr_o,
    output wire [        6:0] thsm_o,
    output wire [2*Banks-1:0] mode_o,
    output wire [       55:0] pcr_o,
    output wire               win_end_o,
    output wire               busy_o,
    output wire               upd_o
);
  localparam integer BW = (Banks > 1) ? $clog2(Banks) : 1;
  localparam integer CW = $clog2(Buf + 1);  // an occupancy counter: 0..Buf
  localparam integer PW = CW + 3;  // a bank's sum of 8 of them
  localparam integer YW = $clog2(Window);  // Window >= 2
  localparam integer NB = WinBits;
  localparam integer DW = $clog2(100 * ((1 << NB) - 1) + 1);  // 100 x the largest count
  localparam integer NO = 8 * Banks;
  localparam [YW-1:0] Last = Window[YW-1:0] - 1'b1;
  localparam [NB-1:0] Top = {NB{1'b1}};
  // Pipe = 1 (docs/timing/clams_mc.md): a prepare cycle before each division, Table 2 one
  // k a cycle after PCR(8) (7 steps and a commit), and the modes two cycles late
  localparam integer KP = DW + 2 + Pipe;  // cycles per PCR(k)
  localparam integer Calc = 8 * KP + 8 * Pipe;  // cycles from a window's end to the update
  // crm_q at reset with Static's fixed Th_CR: ranks 1..ThCR
  localparam [7:0] crm_static = (8'd1 << ThCR) - 8'd1;

  generate
    if (Banks < 1 || Banks > 16) begin : g_bad_banks
      clams_mc_parameter_Banks_out_of_range_1_to_16 u_err ();
    end
    if (Buf < 1 || Buf > 1024) begin : g_bad_buf
      clams_mc_parameter_Buf_out_of_range_1_to_1024 u_err ();
    end
    if (WinBits < 1 || WinBits > 16) begin : g_bad_winbits
      clams_mc_parameter_WinBits_out_of_range_1_to_16 u_err ();
    end
    if (Window < 2 || Window > 65535 || Window <= Calc) begin : g_bad_window
      clams_mc_parameter_Window_out_of_range_or_not_above_8_x_divider_width_plus_2 u_err ();
    end
    if (Scheme < 0 || Scheme > 2) begin : g_bad_scheme
      clams_mc_parameter_Scheme_out_of_range_0_to_2 u_err ();
    end
    if (ThCR < 1 || ThCR > 8) begin : g_bad_thcr
      clams_mc_parameter_ThCR_out_of_range_1_to_8 u_err ();
    end
    if (ThSM < 0 || ThSM > 100) begin : g_bad_thsm
      clams_mc_parameter_ThSM_out_of_range_0_to_100 u_err ();
    end
    if (Pipe < 0 || Pipe > 1) begin : g_bad_pipe
      clams_mc_parameter_Pipe_out_of_range_0_to_1 u_err ();
    end
  endgenerate

  reg  [NO*CW-1:0] occ_q;
  wire [NO*CW-1:0] occ_d;
  reg  [   YW-1:0] cyc_q, cyc_d;
  reg  [ 8*NB-1:0] win_q, win_d, snap_q, snap_d;
  wire [ 8*NB-1:0] win_inc;
  reg  [   NB-1:0] wall_q, wall_d, sall_q, sall_d;
  reg  [     55:0] pcr_q;
  wire [     55:0] pcr_d;
  reg  [      3:0] ck_q, ck_d;
  reg              go_q, go_d;
  reg  [      2:0] thcr_q, thcr_d;
  reg  [      6:0] thsm_q, thsm_d;
  // Pipe = 1 only (constant 0 when Pipe = 0; docs/timing/clams_mc.md):
  //  - the PCR side: st_q the division's start after its prepare cycle; cumc_q the
  //    saturated running sum min(arrivals of rank <= k, 2^WinBits - 1) (k = ck_q after the
  //    prepare cycle), snk_q the rank-k counter it adds (loaded ahead: at the window's end
  //    and at each PCR's capture); tk_q Table 2's step (0 idle, 1..7 the k tested, 8 the commit), tcr_q
  //    and tsm_q its running Th_CR - 1 and Th_SM, ta_q and tn_q the step's PCR(k) and
  //    PCR(k+1)
  //  - the modes: crm_q bit r = (r <= Th_CR - 1), kept with thcr_q; stage A per bank the
  //    four pair sums of its counters (all; critical ranks only), the departure's two flags
  //    and Th_SM; stage B pending and critical (less the departure) and Th_SM; stage C the
  //    flag critical != 0 and Eq. 1's sides, 100 x critical and Th_SM x pending in two
  //    parts (high 4 bits, low 3 bits of Th_SM), compared at the output
  localparam integer AW = CW + 1;  // a pair sum
  localparam integer MW = PW + 7;  // Eq. 1's sides
  reg              st_q, st_d;
  reg  [   NB-1:0] cumc_q, cumc_d;
  reg  [      3:0] tk_q, tk_d;
  reg  [      2:0] tcr_q, tcr_d;
  reg  [      6:0] tsm_q, tsm_d, ta_q, ta_d, tn_q, tn_d;
  reg  [      7:0] crm_q;
  wire [      7:0] crm_d;
  reg  [4*AW*Banks-1:0] pa_q, ca_q;
  wire [4*AW*Banks-1:0] pa_d, ca_d;
  reg  [Banks-1:0] da_q, dca_q, nz2_q;
  wire [Banks-1:0] da_d, dca_d, nz2_d;
  reg  [      6:0] thsma_q;
  reg  [7*Banks-1:0] thsm1_q;  // one copy per bank (synthesis merges them: equal flops)
  reg  [   NB-1:0] snk_q, snk_d;  // the next prepare cycle's snapshot counter (rank ck_q)
  reg  [PW*Banks-1:0] pend1_q, crit1_q;
  wire [PW*Banks-1:0] pend1_d, crit1_d;
  reg  [MW*Banks-1:0] c100_q, ph_q, pl_q;
  wire [MW*Banks-1:0] c100_d, ph_d, pl_d;
  wire [2*Banks-1:0] mode0;  // the single-cycle form's modes (this cycle's counts)

  // ---- occupancy, per bank and rank; pending, critical and the mode per bank
  genvar g, b, r;
  generate
    for (g = 0; g < NO; g = g + 1) begin : g_occ
      localparam integer GBI = g / 8;
      localparam integer GRI = g % 8;
      localparam [BW-1:0] GB = GBI[BW-1:0];
      localparam [2:0] GR = GRI[2:0];
      wire inc = arr_i && arr_bank_i == GB && arr_rank_i == GR;
      wire dec = dep_i && dep_bank_i == GB && dep_rank_i == GR;
      assign occ_d[g*CW+:CW] = occ_q[g*CW+:CW] + {{(CW - 1) {1'b0}}, inc} - {{(CW - 1) {1'b0}}, dec};
    end
    for (b = 0; b < Banks; b = b + 1) begin : g_bank
      localparam integer BI = b;
      localparam [BW-1:0] BV = BI[BW-1:0];
      // the request leaving this cycle (served the cycle before) is no longer to be issued
      // to the bank: the mode leaves it out now, the counters drop it at the edge (C13)
      wire dep_b = dep_i && dep_bank_i == BV;
      wire dep_c = dep_b && dep_rank_i <= thcr_q;
      // (the counters are read in place: a named slice of occ_q would give its flops
      // that name in the synthesis reports)
      reg [PW-1:0] pend, crit;
      integer ri;
      always @* begin
        pend = {PW{1'b0}};
        crit = {PW{1'b0}};
        for (ri = 0; ri < 8; ri = ri + 1) begin
          pend = pend + {3'b000, occ_q[(8*b+ri)*CW+:CW]};
          if (ri[2:0] <= thcr_q) crit = crit + {3'b000, occ_q[(8*b+ri)*CW+:CW]};
        end
        pend = pend - {{(PW - 1) {1'b0}}, dep_b};
        crit = crit - {{(PW - 1) {1'b0}}, dep_c};
      end
      wire [PW+6:0] crit100 = {crit, 6'b0} + {1'b0, crit, 5'b0} + {4'b0, crit, 2'b0};  // 64 + 32 + 4
      wire [PW+6:0] smpend = {{PW{1'b0}}, thsm_q} * {7'b0, pend};
      assign mode0[2*b+:2] = (crit == {PW{1'b0}}) ? 2'd0 : (crit100 <= smpend) ? 2'd1 : 2'd2;
      // Pipe = 1, stage A: pair sums of this cycle's counters and the departure's flags
      genvar pi;
      for (pi = 0; pi < 4; pi = pi + 1) begin : g_pair
        // (occ_q read in place, as above)
        assign pa_d[(4*b+pi)*AW+:AW] = {1'b0, occ_q[(8*b+2*pi)*CW+:CW]} + {1'b0, occ_q[(8*b+2*pi+1)*CW+:CW]};
        assign ca_d[(4*b+pi)*AW+:AW] = {1'b0, occ_q[(8*b+2*pi)*CW+:CW] & {CW{crm_q[2*pi]}}} +
                                       {1'b0, occ_q[(8*b+2*pi+1)*CW+:CW] & {CW{crm_q[2*pi+1]}}};
      end
      assign da_d[b]  = dep_b;
      assign dca_d[b] = dep_c;
      // stage B: the bank's pending and critical requests still to be issued
      wire [AW-1:0] pa0 = pa_q[(4*b)*AW+:AW], pa1 = pa_q[(4*b+1)*AW+:AW];
      wire [AW-1:0] pa2 = pa_q[(4*b+2)*AW+:AW], pa3 = pa_q[(4*b+3)*AW+:AW];
      wire [AW-1:0] ca0 = ca_q[(4*b)*AW+:AW], ca1 = ca_q[(4*b+1)*AW+:AW];
      wire [AW-1:0] ca2 = ca_q[(4*b+2)*AW+:AW], ca3 = ca_q[(4*b+3)*AW+:AW];
      assign pend1_d[b*PW+:PW] = ({2'b00, pa0} + {2'b00, pa1}) + ({2'b00, pa2} + {2'b00, pa3}) - {{(PW - 1) {1'b0}}, da_q[b]};
      assign crit1_d[b*PW+:PW] = ({2'b00, ca0} + {2'b00, ca1}) + ({2'b00, ca2} + {2'b00, ca3}) - {{(PW - 1) {1'b0}}, dca_q[b]};
      // stage C: Eq. 1's sides (Th_SM x pending as Th_SM[6:3] x 8 x pending + Th_SM[2:0] x pending)
      wire [PW-1:0] c1 = crit1_q[b*PW+:PW];
      wire [PW-1:0] p1 = pend1_q[b*PW+:PW];
      assign nz2_d[b] = c1 != {PW{1'b0}};
      assign c100_d[b*MW+:MW] = {c1, 6'b0} + {1'b0, c1, 5'b0} + {4'b0, c1, 2'b0};
      wire [6:0] sm1 = thsm1_q[7*b+:7];
      assign ph_d[b*MW+:MW] = {{(PW + 3) {1'b0}}, sm1[6:3]} * {7'b0, p1};
      assign pl_d[b*MW+:MW] = {{(PW + 4) {1'b0}}, sm1[2:0]} * {7'b0, p1};
      // the output: mode0 of three cycles before
      wire [MW-1:0] sp = {ph_q[b*MW+:MW-3], 3'b000} + pl_q[b*MW+:MW];
      wire [1:0] mode1 = !nz2_q[b] ? 2'd0 : (c100_q[b*MW+:MW] <= sp) ? 2'd1 : 2'd2;
      assign mode_o[2*b+:2] = (Pipe != 0) ? mode1 : mode0[2*b+:2];
    end
  endgenerate

  // ---- window counters (saturating), the snapshot at the window's last cycle
  wire last = (cyc_q == Last);
  generate
    for (r = 0; r < 8; r = r + 1) begin : g_win
      localparam integer RI = r;
      localparam [2:0] R = RI[2:0];
      assign win_inc[r*NB+:NB] = (arr_i && arr_rank_i == R && win_q[r*NB+:NB] != Top) ?
                                 win_q[r*NB+:NB] + 1'b1 : win_q[r*NB+:NB];
    end
  endgenerate
  wire [NB-1:0] wall_inc = (arr_i && wall_q != Top) ? wall_q + 1'b1 : wall_q;

  // ---- PCR(k) on the divider, k = ck_q, after a snapshot
  // Pipe = 0: the division starts in go_q's cycle with the operands computed then;
  // Pipe = 1: go_q's cycle prepares min(arrivals of rank <= k, all) in cumc_q, and the
  // division starts the cycle after (st_q) on that register
  wire start = (Pipe != 0) ? st_q : (ck_q != 4'd0) && go_q;
  wire div_done, div_busy;
  wire [DW-1:0] quo, rem_unused;
  // arrivals of rank < ck_q (ranks 1..ck), at most sall_q
  reg [NB+2:0] cum;
  integer ci;
  always @* begin
    cum = {(NB + 3) {1'b0}};
    for (ci = 0; ci < 8; ci = ci + 1)
      if (ci < ck_q) cum = cum + {3'b000, snap_q[ci*NB+:NB]};
  end
  wire [NB-1:0] cum_c = (cum > {3'b000, sall_q}) ? sall_q : cum[NB-1:0];
  // snk_d: at the window's end rank 1's counter, at PCR(k)'s capture rank k+1's
  reg [NB-1:0] snap_n;  // snap_q of rank ck_q + 1 (slot ck_q)
  integer si;
  always @* begin
    snap_n = {NB{1'b0}};
    for (si = 1; si < 8; si = si + 1) if (ck_q == si[3:0]) snap_n = snap_q[si*NB+:NB];
  end
  wire [NB:0] cumc_sum = {1'b0, cumc_q} + {1'b0, snk_q};
  wire [NB-1:0] dvd_c = (Pipe != 0) ? cumc_q : cum_c;
  wire [DW-1:0] dividend = {{(DW - NB) {1'b0}}, dvd_c} * 7'd100;
  divider #(.Width(DW)) u_div (
      .clk_i(clk_i),
      .rst_i(rst_i),
      .start_i(start),
      .dividend_i(dividend),
      .divisor_i({{(DW - NB) {1'b0}}, sall_q}),
      .busy_o(div_busy),
      .done_o(div_done),
      .quotient_o(quo),
      .remainder_o(rem_unused)
  );
  wire cap = (ck_q != 4'd0) && !start && div_done;
  wire [6:0] pcr_val = (sall_q == {NB{1'b0}}) ? 7'd0 : quo[6:0];
  generate
    for (r = 0; r < 8; r = r + 1) begin : g_pcr
      localparam integer KI = r + 1;
      localparam [3:0] K = KI[3:0];
      assign pcr_d[7*r+:7] = (cap && ck_q == K) ? pcr_val : pcr_q[7*r+:7];
    end
  endgenerate

  // ---- Table 2 on the new PCR(1..8)
  reg [3:0] cr;
  reg [6:0] sm;
  integer tk;
  always @* begin
    cr = 4'd8;
    sm = ThSM[6:0];
    if (Scheme == 0) begin
      cr = ThCR[3:0];
    end else begin
      for (tk = 1; tk <= 7; tk = tk + 1)
        if (pcr_d[7*(tk-1)+:7] != 7'd0 && pcr_d[7*(tk-1)+:7] <= sm && sm < pcr_d[7*tk+:7]) begin
          cr = tk[3:0];
          if (Scheme == 2) sm = pcr_d[7*(tk-1)+:7];
        end
      if (Scheme == 2 && cr == 4'd8) sm = 7'd0;
    end
  end
  // Pipe = 1: Table 2 one k a cycle on the PCR registers after PCR(8) (tk_q = 1..7; the
  // same test, in the same order, as the loop above), the thresholds at tk_q = 8
  // the next step's pair, PCR(tk+1) and PCR(tk+2) (pcr_q slots tk, tk+1)
  reg [6:0] na, nn;
  integer ti;
  always @* begin
    na = 7'd0;
    nn = 7'd0;
    for (ti = 1; ti <= 6; ti = ti + 1)
      if (tk_q == ti[3:0]) begin
        na = pcr_q[7*ti+:7];
        nn = pcr_q[7*(ti+1)+:7];
      end
  end
  wire tmatch = (Scheme != 0) && ta_q != 7'd0 && ta_q <= tsm_q && tsm_q < tn_q;
  wire pcr_last = cap && ck_q == 4'd8;
  wire upd = (Pipe != 0) ? (tk_q == 4'd8) : pcr_last;
  genvar mr;
  generate
    for (mr = 0; mr < 8; mr = mr + 1) begin : g_crm
      localparam integer MRI = mr;
      if (mr == 0) begin : g_r1
        assign crm_d[mr] = 1'b1;  // rank 1 is always critical
      end else begin : g_rn
        assign crm_d[mr] = MRI[2:0] <= thcr_d;
      end
    end
  endgenerate

  // ---- next state: the PCR steps, Table 2's thresholds, the window
  always @* begin
    ck_d   = ck_q;
    go_d   = go_q;
    thcr_d = thcr_q;
    thsm_d = thsm_q;
    snap_d = snap_q;
    sall_d = sall_q;
    st_d   = 1'b0;
    cumc_d = cumc_q;
    tk_d   = tk_q;
    tcr_d  = tcr_q;
    tsm_d  = tsm_q;
    ta_d   = ta_q;
    tn_d   = tn_q;
    snk_d  = snk_q;
    if (ck_q != 4'd0) begin
      if (Pipe != 0 && go_q) begin
        go_d   = 1'b0;
        st_d   = 1'b1;
        // the running sum, saturated: min(arrivals of rank <= ck, Top), which is
        // min(..., sall_q) as sall_q is the saturated sum of all (proven, FORMAL)
        cumc_d = cumc_sum[NB] ? Top : cumc_sum[NB-1:0];
      end else if (start) go_d = 1'b0;
      else if (div_done) begin
        ck_d  = (ck_q == 4'd8) ? 4'd0 : ck_q + 4'd1;
        go_d  = (ck_q != 4'd8);
        snk_d = snap_n;
      end
    end
    if (Pipe != 0) begin
      if (pcr_last) begin
        tk_d  = 4'd1;
        tcr_d = 3'd7;
        tsm_d = ThSM[6:0];
        ta_d  = pcr_q[6:0];
        tn_d  = pcr_q[13:7];
      end else if (tk_q == 4'd8) tk_d = 4'd0;
      else if (tk_q != 4'd0) begin
        tk_d = tk_q + 4'd1;
        ta_d = na;
        tn_d = nn;
        if (tmatch) begin
          tcr_d = tk_q[2:0] - 3'd1;
          if (Scheme == 2) tsm_d = ta_q;
        end
      end
    end
    if (upd) begin
      if (Pipe != 0) begin
        thcr_d = (Scheme == 0) ? ThCR[2:0] - 3'd1 : tcr_q;
        thsm_d = (Scheme != 2) ? ThSM[6:0] : (tcr_q == 3'd7) ? 7'd0 : tsm_q;
      end else begin
        thcr_d = cr[2:0] - 3'd1;
        thsm_d = sm;
      end
    end
    if (last) begin
      snap_d = win_inc;
      sall_d = wall_inc;
      win_d  = {8 * NB{1'b0}};
      wall_d = {NB{1'b0}};
      cyc_d  = {YW{1'b0}};
      ck_d   = 4'd1;
      go_d   = 1'b1;
      cumc_d = {NB{1'b0}};
      snk_d  = win_inc[0+:NB];
    end else begin
      win_d  = win_inc;
      wall_d = wall_inc;
      cyc_d  = cyc_q + 1'b1;
    end
  end

  // ---- registers
  always @(posedge clk_i) begin
    if (rst_i) begin
      occ_q  <= {NO * CW{1'b0}};
      cyc_q  <= {YW{1'b0}};
      win_q  <= {8 * NB{1'b0}};
      wall_q <= {NB{1'b0}};
      snap_q <= {8 * NB{1'b0}};
      sall_q <= {NB{1'b0}};
      pcr_q  <= 56'd0;
      ck_q   <= 4'd0;
      go_q   <= 1'b0;
      thcr_q <= (Scheme == 0) ? ThCR[2:0] - 3'd1 : 3'd7;
      thsm_q <= ThSM[6:0];
    end else begin
      occ_q  <= occ_d;
      pcr_q  <= pcr_d;
      cyc_q  <= cyc_d;
      win_q  <= win_d;
      wall_q <= wall_d;
      snap_q <= snap_d;
      sall_q <= sall_d;
      ck_q   <= ck_d;
      go_q   <= go_d;
      thcr_q <= thcr_d;
      thsm_q <= thsm_d;
    end
  end

  // ---- Pipe = 1's registers (Pipe = 0: constant 0, no flops)
  generate
    if (Pipe != 0) begin : g_pipe
      always @(posedge clk_i) begin
        if (rst_i) begin
          st_q    <= 1'b0;
          cumc_q  <= {NB{1'b0}};
          tk_q    <= 4'd0;
          tcr_q   <= 3'd0;
          tsm_q   <= 7'd0;
          ta_q    <= 7'd0;
          tn_q    <= 7'd0;
          crm_q   <= (Scheme == 0) ? crm_static : 8'hff;
          pa_q    <= {4 * AW * Banks{1'b0}};
          ca_q    <= {4 * AW * Banks{1'b0}};
          da_q    <= {Banks{1'b0}};
          dca_q   <= {Banks{1'b0}};
          thsma_q <= 7'd0;
          snk_q   <= {NB{1'b0}};
          pend1_q <= {PW * Banks{1'b0}};
          crit1_q <= {PW * Banks{1'b0}};
          thsm1_q <= {7 * Banks{1'b0}};
          nz2_q   <= {Banks{1'b0}};
          c100_q  <= {MW * Banks{1'b0}};
          ph_q    <= {MW * Banks{1'b0}};
          pl_q    <= {MW * Banks{1'b0}};
        end else begin
          st_q    <= st_d;
          cumc_q  <= cumc_d;
          tk_q    <= tk_d;
          tcr_q   <= tcr_d;
          tsm_q   <= tsm_d;
          ta_q    <= ta_d;
          tn_q    <= tn_d;
          crm_q   <= crm_d;
          pa_q    <= pa_d;
          ca_q    <= ca_d;
          da_q    <= da_d;
          dca_q   <= dca_d;
          thsma_q <= thsm_q;
          snk_q   <= snk_d;
          pend1_q <= pend1_d;
          crit1_q <= crit1_d;
          thsm1_q <= {Banks{thsma_q}};
          nz2_q   <= nz2_d;
          c100_q  <= c100_d;
          ph_q    <= ph_d;
          pl_q    <= pl_d;
        end
      end
    end else begin : g_nopipe
      always @* begin
        st_q    = 1'b0;
        cumc_q  = {NB{1'b0}};
        tk_q    = 4'd0;
        tcr_q   = 3'd0;
        tsm_q   = 7'd0;
        ta_q    = 7'd0;
        tn_q    = 7'd0;
        crm_q   = 8'd0;
        pa_q    = {4 * AW * Banks{1'b0}};
        ca_q    = {4 * AW * Banks{1'b0}};
        da_q    = {Banks{1'b0}};
        dca_q   = {Banks{1'b0}};
        thsma_q = 7'd0;
        snk_q   = {NB{1'b0}};
        pend1_q = {PW * Banks{1'b0}};
        crit1_q = {PW * Banks{1'b0}};
        thsm1_q = {7 * Banks{1'b0}};
        nz2_q   = {Banks{1'b0}};
        c100_q  = {MW * Banks{1'b0}};
        ph_q    = {MW * Banks{1'b0}};
        pl_q    = {MW * Banks{1'b0}};
        if (rst_i) st_q = 1'b0;  // (rst_i in the sensitivity: Icarus runs an always @* only on a change)
      end
    end
  endgenerate

  assign thcr_o    = thcr_q;
  assign thsm_o    = thsm_q;
  assign pcr_o     = pcr_q;
  assign win_end_o = last;
  assign busy_o    = ck_q != 4'd0 || tk_q != 4'd0;
  assign upd_o     = upd;

  // waveforms only: pending and critical requests per bank
  wire [PW*Banks-1:0] pend_w, crit_w;
  generate
    for (b = 0; b < Banks; b = b + 1) begin : g_w
      assign pend_w[b*PW+:PW] = g_bank[b].pend;
      assign crit_w[b*PW+:PW] = g_bank[b].crit;
    end
  endgenerate
  /* verilator lint_off UNUSEDSIGNAL */
  wire unused = ^{rem_unused, div_busy, quo, pend_w, crit_w, mode0, ph_q, st_d, cumc_d, tk_d, tcr_d, tsm_d, ta_d, tn_d,
                  crm_d, pa_d, ca_d, da_d, dca_d, snk_d, pend1_d, crit1_d, nz2_d, c100_d, ph_d, pl_d, thsma_q};
  /* verilator lint_on UNUSEDSIGNAL */

`ifdef FORMAL
  // Invariants, proven from reset by BMC and by k-induction (the flow: FORMAL_PROOFS).
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  reg [1:0] f_run = 2'd0;  // cycles since the start, up to 3 (for $past(.., 3))
  always @(posedge clk_i) if (f_run != 2'd3) f_run <= f_run + 2'd1;
  always @* if (!f_past_valid) assume (rst_i);  // the run starts in reset
  // The channel's buffer (the environment): every request has a bank of the channel, a
  // request leaves only if one of its bank and rank is buffered, and one enters only
  // when the buffer has room (Buf entries) or one leaves in the same cycle.
  localparam integer FTW = CW + 8;
  reg [FTW-1:0] f_total;  // requests buffered: the sum of the occupancy counters
  integer fg;
  always @* begin
    f_total = {FTW{1'b0}};
    for (fg = 0; fg < NO; fg = fg + 1) f_total = f_total + {8'd0, occ_q[fg*CW+:CW]};
  end
  always @* begin
    if (arr_i) assume ({1'b0, arr_bank_i} < Banks[BW:0]);
    if (dep_i) assume ({1'b0, dep_bank_i} < Banks[BW:0]);
    if (dep_i) assume (occ_q[({dep_bank_i, 3'b000} + {{BW {1'b0}}, dep_rank_i})*CW+:CW] != {CW{1'b0}});
    if (arr_i && !dep_i) assume (f_total < Buf);
  end
  // PCR(k) of the current snapshot (k = fk + 1): 100 x min(arrivals of rank <= k, all)
  // / all, 0 when there was no arrival
  wire [7:0] f_pcr_ok;  // PCR(fk + 1)'s register holds that value
  wire [NB+2:0] f_sumsnap, f_sumwin;  // all ranks' snapshot counters; window counters
  genvar fk;
  generate
    for (fk = 0; fk < 8; fk = fk + 1) begin : g_fpcr
      wire [NB+2:0] cum_k, win_k;  // arrivals of rank <= fk + 1 (snapshot; window)
      if (fk == 0) begin : g_first
        assign cum_k = {3'b000, snap_q[0+:NB]};
        assign win_k = {3'b000, win_q[0+:NB]};
      end else begin : g_next
        assign cum_k = g_fpcr[fk-1].cum_k + {3'b000, snap_q[fk*NB+:NB]};
        assign win_k = g_fpcr[fk-1].win_k + {3'b000, win_q[fk*NB+:NB]};
      end
      wire [NB-1:0] c = (cum_k > {3'b000, sall_q}) ? sall_q : cum_k[NB-1:0];
      // p is PCR(k) when p = 0 with no arrival, else p x all <= 100 x c < (p + 1) x all
      // (the quotient's definition, as products: cheaper for the solver than a divider)
      wire [6:0] p = pcr_q[7*fk+:7];
      wire [DW+7:0] c100 = {8'd0, {{(DW - NB) {1'b0}}, c} * 7'd100};
      wire [DW+7:0] lo = {{(DW + 1) {1'b0}}, p} * {8'd0, {(DW - NB) {1'b0}}, sall_q};
      wire [DW+7:0] hi = lo + {8'd0, {(DW - NB) {1'b0}}, sall_q};
      assign f_pcr_ok[fk] = (sall_q == {NB{1'b0}}) ? (p == 7'd0) : (lo <= c100 && c100 < hi);
    end
  endgenerate
  assign f_sumsnap = g_fpcr[7].cum_k;
  assign f_sumwin = g_fpcr[7].win_k;
  // where the PCR computation must be, cyc_q cycles after the window's start: PCR(k)
  // takes KP = DW + 2 + Pipe cycles ([prepare,] start, DW steps, done), k = 1..8 one after
  // the other; with Pipe = 1 Table 2's 8 steps follow
  localparam integer FPW = YW + 8;
  wire [FPW-1:0] f_cyc = {8'd0, cyc_q};
  wire [FPW-1:0] f_base = ({{(FPW - 4) {1'b0}}, ck_q} - 1'b1) * KP;  // PCR(ck)'s first cycle
  wire [FPW-1:0] f_tbase = 8 * KP;  // Table 2's first step
  // Pipe = 1: the saturated sums of the snapshot's ranks 1..j (j = 0..8), Table 2's
  // running values after the steps before tk_q (the loop above, on pcr_q, stopped there)
  reg [NB+2:0] f_s;
  reg [NB-1:0] f_sat_k, f_sat_k1;  // j = ck_q; j = ck_q - 1
  reg [2:0] f_tcr;
  reg [6:0] f_tsm;
  integer fj;
  always @* begin
    f_s = {(NB + 3) {1'b0}};
    f_sat_k = {NB{1'b0}};
    f_sat_k1 = {NB{1'b0}};
    for (fj = 0; fj < 8; fj = fj + 1) begin
      if (fj + 1 == ck_q) f_sat_k1 = (f_s > {3'b000, Top}) ? Top : f_s[NB-1:0];
      f_s = f_s + {3'b000, snap_q[fj*NB+:NB]};
      if (fj + 1 == ck_q) f_sat_k = (f_s > {3'b000, Top}) ? Top : f_s[NB-1:0];
    end
    f_tcr = 3'd7;
    f_tsm = ThSM[6:0];
    for (fj = 1; fj <= 7; fj = fj + 1)
      if (fj < tk_q && Scheme != 0 && pcr_q[7*(fj-1)+:7] != 7'd0 && pcr_q[7*(fj-1)+:7] <= f_tsm &&
          f_tsm < pcr_q[7*fj+:7]) begin
        f_tcr = fj[2:0] - 3'd1;
        if (Scheme == 2) f_tsm = pcr_q[7*(fj-1)+:7];
      end
  end
  integer fr;
  always @* begin
    if (f_past_valid) begin
      // occupancy: the counters sum to at most Buf (each is within 0..Buf)
      assert (f_total <= Buf);
      for (fg = 0; fg < NO; fg = fg + 1) assert (occ_q[fg*CW+:CW] <= Buf);
      // the window cycle stays inside 0..Window-1
      assert (cyc_q <= Last);
      // the all-ranks counters are the saturated sum of the per-rank ones (window and
      // snapshot): no rank counts more than all
      assert (wall_q == ((f_sumwin > {3'b000, Top}) ? Top : f_sumwin[NB-1:0]));
      assert (sall_q == ((f_sumsnap > {3'b000, Top}) ? Top : f_sumsnap[NB-1:0]));
      // the PCR sequencer: k within 0..8, a division pending only while computing, the
      // divider idle when not; and in step with the window (cycle (k-1)(DW+2) + phase):
      // so all 8 PCRs are done before the window ends (no snapshot under a division)
      assert (ck_q <= 4'd8);
      if (ck_q == 4'd0) assert (!go_q && !st_q && !div_busy && !div_done);
      else begin
        assert (f_cyc >= f_base && f_cyc < f_base + KP);
        assert (go_q == (f_cyc == f_base));
        assert (st_q == (Pipe != 0 && f_cyc == f_base + 1));
        assert (div_done == (f_cyc == f_base + DW + 1 + Pipe));
        assert (div_busy == (f_cyc > f_base + Pipe && f_cyc <= f_base + DW + Pipe));
        assert (f_cyc < 8 * KP && cyc_q != Last);
        // Pipe = 1: the running sum is rank 1..k's saturated after the prepare cycle,
        // 1..k-1's before it, when snk_q holds rank k's counter
        if (Pipe != 0) begin
          assert (cumc_q == (go_q ? f_sat_k1 : f_sat_k));
          if (go_q) assert (snk_q == snap_q[(ck_q-4'd1)*NB+:NB]);
          assert (tk_q == 4'd0);
        end
        // the division done is the current PCR(k)'s: operands of this snapshot
        if (div_done && sall_q != {NB{1'b0}})
          assert (quo * {{(DW - NB) {1'b0}}, sall_q} + rem_unused == dividend && rem_unused < {{(DW - NB) {1'b0}}, sall_q});
      end
      // PCR registers: each a percentage (0..100); the ones computed from the current
      // snapshot (all of them once the computation is done) equal their definition
      for (fr = 0; fr < 8; fr = fr + 1) begin
        assert (pcr_q[7*fr+:7] <= 7'd100);
        if (ck_q == 4'd0 || fr + 1 < ck_q) assert (f_pcr_ok[fr]);
      end
      // at rest, PCR(k) never falls as k grows, and PCR(8) is 100% after any arrival
      if (ck_q == 4'd0) begin
        for (fr = 0; fr < 7; fr = fr + 1) assert (pcr_q[7*fr+:7] <= pcr_q[7*(fr+1)+:7]);
        assert (pcr_q[7*7+:7] == ((sall_q == {NB{1'b0}}) ? 7'd0 : 7'd100));
      end
      // thresholds: Static keeps both; Semi-Dyn keeps Th_SM; Dyn's Th_SM is a percentage,
      // nonzero whenever Th_CR < 8 (it is the matching PCR, which is nonzero)
      if (Scheme == 0) assert (thcr_q == ThCR[2:0] - 3'd1 && thsm_q == ThSM[6:0]);
      if (Scheme == 1) assert (thsm_q == ThSM[6:0]);
      if (Scheme == 2) begin
        assert (thsm_q <= 7'd100);
        if (thcr_q != 3'd7) assert (thsm_q != 7'd0);
      end
      // Pipe = 1: Table 2's steps run after PCR(8), one a cycle, on the finished PCRs, and
      // hold the loop's values so far; the mask of critical ranks follows Th_CR
      if (Pipe != 0) begin
        assert (tk_q <= 4'd8);
        if (tk_q != 4'd0) begin
          assert (ck_q == 4'd0 && f_cyc == f_tbase + {{(FPW - 4) {1'b0}}, tk_q} - 1'b1 && cyc_q != Last);
          assert (tcr_q == f_tcr && tsm_q == f_tsm);
          if (tk_q <= 4'd7) assert (ta_q == pcr_q[7*(tk_q-4'd1)+:7] && tn_q == pcr_q[7*tk_q+:7]);
        end
        for (fr = 0; fr < 8; fr = fr + 1) assert (crm_q[fr] == (fr <= thcr_q));
      end else begin
        assert (tk_q == 4'd0 && !st_q);
      end
    end
  end
  // The modes (C13): a bank's counts of requests still to be issued never wrap (the
  // departing request is buffered), so a bank with none shows mode 0. A departure counts
  // in its own cycle: with no arrival to the bank and no threshold update in a cycle, the
  // bank's mode stays at the next edge unless the next cycle brings a departure of it.
  genvar fb;
  generate
    for (fb = 0; fb < Banks; fb = fb + 1) begin : g_fmode
      localparam integer FBI = fb;
      localparam [BW-1:0] FBV = FBI[BW-1:0];
      always @* begin
        if (f_past_valid) begin
          assert (g_bank[fb].crit <= g_bank[fb].pend);
          if (Pipe == 0 && g_bank[fb].pend == {PW{1'b0}}) assert (mode_o[2*fb+:2] == 2'd0);
        end
      end
      always @(posedge clk_i) begin
        if (Pipe == 0 && f_past_valid && !$past(rst_i) && !$past(upd) && !$past(arr_i && arr_bank_i == FBV) &&
            !(dep_i && dep_bank_i == FBV))
          assert (mode_o[2*fb+:2] == $past(mode_o[2*fb+:2]));
        // Pipe = 1: the mode is the single-cycle form's of three cycles before
        if (Pipe != 0 && f_run >= 2'd3 && !$past(rst_i) && !$past(rst_i, 2) && !$past(rst_i, 3))
          assert (mode_o[2*fb+:2] == $past(mode0[2*fb+:2], 3));
      end
    end
  endgenerate
  // Steps: thresholds change only at an update (upd_o); a window's end snapshots it
  always @(posedge clk_i) begin
    if (f_past_valid && !$past(rst_i)) begin
      if (!$past(upd)) assert (thcr_q == $past(thcr_q) && thsm_q == $past(thsm_q));
      if ($past(last)) assert (ck_q == 4'd1 && go_q && wall_q == {NB{1'b0}});
    end
  end
`endif
endmodule
`default_nettype wire
