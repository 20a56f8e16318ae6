#ifndef CLINUX_CLOCK_H
#define CLINUX_CLOCK_H

/// adjtimex(2) in read-only mode: 1 when the kernel holds the clock as synchronised (an NTP
/// daemon or an RTC discipline set it), 0 when it reports TIME_ERROR or STA_UNSYNC, -1 with
/// errno set when it cannot be asked.
int clinux_clock_synchronised(void);

#endif
