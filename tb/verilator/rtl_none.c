/* rtl_none.c: a build without RTL (c mode only): an empty table of Verilated blocks. */
#include <string.h>

#include "rtl_model.h"

const rtl_ops *const rtl_linked_all[] = {0};

const rtl_ops *rtl_find(const char *block)
{
    (void)block;
    return 0;
}
