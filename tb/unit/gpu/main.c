/* main.c: the GPU model's unit tests (build/bin/test_gpu). */
#include "unit.h"

void test_l1(void);
void test_dram(void);
void test_kernels(void);
void test_gpu(void);
void test_hooks(void);
void test_apps(void);

int main(int argc, char **argv)
{
    int rc = unit_args(argc, argv, "test_gpu",
                       "the GPU model's unit tests (L1, DRAM, kernels, the GPU, the block hooks, warp programs)");
    if (rc >= 0) return rc;
    test_l1();
    test_dram();
    test_kernels();
    test_gpu();
    test_hooks();
    test_apps();
    return unit_summary("gpu model units");
}
