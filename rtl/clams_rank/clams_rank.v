`default_nettype none
// clams_rank: the criticality rank of one GPU core (CLAMS, seed 004 sections 3.1 and
// 5.6; docs/clams.md). Ports and widths: cmodel/blocks/clams_rank/clams_rank_ports.def.
//
// Each cycle the core reports its resident warps (live_i) and, of them, the
// short-latency warps (short_i: no memory request pending). Two accumulators sum them
// over an epoch of Epoch cycles; at the epoch's last cycle (end_o) the rank register
// takes the rank of the epoch's ratio S / L (this cycle's counts included) and the
// accumulators clear:
//   rank k (1..8) when (k-1)/8 < S/L <= k/8; rank 1 also for S = 0; rank 8 for S > L
//   and for L = 0 (no resident warp in the epoch: nothing of this core can stall).
// rank_o (coded rank - 1) tags every memory request the core sends.
//
// Form 0 (the default): S/L <= k/8 is 8S <= kL, so rank - 1 is the number of k in 1..7
// with 8S > kL: seven comparators against multiples of L (shifts and adds), no divider.
// Form 1: the seed's divider: rank = ceil(8S / L) = quotient + (remainder != 0), then
// clamped to 1..8. tb/blocks/clams_rank/rank_forms.v proves the two equal over every
// pair of accumulator values (an exhaustive simulation).
// Pipe=1 (docs/timing/clams_rank.md): the rank leaves the epoch's last cycle. Form 0: the
// epoch's sums are registered (pv_q, ps_q, pl_q) and ranked the next cycle (rank_o one
// cycle later). Form 1: the epoch's end starts the shared multi-cycle divider
// (rtl/common/divider.v) on 8S / L, and rank_q takes the clamped ceiling when it is done
// (rank_o AW + 4 cycles later; Epoch >= AW + 4 so every epoch's division ends in time).
module clams_rank #(
    parameter integer Warps = 48,
    parameter integer Epoch = 128,
    parameter integer Form  = 0,
    parameter integer Pipe  = 0
) (
    input  wire          clk_i,
    input  wire          rst_i,
    input  wire [CW-1:0] live_i,
    input  wire [CW-1:0] short_i,
    output wire [   2:0] rank_o,
    output wire          end_o
);
  generate
    if (Warps < 2 || Warps > 64) begin : g_bad_warps
      clams_rank_parameter_Warps_out_of_range_2_to_64 u_err ();
    end
    if (Epoch < 1 || Epoch > 4096) begin : g_bad_epoch
      clams_rank_parameter_Epoch_out_of_range_1_to_4096 u_err ();
    end
    if (Form < 0 || Form > 1) begin : g_bad_form
      clams_rank_parameter_Form_out_of_range_0_to_1 u_err ();
    end
    if (Pipe < 0 || Pipe > 1) begin : g_bad_pipe
      clams_rank_parameter_Pipe_out_of_range_0_to_1 u_err ();
    end
    if (Pipe == 1 && Epoch < DW + 1) begin : g_bad_pipe_epoch
      clams_rank_parameter_Epoch_below_the_rank_s_steps_for_Pipe_1 u_err ();
    end
  endgenerate

  // widths: a warp count, the epoch cycle, an accumulator (an epoch of the largest
  // value the port carries: 13 bits for 48 warps and 128 cycles, the seed's 13)
  localparam integer CW = $clog2(Warps + 1);
  localparam integer YW = (Epoch > 1) ? $clog2(Epoch) : 1;
  localparam integer AW = $clog2(((1 << CW) - 1) * Epoch + 1);
  localparam [YW-1:0] Last = Epoch[YW-1:0] - 1'b1;
  localparam integer DW = AW + 3;  // Pipe=1: 8S and 7L (L < 2^AW) fit in AW + 3 bits
  localparam integer CC = $clog2(DW + 1);  // Pipe=1 compare: its step counter

  reg [YW-1:0] cyc_q, cyc_d;
  reg [AW-1:0] acc_live_q, acc_live_d, acc_short_q, acc_short_d;
  reg [   2:0] rank_q, rank_d;

  // the epoch's last cycle: Pipe=0 the epoch cycle's compare; Pipe=1 a register set the
  // cycle before (the compare off the path into the accumulators and the rank's loads)
  wire last;
  generate
    if (Pipe == 0) begin : g_last_cmp
      assign last = (cyc_q == Last);
    end else begin : g_last_reg
      reg last_q;
      always @(posedge clk_i) begin
        if (rst_i) last_q <= 1'b0;  // Pipe=1 has Epoch > 1: cycle 0 is not the last
        else last_q <= (cyc_q == Last - 1'b1);
      end
      assign last = last_q;
    end
  endgenerate

  // this cycle's sums (never overflow: AW holds an epoch of the largest port value)
  wire [AW-1:0] live_sum = acc_live_q + {{(AW - CW) {1'b0}}, live_i};
  wire [AW-1:0] short_sum = acc_short_q + {{(AW - CW) {1'b0}}, short_i};

  // the rank of the sums (Pipe=1: of what the pipeline gives, in its cycle)
  wire [2:0] new_rank;  // Pipe=0: the rank of this cycle's sums
  wire       late_v;  // Pipe=1: the rank register takes late_rank this cycle
  wire [2:0] late_rank;
  /* verilator lint_off UNUSEDSIGNAL */
  wire          pipe_busy;  // Pipe=1: the rank is being computed (formal, waveforms)
  wire [CC-1:0] pipe_cnt;  // Pipe=1 compare: its steps left (formal)
  /* verilator lint_on UNUSEDSIGNAL */
  generate
    if (Pipe == 0) begin : g_single
      clams_rank_calc #(.AW(AW), .Form(Form)) u_calc (.s_i(short_sum), .l_i(live_sum), .rank_o(new_rank));
      assign late_v = 1'b0;
      assign late_rank = 3'd0;
      assign {pipe_busy, pipe_cnt} = {(1 + CC) {1'b0}};
    end else if (Form == 0) begin : g_pcmp
      // the ended epoch's seven comparisons 8S > kL done bit-serially, least significant
      // bit first, one bit of every operand a cycle (DW steps, no adder or comparator
      // wider than a bit): L shifts out of sl_q, its last three bits in lh_q give 2L, 4L
      // and 8L; 3L = L + 2L, 5L = L + 4L, 6L = 2L + 4L are added and 7L = 8L - L
      // subtracted a bit at a time (carries c3/c5/c6, borrow b7); each gt_q[k-1] holds
      // "8S > kL" over the bits so far (a higher bit decides, equal bits keep it). The
      // cycle after the last step (done_q) the rank register takes the thermometer's
      // count (rank 8 for L = 0: no bit of L was 1, nz_q).
      reg [DW-1:0] sa_q;  // 8S, shifting right
      reg [AW-1:0] sl_q;  // L, shifting right
      reg [2:0] lh_q;  // L's bits i-1, i-2, i-3 (bit 0 the latest)
      reg c3_q, c5_q, c6_q, b7_q;
      reg [6:0] gt_q;
      reg [CC-1:0] cnt_q;  // steps left
      reg done_q;
      reg nz_q;  // L's bits so far are not all 0
      wire busy = (cnt_q != {CC{1'b0}});
      wire a = sa_q[0];
      wire l0 = sl_q[0], l1 = lh_q[0], l2 = lh_q[1], l3 = lh_q[2];
      wire m3 = l0 ^ l1 ^ c3_q, m5 = l0 ^ l2 ^ c5_q, m6 = l1 ^ l2 ^ c6_q;
      wire m7 = l3 ^ l0 ^ b7_q;  // bit i of 8L - L
      wire [6:0] b = {m7, m6, m5, l2, m3, l1, l0};  // bit i of 7L, 6L, .., 2L, L
      // the count of a thermometer code gt[6:0] (gt[k] implies gt[k-1]): no adder
      wire [2:0] cnt_ones = {gt_q[3], gt_q[5] | (gt_q[1] & ~gt_q[3]),
                             gt_q[6] | (gt_q[4] & ~gt_q[5]) | (gt_q[2] & ~gt_q[3]) | (gt_q[0] & ~gt_q[1])};
      assign late_rank = nz_q ? cnt_ones : 3'd7;
      assign late_v = done_q;
      assign new_rank = 3'd0;
      assign {pipe_busy, pipe_cnt} = {busy, cnt_q};
      always @(posedge clk_i) begin
        if (rst_i) begin
          sa_q <= {DW{1'b0}};
          sl_q <= {AW{1'b0}};
          lh_q <= 3'd0;
          {c3_q, c5_q, c6_q, b7_q} <= 4'd0;
          gt_q <= 7'd0;
          cnt_q <= {CC{1'b0}};
          done_q <= 1'b0;
          nz_q <= 1'b0;
        end else if (last && !busy) begin
          sa_q <= {short_sum, 3'b000};
          sl_q <= live_sum;
          lh_q <= 3'd0;
          {c3_q, c5_q, c6_q, b7_q} <= 4'd0;
          gt_q <= 7'd0;
          cnt_q <= DW[CC-1:0];
          done_q <= 1'b0;
          nz_q <= 1'b0;
        end else if (busy) begin
          sa_q <= sa_q >> 1;
          sl_q <= sl_q >> 1;
          lh_q <= {lh_q[1:0], l0};
          c3_q <= (l0 & l1) | (c3_q & (l0 ^ l1));
          c5_q <= (l0 & l2) | (c5_q & (l0 ^ l2));
          c6_q <= (l1 & l2) | (c6_q & (l1 ^ l2));
          b7_q <= (~l3 & l0) | (b7_q & ~(l3 ^ l0));
          gt_q <= ({7{a}} & ~b) | (~({7{a}} ^ b) & gt_q);
          cnt_q <= cnt_q - 1'b1;
          done_q <= (cnt_q == {{(CC - 1) {1'b0}}, 1'b1});
          nz_q <= nz_q | l0;
        end else begin
          done_q <= 1'b0;
        end
      end
    end else begin : g_pdiv
      // the ended epoch's 8 S / L in the shared divider, one quotient bit a cycle
      reg lz_q;
      wire busy;
      wire done;
      wire [DW-1:0] quo, rem;
      divider #(.Width(DW)) u_div (
          .clk_i(clk_i),
          .rst_i(rst_i),
          .start_i(last),
          .dividend_i({short_sum, 3'b000}),
          .divisor_i({3'b000, live_sum}),
          .busy_o(busy),
          .done_o(done),
          .quotient_o(quo),
          .remainder_o(rem)
      );
      // ceil(8S / L) = quotient + (remainder != 0) (8S < 2^DW: no wrap), clamped to 1..8
      wire [DW-1:0] up = quo + {{(DW - 1) {1'b0}}, (rem != {DW{1'b0}})};
      assign late_rank = lz_q ? 3'd7 : (up <= {{(DW - 1) {1'b0}}, 1'b1}) ? 3'd0 :
                         (up >= {{(DW - 4) {1'b0}}, 4'd8}) ? 3'd7 : up[2:0] - 3'd1;
      assign late_v = done;
      assign new_rank = 3'd0;
      assign {pipe_busy, pipe_cnt} = {busy, {CC{1'b0}}};
      always @(posedge clk_i) begin
        if (rst_i) lz_q <= 1'b0;
        else if (last && !busy) lz_q <= (live_sum == {AW{1'b0}});
      end
    end
  endgenerate

  // an epoch's last cycle takes the rank (Pipe=1: the pipeline's rank when it comes) and
  // clears the accumulators
  always @* begin
    rank_d = late_v ? late_rank : rank_q;
    if (last) begin
      cyc_d = {YW{1'b0}};
      acc_live_d = {AW{1'b0}};
      acc_short_d = {AW{1'b0}};
      if (Pipe == 0) rank_d = new_rank;
    end else begin
      cyc_d = cyc_q + 1'b1;
      acc_live_d = live_sum;
      acc_short_d = short_sum;
    end
  end

  always @(posedge clk_i) begin
    if (rst_i) begin
      cyc_q <= {YW{1'b0}};
      acc_live_q <= {AW{1'b0}};
      acc_short_q <= {AW{1'b0}};
      rank_q <= 3'd7;
    end else begin
      cyc_q <= cyc_d;
      acc_live_q <= acc_live_d;
      acc_short_q <= acc_short_d;
      rank_q <= rank_d;
    end
  end

  assign rank_o = rank_q;
  assign end_o  = last;

`ifdef FORMAL
  // Invariants, proven from reset by BMC and by k-induction (the flow: FORMAL_PROOFS).
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume (rst_i);  // the run starts in reset
  localparam integer FW = AW + 8;
  localparam integer MaxC = (1 << CW) - 1;  // the largest count a port carries
  wire [FW-1:0] f_cap = cyc_q * MaxC;  // the most cyc_q cycles can have summed
  // the sums being ranked and the rank they get: Pipe=0 this cycle's sums and new_rank;
  // Pipe=1 the ended epoch's sums (ghost copies taken when its rank computation starts)
  // and late_rank, checked in the cycle the rank register takes it (late_v)
  reg [AW-1:0] f_ps = {AW{1'b0}}, f_pl = {AW{1'b0}};
  always @(posedge clk_i) if (last && !pipe_busy) {f_ps, f_pl} <= {short_sum, live_sum};
  wire [AW-1:0] f_rs = (Pipe == 0) ? short_sum : f_ps;
  wire [AW-1:0] f_rl = (Pipe == 0) ? live_sum : f_pl;
  wire [2:0] f_rank = (Pipe == 0) ? new_rank : late_rank;
  wire f_check = (Pipe == 0) || late_v;
  wire [FW-1:0] f_s8 = {5'd0, f_rs, 3'd0};  // 8 S
  wire [FW-1:0] f_l = {8'd0, f_rl};  // L
  wire [FW-1:0] f_kl = f_l * (f_rank + 3'd1);  // rank x L, rank = f_rank + 1
  wire [FW-1:0] f_jl = f_l * f_rank;  // (rank - 1) x L
  always @* begin
    if (f_past_valid) begin
      // the epoch cycle stays inside 0..Epoch-1
      assert (cyc_q <= Last);
      // the accumulators hold at most cyc_q cycles of the largest count: they never
      // overflow, and they are zero at an epoch's first cycle
      assert ({8'd0, acc_live_q} <= f_cap);
      assert ({8'd0, acc_short_q} <= f_cap);
      // the rank the sums give is the definition: rank k when (k-1)/8 < S/L <= k/8, i.e.
      // (k-1) L < 8 S <= k L (k < 8 needs the upper bound, k > 1 the lower one: so S = 0
      // gives rank 1 and S > L rank 8); rank 8 for L = 0
      if (f_check) begin
        if (f_rl == {AW{1'b0}}) assert (f_rank == 3'd7);
        else begin
          if (f_rank != 3'd7) assert (f_s8 <= f_kl);
          if (f_rank != 3'd0) assert (f_s8 > f_jl);
        end
      end
    end
  end
  // the pipeline's own state (Pipe=1): a rank computation under way was started by an
  // epoch's end less than DW + 1 cycles ago (the epoch cycle counts its steps), so it is
  // never busy at an epoch's end
  generate
    if (Pipe == 1 && Form == 0) begin : g_f_cmp
      always @* if (f_past_valid && pipe_busy) assert ({{(32 - YW) {1'b0}}, cyc_q} + {{(32 - CC) {1'b0}}, pipe_cnt} == DW);
    end
    if (Pipe == 1) begin : g_f_pipe
      always @* if (f_past_valid && pipe_busy) assert (!last);
      always @* if (f_past_valid) assert (last == (cyc_q == Last));  // the register is the compare
    end
  endgenerate
  // Steps: the rank register changes only at an epoch's last cycle (to the rank of the
  // epoch's sums; Pipe=1: when the pipeline gives it) or in reset (to rank 8)
  always @(posedge clk_i) begin
    if (f_past_valid) begin
      if ($past(rst_i)) assert (rank_q == 3'd7 && cyc_q == {YW{1'b0}});
      else begin
        if (Pipe == 0 && $past(last)) assert (rank_q == $past(new_rank));
        else if (Pipe == 1 && $past(late_v)) assert (rank_q == $past(late_rank));
        else assert (rank_q == $past(rank_q));
        if ($past(last)) assert (cyc_q == {YW{1'b0}});
        else assert (cyc_q == $past(cyc_q) + 1'b1);
      end
    end
  end
`endif
endmodule
`default_nettype wire
