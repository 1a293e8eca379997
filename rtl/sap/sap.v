`default_nettype none
// sap: the scheduling aware prefetcher (SAP) of seed 001 section IV-B (APRES, ISCA
// 2016): the prefetch table (PT, Entries x {PC, last warp, last address, stride}, LRU
// replacement), the stride check, a multi-cycle stride divider, the warp queue (WQ),
// the demand request queue's base address (DRQ) and the prefetch address generator.
//
// Per cycle (one GPU cycle):
//   ld_i:  a load's first request (its lowest thread's address) looks its PC up in the
//          PT (rtl/common/cam). A new PC takes the lowest free entry, else the least
//          recently used one (rtl/common/age_order): {PC, warp, address, stride 0}.
//          A known PC is checked: dw = warp - PT.warp, diff = address - PT.address
//          (modulo 2**AddrW); the stride matches when dw != 0 and diff == PT.stride x dw.
//          A mismatch starts the divider (rtl/common/divider, AddrW + 1 cycles) on
//          |diff| / |dw| when it is idle; its signed quotient becomes the entry's stride
//          when done (unless a new PC took the entry meanwhile). The entry takes the load's
//          warp and address; the PT is touched in the LRU order.
//   grp_i: with ld_i, a miss (ld_miss_i) and a matching stride, the group's other warps
//          (targets, tgt_vec_o) replace the warp queue; the base address, the missing
//          warp u and the stride are kept.
//   pf_o:  the lowest warp v in the queue: pf_addr_o = base + (v - u) x stride;
//          pf_ack_i removes v from the queue.
// The C model (cmodel/blocks/sap/sap.c) is this, register for register; the port list
// is cmodel/blocks/sap/sap_ports.def; docs/apres.md tells the flow.
module sap #(
    parameter integer Warps   = 48,
    parameter integer PcBits  = 32,
    parameter integer AddrW   = 64,
    parameter integer Entries = 10,
    parameter integer Pipe    = 0
) (
    input  wire              clk_i,
    input  wire              rst_i,
    // load in
    input  wire              ld_i,
    input  wire [PcBits-1:0] ld_pc_i,
    input  wire [    WW-1:0] ld_warp_i,
    input  wire [ AddrW-1:0] ld_addr_i,
    input  wire              ld_miss_i,
    input  wire              grp_i,
    input  wire [ Warps-1:0] grp_vec_i,
    // check and targets out
    output wire [       2:0] res_o,
    output wire [    EW-1:0] pt_idx_o,
    output wire              tgt_o,
    output wire [ Warps-1:0] tgt_vec_o,
    // prefetch out
    output wire              pf_o,
    output wire [    WW-1:0] pf_warp_o,
    output wire [ AddrW-1:0] pf_addr_o,
    input  wire              pf_ack_i
);
  localparam integer WW = $clog2(Warps);  // Warps >= 2
  localparam integer EW = (Entries > 1) ? $clog2(Entries) : 1;
  localparam [WW:0] NumW = Warps[WW:0];
  localparam [2:0] ResNone = 3'd0, ResNew = 3'd1, ResSame = 3'd2, ResMatch = 3'd3, ResDiv = 3'd4, ResBusy = 3'd5;

  generate
    if (Warps < 2 || Warps > 64) begin : g_bad_warps
      sap_parameter_Warps_out_of_range_2_to_64 u_err ();
    end
    if (PcBits < 1 || PcBits > 32) begin : g_bad_pcbits
      sap_parameter_PcBits_out_of_range_1_to_32 u_err ();
    end
    if (AddrW < 8 || AddrW > 64) begin : g_bad_addrw
      sap_parameter_AddrW_out_of_range_8_to_64 u_err ();
    end
    if (Entries < 1 || Entries > 11) begin : g_bad_entries
      sap_parameter_Entries_out_of_range_1_to_11 u_err ();
    end
    if (Pipe < 0 || Pipe > 1) begin : g_bad_pipe
      sap_parameter_Pipe_out_of_range_0_to_1 u_err ();
    end
  endgenerate

`ifdef FORMAL
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume (rst_i);  // the run starts in reset
  localparam [EW:0] NumE = Entries[EW:0];
