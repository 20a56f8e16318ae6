#ifndef CLINUX_I2C_H
#define CLINUX_I2C_H

/// ioctl(fd, I2C_SLAVE, address): further read() and write() on the i2c-dev `fd` address the
/// 7-bit `address`. Returns 0, or -1 with errno set (EBUSY when a kernel driver owns it).
int clinux_i2c_set_address(int fd, unsigned int address);

#endif
