/// Sizes, offsets, flags and ioctl numbers of the GPIO character device uAPI v2
/// (<linux/gpio.h>), checked against the C header by the tests.
enum GPIOV2 {
    static let nameSize = 32
    static let linesMax = 64
    static let attributesMax = 10

    /// `struct gpiochip_info`.
    enum ChipInfo {
        static let size = 68, name = 0, label = 32, lines = 64
    }

    /// `struct gpio_v2_line_attribute`.
    enum Attribute {
        static let size = 16, id = 0, value = 8
        static let flags: UInt32 = 1, outputValues: UInt32 = 2, debounce: UInt32 = 3
    }

    /// `struct gpio_v2_line_config_attribute`.
    enum ConfigAttribute {
        static let size = 24, attribute = 0, mask = 16
    }

    /// `struct gpio_v2_line_config`.
    enum Config {
        static let size = 272, flags = 0, attributeCount = 8, padding = 12, attributes = 32
    }

    /// `struct gpio_v2_line_request`.
    enum Request {
        static let size = 592, offsets = 0, consumer = 256, config = 288, lineCount = 560
        static let eventBufferSize = 564, padding = 568, fd = 588
    }

    /// `struct gpio_v2_line_info`.
    enum LineInfo {
        static let size = 256, name = 0, consumer = 32, offset = 64, attributeCount = 68, flags = 72, attributes = 80
    }

    /// `struct gpio_v2_line_event`.
    enum Event {
        static let size = 48, timestamp = 0, id = 8, offset = 12, sequence = 16, lineSequence = 20
    }

    /// `struct gpio_v2_line_values`.
    enum Values {
        static let size = 16, bits = 0, mask = 8
    }

    /// `enum gpio_v2_line_flag`.
    enum Flag {
        static let used: UInt64 = 1 << 0, activeLow: UInt64 = 1 << 1, input: UInt64 = 1 << 2
        static let output: UInt64 = 1 << 3, edgeRising: UInt64 = 1 << 4, edgeFalling: UInt64 = 1 << 5
        static let pullUp: UInt64 = 1 << 8
        static let pullDown: UInt64 = 1 << 9, biasDisabled: UInt64 = 1 << 10
    }

    /// `_IOR`/`_IOWR(0xB4, number, size)`.
    static func ioctl(read: Bool, write: Bool, number: UInt, size: Int) -> UInt {
        let direction: UInt = (write ? 1 : 0) | (read ? 2 : 0)
        return direction << 30 | UInt(size) << 16 | 0xB4 << 8 | number
    }

    static let getChipInfo = ioctl(read: true, write: false, number: 0x01, size: ChipInfo.size)
    static let getLineInfo = ioctl(read: true, write: true, number: 0x05, size: LineInfo.size)
    static let getLine = ioctl(read: true, write: true, number: 0x07, size: Request.size)
    static let getValues = ioctl(read: true, write: true, number: 0x0E, size: Values.size)
    static let setValues = ioctl(read: true, write: true, number: 0x0F, size: Values.size)
}