`endif
  reg [Entries*WW-1:0] ptw_q, ptw_d;
  reg [Entries*AddrW-1:0] pta_q, pta_d, pts_q, pts_d;
  reg [Warps-1:0] wq_q, wq_d;
  reg [AddrW-1:0] drq_q, drq_d, drq_str_q, drq_str_d;
  reg [WW-1:0] drq_u_q, drq_u_d;
  reg [EW-1:0] dv_idx_q, dv_idx_d;
  reg dv_live_q, dv_live_d;  // the entry still holds the PC the division is for
  reg dv_neg_q, dv_neg_d;

  // (not in reset: the cam's keys and age_order's pair bits are not reset, so nothing
  // may write them then)
  wire ld = ld_i && {1'b0, ld_warp_i} < NumW && !rst_i;

  // ---- PT lookup (PC and valid bits in the cam), the entry a new PC takes
  wire hit;
  wire [EW-1:0] hit_idx;
  wire [Entries-1:0] hit_vec, ptv;
  wire pt_wr;
  wire [EW-1:0] e;
  wire [EW-1:0] free_idx, lru_idx, young_idx;
  wire any_free, lru_ok, young_ok;
  wire [EW-1:0] a_idx = any_free ? free_idx : lru_idx;  // the entry a new PC takes
  // (Pipe: the write and insert indices are the new PC's entry, from the state alone;
  // the same entry as e whenever they are used)
  cam #(.Entries(Entries), .KeyW(PcBits), .IdxW(EW)) u_pt (
      .clk_i(clk_i), .rst_i(rst_i),
      .wr_i(pt_wr), .wr_idx_i(Pipe != 0 ? a_idx : e), .wr_key_i(ld_pc_i), .wr_valid_i(1'b1),
      .lookup_key_i(ld_pc_i), .hit_o(hit), .hit_idx_o(hit_idx), .hit_vec_o(hit_vec), .valid_o(ptv)
  );
  prio_enc #(.Width(Entries), .IdxW(EW)) u_free (.req_i(~ptv), .idx_o(free_idx), .valid_o(any_free));
  wire [Entries-1:0] lru_valid;
  age_order #(.N(Entries), .IdxW(EW)) u_pt_lru (
      .clk_i(clk_i), .rst_i(rst_i),
      .insert_i(ld && !hit), .insert_idx_i(Pipe != 0 ? a_idx : e), .remove_i(1'b0), .remove_idx_i({EW{1'b0}}),
      .touch_i(ld && hit), .touch_idx_i(Pipe != 0 ? hit_idx : e),
      .req_i({Entries{1'b1}}), .oldest_idx_o(lru_idx), .oldest_valid_o(lru_ok),
      .youngest_idx_o(young_idx), .youngest_valid_o(young_ok), .valid_o(lru_valid)
  );
  assign e = hit ? hit_idx : a_idx;
  assign pt_wr = ld && !hit;
  // the PT entry a load writes (its warp and address), one-hot
  reg [Entries-1:0] we;
  integer wi;
  always @* begin
    for (wi = 0; wi < Entries; wi = wi + 1)
      we[wi] = ld && (Pipe != 0 ? hit_vec[wi] || (!hit && a_idx == wi[EW-1:0]) : e == wi[EW-1:0]);
  end

  // ---- the entry the load finds (before this edge)
  wire [WW-1:0] e_warp;
  wire [AddrW-1:0] e_addr, e_str;
  reg [Warps-1:0] own;
  integer oi;
  always @* begin
    for (oi = 0; oi < Warps; oi = oi + 1) own[oi] = ld_warp_i == oi[WW-1:0];
  end
  wire [Warps-1:0] tvec_in = grp_vec_i & ~own;  // the group's other warps

  // ---- the stride check (k_*: the load whose check decides this cycle), the divider,
  // the targets: diff == stride x dw, the multiply by |dw| (a WW-bit factor)
  wire k_v, k_new, k_same, k_match, k_live, k_dwneg, k_diffneg, k_miss, k_grp;
  wire [EW-1:0] k_e;
  wire [WW-1:0] k_dwmag, k_warp;
  wire [AddrW-1:0] k_absdiff, k_str, k_addr;
  wire [Warps-1:0] k_tvec;
  wire div_busy;
  reg [2:0] res;
  always @* begin
    res = ResNone;
    if (k_v) begin
      if (k_new) res = ResNew;
      else if (k_same) res = ResSame;
      else if (k_match) res = ResMatch;
      else if (div_busy) res = ResBusy;
      else res = ResDiv;
    end
  end
  assign res_o = res;
  assign pt_idx_o = k_v ? k_e : {EW{1'b0}};

  // ---- targets: the group's other warps, on a missing load whose stride matched
  assign tgt_o = res == ResMatch && k_miss && k_grp && k_tvec != {Warps{1'b0}};
  assign tgt_vec_o = tgt_o ? k_tvec : {Warps{1'b0}};

  // ---- the divider: |diff| / |dw|, the sign apart
  // (Pipe=1: sap_ndiv, the same registers with a WW-bit step, in g_pipe; u_div idle)
  wire div_start = res == ResDiv;
  wire div_done;
  wire [AddrW-1:0] quo;
  wire w_busy, w_done, n_busy, n_done;
  wire [AddrW-1:0] w_quo, w_rem, n_quo;
  divider #(.Width(AddrW)) u_div (
      .clk_i(clk_i), .rst_i(rst_i),
      .start_i(Pipe == 0 && div_start), .dividend_i(k_absdiff),
      .divisor_i({{(AddrW - WW) {1'b0}}, k_dwmag}), .busy_o(w_busy),
      .done_o(w_done), .quotient_o(w_quo), .remainder_o(w_rem)
  );
  assign div_busy = Pipe == 0 ? w_busy : n_busy;
  assign div_done = Pipe == 0 ? w_done : n_done;
  assign quo = Pipe == 0 ? w_quo : n_quo;
  wire div_wr = div_done && dv_live_q && !(pt_wr && e == dv_idx_q);

  // ---- the prefetch queue: wq_d, the DRQ and the prefetch outputs per form (below)
  wire [WW-1:0] v_idx;
  wire v_any;
  prio_enc #(.Width(Warps), .IdxW(WW)) u_wq (.req_i(wq_q), .idx_o(v_idx), .valid_o(v_any));
  wire v_neg = v_idx < drq_u_q;
  wire [WW-1:0] v_mag = v_neg ? drq_u_q - v_idx : v_idx - drq_u_q;
  wire wq_take;  // the lowest warp v leaves the queue

  // Pipe=1's arithmetic: a Kogge-Stone adder (log2(AddrW) carry levels; the flow maps a
  // plain + to a ripple chain) and stride x m for a WW-bit m as a carry-save tree of the
  // shifted partial products (Warps <= 64: at most 6) ending in that adder
  function automatic [AddrW-1:0] ks_add(input [AddrW-1:0] a, input [AddrW-1:0] b, input cin);
    reg [AddrW-1:0] g, p, gn, pp, pn;
    integer i, k;
    begin
      g = a & b;
      p = a ^ b;
      g[0] = g[0] | (p[0] & cin);
      pp = p;
      for (k = 1; k < AddrW; k = k * 2) begin
        gn = g;
        pn = pp;
        for (i = k; i < AddrW; i = i + 1) begin
          gn[i] = g[i] | (pp[i] & g[i-k]);
          pn[i] = pp[i] & pp[i-k];
        end
        g  = gn;
        pp = pn;
      end
      ks_add = p ^ {g[AddrW-2:0], cin};
    end
  endfunction
  function automatic [AddrW-1:0] mul_m(input [AddrW-1:0] x, input [WW-1:0] m);
    reg [AddrW-1:0] t0, t1, t2, t3, t4, t5, s1, c1, s2, c2, s3, c3, s4, c4;
    begin
      t0 = m[0] ? x : {AddrW{1'b0}};
      t1 = WW > 1 && m[WW>1?1:0] ? x << 1 : {AddrW{1'b0}};
      t2 = WW > 2 && m[WW>2?2:0] ? x << 2 : {AddrW{1'b0}};
      t3 = WW > 3 && m[WW>3?3:0] ? x << 3 : {AddrW{1'b0}};
      t4 = WW > 4 && m[WW>4?4:0] ? x << 4 : {AddrW{1'b0}};
      t5 = WW > 5 && m[WW>5?5:0] ? x << 5 : {AddrW{1'b0}};
      s1 = t0 ^ t1 ^ t2;
      c1 = ((t0 & t1) | (t0 & t2) | (t1 & t2)) << 1;
      s2 = t3 ^ t4 ^ t5;
      c2 = ((t3 & t4) | (t3 & t5) | (t4 & t5)) << 1;
      s3 = s1 ^ c1 ^ s2;
      c3 = ((s1 & c1) | (s1 & s2) | (c1 & s2)) << 1;
      s4 = s3 ^ c3 ^ c2;
      c4 = ((s3 & c3) | (s3 & c2) | (c3 & c2)) << 1;
      mul_m = ks_add(s4, c4, 1'b0);
    end
  endfunction

  generate
    if (Pipe == 0) begin : g_single
      // the check in the cycle of the load, on the entry e
      assign e_warp = ptw_q[e*WW+:WW];
      assign e_addr = pta_q[e*AddrW+:AddrW];
      assign e_str = pts_q[e*AddrW+:AddrW];
      wire dw_neg = ld_warp_i < e_warp;
      wire [WW-1:0] dw_mag = dw_neg ? e_warp - ld_warp_i : ld_warp_i - e_warp;
      wire [AddrW-1:0] diff = ld_addr_i - e_addr;
      wire [AddrW-1:0] chk_prod = e_str * {{(AddrW - WW) {1'b0}}, dw_mag};
      wire [AddrW-1:0] expect_d = dw_neg ? {AddrW{1'b0}} - chk_prod : chk_prod;
      assign k_v = ld;
      assign k_new = !hit;
      assign k_e = e;
      assign k_same = dw_mag == {WW{1'b0}};
      assign k_match = diff == expect_d;
      assign k_live = 1'b1;
      assign k_dwneg = dw_neg;
      assign k_dwmag = dw_mag;
      assign k_diffneg = diff[AddrW-1];
      assign k_absdiff = k_diffneg ? {AddrW{1'b0}} - diff : diff;
      assign k_str = e_str;
      assign k_addr = ld_addr_i;
      assign k_warp = ld_warp_i;
      assign k_miss = ld_miss_i;
      assign k_grp = grp_i;
      assign k_tvec = tvec_in;
      // the next prefetch: the lowest warp v in the queue, base + (v - u) x stride
      wire [AddrW-1:0] gen_prod = drq_str_q * {{(AddrW - WW) {1'b0}}, v_mag};
      assign pf_o = v_any;
      assign pf_warp_o = pf_o ? v_idx : {WW{1'b0}};
      assign pf_addr_o = pf_o ? drq_q + (v_neg ? {AddrW{1'b0}} - gen_prod : gen_prod) : {AddrW{1'b0}};
      assign wq_take = pf_o && pf_ack_i;
      assign n_busy = 1'b0;
      assign n_done = 1'b0;
      assign n_quo = {AddrW{1'b0}};
      wire unused_s = &{1'b0, we};
`ifdef FORMAL
      always @* if (f_past_valid && pf_o) assert (wq_take == pf_ack_i);
