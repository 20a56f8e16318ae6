#ifndef CLINUX_EDGE_H
#define CLINUX_EDGE_H

/// A new epoll instance (close-on-exec) watching `fd` for POLLPRI and POLLERR: a sysfs
/// attribute's change notification (a GPIO `value` file whose `edge` is set). The instance's
/// descriptor is readable (POLLIN) exactly while `fd` has a notification waiting. Returns it,
/// or -1 with errno set (EPERM: `fd` cannot be watched, such as a plain file).
int clinux_epoll_priority(int fd);

#endif
