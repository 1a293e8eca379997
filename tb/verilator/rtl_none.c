/* rtl_none.c: a build without RTL (c mode only). */
#include "rtl_model.h"

const rtl_ops *const rtl_linked = 0;