`endif
    end else begin : g_pipe
      // Pipe=1: the lookup (stage A, the cycle of ld_i) updates the PT and its LRU order
      // as the single-cycle form does and captures the entry it hit (c_*); stage B
      // computes the warp and address differences and stride x |dw| (d_*); stage C (two
      // cycles after ld_i) checks, answers on res_o/tgt_o, starts the divider and loads
      // the warp queue. Prefetches: pick (the lowest warp leaves the queue: k_*), multiply
      // (m_*), add (the output register f_*), each stage moving on when the next is free.
      reg c_v_q, c_new_q, c_miss_q, c_grp_q;
      reg [EW-1:0] c_e_q;
      reg [WW-1:0] c_warp_q, c_owarp_q;
      reg [AddrW-1:0] c_addr_q, c_oaddr_q, c_ostr_q;
      reg [Warps-1:0] c_tvec_q;
      reg d_v_q, d_new_q, d_live_q, d_same_q, d_dwneg_q, d_miss_q, d_grp_q;
      reg [EW-1:0] d_e_q;
      reg [WW-1:0] d_dwmag_q, d_warp_q;
      reg [AddrW-1:0] d_diff_q, d_ndiff_q, d_prod_q, d_str_q, d_addr_q;
      reg [Warps-1:0] d_tvec_q;
      reg pk_v_q, pk_neg_q, pm_v_q, pm_neg_q, pf_v_q;
      reg [WW-1:0] pk_w_q, pk_mag_q, pm_w_q, pf_w_q;
      reg [AddrW-1:0] pm_prod_q, pf_a_q;
      // the entry the load hit, one-hot (0 on a new PC)
      reg [WW-1:0] h_warp;
      reg [AddrW-1:0] h_addr, h_str;
      integer hi;
      always @* begin
        h_warp = {WW{1'b0}};
        h_addr = {AddrW{1'b0}};
        h_str  = {AddrW{1'b0}};
        for (hi = 0; hi < Entries; hi = hi + 1) begin
          h_warp = h_warp | (ptw_q[hi*WW+:WW] & {WW{hit_vec[hi]}});
          h_addr = h_addr | (pta_q[hi*AddrW+:AddrW] & {AddrW{hit_vec[hi]}});
          h_str  = h_str | (pts_q[hi*AddrW+:AddrW] & {AddrW{hit_vec[hi]}});
        end
      end
      assign e_warp = h_warp;
      assign e_addr = h_addr;
      assign e_str = h_str;
      // stage B
      wire b_dwneg = c_warp_q < c_owarp_q;
      wire [WW-1:0] b_dwmag = b_dwneg ? c_owarp_q - c_warp_q : c_warp_q - c_owarp_q;
      // stage C
      assign k_v = d_v_q;
      assign k_new = d_new_q;
      assign k_e = d_e_q;
      assign k_same = d_same_q;
      assign k_match = (d_dwneg_q ? d_ndiff_q : d_diff_q) == d_prod_q;  // diff == -prod: -diff == prod
      assign k_live = d_live_q;
      assign k_dwneg = d_dwneg_q;
      assign k_dwmag = d_dwmag_q;
      assign k_diffneg = d_diff_q[AddrW-1];
      assign k_absdiff = k_diffneg ? d_ndiff_q : d_diff_q;
      assign k_str = d_str_q;
      assign k_addr = d_addr_q;
      assign k_warp = d_warp_q;
      assign k_miss = d_miss_q;
      assign k_grp = d_grp_q;
      assign k_tvec = d_tvec_q;
      // prefetches
`ifdef FORMAL
      // the pipeline registers: a load in flight has a valid entry and a warp, and is not
      // its own target; the prefetches in flight are for distinct target warps, no longer
      // queued, each with its offset's sign and magnitude
      always @* begin
        if (f_past_valid) begin
          if (c_v_q) assert ({1'b0, c_e_q} < NumE && ptv[c_e_q] && {1'b0, c_warp_q} < NumW && !c_tvec_q[c_warp_q]);
          if (d_v_q) assert ({1'b0, d_e_q} < NumE && ptv[d_e_q] && {1'b0, d_warp_q} < NumW && !d_tvec_q[d_warp_q]);
          if (d_v_q) assert (d_same_q == (d_dwmag_q == {WW{1'b0}}));
          if (pk_v_q) assert ({1'b0, pk_w_q} < NumW && pk_w_q != drq_u_q && !wq_q[pk_w_q] && pk_neg_q == (pk_w_q < drq_u_q) &&
                              pk_mag_q == (pk_neg_q ? drq_u_q - pk_w_q : pk_w_q - drq_u_q));
          if (pm_v_q) assert ({1'b0, pm_w_q} < NumW && pm_w_q != drq_u_q && !wq_q[pm_w_q] && pm_neg_q == (pm_w_q < drq_u_q));
          if (pf_v_q) assert ({1'b0, pf_w_q} < NumW && pf_w_q != drq_u_q && !wq_q[pf_w_q]);
          if (pk_v_q && pm_v_q) assert (pk_w_q != pm_w_q);
          if (pk_v_q && pf_v_q) assert (pk_w_q != pf_w_q);
          if (pm_v_q && pf_v_q) assert (pm_w_q != pf_w_q);
        end
      end
      // a load's check comes two cycles after it, and new targets empty the prefetch pipe
      always @(posedge clk_i) begin
        if (f_past_valid && !$past(rst_i)) begin
          assert (c_v_q == $past(ld));
          if ($past(f_past_valid) && !$past(rst_i, 2)) assert (k_v == $past(ld, 2));
          if ($past(tgt_o)) assert (!pk_v_q && !pm_v_q && !pf_v_q);
        end
      end
`endif
      wire [AddrW-1:0] n_rem;
      sap_ndiv #(.Width(AddrW), .DivW(WW)) u_ndiv (
          .clk_i(clk_i), .rst_i(rst_i),
          .start_i(div_start), .dividend_i(k_absdiff), .divisor_i(k_dwmag), .busy_o(n_busy),
          .done_o(n_done), .quotient_o(n_quo), .remainder_o(n_rem)
      );
      wire unused_p = &{1'b0, n_rem, w_busy, w_done, w_quo};
      wire f_rdy = !pf_v_q || pf_ack_i;
      wire m_rdy = !pm_v_q || f_rdy;
      wire p_rdy = !pk_v_q || m_rdy;
      assign wq_take = p_rdy && v_any;
      assign pf_o = pf_v_q;
      assign pf_warp_o = pf_v_q ? pf_w_q : {WW{1'b0}};
      assign pf_addr_o = pf_v_q ? pf_a_q : {AddrW{1'b0}};
      always @(posedge clk_i) begin
        if (rst_i) begin
          c_v_q <= 1'b0;
          d_v_q <= 1'b0;
          pk_v_q <= 1'b0;
          pm_v_q <= 1'b0;
          pf_v_q <= 1'b0;
          c_new_q <= 1'b0;
          c_miss_q <= 1'b0;
          c_grp_q <= 1'b0;
          c_e_q <= {EW{1'b0}};
          c_warp_q <= {WW{1'b0}};
          c_owarp_q <= {WW{1'b0}};
          c_addr_q <= {AddrW{1'b0}};
          c_oaddr_q <= {AddrW{1'b0}};
          c_ostr_q <= {AddrW{1'b0}};
          c_tvec_q <= {Warps{1'b0}};
          d_new_q <= 1'b0;
          d_live_q <= 1'b0;
          d_same_q <= 1'b0;
          d_dwneg_q <= 1'b0;
          d_miss_q <= 1'b0;
          d_grp_q <= 1'b0;
          d_e_q <= {EW{1'b0}};
          d_dwmag_q <= {WW{1'b0}};
          d_warp_q <= {WW{1'b0}};
          d_diff_q <= {AddrW{1'b0}};
          d_ndiff_q <= {AddrW{1'b0}};
          d_prod_q <= {AddrW{1'b0}};
          d_str_q <= {AddrW{1'b0}};
          d_addr_q <= {AddrW{1'b0}};
          d_tvec_q <= {Warps{1'b0}};
          pk_neg_q <= 1'b0;
          pk_w_q <= {WW{1'b0}};
          pk_mag_q <= {WW{1'b0}};
          pm_neg_q <= 1'b0;
          pm_w_q <= {WW{1'b0}};
          pm_prod_q <= {AddrW{1'b0}};
          pf_w_q <= {WW{1'b0}};
          pf_a_q <= {AddrW{1'b0}};
        end else begin
          // stage A -> B: the load and the entry it hit
          c_v_q <= ld;
          if (ld) begin
            c_new_q <= !hit;
            c_e_q <= e;
            c_warp_q <= ld_warp_i;
            c_addr_q <= ld_addr_i;
            c_miss_q <= ld_miss_i;
            c_grp_q <= grp_i;
            c_tvec_q <= tvec_in;
            c_owarp_q <= h_warp;
            c_oaddr_q <= h_addr;
            c_ostr_q <= h_str;
          end
          // stage B -> C: differences and the expected offset
          d_v_q <= c_v_q;
          if (c_v_q) begin
            d_new_q <= c_new_q;
            d_live_q <= !(pt_wr && e == c_e_q);  // a new PC takes the entry now
            d_e_q <= c_e_q;
            d_same_q <= b_dwmag == {WW{1'b0}};
            d_dwneg_q <= b_dwneg;
            d_dwmag_q <= b_dwmag;
            d_diff_q <= ks_add(c_addr_q, ~c_oaddr_q, 1'b1);
            d_ndiff_q <= ks_add(c_oaddr_q, ~c_addr_q, 1'b1);
            d_prod_q <= mul_m(c_ostr_q, b_dwmag);
            d_str_q <= c_ostr_q;
            d_addr_q <= c_addr_q;
            d_warp_q <= c_warp_q;
            d_miss_q <= c_miss_q;
            d_grp_q <= c_grp_q;
            d_tvec_q <= c_tvec_q;
          end
          // prefetches: new targets empty the pipe; else each stage moves on when it may
          if (tgt_o) begin
            pk_v_q <= 1'b0;
            pm_v_q <= 1'b0;
            pf_v_q <= 1'b0;
          end else begin
            if (f_rdy) begin
              pf_v_q <= pm_v_q;
              if (pm_v_q) begin
                pf_w_q <= pm_w_q;
                pf_a_q <= ks_add(drq_q, pm_prod_q ^ {AddrW{pm_neg_q}}, pm_neg_q);
              end
            end
            if (m_rdy) begin
              pm_v_q <= pk_v_q;
              if (pk_v_q) begin
                pm_w_q <= pk_w_q;
                pm_neg_q <= pk_neg_q;
                pm_prod_q <= mul_m(drq_str_q, pk_mag_q);
              end
            end
            if (p_rdy) begin
              pk_v_q <= v_any;
              if (v_any) begin
                pk_w_q <= v_idx;
                pk_neg_q <= v_neg;
                pk_mag_q <= v_mag;
              end
            end
          end
        end
      end
    end
  endgenerate

  integer ci;
  always @* begin
    ptw_d = ptw_q;
    pta_d = pta_q;
    pts_d = pts_q;
    wq_d = wq_q;
    drq_d = drq_q;
    drq_str_d = drq_str_q;
    drq_u_d = drq_u_q;
    dv_idx_d = dv_idx_q;
    dv_live_d = dv_live_q;
    dv_neg_d = dv_neg_q;
    if (div_wr) pts_d[dv_idx_q*AddrW+:AddrW] = dv_neg_q ? {AddrW{1'b0}} - quo : quo;
    if (div_start) begin
      dv_idx_d  = k_e;
      dv_live_d = k_live && !(pt_wr && e == k_e);  // (single-cycle: no new PC while a check starts it)
      dv_neg_d  = k_diffneg ^ k_dwneg;
    end else if (pt_wr && e == dv_idx_q) begin
      dv_live_d = 1'b0;  // a new PC took the entry
    end
    for (ci = 0; ci < Entries; ci = ci + 1) begin
      if (pt_wr && we[ci]) pts_d[ci*AddrW+:AddrW] = {AddrW{1'b0}};
      if (we[ci]) begin
        ptw_d[ci*WW+:WW] = ld_warp_i;
        pta_d[ci*AddrW+:AddrW] = ld_addr_i;
      end
    end
    if (tgt_o) begin
      wq_d = k_tvec;
      drq_d = k_addr;
      drq_u_d = k_warp;
      drq_str_d = k_str;
    end else if (wq_take) begin
      for (ci = 0; ci < Warps; ci = ci + 1) if (v_idx == ci[WW-1:0]) wq_d[ci] = 1'b0;
    end
  end

  always @(posedge clk_i) begin
    if (rst_i) begin
      ptw_q <= {Entries * WW{1'b0}};
      pta_q <= {Entries * AddrW{1'b0}};
      pts_q <= {Entries * AddrW{1'b0}};
      wq_q <= {Warps{1'b0}};
      drq_q <= {AddrW{1'b0}};
      drq_str_q <= {AddrW{1'b0}};
      drq_u_q <= {WW{1'b0}};
      dv_idx_q <= {EW{1'b0}};
      dv_live_q <= 1'b0;
      dv_neg_q <= 1'b0;
    end else begin
      ptw_q <= ptw_d;
      pta_q <= pta_d;
      pts_q <= pts_d;
      wq_q <= wq_d;
      drq_q <= drq_d;
      drq_str_q <= drq_str_d;
      drq_u_q <= drq_u_d;
      dv_idx_q <= dv_idx_d;
      dv_live_q <= dv_live_d;
      dv_neg_q <= dv_neg_d;
    end
  end

  wire unused = &{1'b0, hit_vec, lru_ok, young_idx, young_ok, lru_valid, w_rem, e_warp, e_addr, e_str};

`ifdef FORMAL
  // Invariants, proven from reset by BMC and by k-induction (the flow: FORMAL_PROOFS).
  integer fe;
  always @* begin
    if (f_past_valid) begin
      // the LRU order tracks exactly the valid PT entries
      assert (lru_valid == ptv);
      for (fe = 0; fe < Entries; fe = fe + 1) begin
        // a PT entry's last warp is a warp
        assert ({1'b0, ptw_q[fe*WW+:WW]} < NumW);
        // an entry no PC ever took is still in its reset state
        if (!ptv[fe])
          assert (ptw_q[fe*WW+:WW] == {WW{1'b0}} && pta_q[fe*AddrW+:AddrW] == {AddrW{1'b0}} &&
                  pts_q[fe*AddrW+:AddrW] == {AddrW{1'b0}});
      end
      // the entry a load uses exists: a hit, a free entry, or else a valid LRU victim
      if (ld) begin
        assert ({1'b0, e} < NumE);
        if (!hit && !any_free) assert (lru_ok && ptv[lru_idx]);
      end
      // the division in flight writes back into a valid entry
      if (dv_live_q) assert ({1'b0, dv_idx_q} < NumE && ptv[dv_idx_q]);
      // a division starts only when the divider is idle, and finishes when it is idle
      if (div_start) assert (!div_busy);
      // it divides by a warp difference that is not 0 (sap_ndiv's precondition)
      if (div_start) assert (k_dwmag != {WW{1'b0}});
      if (div_done) assert (!div_busy);
      // the warp queue's base warp is a warp, and never a prefetch target itself
      assert ({1'b0, drq_u_q} < NumW);
      assert (!wq_q[drq_u_q]);
      if (pf_o) assert (pf_warp_o != drq_u_q && (Pipe == 0 ? wq_q[pf_warp_o] : !wq_q[pf_warp_o]));
    end
  end
  // Steps: a started division is taken by the divider (busy next cycle); while it runs,
  // its destination entry and sign hold; without new targets the warp queue only loses
  // warps, one per acknowledged prefetch
  always @(posedge clk_i) begin
    if (f_past_valid && !$past(rst_i)) begin
      if ($past(div_start))
        assert (div_busy && dv_live_q == $past(k_live && !(pt_wr && e == k_e)) && dv_idx_q == $past(k_e));
      if ($past(div_busy)) assert (dv_idx_q == $past(dv_idx_q) && dv_neg_q == $past(dv_neg_q));
      if (!$past(tgt_o)) begin
        assert ((wq_q & ~$past(wq_q)) == {Warps{1'b0}});
        if ($past(wq_take)) assert (wq_q == ($past(wq_q) & ~({{(Warps - 1) {1'b0}}, 1'b1} << $past(v_idx))));
        else assert (wq_q == $past(wq_q));
      end else assert (wq_q == $past(k_tvec));
    end
  end
`endif
endmodule
`default_nettype wire
