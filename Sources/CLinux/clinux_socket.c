#define _GNU_SOURCE
#include "clinux_socket.h"

#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>

int clinux_peer_credentials(int fd, unsigned int *uid, int *pid) {
    struct ucred credentials;
    socklen_t length = sizeof credentials;
    memset(&credentials, 0, sizeof credentials);
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) return -1;
    if (length != sizeof credentials) return -1;
    *uid = credentials.uid;
    *pid = credentials.pid;
    return 0;
}

int clinux_accept(int fd) {
    return accept4(fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
}

long clinux_receive_message(int fd, void *buffer, size_t length, int *truncated) {
    struct iovec vector = { .iov_base = buffer, .iov_len = length };
    struct msghdr message;
    memset(&message, 0, sizeof message);
    message.msg_iov = &vector;
    message.msg_iovlen = 1;
    *truncated = 0;
    ssize_t count = recvmsg(fd, &message, MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
    if (count < 0) return -1;
    *truncated = (message.msg_flags & MSG_TRUNC) != 0;
    return (long)count;
}
