#define _GNU_SOURCE
#include "clinux_interrupt.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

/* The signal handler only records the signal and writes one byte to a pipe, both
   async-signal-safe; links poll the pipe's read end next to their device. */

static volatile sig_atomic_t received_signal = 0;
static volatile sig_atomic_t suspended = 0;
static int pipe_fds[2] = { -1, -1 };
static int watched = 0;

void clinux_interrupt_mark_watched(void) {
    watched = 1;
}

static void record(int signal_number) {
    int saved = errno;
    if (received_signal == 0) received_signal = signal_number;
    if (pipe_fds[1] >= 0) {
        char byte = 1;
        ssize_t ignored = write(pipe_fds[1], &byte, 1);
        (void)ignored;
    }
    errno = saved;
}

int clinux_interrupt_install(void) {
    if (pipe_fds[0] < 0 && pipe2(pipe_fds, O_NONBLOCK | O_CLOEXEC) != 0) return -1;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = record;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;
    int signals[] = { SIGINT, SIGTERM, SIGHUP };
    for (unsigned index = 0; index < sizeof signals / sizeof signals[0]; index++) {
        if (sigaction(signals[index], &action, NULL) != 0) return -1;
    }
    suspended = 0;
    /* A parent may hand its blocked or ignored signals down through exec; unblock them,
       unless this process reads them from a signalfd itself. */
    if (!watched) {
        sigset_t set;
        sigemptyset(&set);
        for (unsigned index = 0; index < sizeof signals / sizeof signals[0]; index++) sigaddset(&set, signals[index]);
        if (sigprocmask(SIG_UNBLOCK, &set, NULL) != 0) return -1;
    }
    return 0;
}

int clinux_interrupt_descriptor(void) {
    return suspended ? -1 : pipe_fds[0];
}

int clinux_interrupt_pending(void) {
    return suspended ? 0 : received_signal;
}

int clinux_interrupt_received(void) {
    return received_signal;
}

void clinux_interrupt_suspend(void) {
    suspended = 1;
}
