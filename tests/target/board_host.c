/* Kiln board support on the host: no board, no instruction counter. */
#include "kiln_board.h"

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
