#ifndef CLINUX_H
#define CLINUX_H

#include <poll.h>
#include <stddef.h>

/// Opens a pseudo-terminal master (posix_openpt, grantpt, unlockpt) and writes the slave's
/// path into `name`. Returns the master fd, or -1 with errno set.
int clinux_open_pty_master(char *name, size_t length);

/// Puts `fd` in raw 8N1 mode without flow control, VMIN 0 / VTIME 0. Returns 0 or -1.
int clinux_make_raw(int fd);

/// Sets input and output speed to `bits_per_second`, any value (termios2 with BOTHER).
/// Returns 0 or -1 with errno set.
int clinux_set_speed(int fd, unsigned int bits_per_second);

/// The output speed of the terminal in bits per second (termios2), or 0 with errno set. On a
/// pty master this reads what the slave's user set.
unsigned int clinux_get_speed(int fd);

/// ioctl(fd, TIOCEXCL): further opens of the terminal fail with EBUSY. Returns 0 or -1.
int clinux_set_exclusive(int fd);

/// ioctl(fd, TIOCPKT, on): packet mode on a pty master, so the master is told when the slave
/// changes its termios (TIOCPKT_IOCTL). Returns 0 or -1.
int clinux_set_packet_mode(int fd, int on);

/// ioctl(fd, TIOCMGET): the modem status bits, or -1.
int clinux_get_modem_bits(int fd);

/// ioctl(fd, FIONREAD): bytes waiting to be read, or -1.
int clinux_bytes_available(int fd);

/// poll(2) with a timeout in nanoseconds (ppoll), so that waits on a link end when the
/// timing model says and not at the next whole millisecond. A negative timeout waits without
/// one. Returns what ppoll returns.
int clinux_poll_nanoseconds(struct pollfd *fds, unsigned long count, long long nanoseconds);

/// Blocks the `count` signals for the process and returns a signalfd that reports them
/// (non-blocking, close-on-exec), or -1 with errno set. abort(3) inside the process unblocks
/// SIGABRT itself, so a real abort still ends a process that watches SIGABRT.
int clinux_signal_fd_for(const int *signals, unsigned long count);

/// prctl(PR_SET_CHILD_SUBREAPER, 1): orphaned descendants (a hook's setsid child whose parent
/// died) become children of this process instead of init, so they can be found and killed.
/// Returns 0 or -1 with errno set.
int clinux_set_child_subreaper(void);

/// Reads one signal from a signalfd: the signal number, 0 when none is waiting, -1 on error.
int clinux_read_signal(int fd);

#endif
