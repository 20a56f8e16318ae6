#define _GNU_SOURCE
#include "clinux_edge.h"

#include <errno.h>
#include <sys/epoll.h>
#include <unistd.h>

int clinux_epoll_priority(int fd) {
    int instance = epoll_create1(EPOLL_CLOEXEC);
    if (instance < 0) return -1;
    struct epoll_event event = { .events = EPOLLPRI | EPOLLERR, .data = { .fd = fd } };
    if (epoll_ctl(instance, EPOLL_CTL_ADD, fd, &event) != 0) {
        int saved = errno;
        close(instance);
        errno = saved;
        return -1;
    }
    return instance;
}
