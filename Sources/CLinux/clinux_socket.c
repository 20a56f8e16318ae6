#define _GNU_SOURCE
#include "clinux_socket.h"

#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>

int clinux_enable_passcred(int fd) {
    int on = 1;
    return setsockopt(fd, SOL_SOCKET, SO_PASSCRED, &on, sizeof on);
}

long clinux_receive_with_credentials(int fd, void *buffer, size_t length, int *has_credentials, unsigned int *uid, int *pid, int *truncated) {
    struct iovec vector = { .iov_base = buffer, .iov_len = length };
    union {
        char bytes[CMSG_SPACE(sizeof(struct ucred))];
        struct cmsghdr align;
    } control;
    struct msghdr message;
    memset(&message, 0, sizeof message);
    memset(&control, 0, sizeof control);
    message.msg_iov = &vector;
    message.msg_iovlen = 1;
    message.msg_control = control.bytes;
    message.msg_controllen = sizeof control.bytes;
    *has_credentials = 0;
    *truncated = 0;
    ssize_t count = recvmsg(fd, &message, MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
    if (count < 0) return -1;
    *truncated = (message.msg_flags & MSG_TRUNC) != 0;
    for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header != NULL; header = CMSG_NXTHDR(&message, header)) {
        if (header->cmsg_level == SOL_SOCKET && header->cmsg_type == SCM_CREDENTIALS
            && header->cmsg_len >= CMSG_LEN(sizeof(struct ucred))) {
            struct ucred credentials;
            memcpy(&credentials, CMSG_DATA(header), sizeof credentials);
            *uid = credentials.uid;
            *pid = credentials.pid;
            *has_credentials = 1;
        }
    }
    return (long)count;
}
