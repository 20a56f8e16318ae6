#include "clinux_clock.h"

#include <sys/timex.h>

int clinux_clock_synchronised(void) {
    struct timex status = {0};
    int state = adjtimex(&status);
    if (state == -1) return -1;
    if (state == TIME_ERROR || (status.status & STA_UNSYNC)) return 0;
    return 1;
}
