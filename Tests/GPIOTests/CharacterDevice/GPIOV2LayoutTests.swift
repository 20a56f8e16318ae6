import TestSupport
import Testing
@testable import GPIO

@Suite("uAPI v2 byte layouts against <linux/gpio.h>")
struct GPIOV2LayoutTests {
    @Test func sizesAndOffsetsMatchTheHeader() {
        let expected: [(String, Int)] = [
            ("gpiochip_info", GPIOV2.ChipInfo.size), ("gpiochip_info.name", GPIOV2.ChipInfo.name),
            ("gpiochip_info.label", GPIOV2.ChipInfo.label), ("gpiochip_info.lines", GPIOV2.ChipInfo.lines),
            ("gpio_v2_line_values", GPIOV2.Values.size), ("gpio_v2_line_values.bits", GPIOV2.Values.bits),
            ("gpio_v2_line_values.mask", GPIOV2.Values.mask),
            ("gpio_v2_line_attribute", GPIOV2.Attribute.size), ("gpio_v2_line_attribute.id", GPIOV2.Attribute.id),
            ("gpio_v2_line_attribute.flags", GPIOV2.Attribute.value), ("gpio_v2_line_attribute.values", GPIOV2.Attribute.value),
            ("gpio_v2_line_attribute.debounce_period_us", GPIOV2.Attribute.value),
            ("gpio_v2_line_config_attribute", GPIOV2.ConfigAttribute.size),
            ("gpio_v2_line_config_attribute.attr", GPIOV2.ConfigAttribute.attribute),
            ("gpio_v2_line_config_attribute.mask", GPIOV2.ConfigAttribute.mask),
            ("gpio_v2_line_config", GPIOV2.Config.size), ("gpio_v2_line_config.flags", GPIOV2.Config.flags),
            ("gpio_v2_line_config.num_attrs", GPIOV2.Config.attributeCount),
            ("gpio_v2_line_config.padding", GPIOV2.Config.padding), ("gpio_v2_line_config.attrs", GPIOV2.Config.attributes),
            ("gpio_v2_line_request", GPIOV2.Request.size), ("gpio_v2_line_request.offsets", GPIOV2.Request.offsets),
            ("gpio_v2_line_request.consumer", GPIOV2.Request.consumer), ("gpio_v2_line_request.config", GPIOV2.Request.config),
            ("gpio_v2_line_request.num_lines", GPIOV2.Request.lineCount),
            ("gpio_v2_line_request.event_buffer_size", GPIOV2.Request.eventBufferSize),
            ("gpio_v2_line_request.padding", GPIOV2.Request.padding), ("gpio_v2_line_request.fd", GPIOV2.Request.fd),
            ("gpio_v2_line_info", GPIOV2.LineInfo.size), ("gpio_v2_line_info.name", GPIOV2.LineInfo.name),
            ("gpio_v2_line_info.consumer", GPIOV2.LineInfo.consumer), ("gpio_v2_line_info.offset", GPIOV2.LineInfo.offset),
            ("gpio_v2_line_info.num_attrs", GPIOV2.LineInfo.attributeCount), ("gpio_v2_line_info.flags", GPIOV2.LineInfo.flags),
            ("gpio_v2_line_info.attrs", GPIOV2.LineInfo.attributes),
            ("gpio_v2_line_event", GPIOV2.Event.size), ("gpio_v2_line_event.timestamp_ns", GPIOV2.Event.timestamp),
            ("gpio_v2_line_event.id", GPIOV2.Event.id), ("gpio_v2_line_event.offset", GPIOV2.Event.offset),
            ("gpio_v2_line_event.seqno", GPIOV2.Event.sequence), ("gpio_v2_line_event.line_seqno", GPIOV2.Event.lineSequence),
        ]
        for (name, swift) in expected {
            #expect(KernelLayout.value(name) == swift, "\(name)")
        }
    }

    @Test func ioctlNumbersMatchTheHeader() {
        #expect(GPIOV2.getChipInfo == KernelLayout.getChipInfo)
        #expect(GPIOV2.getLineInfo == KernelLayout.getLineInfo)
        #expect(GPIOV2.getLine == KernelLayout.getLine)
        #expect(GPIOV2.getValues == KernelLayout.getValues)
        #expect(GPIOV2.setValues == KernelLayout.setValues)
        #expect(GPIOV2.getLine == 0xC250_B407)
    }

    @Test func outputRequestBytes() throws {
        let request = GPIOLineRequest(line: try GPIOLineName("GPIO17"), direction: .output(initiallyOn: true), activeLow: true)
        var expected = [UInt8](repeating: 0, count: 592)
        expected.replaceSubrange(0..<4, with: hex("11000000"))              // offsets[0] = 17
        expected.replaceSubrange(256..<264, with: Array("pn532ctl".utf8))  // consumer
        expected.replaceSubrange(288..<296, with: hex("0A00000000000000"))  // flags OUTPUT | ACTIVE_LOW
        expected.replaceSubrange(296..<300, with: hex("01000000"))          // num_attrs
        expected.replaceSubrange(320..<324, with: hex("02000000"))          // attrs[0].id OUTPUT_VALUES
        expected.replaceSubrange(328..<336, with: hex("0100000000000000"))  // values: on
        expected.replaceSubrange(336..<344, with: hex("0100000000000000"))  // mask: line 0
        expected.replaceSubrange(560..<564, with: hex("01000000"))          // num_lines
        #expect(GPIOV2Encoding.lineRequest(offset: 17, request: request) == expected)
    }

    @Test func inputRequestBytes() throws {
        let request = GPIOLineRequest(line: try GPIOLineName("GPIO27"), direction: .input(bias: .pullDown, debounce: .milliseconds(10)),
                                      consumer: "door-contact")
        var expected = [UInt8](repeating: 0, count: 592)
        expected.replaceSubrange(0..<4, with: hex("1B000000"))
        expected.replaceSubrange(256..<268, with: Array("door-contact".utf8))
        expected.replaceSubrange(288..<296, with: hex("3402000000000000"))  // INPUT | EDGE_RISING | EDGE_FALLING | PULL_DOWN
        expected.replaceSubrange(296..<300, with: hex("01000000"))
        expected.replaceSubrange(320..<324, with: hex("03000000"))          // DEBOUNCE
        expected.replaceSubrange(328..<332, with: hex("10270000"))          // 10000 µs
        expected.replaceSubrange(336..<344, with: hex("0100000000000000"))
        expected.replaceSubrange(560..<568, with: hex("01000000 10000000"))  // num_lines, event_buffer_size 16
        #expect(GPIOV2Encoding.lineRequest(offset: 27, request: request) == expected)
    }

    @Test func lineInfoDecoding() {
        var bytes = [UInt8](repeating: 0, count: 256)
        bytes.replaceSubrange(0..<6, with: Array("GPIO17".utf8))
        bytes.replaceSubrange(32..<36, with: Array("door".utf8))
        bytes.replaceSubrange(64..<68, with: hex("11000000"))
        bytes.replaceSubrange(72..<80, with: hex("0900000000000000"))  // USED | OUTPUT
        #expect(GPIOV2Encoding.lineDescription(bytes)
            == GPIOLineDescription(offset: 17, name: "GPIO17", used: true, consumer: "door", direction: "out"))
    }
}
