#include "clinux_i2c.h"

#include <linux/i2c-dev.h>
#include <sys/ioctl.h>

int clinux_i2c_set_address(int fd, unsigned int address) {
    return ioctl(fd, I2C_SLAVE, (unsigned long)address);
}
