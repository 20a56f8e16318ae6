import NFCCore
import PN532

#if canImport(Glibc)
import Glibc
#endif

/// Door benchmarks. Part A: tag in the field → relay energised for a UID rule, a URI rule and
/// a signed-token rule (with and without the rolling counter's write-back), an NTAG 424 DNA
/// `ntag424` credential (select, authenticate, Read_Sig) and a DESFire EV2 `desfire` credential
/// (SelectApplication, authenticate, Read_Sig) and an Ultralight AES `ultralight_aes` credential
/// (GET_VERSION, AES authentication, READ_SIG), at 115200 and 921600, on the in-process simulator's modelled clock. Part B: the same for a UID rule with
/// the tag arriving at phases over the reader's cycle, other families polled or not. Part C:
/// a URI rule on each NDEF family. Part D: a credential arriving while another card rests.
func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
}

func milliseconds(_ duration: Duration) -> String {
    let tenths = Int((duration.milliseconds * 10).rounded())
    return "\(tenths / 10).\(tenths % 10) ms"
}

do {
    print("Door: tag in field -> relay energised (modelled: in-process simulator, virtual clock)")
    print(pad("rule", 17) + pad("rate", 9) + pad("latency", 11) + "commands")
    for row in try LatencyBench.run() {
        print(pad(row.rule, 17) + pad(String(row.rate.bitsPerSecond), 9) + pad(milliseconds(row.latency), 11) + String(row.commands))
    }
    print("")
    print("Door: UID rule at 115200, tag arriving at \(PhaseBench.phases) phases \(milliseconds(PhaseBench.step)) apart (modelled)")
    print(pad("card", 19) + pad("other families", 16) + pad("median", 11) + "worst")
    for row in try PhaseBench.run() {
        print(pad(row.card, 19) + pad(row.otherFamilies ? "polled" : "off", 16) + pad(milliseconds(row.median), 11) + milliseconds(row.worst))
    }
    print("")
    print("Door: URI rule, tag in field -> relay energised on each NDEF family, \(PhaseBench.phases) phases (modelled)")
    print(pad("card", 25) + pad("rate", 9) + pad("median", 11) + "worst")
    for row in try FamilyLatencyBench.run() {
        print(pad(row.card, 25) + pad(String(row.rate.bitsPerSecond), 9) + pad(milliseconds(row.median), 11) + milliseconds(row.worst))
    }
    print("")
    print("Door: UID rule at 115200, a credential arriving while another card rests, \(PhaseBench.phases) phases (modelled)")
    print(pad("credential", 19) + pad("resting on the reader", 23) + pad("median", 11) + "worst")
    for row in try RestingBench.run() {
        print(pad(row.credential, 19) + pad(row.resting, 23) + pad(milliseconds(row.median), 11) + milliseconds(row.worst))
    }
} catch {
    let message = Array("DoorBench: \(error)\n".utf8)
    _ = message.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(1)
}
