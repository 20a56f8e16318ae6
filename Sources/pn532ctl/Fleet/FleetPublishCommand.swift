import ArgumentParser
import Basics
import DoorRecords
import FileInput
import FleetUplink
import MQTTClient

/// `pn532ctl fleet publish SNAPSHOT`: a signed snapshot to its door group's topic, retained.
struct FleetPublishCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Publish a signed snapshot to its door group, retained, and wait for the broker.",
        discussion: """
            Publishes SNAPSHOT (fleet sign's output) at QoS 1 with the retain flag on \
            pn532ctl/acl/GROUP, the group named inside it, so every door of the group gets it \
            now or when its uplink next connects. Each door's uplink checks it, writes it where \
            the door reads it and has the door reload; the door verifies it again. Exits 0 once \
            the broker acknowledged it; 65 for a file that is not a signed snapshot (checked \
            with --public-key when given); 69 when the broker cannot be reached, refuses the \
            connection or does not acknowledge within --timeout (its ACL must let this \
            identity write pn532ctl/acl/#).

            Examples:
              pn532ctl fleet publish front-12.json --broker mqtt.example --ca-file ca.crt --cert-file admin.crt --key-file admin.key
            """)

    @Argument(help: ArgumentHelp("The signed snapshot (- for standard input).", valueName: "SNAPSHOT"), completion: .file())
    var snapshot: String

    @Option(name: .customLong("public-key"), help: ArgumentHelp("Check the signature with the fleet's public key first.", valueName: "FILE"), completion: .file())
    var publicKey: String?

    @OptionGroup var broker: BrokerOptions

    func run() throws {
        var payload = try FileIO.read(snapshot, limit: InputLimit(bytes: SignedUsersSnapshot.sizeLimit + 1, for: "a users snapshot and its newline"))
        if payload.last == UInt8(ascii: "\n") { payload.removeLast() }
        let signed: SignedUsersSnapshot
        do throws(UsersSnapshotError) { signed = try SignedUsersSnapshot(json: payload) } catch { throw CLIError.data("\(snapshot): \(error)") }
        if let publicKey {
            let keyText = try FileIO.read(publicKey, limit: InputLimit(bytes: 256, for: "a fleet public key"))
            guard let key = String(validating: keyText, as: UTF8.self).flatMap(FleetPublicKey.init(fileText:)) else {
                throw CLIError.data("\(publicKey): not a fleet public key (the FILE.pub that fleet key new writes)")
            }
            do throws(UsersSnapshotError) { _ = try key.verify(signed, site: signed.snapshot.site, group: signed.snapshot.group) } catch {
                throw CLIError.data("\(snapshot): \(error)")
            }
        }
        let topic = UplinkTopics.snapshot(group: signed.snapshot.group)
        let connection = try broker.connected()
        let deadline = MonotonicTime.monotonicNow() + .seconds(Int64(broker.timeout))
        let id: Int32
        do throws(MQTTError) { id = try connection.publish(topic: topic, payload: payload, qos: 1, retain: true) } catch {
            throw CLIError(message: "publishing on \(topic): \(error)", exitCode: .unavailable)
        }
        var reason: Int32 = 0
        let acknowledged = connection.wait(until: deadline) { event in
            guard case .published(id, let code) = event else { return false }
            reason = code
            return true
        }
        connection.disconnect()
        // MQTT 5's reason codes below 128 are successes (16: no subscriber yet, the message is retained all the same).
        guard acknowledged, reason < 128 else {
            throw CLIError(message: acknowledged ? "the broker refused the publication on \(topic) (reason \(reason)): check its ACL for this identity"
                : "the broker did not acknowledge the publication on \(topic) within \(broker.timeout) s", exitCode: .unavailable)
        }
        print("published version \(signed.snapshot.version) for site \(signed.snapshot.site), group \(signed.snapshot.group) on \(topic) (retained; sha256 \(SignedUsersSnapshot.digest(of: payload)))")
    }
}
