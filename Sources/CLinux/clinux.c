#define _GNU_SOURCE
#include "clinux.h"
#include "clinux_interrupt.h"

#include <asm/termbits.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <poll.h>
#include <time.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <unistd.h>

/* <asm/termbits.h> (termios2) and glibc's <termios.h> clash, so this file uses only the
   kernel's structs and ioctls. */

int clinux_open_pty_master(char *name, size_t length) {
    int fd = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) return -1;
    if (grantpt(fd) != 0 || unlockpt(fd) != 0 || ptsname_r(fd, name, length) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

int clinux_make_raw(int fd) {
    struct termios2 tio;
    if (ioctl(fd, TCGETS2, &tio) != 0) return -1;
    tio.c_iflag &= ~(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON | IXOFF | IXANY);
    tio.c_oflag &= ~OPOST;
    tio.c_lflag &= ~(ECHO | ECHONL | ICANON | ISIG | IEXTEN);
    tio.c_cflag &= ~(CSIZE | PARENB | CSTOPB | CRTSCTS);
    tio.c_cflag |= CS8 | CREAD | CLOCAL;
    tio.c_cc[VMIN] = 0;
    tio.c_cc[VTIME] = 0;
    return ioctl(fd, TCSETS2, &tio);
}

int clinux_set_speed(int fd, unsigned int bits_per_second) {
    struct termios2 tio;
    if (ioctl(fd, TCGETS2, &tio) != 0) return -1;
    tio.c_cflag &= ~CBAUD;
    tio.c_cflag |= BOTHER;
    tio.c_cflag &= ~(CBAUD << IBSHIFT);
    tio.c_cflag |= BOTHER << IBSHIFT;
    tio.c_ispeed = bits_per_second;
    tio.c_ospeed = bits_per_second;
    return ioctl(fd, TCSETS2, &tio);
}

unsigned int clinux_get_speed(int fd) {
    struct termios2 tio;
    if (ioctl(fd, TCGETS2, &tio) != 0) return 0;
    return tio.c_ospeed;
}

int clinux_set_exclusive(int fd) {
    return ioctl(fd, TIOCEXCL);
}

int clinux_set_packet_mode(int fd, int on) {
    return ioctl(fd, TIOCPKT, &on);
}

int clinux_get_modem_bits(int fd) {
    int bits = 0;
    if (ioctl(fd, TIOCMGET, &bits) != 0) return -1;
    return bits;
}

int clinux_bytes_available(int fd) {
    int count = 0;
    if (ioctl(fd, FIONREAD, &count) != 0) return -1;
    return count;
}

int clinux_signal_fd_for(const int *signals, unsigned long count) {
    sigset_t set;
    sigemptyset(&set);
    for (unsigned long index = 0; index < count; index++) sigaddset(&set, signals[index]);
    if (sigprocmask(SIG_BLOCK, &set, NULL) != 0) return -1;
    clinux_interrupt_mark_watched();
    return signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
}


int clinux_set_child_subreaper(void) { return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); }

int clinux_read_signal(int fd) {
    struct signalfd_siginfo info;
    ssize_t count = read(fd, &info, sizeof info);
    if (count == (ssize_t)sizeof info) return (int)info.ssi_signo;
    if (count < 0 && errno == EAGAIN) return 0;
    return -1;
}

int clinux_poll_nanoseconds(struct pollfd *fds, unsigned long count, long long nanoseconds) {
    if (nanoseconds < 0) return ppoll(fds, count, NULL, NULL);
    struct timespec timeout = { .tv_sec = nanoseconds / 1000000000LL, .tv_nsec = nanoseconds % 1000000000LL };
    return ppoll(fds, count, &timeout, NULL);
}
