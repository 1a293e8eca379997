#include "Vm.h"
#include "verilated.h"
#include <cstdio>
int main(int argc, char **argv) {
  VerilatedContext ctx; ctx.commandArgs(argc, argv); Vm *t = new Vm(&ctx, "");
  unsigned seq[] = {0, 33, 34, 0, 5, 6};
  int bad = 0;
  t->sel = 0;
  for (unsigned a : seq) { t->a = a; t->eval(); unsigned e = a == 0 ? 7 : ((a - 1) & 7);
    printf("a=%2u y=%u (expect %u)%s\n", a, t->y, e, t->y == e ? "" : "  WRONG"); bad += t->y != e; }
  delete t; return bad != 0;
}
