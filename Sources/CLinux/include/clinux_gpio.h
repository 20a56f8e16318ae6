#ifndef CLINUX_GPIO_H
#define CLINUX_GPIO_H

/// ioctl(fd, request, arg) for the GPIO character device (ioctl is variadic, so Swift cannot
/// call it directly). Returns what ioctl returns; -1 with errno set on failure.
int clinux_gpio_ioctl(int fd, unsigned long request, void *arg);

/// The GPIO uAPI ioctl request numbers, as <linux/gpio.h> defines them.
unsigned long clinux_gpio_get_chipinfo_ioctl(void);
unsigned long clinux_gpio_v2_get_lineinfo_ioctl(void);
unsigned long clinux_gpio_v2_get_line_ioctl(void);
unsigned long clinux_gpio_v2_line_get_values_ioctl(void);
unsigned long clinux_gpio_v2_line_set_values_ioctl(void);

/// A size or field offset of a <linux/gpio.h> struct, by name ("gpio_v2_line_request" for a
/// size, "gpio_v2_line_request.fd" for an offset); -1 for a name not in the table. Tests
/// compare the Swift byte layouts against these.
long clinux_gpio_layout(const char *name);

#endif
