`default_nettype none
// dl1d: the decoupled L1D of seed 002 chapter 4 (Li's thesis, sec. 4.4, Table 4.3):
// a tag store of Sets x TagWays entries {valid, tag, RC, Position valid, Position},
// the data store's bookkeeping of Sets x DataWays lines {allocated, pending, LRU rank}
// with a Free Line count per set, and the SM-dueling unit (sec. 4.4.3).
//
// One event a cycle on op_i; the decision is combinational from the registers and the
// event (a tag lookup across the set, the LFU victim, RC + 1 against the threshold, a
// free line or the LRU data victim and the tag entry that owns it); every register of
// the set changes at the clock edge, with dynamic aging of the set's other entries.
// The C model (cmodel/blocks/dl1d/dl1d.c) is this, register for register; the port
// list is cmodel/blocks/dl1d/dl1d_ports.def; docs/dl1d.md tells the flow.
//
// Pipe=1 (docs/timing/dl1d.md): two stages. Stage A registers the event and its set's
// row (the read port and the tag compare); stage B, a clock later, decides from those
// registers (the outputs are the decision of the previous clock's event) and writes the
// set back. When stage B writes the set stage A reads, the written row is forwarded
// into stage A's registers (a flush in stage B: the flushed row). The dueling
// comparison is a 15-stage pipeline from the counters' snapshot to the decision.
module dl1d #(
    parameter integer Sets      = 32,
    parameter integer TagWays   = 8,
    parameter integer DataWays  = 4,
    parameter integer RcBits    = 6,
    parameter integer Threshold = 2,
    parameter integer TagBits   = 20,
    parameter integer Duel      = 1,
    parameter integer Interval  = 500,
    parameter integer DuelPct   = 10,
    parameter integer Pipe      = 0
) (
    input  wire                 clk_i,
    input  wire                 rst_i,
    // event in
    input  wire [          2:0] op_i,
    input  wire [SetW-1:0]      set_i,
    input  wire [TagBits-1:0]   tag_i,
    input  wire                 base_i,
    // dueling inputs
    input  wire [         15:0] elapsed_i,
    input  wire [          7:0] peer_acc_i,
    input  wire [          7:0] peer_miss_i,
    // decision out
    output reg  [          2:0] res_o,
    output reg                  thit_o,
    output reg  [TWW-1:0]       tway_o,
    output reg                  tevict_o,
    output reg  [DWW-1:0]       way_o,
    output reg                  devict_o,
    output reg  [FW-1:0]        free_o,
    output wire                 duel_base_o
);
  localparam integer SetW = (Sets > 1) ? $clog2(Sets) : 1;
  localparam integer TWW = $clog2(TagWays);  // TagWays >= 2
  localparam integer DWW = (DataWays > 1) ? $clog2(DataWays) : 1;
  localparam integer FW = $clog2(DataWays + 1);  // 0..DataWays free lines
  localparam integer NT = Sets * TagWays;
  localparam integer ND = Sets * DataWays;
  localparam integer CW = 12;  // dueling counters (DL1D_CW)
  localparam [RcBits-1:0] RcMax = {RcBits{1'b1}};
  localparam [RcBits-1:0] RcOne = 1;
  localparam integer SetM1 = Sets - 1;
  localparam [8:0] Thr9 = Threshold[8:0];
  localparam [SetW-1:0] SetMask = SetM1[SetW-1:0];
  localparam [FW-1:0] AllFree = DataWays[FW-1:0];
  localparam [15:0] Intv = Interval[15:0];
  localparam [33:0] Pct = {27'd0, DuelPct[6:0]};
  localparam [2:0] OpRead = 3'd1, OpWrite = 3'd2, OpFill = 3'd3, OpPref = 3'd4, OpFlush = 3'd5;
  localparam [2:0] ResNone = 3'd0, ResHit = 3'd1, ResPend = 3'd2, ResAlloc = 3'd3, ResTagMiss = 3'd4,
                   ResCold = 3'd5, ResNoLine = 3'd6, ResWEvict = 3'd7;

  generate
    if (Sets < 1 || Sets > 64 || (Sets & (Sets - 1)) != 0) begin : g_bad_sets
      dl1d_parameter_Sets_not_a_power_of_two_1_to_64 u_err ();
    end
    if (TagWays < 2 || TagWays > 16) begin : g_bad_tagways
      dl1d_parameter_TagWays_out_of_range_2_to_16 u_err ();
    end
    if (DataWays < 1 || DataWays > 8 || DataWays >= TagWays) begin : g_bad_dataways
      dl1d_parameter_DataWays_out_of_range_1_to_8_and_below_TagWays u_err ();
    end
    if (RcBits < 1 || RcBits > 8) begin : g_bad_rcbits
      dl1d_parameter_RcBits_out_of_range_1_to_8 u_err ();
    end
    if (Threshold < 0 || Threshold >= (1 << RcBits)) begin : g_bad_threshold
      dl1d_parameter_Threshold_out_of_range_0_to_2_pow_RcBits_minus_1 u_err ();
    end
    if (TagBits < 1 || TagBits > 48) begin : g_bad_tagbits
      dl1d_parameter_TagBits_out_of_range_1_to_48 u_err ();
    end
    if (Duel < 0 || Duel > 1) begin : g_bad_duel
      dl1d_parameter_Duel_out_of_range_0_to_1 u_err ();
    end
    if (Interval < 1 || Interval > 65535) begin : g_bad_interval
      dl1d_parameter_Interval_out_of_range_1_to_65535 u_err ();
    end
    if (DuelPct < 0 || DuelPct > 100) begin : g_bad_duelpct
      dl1d_parameter_DuelPct_out_of_range_0_to_100 u_err ();
    end
    if (Pipe < 0 || Pipe > 1) begin : g_bad_pipe
      dl1d_parameter_Pipe_out_of_range_0_to_1 u_err ();
    end
  endgenerate

  // ---- registers ----
  reg [     NT-1:0] tval_q, tval_d;
  reg [NT*TagBits-1:0] ttag_q, ttag_d;
  reg [ NT*RcBits-1:0] rc_q, rc_d;
  reg [     NT-1:0] pval_q, pval_d;
  reg [   NT*DWW-1:0] pos_q, pos_d;
  reg [     ND-1:0] dval_q, dval_d;
  reg [     ND-1:0] dpend_q, dpend_d;
  reg [   ND*DWW-1:0] lru_q, lru_d;
  reg [  Sets*FW-1:0] free_q, free_d;

  // ---- the event's set, read out of the stores (the read port: set_i) ----
  wire [SetW-1:0] sidx = set_i & SetMask;
  reg [TagWays-1:0] m_tval, m_pval, m_match;
  reg [TagWays*TagBits-1:0] m_tag;
  reg [TagWays*RcBits-1:0] m_rc;
  reg [TagWays*DWW-1:0] m_pos;
  reg [DataWays-1:0] m_dval, m_dpend;
  reg [DataWays*DWW-1:0] m_lru;
  // the set is selected by comparing sidx with each set number (constant slices): one
  // read port over the sets, as an SRAM row read, not a variable shift of the arrays
  reg [FW-1:0] m_free;
  always @* begin : b_read
    integer st, t;
    m_tval = {TagWays{1'b0}};
    m_pval = {TagWays{1'b0}};
    m_tag = {TagWays * TagBits{1'b0}};
    m_rc = {TagWays * RcBits{1'b0}};
    m_pos = {TagWays * DWW{1'b0}};
    m_dval = {DataWays{1'b0}};
    m_dpend = {DataWays{1'b0}};
    m_lru = {DataWays * DWW{1'b0}};
    m_free = {FW{1'b0}};
    for (st = 0; st < Sets; st = st + 1)
      if (sidx == st[SetW-1:0]) begin
        m_tval = tval_q[st*TagWays+:TagWays];
        m_pval = pval_q[st*TagWays+:TagWays];
        m_tag = ttag_q[st*TagWays*TagBits+:TagWays*TagBits];
        m_rc = rc_q[st*TagWays*RcBits+:TagWays*RcBits];
        m_pos = pos_q[st*TagWays*DWW+:TagWays*DWW];
        m_dval = dval_q[st*DataWays+:DataWays];
        m_dpend = dpend_q[st*DataWays+:DataWays];
        m_lru = lru_q[st*DataWays*DWW+:DataWays*DWW];
        m_free = free_q[st*FW+:FW];
      end
    for (t = 0; t < TagWays; t = t + 1) m_match[t] = m_tval[t] && m_tag[t*TagBits+:TagBits] == tag_i;
  end

  // ---- what the decision reads: the event and its set's row (Pipe=0: the ports and
  // the read port; Pipe=1: stage B's registers, g_pipe below) ----
  wire [2:0] d_op;
  wire [SetW-1:0] dset;
  wire [TagBits-1:0] d_tag;
  wire d_base;
  wire [15:0] d_elapsed;
  wire [7:0] d_pacc, d_pmiss;
  wire [TagWays-1:0] s_tval, s_pval, match;
  wire [TagWays*RcBits-1:0] s_rc;
  wire [TagWays*DWW-1:0] s_pos;
  wire [DataWays-1:0] s_dval, s_dpend;
  wire [DataWays*DWW-1:0] s_lru;
  wire [FW-1:0] free_sel;

  // ---- the decision ----
  wire is_rd = (d_op == OpRead) || (d_op == OpPref);
  wire force_alloc = (d_op == OpPref) || d_base || (Threshold == 0);
  // the searches over the set's ways, from rtl/common: the tag match, the lowest
  // invalid tag entry, the LFU victim (the smallest RC among the entries without a data
  // line, lowest way on ties: the largest inverted RC), the lowest free line, the LRU
  // filled line (the largest rank; ranks are distinct) and the entry owning that line
  reg [TagWays-1:0] owns;
  wire [TagWays*RcBits-1:0] lfu_val = ~s_rc;
  wire hit, tvict_inv, lfu_any, lvict_free, lru_any, has_line_owner;
  wire [TWW-1:0] hway, inv_way, lfu_way, owner;
  wire [DWW-1:0] free_way, lru_way;
  prio_enc #(.Width(TagWays), .IdxW(TWW)) u_hit (.req_i(match), .idx_o(hway), .valid_o(hit));
  prio_enc #(.Width(TagWays), .IdxW(TWW)) u_inv (.req_i(~s_tval), .idx_o(inv_way), .valid_o(tvict_inv));
  max_sel #(.Num(TagWays), .ValW(RcBits), .IdxW(TWW)) u_lfu (
      .valid_i(~s_pval), .val_i(lfu_val), .idx_o(lfu_way), .valid_o(lfu_any));
  prio_enc #(.Width(DataWays), .IdxW(DWW)) u_free (.req_i(~s_dval), .idx_o(free_way), .valid_o(lvict_free));
  max_sel #(.Num(DataWays), .ValW(DWW), .IdxW(DWW)) u_lru (
      .valid_i(~s_dpend), .val_i(s_lru), .idx_o(lru_way), .valid_o(lru_any));
  wire [DWW-1:0] lvict = lvict_free ? free_way : lru_way;
  wire have_line = lvict_free || lru_any;
  prio_enc #(.Width(TagWays), .IdxW(TWW)) u_owner (.req_i(owns), .idx_o(owner), .valid_o(has_line_owner));
  wire has_owner = !lvict_free && has_line_owner;
  wire [TWW-1:0] tvict = tvict_inv ? inv_way : lfu_way;
  wire committed = hit && s_pval[hway];
  wire [DWW-1:0] hpos = s_pos[hway*DWW+:DWW];
  wire [RcBits-1:0] rc_hit = s_rc[hway*RcBits+:RcBits];
  wire [RcBits-1:0] rcn = (rc_hit == RcMax) ? rc_hit : rc_hit + 1'b1;
  wire want = force_alloc || (hit && ({{(9 - RcBits) {1'b0}}, rcn} >= Thr9));
  reg alloc, age;
  always @* begin : b_match
    integer t;
    for (t = 0; t < TagWays; t = t + 1) begin
      owns[t] = s_pval[t] && s_pos[t*DWW+:DWW] == lvict;
    end
  end
  always @* begin : b_decide
    res_o = ResNone;
    thit_o = hit;
    tway_o = hit ? hway : {TWW{1'b0}};
    tevict_o = 1'b0;
    way_o = {DWW{1'b0}};
    devict_o = 1'b0;
    free_o = free_sel;
    alloc = 1'b0;
    age = 1'b0;
    if (rst_i) begin
      thit_o = 1'b0;
      tway_o = {TWW{1'b0}};
    end else if (d_op == OpWrite || d_op == OpFill) begin
      if (committed) begin
        way_o = hpos;
        if (d_op == OpWrite && !s_dpend[hpos]) begin
          res_o = ResWEvict;
          age   = 1'b1;
        end
      end
    end else if (is_rd) begin
      if (committed) begin
        way_o = hpos;
        res_o = s_dpend[hpos] ? ResPend : ResHit;
      end else begin
        if (!hit) begin
          tway_o   = tvict;
          tevict_o = !tvict_inv;
        end
        if (!want) res_o = hit ? ResCold : ResTagMiss;
        else if (!have_line) res_o = ResNoLine;
        else begin
          res_o = ResAlloc;
          alloc = 1'b1;
          age = 1'b1;
          way_o = lvict;
          devict_o = !lvict_free;
        end
      end
    end
  end

  // ---- the set's next state (read, modify, write back the one set) ----
  wire rd_touch = (d_op == OpRead && (res_o == ResHit || res_o == ResPend)) || alloc;
  // a new tag entry is written at tway_o with the event's tag
  wire newent = is_rd && !hit && res_o != ResNone;
  wire [DWW-1:0] touch_rank = s_lru[way_o*DWW+:DWW];
  reg [TagWays-1:0] n_tval, n_pval;
  reg [TagWays*RcBits-1:0] n_rc;
  reg [TagWays*DWW-1:0] n_pos;
  reg [DataWays-1:0] n_dval, n_dpend;
  reg [DataWays*DWW-1:0] n_lru;
  reg [FW-1:0] n_free;
  always @* begin : b_next
    integer t, x;
    n_tval = s_tval;
    n_rc = s_rc;
    n_pval = s_pval;
    n_pos = s_pos;
    n_dval = s_dval;
    n_dpend = s_dpend;
    n_lru = s_lru;
    n_free = free_sel;
    // dynamic aging: the set's other entries (not the allocated or evicted one, not
    // the demoted owner), RC - 1 saturating at 0
    if (age)
      for (t = 0; t < TagWays; t = t + 1)
        if (t[TWW-1:0] != tway_o && !(alloc && has_owner && t[TWW-1:0] == owner) &&
            s_rc[t*RcBits+:RcBits] != {RcBits{1'b0}})
          n_rc[t*RcBits+:RcBits] = s_rc[t*RcBits+:RcBits] - 1'b1;
    if (is_rd && !committed && res_o != ResNone) begin
      if (hit) n_rc[hway*RcBits+:RcBits] = rcn;
      else begin  // new tag entry: RC 1 counts this first reference
        n_tval[tway_o] = 1'b1;
        n_rc[tway_o*RcBits+:RcBits] = RcOne;
        n_pval[tway_o] = 1'b0;
      end
      if (alloc) begin
        if (has_owner) begin
          n_pval[owner] = 1'b0;
          n_rc[owner*RcBits+:RcBits] = {RcBits{1'b0}};
        end else n_free = free_sel - 1'b1;
        n_pval[tway_o] = 1'b1;
        n_pos[tway_o*DWW+:DWW] = way_o;
        n_dval[way_o] = 1'b1;
        n_dpend[way_o] = 1'b1;
      end
    end
    if (res_o == ResWEvict) begin
      n_dval[way_o] = 1'b0;
      n_pval[hway] = 1'b0;
      n_free = free_sel + 1'b1;
    end
    if (d_op == OpFill && committed) n_dpend[hpos] = 1'b0;
    if (rd_touch)
      for (x = 0; x < DataWays; x = x + 1)
        if (x[DWW-1:0] == way_o) n_lru[x*DWW+:DWW] = {DWW{1'b0}};
        else if (s_lru[x*DWW+:DWW] < touch_rank) n_lru[x*DWW+:DWW] = s_lru[x*DWW+:DWW] + 1'b1;
  end

  function automatic bit_at(input [DataWays-1:0] v, input [DWW-1:0] i);
    bit_at = v[i];
  endfunction

  // ---- the event and the row the decision reads ----
  generate
    if (Pipe == 0) begin : g_single
      assign d_op = op_i;
      assign dset = sidx;
      assign d_tag = tag_i;
      assign d_base = base_i;
      assign d_elapsed = elapsed_i;
      assign d_pacc = peer_acc_i;
      assign d_pmiss = peer_miss_i;
      assign s_tval = m_tval;
      assign s_pval = m_pval;
      assign match = m_match;
      assign s_rc = m_rc;
      assign s_pos = m_pos;
      assign s_dval = m_dval;
      assign s_dpend = m_dpend;
      assign s_lru = m_lru;
      assign free_sel = m_free;
    end else begin : g_pipe
      // stage A -> B registers: the event, and its set's row as it will be when stage B
      // works on it (stage B's write-back of the same set forwarded; a flush applied)
      reg [2:0] ev_op_q;
      reg [SetW-1:0] ev_set_q;
      reg [TagBits-1:0] ev_tag_q;
      reg ev_base_q;
      reg [15:0] ev_el_q;
      reg [7:0] ev_pacc_q, ev_pmiss_q;
      reg [TagWays-1:0] r_tval_q, r_pval_q, r_match_q;
      reg [TagWays*RcBits-1:0] r_rc_q;
      reg [TagWays*DWW-1:0] r_pos_q;
      reg [DataWays-1:0] r_dval_q, r_dpend_q;
      reg [DataWays*DWW-1:0] r_lru_q;
      reg [FW-1:0] r_free_q;
      reg [TagWays-1:0] a_tval, a_pval, a_match;
      reg [TagWays*RcBits-1:0] a_rc;
      reg [TagWays*DWW-1:0] a_pos;
      reg [DataWays-1:0] a_dval, a_dpend;
      reg [DataWays*DWW-1:0] a_lru;
      reg [FW-1:0] a_free;
      wire b_writes = d_op == OpRead || d_op == OpWrite || d_op == OpFill || d_op == OpPref;
      wire same_set = sidx == ev_set_q;
      wire new_hit = d_tag == tag_i;  // stage A's tag is the one stage B enters
      always @* begin : b_fwd
        integer t, x;
        reg [FW-1:0] np;
        np = {FW{1'b0}};
        a_tval = m_tval;
        a_pval = m_pval;
        a_match = m_match;
        a_rc = m_rc;
        a_pos = m_pos;
        a_dval = m_dval;
        a_dpend = m_dpend;
        a_lru = m_lru;
        a_free = m_free;
        if (d_op == OpFlush) begin  // the row after the flush
          for (t = 0; t < TagWays; t = t + 1) a_pval[t] = m_pval[t] && bit_at(m_dpend, m_pos[t*DWW+:DWW]);
          for (x = 0; x < DataWays; x = x + 1) if (m_dpend[x]) np = np + 1'b1;
          a_dval = m_dval & m_dpend;
          a_free = AllFree - np;
        end else if (b_writes && same_set) begin  // the row stage B writes back
          a_tval = n_tval;
          a_pval = n_pval;
          a_rc = n_rc;
          a_pos = n_pos;
          a_dval = n_dval;
          a_dpend = n_dpend;
          a_lru = n_lru;
          a_free = n_free;
          for (t = 0; t < TagWays; t = t + 1) if (newent && tway_o == t[TWW-1:0]) a_match[t] = new_hit;
        end
      end
      always @(posedge clk_i) begin
        if (rst_i) begin
          ev_op_q <= 3'd0;
          ev_set_q <= {SetW{1'b0}};
          ev_tag_q <= {TagBits{1'b0}};
          ev_base_q <= 1'b0;
          ev_el_q <= 16'd0;
          ev_pacc_q <= 8'd0;
          ev_pmiss_q <= 8'd0;
          r_tval_q <= {TagWays{1'b0}};
          r_pval_q <= {TagWays{1'b0}};
          r_match_q <= {TagWays{1'b0}};
          r_rc_q <= {TagWays * RcBits{1'b0}};
          r_pos_q <= {TagWays * DWW{1'b0}};
          r_dval_q <= {DataWays{1'b0}};
          r_dpend_q <= {DataWays{1'b0}};
          r_lru_q <= {DataWays * DWW{1'b0}};
          r_free_q <= {FW{1'b0}};
        end else begin
          ev_op_q <= op_i;
          ev_set_q <= sidx;
          ev_tag_q <= tag_i;
          ev_base_q <= base_i;
          ev_el_q <= elapsed_i;
          ev_pacc_q <= peer_acc_i;
          ev_pmiss_q <= peer_miss_i;
          r_tval_q <= a_tval;
          r_pval_q <= a_pval;
          r_match_q <= a_match;
          r_rc_q <= a_rc;
          r_pos_q <= a_pos;
          r_dval_q <= a_dval;
          r_dpend_q <= a_dpend;
          r_lru_q <= a_lru;
          r_free_q <= a_free;
        end
      end
      assign d_op = ev_op_q;
      assign dset = ev_set_q;
      assign d_tag = ev_tag_q;
      assign d_base = ev_base_q;
      assign d_elapsed = ev_el_q;
      assign d_pacc = ev_pacc_q;
      assign d_pmiss = ev_pmiss_q;
      assign s_tval = r_tval_q;
      assign s_pval = r_pval_q;
      assign match = r_match_q;
      assign s_rc = r_rc_q;
      assign s_pos = r_pos_q;
      assign s_dval = r_dval_q;
      assign s_dpend = r_dpend_q;
      assign s_lru = r_lru_q;
      assign free_sel = r_free_q;
    end
  endgenerate

  // ---- flush: every set's filled lines go, pending ones stay ----
  reg [NT-1:0] f_pval;
  reg [Sets*FW-1:0] f_free;
  always @* begin : b_flush
    integer e, st, x;
    reg [FW-1:0] np;
    for (e = 0; e < NT; e = e + 1)
      f_pval[e] = pval_q[e] && bit_at(dpend_q[(e/TagWays)*DataWays+:DataWays], pos_q[e*DWW+:DWW]);
    for (st = 0; st < Sets; st = st + 1) begin
      np = {FW{1'b0}};
      for (x = 0; x < DataWays; x = x + 1) if (dpend_q[st*DataWays+x]) np = np + 1'b1;
      f_free[st*FW+:FW] = AllFree - np;
    end
  end

  // reset LRU ranks: way w of every set has rank w
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic [ND*DWW-1:0] lru_init(input integer ways);
    integer l;
    reg [31:0] r;  // only its low DWW bits are used
    begin
      lru_init = {ND * DWW{1'b0}};
      for (l = 0; l < ND; l = l + 1) begin
        r = l % ways;
        lru_init[l*DWW+:DWW] = r[DWW-1:0];
      end
    end
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */
  localparam [ND*DWW-1:0] LruInit = lru_init(DataWays);

  // ---- next state: a flush, or the event's set written back ----
  always @* begin : b_write
    integer st, t;
    tval_d = tval_q;
    ttag_d = ttag_q;
    rc_d = rc_q;
    pval_d = pval_q;
    pos_d = pos_q;
    dval_d = dval_q;
    dpend_d = dpend_q;
    lru_d = lru_q;
    free_d = free_q;
    if (d_op == OpFlush) begin
      dval_d = dval_q & dpend_q;
      pval_d = f_pval;
      free_d = f_free;
    end else if (d_op == OpRead || d_op == OpWrite || d_op == OpFill || d_op == OpPref) begin
      for (st = 0; st < Sets; st = st + 1)
        if (dset == st[SetW-1:0]) begin  // write the set back
          for (t = 0; t < TagWays; t = t + 1)
            if (newent && tway_o == t[TWW-1:0]) ttag_d[(st*TagWays+t)*TagBits+:TagBits] = d_tag;
          tval_d[st*TagWays+:TagWays] = n_tval;
          rc_d[st*TagWays*RcBits+:TagWays*RcBits] = n_rc;
          pval_d[st*TagWays+:TagWays] = n_pval;
          pos_d[st*TagWays*DWW+:TagWays*DWW] = n_pos;
          dval_d[st*DataWays+:DataWays] = n_dval;
          dpend_d[st*DataWays+:DataWays] = n_dpend;
          lru_d[st*DataWays*DWW+:DataWays*DWW] = n_lru;
          free_d[st*FW+:FW] = n_free;
        end
    end
  end

  always @(posedge clk_i) begin
    if (rst_i) begin
      tval_q <= {NT{1'b0}};
      ttag_q <= {NT{{TagBits{1'b0}}}};
      rc_q <= {NT{{RcBits{1'b0}}}};
      pval_q <= {NT{1'b0}};
      pos_q <= {NT{{DWW{1'b0}}}};
      dval_q <= {ND{1'b0}};
      dpend_q <= {ND{1'b0}};
      lru_q <= LruInit;
      free_q <= {Sets{AllFree}};
    end else begin
      tval_q <= tval_d;
      ttag_q <= ttag_d;
      rc_q <= rc_d;
      pval_q <= pval_d;
      pos_q <= pos_d;
      dval_q <= dval_d;
      dpend_q <= dpend_d;
      lru_q <= lru_d;
      free_q <= free_d;
    end
  end

  // ---- SM dueling unit ----
  generate
    if (Duel != 0) begin : g_duel
      reg [15:0] dcyc_q, dcyc_d;
      reg [CW-1:0] acc_a_q, miss_a_q, acc_b_q, miss_b_q;
      reg [CW-1:0] acc_a_d, miss_a_d, acc_b_d, miss_b_d;
      reg dbase_q, dbase_d;
      wire own_acc = !rst_i && d_op == OpRead;
      wire own_miss = own_acc && res_o != ResHit && res_o != ResPend;
      wire [16:0] cyc_sum = {1'b0, dcyc_q} + {1'b0, d_elapsed};
      wire [15:0] cyc = cyc_sum[16] ? 16'hffff : cyc_sum[15:0];
      wire ends = cyc >= Intv;
      function automatic [CW-1:0] sat(input [CW-1:0] a, input [7:0] b);
        reg [CW:0] s;
        begin
          s   = {1'b0, a} + {{(CW - 7) {1'b0}}, b};
          sat = s[CW] ? {CW{1'b1}} : s[CW-1:0];
        end
      endfunction
      // a's miss rate above b's by more than DuelPct points:
      // 100 * miss_a * acc_b > 100 * miss_b * acc_a + DuelPct * acc_a * acc_b
      wire have = acc_a_q != {CW{1'b0}} && acc_b_q != {CW{1'b0}};
      wire cmp_v, cmp_worse;  // a comparison's result arrives (Pipe=1 only)
      if (Pipe == 0) begin : g_cmp1
        wire [33:0] lhs = 34'd100 * {22'd0, miss_a_q} * {22'd0, acc_b_q};
        wire [33:0] rhs = 34'd100 * {22'd0, miss_b_q} * {22'd0, acc_a_q} + Pct * {22'd0, acc_a_q} * {22'd0, acc_b_q};
        assign cmp_v = ends && have;
        assign cmp_worse = lhs > rhs;
      end else begin : g_cmp
        // the comparison's pipeline: stage 0 the counters at the interval's end; 1
        // x = 100 * miss_a, y = 100 * miss_b, q = DuelPct * acc_b; 2 y = y + q; 3..14
        // l += acc_b[k] ? x << k, r += acc_a[k] ? y << k (k = stage - 3); the decision
        // register takes l > r as the comparison leaves stage 14 (the single-cycle
        // form's 100 * miss_a * acc_b > 100 * miss_b * acc_a + DuelPct * acc_a * acc_b)
        localparam integer NS = CW + 3;
        reg [NS-1:0] cv_q;
        reg [NS*CW-1:0] caa_q, cab_q;
        reg [CW-1:0] cma_q, cmb_q;
        reg [19:0] cq_q;
        reg [NS*20-1:0] cx_q, cy_q;
        reg [NS*34-1:0] cl_q, cr_q;
        always @(posedge clk_i) begin : b_cmp
          integer i;
          if (rst_i) begin
            cv_q <= {NS{1'b0}};
            caa_q <= {NS * CW{1'b0}};
            cab_q <= {NS * CW{1'b0}};
            cma_q <= {CW{1'b0}};
            cmb_q <= {CW{1'b0}};
            cq_q <= 20'd0;
            cx_q <= {NS * 20{1'b0}};
            cy_q <= {NS * 20{1'b0}};
            cl_q <= {NS * 34{1'b0}};
            cr_q <= {NS * 34{1'b0}};
          end else begin
            cv_q[0] <= ends && have;
            caa_q[0+:CW] <= acc_a_q;
            cab_q[0+:CW] <= acc_b_q;
            cma_q <= miss_a_q;
            cmb_q <= miss_b_q;
            cv_q[1] <= cv_q[0];
            caa_q[CW+:CW] <= caa_q[0+:CW];
            cab_q[CW+:CW] <= cab_q[0+:CW];
            cx_q[20+:20] <= 20'd100 * {8'd0, cma_q};
            cy_q[20+:20] <= 20'd100 * {8'd0, cmb_q};
            cq_q <= Pct[19:0] * {8'd0, cab_q[0+:CW]};
            cv_q[2] <= cv_q[1];
            caa_q[2*CW+:CW] <= caa_q[CW+:CW];
            cab_q[2*CW+:CW] <= cab_q[CW+:CW];
            cx_q[40+:20] <= cx_q[20+:20];
            cy_q[40+:20] <= cy_q[20+:20] + cq_q;
            cl_q[68+:34] <= 34'd0;
            cr_q[68+:34] <= 34'd0;
            for (i = 3; i < NS; i = i + 1) begin
              cv_q[i] <= cv_q[i-1];
              caa_q[i*CW+:CW] <= caa_q[(i-1)*CW+:CW];
              cab_q[i*CW+:CW] <= cab_q[(i-1)*CW+:CW];
              cx_q[i*20+:20] <= cx_q[(i-1)*20+:20];
              cy_q[i*20+:20] <= cy_q[(i-1)*20+:20];
              cl_q[i*34+:34] <= cl_q[(i-1)*34+:34] +
                  (cab_q[(i-1)*CW+i-3] ? {14'd0, cx_q[(i-1)*20+:20]} << (i - 3) : 34'd0);
              cr_q[i*34+:34] <= cr_q[(i-1)*34+:34] +
                  (caa_q[(i-1)*CW+i-3] ? {14'd0, cy_q[(i-1)*20+:20]} << (i - 3) : 34'd0);
            end
          end
        end
        assign cmp_v = cv_q[NS-1];
        assign cmp_worse = cl_q[(NS-1)*34+:34] > cr_q[(NS-1)*34+:34];
      end
      always @* begin
        dbase_d = dbase_q;
        if (cmp_v) dbase_d = cmp_worse;
        if (ends) begin
          dcyc_d = 16'd0;
          acc_a_d = {{(CW - 1) {1'b0}}, own_acc};
          miss_a_d = {{(CW - 1) {1'b0}}, own_miss};
          acc_b_d = {{(CW - 8) {1'b0}}, d_pacc};
          miss_b_d = {{(CW - 8) {1'b0}}, d_pmiss};
        end else begin
          dcyc_d = cyc;
          acc_a_d = sat(acc_a_q, {7'd0, own_acc});
          miss_a_d = sat(miss_a_q, {7'd0, own_miss});
          acc_b_d = sat(acc_b_q, d_pacc);
          miss_b_d = sat(miss_b_q, d_pmiss);
        end
      end
      always @(posedge clk_i) begin
        if (rst_i) begin
          dcyc_q <= 16'd0;
          acc_a_q <= {CW{1'b0}};
          miss_a_q <= {CW{1'b0}};
          acc_b_q <= {CW{1'b0}};
          miss_b_q <= {CW{1'b0}};
          dbase_q <= 1'b0;
        end else begin
          dcyc_q <= dcyc_d;
          acc_a_q <= acc_a_d;
          miss_a_q <= miss_a_d;
          acc_b_q <= acc_b_d;
          miss_b_q <= miss_b_d;
          dbase_q <= dbase_d;
        end
      end
      assign duel_base_o = dbase_q;
    end else begin : g_noduel
      assign duel_base_o = 1'b0;
      wire unused_duel = &{1'b0, elapsed_i, peer_acc_i, peer_miss_i, d_elapsed, d_pacc, d_pmiss};
    end
  endgenerate

  wire unused = &{1'b0, lfu_any};  // an entry without a data line always exists (DataWays < TagWays)

`ifdef FORMAL
  // Invariants, proven from reset by BMC and by k-induction (the flow: FORMAL_PROOFS).
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume (rst_i);  // the run starts in reset
  integer fs, fa, fb, fx, fy;
  reg [FW-1:0] f_nfree;  // the set's lines not allocated
  reg f_owned;  // some tag entry's Position names the line
  reg f_line;  // the line a tag entry's Position names is allocated
  always @* begin
    if (f_past_valid) begin
      for (fs = 0; fs < Sets; fs = fs + 1) begin
        for (fa = 0; fa < TagWays; fa = fa + 1) begin
          // an invalid tag entry has no data line and RC 0 (nothing ever counted it)
          if (!tval_q[fs*TagWays+fa])
            assert (!pval_q[fs*TagWays+fa] && rc_q[(fs*TagWays+fa)*RcBits+:RcBits] == {RcBits{1'b0}});
          // a valid Position names a data way of the set, and that line is allocated
          if (pval_q[fs*TagWays+fa]) begin
            assert ({1'b0, pos_q[(fs*TagWays+fa)*DWW+:DWW]} < DataWays);
            f_line = 1'b0;
            for (fx = 0; fx < DataWays; fx = fx + 1)
              if (pos_q[(fs*TagWays+fa)*DWW+:DWW] == fx[DWW-1:0] && dval_q[fs*DataWays+fx]) f_line = 1'b1;
            assert (f_line);
          end
          for (fb = fa + 1; fb < TagWays; fb = fb + 1) begin
            // valid tags of a set are distinct (a tag is entered only on a tag miss)
            if (tval_q[fs*TagWays+fa] && tval_q[fs*TagWays+fb])
              assert (ttag_q[(fs*TagWays+fa)*TagBits+:TagBits] != ttag_q[(fs*TagWays+fb)*TagBits+:TagBits]);
            // Position uniqueness: no two tag entries own the same data line
            if (pval_q[fs*TagWays+fa] && pval_q[fs*TagWays+fb])
              assert (pos_q[(fs*TagWays+fa)*DWW+:DWW] != pos_q[(fs*TagWays+fb)*DWW+:DWW]);
          end
        end
        f_nfree = {FW{1'b0}};
        for (fx = 0; fx < DataWays; fx = fx + 1) begin
          if (!dval_q[fs*DataWays+fx]) f_nfree = f_nfree + 1'b1;
          // a pending line is an allocated line
          if (dpend_q[fs*DataWays+fx]) assert (dval_q[fs*DataWays+fx]);
          // every allocated line has an owning tag entry (with uniqueness: exactly one)
          f_owned = 1'b0;
          for (fa = 0; fa < TagWays; fa = fa + 1)
            if (pval_q[fs*TagWays+fa] && pos_q[(fs*TagWays+fa)*DWW+:DWW] == fx[DWW-1:0]) f_owned = 1'b1;
          if (dval_q[fs*DataWays+fx]) assert (f_owned);
          // the LRU ranks of a set are a permutation of 0..DataWays-1
          assert ({1'b0, lru_q[(fs*DataWays+fx)*DWW+:DWW]} < DataWays);
          for (fy = fx + 1; fy < DataWays; fy = fy + 1)
            assert (lru_q[(fs*DataWays+fx)*DWW+:DWW] != lru_q[(fs*DataWays+fy)*DWW+:DWW]);
        end
        // the Free Line count is the number of unallocated lines
        assert (free_q[fs*FW+:FW] == f_nfree);
      end
      if (!rst_i) begin
        // an LFU victim (a tag entry without a data line) always exists
        assert (lfu_any);
        // a new tag entry never replaces one that owns a data line
        if (is_rd && !hit && res_o != ResNone) assert (!s_pval[tway_o]);
        // a data eviction always demotes the line's owner, never the entry allocated
        if (alloc && devict_o) assert (has_owner && owner != tway_o);
      end
    end
  end
  // Steps: an allocation leaves the line pending, owned by the allocating entry
  reg f_alloc_q = 1'b0;
  reg [SetW-1:0] f_set_q;
  reg [TWW-1:0] f_tway_q;
  reg [DWW-1:0] f_way_q;
  always @(posedge clk_i) begin
    f_alloc_q <= !rst_i && alloc;
    f_set_q <= dset;
    f_tway_q <= tway_o;
    f_way_q <= way_o;
  end
  always @* begin
    if (f_past_valid && f_alloc_q)
      for (fs = 0; fs < Sets; fs = fs + 1)
        if (f_set_q == fs[SetW-1:0]) begin
          assert (tval_q[fs*TagWays+f_tway_q] && pval_q[fs*TagWays+f_tway_q]);
          assert (pos_q[(fs*TagWays+f_tway_q)*DWW+:DWW] == f_way_q);
          assert (dpend_q[fs*DataWays+f_way_q] && lru_q[(fs*DataWays+f_way_q)*DWW+:DWW] == {DWW{1'b0}});
        end
  end
  // Pipe=1: stage B's row is its set's stored row (stage A read it with stage B's
  // write-back forwarded), the match is its tag against the stored tags, and the event
  // is a legal one; only when stage B holds an event (its registers are 0 after reset)
  generate
    if (Pipe != 0) begin : g_fpipe
      always @* begin
        if (f_past_valid && g_pipe.ev_op_q != 3'd0) begin
          for (fs = 0; fs < Sets; fs = fs + 1)
            if (g_pipe.ev_set_q == fs[SetW-1:0]) begin
              assert (g_pipe.r_tval_q == tval_q[fs*TagWays+:TagWays]);
              assert (g_pipe.r_pval_q == pval_q[fs*TagWays+:TagWays]);
              assert (g_pipe.r_rc_q == rc_q[fs*TagWays*RcBits+:TagWays*RcBits]);
              assert (g_pipe.r_pos_q == pos_q[fs*TagWays*DWW+:TagWays*DWW]);
              assert (g_pipe.r_dval_q == dval_q[fs*DataWays+:DataWays]);
              assert (g_pipe.r_dpend_q == dpend_q[fs*DataWays+:DataWays]);
              assert (g_pipe.r_lru_q == lru_q[fs*DataWays*DWW+:DataWays*DWW]);
              assert (g_pipe.r_free_q == free_q[fs*FW+:FW]);
              for (fa = 0; fa < TagWays; fa = fa + 1)
                assert (g_pipe.r_match_q[fa] ==
                        (tval_q[fs*TagWays+fa] && ttag_q[(fs*TagWays+fa)*TagBits+:TagBits] == g_pipe.ev_tag_q));
            end
        end
      end
    end
  endgenerate
  // the dueling unit: the cycle count stays below the interval, own misses <= own accesses
  generate
    if (Duel != 0) begin : g_fduel
      always @* begin
        if (f_past_valid) begin
          assert (g_duel.dcyc_q < Intv);
          assert (g_duel.miss_a_q <= g_duel.acc_a_q);
        end
      end
    end
  endgenerate
`endif
endmodule
`default_nettype wire
