// Reproducer: Verilator-5.006 mis-simulation (Icarus gives the expected values).
// Two false combinational loops through vectors assembled bit by bit (UNOPTFLAT).
// With sel = 0 the design is y = (a == 0) ? 7 : a[2:0] - 1.
/* verilator lint_off UNOPTFLAT */
module m(input wire [1:0] sel, input wire [6:0] a, output wire [2:0] y);
  wire [6:0] L;
  wire b;
  assign {L[6:4], b, L[2:0]} = a;
  assign L[3] = (sel == 2'd1) ? (b ~^ L[6]) : b;   // sel = 0: L == a
  wire z = !L;
  wire [2:0] u = z ? 3'd0 : L[2:0];
  wire [2:0] R;
  wire c;
  assign {R[2], c, R[0]} = u - 3'd1;
  assign R[1] = (sel == 2'd2) ? (c ~^ R[2]) : c;    // sel = 0: R == u - 1
  assign y = z ? 3'd7 : R;
endmodule
