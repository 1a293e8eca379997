`default_nettype none
// tb_divider: divider against Verilog's / and % (and, for a zero divisor, the defined
// result: quotient all ones, remainder = dividend). With Width <= Exhaust every
// dividend/divisor pair is divided once first; then (and for wider dividers only)
// seeded random divisions up to +cycles cycles, the operands biased to the corners (0, 1, all ones, dividend < divisor,
// divisor 0). The handshake is checked every cycle: busy_o for exactly Width cycles
// after a start, done_o one cycle after that, a start while busy ignored (it offers
// other operands), results held until the next start, back-to-back starts in the done
// cycle, and resets in the middle of a division now and then.
// +seed=N +cycles=N. Last line: "RESULT PASS ..." or "RESULT FAIL ...".
module tb_divider #(
    parameter integer Width = 8,
    parameter integer Exhaust = 6
);
  localparam integer CntW = $clog2(Width + 1);
  reg clk = 1'b0, rst = 1'b1;
  reg start = 1'b0;
  reg [Width-1:0] a = 0, b = 0;
  wire busy, done;
  wire [Width-1:0] quo, rem;

  divider #(.Width(Width)) dut (
      .clk_i(clk), .rst_i(rst), .start_i(start), .dividend_i(a), .divisor_i(b),
      .busy_o(busy), .done_o(done), .quotient_o(quo), .remainder_o(rem)
  );
  always #5 clk = ~clk;

  reg [Width-1:0] want_q, want_r, op_a, op_b;
  reg have_result, just_done;  // a result is out; it came out this cycle (done_o due)
  integer seed0;
  integer seed, cycles, cyc, errors, left, ndiv, nzero, nbusy_start, nrst, nb2b, pairs;
  integer ea, eb;  // next exhaustive pair
  reg exhaustive, sweeping, finished;  // every pair; still going through them

  function [Width-1:0] corner(input integer dummy);
    integer r;
    begin
      r = ($random(seed) & 32'h7fffffff) % 8;
      case (r)
        0: corner = {Width{1'b0}};
        1: corner = {{(Width - 1) {1'b0}}, 1'b1};
        2: corner = {Width{1'b1}};
        3: corner = $random(seed) & ((1 << (($random(seed) & 32'h7fffffff) % Width)) - 1);  // few bits
        default: corner = $random(seed);
      endcase
    end
  endfunction

  task fail(input [8*40-1:0] what);
    begin
      errors = errors + 1;
      if (errors <= 5)
        $display("tb_divider: cycle %0d: %0s (%0d / %0d: busy %b done %b quotient %0d remainder %0d, expected %0d %0d)",
                 cyc, what, op_a, op_b, busy, done, quo, rem, want_q, want_r);
    end
  endtask

  initial begin
    if (!$value$plusargs("seed=%d", seed)) seed = 1;
    seed0 = seed;
    if (!$value$plusargs("cycles=%d", cycles)) cycles = 20000;
    exhaustive = Width <= Exhaust;
    pairs = exhaustive ? (1 << (2 * Width)) : 0;
    errors = 0; ndiv = 0; nzero = 0; nbusy_start = 0; nrst = 0; nb2b = 0;
    left = 0; have_result = 1'b0; ea = 0; eb = 0; finished = 1'b0;
    op_a = 0; op_b = 0; want_q = 0; want_r = 0; just_done = 1'b0;
    repeat (2) @(posedge clk);
    cyc = 0;
    while (!finished) begin
      @(negedge clk);
      // inputs: a start when idle (sometimes not at once), or a decoy start while busy
      sweeping = exhaustive && ndiv < pairs;
      rst = !sweeping && (($random(seed) & 32'h7fffffff) % 1500) == 0;
      start = busy ? (($random(seed) & 32'h7fffffff) % 4 == 0) : (($random(seed) & 32'h7fffffff) % 4 != 0);
      if (sweeping && !busy) begin
        a = ea;
        b = eb;
      end else begin
        a = corner(0);
        b = corner(0);
      end
      #1;
      // the handshake and the held result
      if (busy !== (left > 0)) fail("busy_o");
      if (done !== just_done) fail("done_o");
      if (have_result && left == 0 && (quo !== want_q || rem !== want_r)) fail("result");
      if (start && busy) nbusy_start = nbusy_start + 1;
      if (start && done) nb2b = nb2b + 1;
      @(posedge clk);
      just_done = 1'b0;
      if (rst) begin
        left = 0; have_result = 1'b0; nrst = nrst + 1;
        want_q = 0; want_r = 0;
      end else if (left > 0) begin
        left = left - 1;
        if (left == 0) begin
          just_done = 1'b1;
          have_result = 1'b1;
        end
      end else if (start) begin
        op_a = a; op_b = b;
        if (b == 0) begin
          want_q = {Width{1'b1}}; want_r = a; nzero = nzero + 1;
        end else begin
          want_q = a / b; want_r = a % b;
        end
        left = Width; have_result = 1'b0; ndiv = ndiv + 1;
        if (sweeping) begin
          if (eb == (1 << Width) - 1) begin
            eb = 0; ea = ea + 1;
          end else eb = eb + 1;
        end
      end
      cyc = cyc + 1;
      if (ndiv >= pairs && cyc >= cycles && left == 0 && !just_done) finished = 1'b1;
    end
    if (errors != 0)
      $display("RESULT FAIL Width=%0d: %0d mismatches (seed %0d)", Width, errors, seed0);
    else if (nzero == 0 || nbusy_start == 0 || nb2b == 0 || nrst == 0)
      $display("RESULT FAIL Width=%0d: stimulus missed a corner (by zero %0d, start while busy %0d, start in the done cycle %0d, resets %0d)",
               Width, nzero, nbusy_start, nb2b, nrst);
    else
      $display("RESULT PASS Width=%0d: %0d divisions in %0d cycles%0s, by zero %0d, start while busy %0d, start in the done cycle %0d, resets %0d",
               Width, ndiv, cyc, exhaustive ? " (every operand pair, then random)" : " (random)", nzero, nbusy_start, nb2b, nrst);
    $finish;
  end
endmodule
`default_nettype wire
