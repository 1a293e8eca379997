`default_nettype none
// ctr_bank: Num counters of Width bits kept as an array; each cycle one counter may
// count up (inc_i at inc_idx_i) and one may count down (dec_i at dec_idx_i), the same
// one both ways meaning no change. Counting wraps at Modulus (default 2**Width), so
// the bank serves as queue lengths (up/down) and as FIFO head/tail pointers (up only,
// Modulus = queue depth). One read port (rd_idx_i) and every count packed on count_o.
//   Modulus=8: 7 + 1 -> 0;  Modulus=5: 4 + 1 -> 0, 0 - 1 -> 4.
// Saturate=1 makes them saturating counters instead (sat_ctr_bank is this form): a
// counter stops at Modulus - 1 going up and at 0 going down.
// An index >= Num changes nothing and reads as 0.
// Array form: only the indexed counters change each cycle, which keeps simulation cost
// independent of Num (48 separate counter instances were 8x slower under Verilator).
//
// Storage is one array per set bit of Num (g_part[b] holds 2**b counters), largest
// first: Num=48 is counters 0..31 in g_part[5] and 32..47 in g_part[4]. Yosys merges
// the reset writes and the count_o reads of an array into wide ports, and a wide port
// is aligned to its width, so a single 48-word array grew to 64 words (64 flop words
// after `synth`); an array of 2**b words cannot grow. Each counter sits in exactly one
// part; part b covers [Base, Base + 2**b), Base = Num with bits b..0 cleared, so the
// index bits above b select the part and the low b bits are the offset inside it.
// Legal: Num >= 1, 1 <= Width <= 30, 1 <= Modulus <= 2**Width, 2**IdxW >= Num.
module ctr_bank #(
    parameter integer Num = 48,
    parameter integer Width = 4,
    parameter integer Modulus = 1 << Width,
    parameter integer Saturate = 0,
    parameter integer IdxW = (Num > 1) ? $clog2(Num) : 1
) (
    input  wire                 clk_i,
    input  wire                 rst_i,      // synchronous, every counter to zero
    input  wire                 inc_i,
    input  wire [     IdxW-1:0] inc_idx_i,
    input  wire                 dec_i,
    input  wire [     IdxW-1:0] dec_idx_i,
    input  wire [     IdxW-1:0] rd_idx_i,
    output wire [    Width-1:0] rd_o,
    output wire [Num*Width-1:0] count_o
);
  localparam integer LastI = Modulus - 1;
  localparam [Width-1:0] Last = LastI[Width-1:0];

  generate
    if (Num < 1 || Width < 1 || Width > 30 || Modulus < 1 || Modulus > (1 << Width) ||
        (IdxW < 31 && (1 << IdxW) < Num)) begin : g_illegal
`ifndef __ICARUS__
      $error("ctr_bank: illegal parameters (Num >= 1, 1 <= Width <= 30, 1 <= Modulus <= 2**Width, 2**IdxW >= Num)");
`endif
      ctr_bank_illegal_parameters u_stop ();  // Icarus (no elaboration-time $error) stops here
    end
  endgenerate

  // at the top (Last) and at 0: wrap to the other end, or stay (Saturate)
  localparam [Width-1:0] AfterLast = (Saturate != 0) ? Last : {Width{1'b0}};
  localparam [Width-1:0] BeforeZero = (Saturate != 0) ? {Width{1'b0}} : Last;
  function [Width-1:0] step_up(input [Width-1:0] c);
    step_up = (c == Last) ? AfterLast : c + 1'b1;
  endfunction
  function [Width-1:0] step_down(input [Width-1:0] c);
    step_down = (c == {Width{1'b0}}) ? BeforeZero : c - 1'b1;
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
        // the two write ports of the array: enable, offset and the counter's next value
        wire inc_we = inc_i & ~same & inc_in;
        wire dec_we = dec_i & ~same & dec_in;
        wire [Width-1:0] inc_d = step_up(count_q[inc_a]);
        wire [Width-1:0] dec_d = step_down(count_q[dec_a]);
        integer i;
        always @(posedge clk_i) begin
          if (rst_i) begin
            for (i = 0; i < Size; i = i + 1) count_q[i] <= {Width{1'b0}};
          end else begin
            if (inc_we) count_q[inc_a] <= inc_d;
            if (dec_we) count_q[dec_a] <= dec_d;
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
endmodule
`default_nettype wire
