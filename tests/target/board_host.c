/* Kiln board support on the host: no board, no instruction counter. */
#include "kiln_board.h"

#include <stdlib.h>

const char *kiln_board_name(void)
{
    return "host";
}

void kiln_counter_start(void)
{
}

double kiln_counter_stop(void)
{
    return 0.0;
}

bool kiln_counter_available(void)
{
    return false;
}

/* A fresh allocation of exactly `size` bytes: AddressSanitizer reports an access past it (or before it). */
void *kiln_edge_alloc(size_t size)
{
    return size <= kiln_edge_capacity() ? malloc(size > 0 ? size : 1) : NULL;
}

void *kiln_edge_alloc_front(size_t size)
{
    return kiln_edge_alloc(size);
}

void kiln_edge_free(void *p)
{
    free(p);
}

size_t kiln_edge_capacity(void)
{
    return (size_t)1 << 20;
}

bool kiln_stack_available(void)
{
    return false;
}

void kiln_stack_mark(void)
{
}

size_t kiln_stack_peak(void)
{
    return 0;
}
