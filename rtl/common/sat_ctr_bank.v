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
// Array form, as ctr_bank: only the indexed counters change each cycle (simulation
// cost independent of Num), stored as one array per set bit of Num (g_part[b] holds the
// 2**b counters [Base, Base + 2**b), Base = Num with bits b..0 cleared) so that Yosys
// maps exactly Num words (see ctr_bank for why a single array of 48 words became 64).
// Legal: Num >= 1, 1 <= Width <= 31, 1 <= Max <= 2**Width - 1, 2**IdxW >= Num.
module sat_ctr_bank #(
    parameter integer Num = 8,
    parameter integer Width = 4,
    parameter integer Max = ((1 << (Width - 1)) - 1) * 2 + 1,  // 2**Width - 1, no overflow at 31
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
    if (Num < 1 || Width < 1 || Width > 31 || Max < 1 || Max > AllOnes ||
        (IdxW < 31 && (1 << IdxW) < Num)) begin : g_illegal
`ifndef __ICARUS__
      $error("sat_ctr_bank: illegal parameters (Num >= 1, 1 <= Width <= 31, 1 <= Max <= 2**Width-1, 2**IdxW >= Num)");
`endif
      sat_ctr_bank_illegal_parameters u_stop ();  // Icarus (no elaboration-time $error) stops here
    end
  endgenerate

  localparam [Width-1:0] MaxV = Max[Width-1:0];

  function [Width-1:0] step_up(input [Width-1:0] c);
    step_up = (c == MaxV) ? c : c + 1'b1;
  endfunction
  function [Width-1:0] step_down(input [Width-1:0] c);
    step_down = (c == {Width{1'b0}}) ? c : c - 1'b1;
  endfunction

  wire same = inc_i & dec_i & (inc_idx_i == dec_idx_i);

  // rd_part[b]: part b's counter at rd_idx_i, or 0 if it does not hold that index
  wire [(IdxW+1)*Width-1:0] rd_part;
  genvar b, w;
  generate
    for (b = 0; b <= IdxW; b = b + 1) begin : g_part
      if (((Num >> b) & 1) == 1) begin : g_on
        localparam integer Size = 1 << b;
        localparam integer AW = (b > 0) ? b : 1;
        localparam integer BaseI = (Num >> (b + 1)) << (b + 1);
        localparam [IdxW-1:0] Base = BaseI[IdxW-1:0];
        reg [Width-1:0] count_q[0:Size-1];
        wire inc_in, dec_in, rd_in;  // the index falls in this part
        wire [AW-1:0] inc_a, dec_a, rd_a;  // and this is its offset
        if (b == IdxW) begin : g_whole  // Num = 2**IdxW: one part holds every counter
          assign inc_in = 1'b1;
          assign dec_in = 1'b1;
          assign rd_in  = 1'b1;
        end else begin : g_tag  // the index bits above b name the part
          assign inc_in = inc_idx_i[IdxW-1:b] == Base[IdxW-1:b];
          assign dec_in = dec_idx_i[IdxW-1:b] == Base[IdxW-1:b];
          assign rd_in  = rd_idx_i[IdxW-1:b] == Base[IdxW-1:b];
        end
        if (b == 0) begin : g_one
          assign inc_a = 1'b0;
          assign dec_a = 1'b0;
          assign rd_a  = 1'b0;
        end else begin : g_many
          assign inc_a = inc_idx_i[AW-1:0];
          assign dec_a = dec_idx_i[AW-1:0];
          assign rd_a  = rd_idx_i[AW-1:0];
        end
        integer i;
        always @(posedge clk_i) begin
          if (rst_i) begin
            for (i = 0; i < Size; i = i + 1) count_q[i] <= {Width{1'b0}};
          end else begin
            if (inc_i & ~same & inc_in) count_q[inc_a] <= step_up(count_q[inc_a]);
            if (dec_i & ~same & dec_in) count_q[dec_a] <= step_down(count_q[dec_a]);
          end
        end
        assign rd_part[b*Width+:Width] = rd_in ? count_q[rd_a] : {Width{1'b0}};
        for (w = 0; w < Size; w = w + 1) begin : g_out
          assign count_o[(BaseI+w)*Width+:Width] = count_q[w];
        end
      end else begin : g_off
        assign rd_part[b*Width+:Width] = {Width{1'b0}};
      end
    end
  endgenerate

  reg [Width-1:0] rd;
  integer p;
  always @* begin
    rd = {Width{1'b0}};
    for (p = 0; p <= IdxW; p = p + 1) rd = rd | rd_part[p*Width+:Width];
  end
  assign rd_o = rd;

`ifdef FORMAL
  // Every counter stays in 0..Max; after reset it is 0; otherwise it moves by exactly
  // the saturating step of the request addressed to it, or not at all (checked on
  // count_o, counter by counter, against last cycle's count); rd_o reads the addressed
  // counter, or 0 for an index >= Num. f_*_q hold last cycle's values.
  reg f_past_valid = 1'b0;
  reg f_rst_q;
  reg [Num*Width-1:0] f_count_q;
  reg [Num-1:0] f_up_q, f_down_q;
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
