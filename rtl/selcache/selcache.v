`default_nettype none
// selcache: contention-aware selective caching (seed 003 chapter 4; docs/choo.md), one per
// SM at the L1. Ports and widths: cmodel/blocks/selcache/selcache_ports.def.
//
// One clock per L1 event. For a demand read the inputs carry its load's line requests as
// set indices (sets_i, nreq_i = the divergence degree) and the request's place idx_i.
// Index scheme (4.3.1-4.3.2): with same = the load's requests to this set that come later
// (scheme c) or earlier (b), the read bypasses when same >= Ways: each set caches the
// load's last (c) or first (b) Ways requests and bypasses the rest; scheme a bypasses every
// request of a load with more than Ways requests. Locality degree (4.3.3, LocDeg): each
// line keeps the hashed PC of the load that allocated it and a saturating count of its
// re-references (hits); an eviction adds the count to its PC's entry of the re-reference
// table {running sum, evictions}; a request of a divergent load (nreq > Ways, Figure 4.4;
// LocScope=1: any read) that would evict a valid line whose count beats the reading PC's
// average (cnt * n > sum) bypasses instead. final_i (the outcome, this block's decision or
// another block's) drives the per-line state; a store write-evicts only when the L1 takes
// it (res write), a refused store changes nothing.
module selcache #(
    parameter integer Sets    = 32,
    parameter integer Ways    = 4,
    parameter integer Lanes   = 32,
    parameter integer Scheme  = 2,
    parameter integer LocDeg  = 0,
    parameter integer LocScope = 0,
    parameter integer HashW   = 7,
    parameter integer CntW    = 4,
    parameter integer NW      = 8,
    parameter integer PcShift = 3
) (
    input  wire                clk_i,
    input  wire                rst_i,
    input  wire [         1:0] op_i,
    input  wire                flush_i,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [        31:0] pc_i,  // bits below PcShift are not hashed
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [      SW-1:0] set_i,
    input  wire [      WW-1:0] way_i,
    input  wire                wayv_i,
    input  wire [         2:0] res_i,
    input  wire [         1:0] present_i,
    input  wire                canbyp_i,
    input  wire                final_i,
    input  wire [      CW-1:0] nreq_i,
    input  wire [      IW-1:0] idx_i,
    input  wire [Lanes*SW-1:0] sets_i,
    output wire                byp_o,
    output wire                div_o,
    output wire [      CW-1:0] same_o,
    output wire                ibyp_o,
    output wire                lbyp_o
);
  generate
    if (Sets < 1 || Sets > 64 || (Sets & (Sets - 1)) != 0) begin : g_bad_sets
      selcache_parameter_Sets_not_a_power_of_two_1_to_64 u_err ();
    end
    if (Ways < 1 || Ways > 16) begin : g_bad_ways
      selcache_parameter_Ways_out_of_range_1_to_16 u_err ();
    end
    if (Lanes < 2 || Lanes > 32) begin : g_bad_lanes
      selcache_parameter_Lanes_out_of_range_2_to_32 u_err ();
    end
    if (Scheme < 0 || Scheme > 2) begin : g_bad_scheme
      selcache_parameter_Scheme_out_of_range_0_to_2 u_err ();
    end
    if (LocDeg < 0 || LocDeg > 1) begin : g_bad_locdeg
      selcache_parameter_LocDeg_out_of_range_0_to_1 u_err ();
    end
    if (LocScope < 0 || LocScope > 1) begin : g_bad_locscope
      selcache_parameter_LocScope_out_of_range_0_to_1 u_err ();
    end
    if (HashW < 2 || HashW > 8) begin : g_bad_hashw
      selcache_parameter_HashW_out_of_range_2_to_8 u_err ();
    end
    if (CntW < 1 || CntW > 6) begin : g_bad_cntw
      selcache_parameter_CntW_out_of_range_1_to_6 u_err ();
    end
    if (NW < 2 || NW > 10) begin : g_bad_nw
      selcache_parameter_NW_out_of_range_2_to_10 u_err ();
    end
    if (PcShift < 0 || PcShift > 4) begin : g_bad_pcshift
      selcache_parameter_PcShift_out_of_range_0_to_4 u_err ();
    end
  endgenerate

  localparam integer SW = (Sets > 1) ? $clog2(Sets) : 1;
  localparam integer WW = (Ways > 1) ? $clog2(Ways) : 1;
  localparam integer CW = $clog2(Lanes + 1);
  localparam integer IW = $clog2(Lanes);
  localparam integer NL = Sets * Ways;
  localparam integer LW = (NL > 1) ? $clog2(NL) : 1;
  localparam integer NT = 1 << HashW;
  localparam integer TW = NW + CntW;  // running sum: never overflows (halved with the count)
  localparam [2:0] ResMiss = 3'd2;
  localparam [2:0] ResWrite = 3'd3;

  // ---- state: per line, and the re-reference table ----
  reg  [      NL-1:0] lv_q, lv_d;
  reg  [NL*HashW-1:0] lpc_q, lpc_d;
  reg  [ NL*CntW-1:0] lcnt_q, lcnt_d;
  reg  [   NT*TW-1:0] tsum_q, tsum_d;
  reg  [   NT*NW-1:0] tn_q, tn_d;

  // ---- this event ----
  wire [   HashW-1:0] hpc;
  xor_fold #(
      .InW (32 - PcShift),
      .OutW(HashW)
  ) u_hash (
      .in_i (pc_i[31:PcShift]),
      .out_o(hpc)
  );
  wire read = (op_i == 2'd1);
  wire inrange = ({{(32 - SW) {1'b0}}, set_i} < Sets) && ({{(32 - WW) {1'b0}}, way_i} < Ways);
  /* verilator lint_off UNUSEDSIGNAL */
  wire [31:0] li32 = {{(32 - SW) {1'b0}}, set_i} * Ways + {{(32 - WW) {1'b0}}, way_i};  // < NL when inrange
  /* verilator lint_on UNUSEDSIGNAL */
  wire [LW-1:0] li = inrange ? li32[LW-1:0] : {LW{1'b0}};
  wire live_line = inrange && wayv_i;  // the event addresses a line
  wire l_v = lv_q[li];
  wire [HashW-1:0] l_pc = lpc_q[li*HashW+:HashW];
  wire [CntW-1:0] l_cnt = lcnt_q[li*CntW+:CntW];
  wire [TW-1:0] t_sum = tsum_q[hpc*TW+:TW];
  wire [NW-1:0] t_n = tn_q[hpc*NW+:NW];

  // ---- index scheme: the load's requests to this set before or after this one ----
  reg [CW-1:0] same;
  integer j;
  always @* begin
    same = {CW{1'b0}};
    for (j = 0; j < Lanes; j = j + 1)
      if (j < {{(32 - CW) {1'b0}}, nreq_i} && sets_i[j*SW+:SW] == set_i &&
          (Scheme == 0 || (Scheme == 1 ? j < {{(32 - IW) {1'b0}}, idx_i} : j > {{(32 - IW) {1'b0}}, idx_i})))
        same = same + 1'b1;
  end
  wire div = ({{(32 - CW) {1'b0}}, nreq_i} > Ways);
  wire ibyp = (Scheme == 0) ? div : ({{(32 - CW) {1'b0}}, same} >= Ways);

  // ---- locality degree: the victim's count against the PC's average, for the requests
  // of a divergent load (LocScope=1: every read) ----
  wire vic_valid = (res_i == ResMiss) && live_line && (present_i == 2'd0) && l_v;
  wire [CntW+NW-1:0] prod = {{NW{1'b0}}, l_cnt} * {{CntW{1'b0}}, t_n};
  wire lbyp = (LocDeg != 0) && (LocScope != 0 || div) && vic_valid && (prod > t_sum);
  /* verilator lint_off UNUSEDSIGNAL */
  wire [CntW-1:0] vic_cnt = l_cnt;  // waveforms only
  /* verilator lint_on UNUSEDSIGNAL */

  assign div_o  = div;
  assign same_o = same;
  assign ibyp_o = ibyp;
  assign lbyp_o = lbyp;
  assign byp_o  = read && canbyp_i && (ibyp || lbyp);

  // ---- next state ----
  wire do_hit = read && (present_i != 2'd0) && (res_i <= 3'd1) && l_v && (l_cnt != {CntW{1'b1}});
  wire do_alloc = (read || op_i == 2'd2) && (res_i == ResMiss) && !final_i;
  wire do_wevict = (op_i == 2'd3) && (res_i == ResWrite) && (present_i == 2'd1) && l_v;
  wire is_hit = read && (present_i != 2'd0) && (res_i <= 3'd1);
  wire evict = (do_alloc && l_v) || do_wevict;  // a tracked line leaves: table add (never on a hit)
  // the table entry of the leaving line's PC, with the sum and count halved when full
  wire [NW-1:0] e_n0 = tn_q[l_pc*NW+:NW];
  wire [TW-1:0] e_s0 = tsum_q[l_pc*TW+:TW];
  wire e_full = (e_n0 == {NW{1'b1}});
  wire [NW-1:0] e_n = (e_full ? (e_n0 >> 1) : e_n0) + 1'b1;
  wire [TW-1:0] e_s = (e_full ? (e_s0 >> 1) : e_s0) + {{NW{1'b0}}, l_cnt};

  always @* begin
    lv_d   = lv_q;
    lpc_d  = lpc_q;
    lcnt_d = lcnt_q;
    tsum_d = tsum_q;
    tn_d   = tn_q;
    if (flush_i) begin
      lv_d = {NL{1'b0}};
    end else if (live_line) begin
      if (is_hit) begin
        if (do_hit) lcnt_d[li*CntW+:CntW] = l_cnt + 1'b1;
      end else if (do_alloc) begin
        lv_d[li] = 1'b1;
        lpc_d[li*HashW+:HashW] = hpc;
        lcnt_d[li*CntW+:CntW] = {CntW{1'b0}};
      end else if (do_wevict) begin
        lv_d[li] = 1'b0;
      end
      if (evict) begin
        tn_d[l_pc*NW+:NW]   = e_n;
        tsum_d[l_pc*TW+:TW] = e_s;
      end
    end
  end

  always @(posedge clk_i) begin
    if (rst_i) begin
      lv_q   <= {NL{1'b0}};
      lpc_q  <= {(NL * HashW) {1'b0}};
      lcnt_q <= {(NL * CntW) {1'b0}};
      tsum_q <= {(NT * TW) {1'b0}};
      tn_q   <= {(NT * NW) {1'b0}};
    end else begin
      lv_q   <= lv_d;
      lpc_q  <= lpc_d;
      lcnt_q <= lcnt_d;
      tsum_q <= tsum_d;
      tn_q   <= tn_d;
    end
  end

`ifdef FORMAL
  // Invariants, proven from reset by BMC and by k-induction (the flow: FORMAL_PROOFS).
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume (rst_i);  // the run starts in reset
  localparam [TW:0] FCntMax = {{(NW + 1) {1'b0}}, {CntW{1'b1}}};  // a line's count saturates here
  integer ft, fl;
  reg [TW:0] f_n, f_s;
  always @* begin
    if (f_past_valid) begin
      // the re-reference table: a PC with no eviction has sum 0; otherwise the running
      // sum is at most n x the count's maximum + (maximum - 1) (the halving's rounding),
      // so it never overflows its NW + CntW bits
      for (ft = 0; ft < NT; ft = ft + 1) begin
        f_n = {{(CntW + 1) {1'b0}}, tn_q[ft*NW+:NW]};
        f_s = {1'b0, tsum_q[ft*TW+:TW]};
        if (f_n == {(TW + 1) {1'b0}}) assert (f_s == {(TW + 1) {1'b0}});
        else assert (f_s <= f_n * FCntMax + FCntMax - 1'b1);
      end
      // the index scheme counts only the load's other requests: same <= nreq, and with
      // scheme b or c (this request among them) same < nreq, so its bypass only happens
      // to a divergent load
      if ({{(32 - CW) {1'b0}}, nreq_i} <= Lanes) assert (same_o <= nreq_i);
      if (Scheme != 0 && {{(32 - IW) {1'b0}}, idx_i} < {{(32 - CW) {1'b0}}, nreq_i}) begin
        assert (same_o < nreq_i);
        if (ibyp_o) assert (div_o);
      end
      // a locality bypass needs the mode and a valid victim line of a PC with history
      if (lbyp_o) assert (LocDeg != 0 && (LocScope != 0 || div_o) && vic_valid && t_n != {NW{1'b0}});
    end
  end
  // Steps: a flush drops every line; a line's count grows by one only on a hit (it
  // saturates, never wraps) and restarts at 0 only on an allocation of that line; a
  // tracked line is dropped only by a flush or by a store the L1 takes (res write) to it;
  // a table entry changes only with an eviction of a line of its PC
  always @(posedge clk_i) begin
    if (f_past_valid && !$past(rst_i)) begin
      if ($past(flush_i)) assert (lv_q == {NL{1'b0}});
      for (fl = 0; fl < NL; fl = fl + 1) begin
        if ($past(lv_q[fl]) && !lv_q[fl])
          assert ($past(flush_i) || ($past(op_i) == 2'd3 && $past(res_i) == ResWrite && $past(live_line) &&
                                     $past(li) == fl));
        if (lcnt_q[fl*CntW+:CntW] != $past(lcnt_q[fl*CntW+:CntW])) begin
          if (lcnt_q[fl*CntW+:CntW] == {CntW{1'b0}}) assert ($past(do_alloc) && $past(li) == fl);
          else assert ($past(do_hit) && $past(li) == fl &&
                       lcnt_q[fl*CntW+:CntW] == $past(lcnt_q[fl*CntW+:CntW]) + 1'b1);
        end
      end
      for (ft = 0; ft < NT; ft = ft + 1)
        if (tn_q[ft*NW+:NW] != $past(tn_q[ft*NW+:NW]))
          assert ($past(evict) && $past(live_line) && $past(l_pc) == ft && tn_q[ft*NW+:NW] != {NW{1'b0}});
    end
  end
`endif
endmodule
`default_nettype wire
