`default_nettype none
// clams_rank_calc: rank - 1 of S short-latency over L resident warp-cycles (above).
module clams_rank_calc #(
    parameter integer AW   = 13,
    parameter integer Form = 0
) (
    input  wire [AW-1:0] s_i,
    input  wire [AW-1:0] l_i,
    output wire [   2:0] rank_o
);
  wire [AW+2:0] s8 = {s_i, 3'b000};
  wire [AW+2:0] l = {3'b000, l_i};
  generate
    if (Form == 0) begin : g_compare
      // gt[k-1]: S/L > k/8, i.e. 8S > kL (kL in shifts and adds)
      wire [6:0] gt;
      assign gt[0] = s8 > l;
      assign gt[1] = s8 > (l << 1);
      assign gt[2] = s8 > ((l << 1) + l);
      assign gt[3] = s8 > (l << 2);
      assign gt[4] = s8 > ((l << 2) + l);
      assign gt[5] = s8 > ((l << 2) + (l << 1));
      assign gt[6] = s8 > ((l << 3) - l);
      // a thermometer code (gt[k] implies gt[k-1]): count its ones
      wire [2:0] ones = {2'b00, gt[0]} + {2'b00, gt[1]} + {2'b00, gt[2]} + {2'b00, gt[3]} +
                        {2'b00, gt[4]} + {2'b00, gt[5]} + {2'b00, gt[6]};
      assign rank_o = (l_i == {AW{1'b0}}) ? 3'd7 : ones;
    end else begin : g_divide
      wire [AW+2:0] q = (l_i == {AW{1'b0}}) ? {(AW + 3) {1'b0}} : s8 / l;
      wire [AW+2:0] r = (l_i == {AW{1'b0}}) ? {(AW + 3) {1'b0}} : s8 % l;
      wire [AW+2:0] up = q + {{(AW + 2) {1'b0}}, (r != {(AW + 3) {1'b0}})};  // ceil(8S / L)
      assign rank_o = (l_i == {AW{1'b0}}) ? 3'd7 :
                      (up <= {{(AW + 2) {1'b0}}, 1'b1}) ? 3'd0 :
                      (up >= {{(AW - 1) {1'b0}}, 4'd8}) ? 3'd7 : up[2:0] - 3'd1;
    end
  endgenerate
endmodule
`default_nettype wire
