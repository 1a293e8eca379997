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
    parameter integer ThSM    = 40
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
    if (Window < 2 || Window > 65535 || Window <= 8 * (DW + 2)) begin : g_bad_window
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
      assign mode_o[2*b+:2] = (crit == {PW{1'b0}}) ? 2'd0 : (crit100 <= smpend) ? 2'd1 : 2'd2;
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
  wire start = (ck_q != 4'd0) && go_q;
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
  wire [DW-1:0] dividend = {{(DW - NB) {1'b0}}, cum_c} * 7'd100;
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
  wire upd = cap && ck_q == 4'd8;

  // ---- next state: the PCR steps, Table 2's thresholds, the window
  always @* begin
    ck_d   = ck_q;
    go_d   = go_q;
    thcr_d = thcr_q;
    thsm_d = thsm_q;
    snap_d = snap_q;
    sall_d = sall_q;
    if (ck_q != 4'd0) begin
      if (start) go_d = 1'b0;
      else if (div_done) begin
        ck_d = (ck_q == 4'd8) ? 4'd0 : ck_q + 4'd1;
        go_d = (ck_q != 4'd8);
      end
    end
    if (upd) begin
      thcr_d = cr[2:0] - 3'd1;
      thsm_d = sm;
    end
    if (last) begin
      snap_d = win_inc;
      sall_d = wall_inc;
      win_d  = {8 * NB{1'b0}};
      wall_d = {NB{1'b0}};
      cyc_d  = {YW{1'b0}};
      ck_d   = 4'd1;
      go_d   = 1'b1;
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

  assign thcr_o    = thcr_q;
  assign thsm_o    = thsm_q;
  assign pcr_o     = pcr_q;
  assign win_end_o = last;
  assign busy_o    = ck_q != 4'd0;
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
  wire unused = ^{rem_unused, div_busy, quo, pend_w, crit_w};
  /* verilator lint_on UNUSEDSIGNAL */

`ifdef FORMAL
  // Invariants, proven from reset by BMC and by k-induction (the flow: FORMAL_PROOFS).
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
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
  // takes DW + 2 cycles (start, DW steps, done), k = 1..8 one after the other
  localparam integer FPW = YW + 8;
  wire [FPW-1:0] f_cyc = {8'd0, cyc_q};
  wire [FPW-1:0] f_base = ({{(FPW - 4) {1'b0}}, ck_q} - 1'b1) * (DW + 2);  // PCR(ck)'s first cycle
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
      if (ck_q == 4'd0) assert (!go_q && !div_busy && !div_done);
      else begin
        assert (f_cyc >= f_base && f_cyc < f_base + DW + 2);
        assert (go_q == (f_cyc == f_base));
        assert (div_done == (f_cyc == f_base + DW + 1));
        assert (div_busy == (f_cyc > f_base && f_cyc <= f_base + DW));
        assert (f_cyc < 8 * (DW + 2) && cyc_q != Last);
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
          if (g_bank[fb].pend == {PW{1'b0}}) assert (mode_o[2*fb+:2] == 2'd0);
        end
      end
      always @(posedge clk_i) begin
        if (f_past_valid && !$past(rst_i) && !$past(upd) && !$past(arr_i && arr_bank_i == FBV) &&
            !(dep_i && dep_bank_i == FBV))
          assert (mode_o[2*fb+:2] == $past(mode_o[2*fb+:2]));
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
