`default_nettype none
// memsched_store: the request storage of the memory request scheduling queue: Slots
// logical FIFOs of Depth entries, one write and Reads combinational reads a cycle (one
// per cache probe unit: each reads the head of its candidate slot). Logically one
// SRAM of Slots x Depth rows addressed by {slot, position}, with Reads read ports.
// Write at the clock edge; reads from the current contents (the caller never reads
// an entry it writes in the same cycle: a slot's head is written only while empty).
module memsched_store #(
    parameter integer Slots = 48,
    parameter integer Depth = 32,
    parameter integer Width = 37,
    parameter integer Reads = 4,
    parameter integer QW = (Slots > 1) ? $clog2(Slots) : 1,
    parameter integer PtrW = (Depth > 1) ? $clog2(Depth) : 1
) (
    input  wire                   clk_i,
    input  wire                   we_i,
    input  wire [         QW-1:0] wq_i,
    input  wire [       PtrW-1:0] wslot_i,
    input  wire [      Width-1:0] wdata_i,
    input  wire [   Reads*QW-1:0] rq_i,
    input  wire [ Reads*PtrW-1:0] rslot_i,
    output wire [Reads*Width-1:0] rdata_o
);
  localparam integer Rows = Slots * Depth;
  localparam integer AW = (Rows > 1) ? $clog2(Rows) : 1;
  localparam [AW-1:0] DepthA = Depth[AW-1:0];

  reg [Width-1:0] mem[0:Rows-1];

  wire [AW-1:0] waddr = wq_i * DepthA + {{(AW - PtrW) {1'b0}}, wslot_i};
  always @(posedge clk_i) begin
    if (we_i) mem[waddr] <= wdata_i;
  end

  genvar r;
  generate
    for (r = 0; r < Reads; r = r + 1) begin : g_rd
      wire [AW-1:0] raddr = rq_i[r*QW+:QW] * DepthA +
                            {{(AW - PtrW) {1'b0}}, rslot_i[r*PtrW+:PtrW]};
      assign rdata_o[r*Width+:Width] = mem[raddr];
    end
  endgenerate
endmodule
`default_nettype wire
