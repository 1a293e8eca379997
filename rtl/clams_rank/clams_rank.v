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
module clams_rank #(
    parameter integer Warps = 48,
    parameter integer Epoch = 128,
    parameter integer Form  = 0
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
  endgenerate

  // widths: a warp count, the epoch cycle, an accumulator (an epoch of the largest
  // value the port carries: 13 bits for 48 warps and 128 cycles, the seed's 13)
  localparam integer CW = $clog2(Warps + 1);
  localparam integer YW = (Epoch > 1) ? $clog2(Epoch) : 1;
  localparam integer AW = $clog2(((1 << CW) - 1) * Epoch + 1);
  localparam [YW-1:0] Last = Epoch[YW-1:0] - 1'b1;

  reg [YW-1:0] cyc_q, cyc_d;
  reg [AW-1:0] acc_live_q, acc_live_d, acc_short_q, acc_short_d;
  reg [   2:0] rank_q, rank_d;

  // this cycle's sums (never overflow: AW holds an epoch of the largest port value)
  wire [AW-1:0] live_sum = acc_live_q + {{(AW - CW) {1'b0}}, live_i};
  wire [AW-1:0] short_sum = acc_short_q + {{(AW - CW) {1'b0}}, short_i};
  wire last = (cyc_q == Last);

  // the rank of the sums
  wire [2:0] new_rank;
  clams_rank_calc #(.AW(AW), .Form(Form)) u_calc (.s_i(short_sum), .l_i(live_sum), .rank_o(new_rank));

  // an epoch's last cycle takes the rank and clears the accumulators
  always @* begin
    rank_d = rank_q;
    if (last) begin
      cyc_d = {YW{1'b0}};
      acc_live_d = {AW{1'b0}};
      acc_short_d = {AW{1'b0}};
      rank_d = new_rank;
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
  wire [FW-1:0] f_s8 = {5'd0, short_sum, 3'd0};  // 8 S
  wire [FW-1:0] f_l = {8'd0, live_sum};  // L
  wire [FW-1:0] f_kl = f_l * (new_rank + 3'd1);  // rank x L, rank = new_rank + 1
  wire [FW-1:0] f_jl = f_l * new_rank;  // (rank - 1) x L
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
      if (live_sum == {AW{1'b0}}) assert (new_rank == 3'd7);
      else begin
        if (new_rank != 3'd7) assert (f_s8 <= f_kl);
        if (new_rank != 3'd0) assert (f_s8 > f_jl);
      end
    end
  end
  // Steps: the rank register changes only at an epoch's last cycle (to the rank of the
  // epoch's sums) or in reset (to rank 8)
  always @(posedge clk_i) begin
    if (f_past_valid) begin
      if ($past(rst_i)) assert (rank_q == 3'd7 && cyc_q == {YW{1'b0}});
      else if ($past(last)) assert (rank_q == $past(new_rank) && cyc_q == {YW{1'b0}});
      else assert (rank_q == $past(rank_q) && cyc_q == $past(cyc_q) + 1'b1);
    end
  end
`endif
endmodule
`default_nettype wire
