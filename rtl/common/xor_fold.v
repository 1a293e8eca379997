`default_nettype none
// xor_fold: the InW-bit input cut into OutW-bit chunks from bit 0 up (the last one padded
// with zeros), XORed together; a hashed PC. C model: cmodel/include/xor_fold.h.
// Legal: InW >= 1, OutW >= 1.
module xor_fold #(
    parameter integer InW  = 32,
    parameter integer OutW = 7
) (
    input  wire [ InW-1:0] in_i,
    output wire [OutW-1:0] out_o
);
  generate
    if (InW < 1 || OutW < 1) begin : g_illegal
`ifndef __ICARUS__
      $error("xor_fold: illegal parameters (InW >= 1, OutW >= 1)");
`endif
      xor_fold_illegal_parameters u_stop ();  // Icarus (no elaboration-time $error) stops here
    end
  endgenerate

  localparam integer NC = (InW + OutW - 1) / OutW;
  wire [NC*OutW-1:0] padded;
  assign padded[InW-1:0] = in_i;
  generate
    if (NC * OutW > InW) begin : g_pad
      assign padded[NC*OutW-1:InW] = {(NC * OutW - InW) {1'b0}};
    end
  endgenerate
  reg [OutW-1:0] acc;
  integer c;
  always @* begin
    acc = {OutW{1'b0}};
    for (c = 0; c < NC; c = c + 1) acc = acc ^ padded[c*OutW+:OutW];
  end
  assign out_o = acc;

`ifdef FORMAL
  // The contract, from a reference written bit by bit: output bit k is the XOR of the
  // input bits i with i mod OutW == k (chunk c puts input bit c*OutW + k on bit k; the
  // zero padding adds nothing).
  reg [OutW-1:0] f_ref;
  integer f_i;
  always @* begin
    f_ref = {OutW{1'b0}};
    for (f_i = 0; f_i < InW; f_i = f_i + 1) f_ref[f_i%OutW] = f_ref[f_i%OutW] ^ in_i[f_i];
    assert (out_o == f_ref);
  end
`endif
endmodule
`default_nettype wire
