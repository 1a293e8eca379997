`default_nettype none
// sat_ctr_bank: Num saturating counters of Width bits kept as arrays; each cycle one
// counter may count up (inc_i at inc_idx_i) and one may count down (dec_i at
// dec_idx_i), the same one both ways meaning no change. A counter stops at Max
// (default 2**Width - 1) going up and at 0 going down. One read port (rd_idx_i) and
// every count packed on count_o (counter n in bits [n*Width +: Width]).
//   Width=2 (Max=3): 3 + 1 -> 3, 0 - 1 -> 0;  Max=2: 2 + 1 -> 2.
//   inc and dec at the same index: no change, even at 0 or Max.
// An index >= Num changes nothing and reads as 0. Counts change at the clock edge
// after the request (rd_o and count_o show the registered counts).
// It is ctr_bank with Saturate=1 and Modulus=Max+1 (one array per set bit of Num, so
// Yosys maps exactly Num words; simulation cost independent of Num).
// Legal: Num >= 1, 1 <= Width <= 30, 1 <= Max <= 2**Width - 1, 2**IdxW >= Num.
module sat_ctr_bank #(
    parameter integer Num = 8,
    parameter integer Width = 4,
    parameter integer Max = ((1 << (Width - 1)) - 1) * 2 + 1,  // 2**Width - 1
    parameter integer IdxW = (Num > 1) ? $clog2(Num) : 1
) (
    input  wire                 clk_i,
    input  wire                 rst_i,      // synchronous, every counter to zero
    // one increment and one decrement a cycle
    input  wire                 inc_i,
    input  wire [     IdxW-1:0] inc_idx_i,
    input  wire                 dec_i,
    input  wire [     IdxW-1:0] dec_idx_i,
    // one read port and all counts
    input  wire [     IdxW-1:0] rd_idx_i,
    output wire [    Width-1:0] rd_o,
    output wire [Num*Width-1:0] count_o
);
  localparam integer AllOnes = ((1 << (Width - 1)) - 1) * 2 + 1;
  generate
    if (Num < 1 || Width < 1 || Width > 30 || Max < 1 || Max > AllOnes ||
        (IdxW < 31 && (1 << IdxW) < Num)) begin : g_illegal
`ifndef __ICARUS__
      $error("sat_ctr_bank: illegal parameters (Num >= 1, 1 <= Width <= 30, 1 <= Max <= 2**Width-1, 2**IdxW >= Num)");
`endif
      sat_ctr_bank_illegal_parameters u_stop ();  // Icarus (no elaboration-time $error) stops here
    end else begin : g_bank  // legal: the bank (so only this module's error is reported)
      ctr_bank #(
          .Num(Num),
          .Width(Width),
          .Modulus(Max + 1),
          .Saturate(1),
          .IdxW(IdxW)
      ) u_bank (
          .clk_i(clk_i),
          .rst_i(rst_i),
          .inc_i(inc_i),
          .inc_idx_i(inc_idx_i),
          .dec_i(dec_i),
          .dec_idx_i(dec_idx_i),
          .rd_idx_i(rd_idx_i),
          .rd_o(rd_o),
          .count_o(count_o)
      );
    end
  endgenerate

`ifdef FORMAL
  // Every counter stays in 0..Max; after reset it is 0; otherwise it moves by exactly
  // the saturating step of the request addressed to it, or not at all (checked on
  // count_o, counter by counter, against last cycle's count); rd_o reads the addressed
  // counter, or 0 for an index >= Num. f_*_q hold last cycle's values.
  localparam [Width-1:0] MaxV = Max[Width-1:0];
  reg f_past_valid = 1'b0;
  reg f_rst_q;
  reg [Num*Width-1:0] f_count_q;
  reg [Num-1:0] f_up_q, f_down_q;
  wire same = inc_i & dec_i & (inc_idx_i == dec_idx_i);
  always @* if (!f_past_valid) assume (rst_i);  // the run starts in reset
  always @* if (f_past_valid && rd_idx_i >= Num) assert (rd_o == {Width{1'b0}});
  always @(posedge clk_i) begin
    f_past_valid <= 1'b1;
    f_rst_q <= rst_i;
    f_count_q <= count_o;
  end
  genvar f;
  generate
    for (f = 0; f < Num; f = f + 1) begin : g_f
      localparam [IdxW-1:0] Idx = f;
      wire [Width-1:0] c = count_o[f*Width+:Width];
      wire [Width-1:0] c_was = f_count_q[f*Width+:Width];
      always @(posedge clk_i) begin
        f_up_q[f] <= inc_i & ~same & (inc_idx_i == Idx);
        f_down_q[f] <= dec_i & ~same & (dec_idx_i == Idx);
      end
      // flat ifs, not an else-if chain: the chain made z3 4.8 slow
      always @* begin
        if (f_past_valid) begin
          assert (c <= MaxV);
          if (f_rst_q) assert (c == {Width{1'b0}});
          if (!f_rst_q && f_up_q[f]) assert (c == ((c_was == MaxV) ? MaxV : c_was + 1'b1));
          if (!f_rst_q && f_down_q[f]) assert (c == ((c_was == 0) ? c_was : c_was - 1'b1));
          if (!f_rst_q && !f_up_q[f] && !f_down_q[f]) assert (c == c_was);
          if (rd_idx_i == Idx) assert (rd_o == c);
        end
      end
    end
  endgenerate
`endif
endmodule
`default_nettype wire
