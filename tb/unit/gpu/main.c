/* main.c: the GPU model's unit tests (build/bin/test_gpu). */
#include "unit.h"

void test_l1(void);
void test_dram(void);
void test_kernels(void);
void test_gpu(void);
void test_hooks(void);

int main(void)
{
    test_l1();
    test_dram();
    test_kernels();
    test_gpu();
    test_hooks();
    return unit_summary("gpu model units");
}
