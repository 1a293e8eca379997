// vlt_pch.h: the Verilator runtime headers every configuration's rtl_shim.cpp includes,
// compiled once into a GCC precompiled header (mk/common.mk, VLT_PCH) and forced in
// first with -include: most of a shim's compile time is parsing these. A compiler that
// cannot use the .gch (other flags, clang) reads this header instead, with the same result.
#include <cstdlib>
#include <cstring>
#include <vector>
#include "verilated.h"
#include "verilated_fst_c.h"
#include "verilated_save.h"
