import NFCTags
import Type3

/// Core NFC's typed FeliCa commands, each built on `sendFeliCaCommand(commandPacket:)` with the
/// card's IDm and its answer checked (`FeliCaFrames`), in both of Core NFC's shapes. Codes are
/// byte arrays as Core NFC's `Data`: system codes big-endian, service and node codes
/// little-endian, as on the card.
///
/// Each throws `readerErrorInvalidParameterLength` for an argument of the wrong size (nothing
/// is sent), `readerTransceiveErrorTagResponseError` for an answer that is not the command's,
/// and what `sendFeliCaCommand(commandPacket:)` throws.
extension NFCFeliCaTag {
    /// Polls for `systemCode` and answers the PMm and the request data (empty with `.noRequest`).
    public func polling(
        systemCode: [UInt8], requestCode: PollingRequestCode, timeSlot: PollingTimeSlot
    ) async throws(NFCReaderError) -> (manufactureParameter: [UInt8], requestData: [UInt8]) {
        try await core.perform(pollingJob(systemCode, requestCode, timeSlot))
    }

    /// `polling(systemCode:requestCode:timeSlot:)` with a completion handler.
    public func polling(
        systemCode: [UInt8], requestCode: PollingRequestCode, timeSlot: PollingTimeSlot,
        completionHandler: @escaping ([UInt8], [UInt8], (any Error)?) -> Void
    ) {
        core.run(pollingJob(systemCode, requestCode, timeSlot)) { result in
            let answer = try? result.get()
            completionHandler(answer?.manufactureParameter ?? [], answer?.requestData ?? [], result.failure)
        }
    }

    /// The key version of each node (area or service code), `FF FF` for one the card does not have.
    public func requestService(nodeCodeList: [[UInt8]]) async throws(NFCReaderError) -> [[UInt8]] {
        try await core.perform(requestServiceJob(nodeCodeList))
    }

    /// `requestService(nodeCodeList:)` with a completion handler.
    public func requestService(nodeCodeList: [[UInt8]], completionHandler: @escaping ([[UInt8]], (any Error)?) -> Void) {
        core.run(requestServiceJob(nodeCodeList)) { completionHandler((try? $0.get()) ?? [], $0.failure) }
    }

    /// The card's mode (0 … 3).
    public func requestResponse() async throws(NFCReaderError) -> Int {
        try await core.perform(requestResponseJob)
    }

    /// `requestResponse()` with a completion handler.
    public func requestResponse(completionHandler: @escaping (Int, (any Error)?) -> Void) {
        core.run(requestResponseJob) { completionHandler((try? $0.get()) ?? 0, $0.failure) }
    }

    /// Reads the blocks of `blockList` (2- or 3-byte block-list elements naming services of
    /// `serviceCodeList` by index): the status flags and, when status flag 1 is 0, the blocks.
    public func readWithoutEncryption(
        serviceCodeList: [[UInt8]], blockList: [[UInt8]]
    ) async throws(NFCReaderError) -> (statusFlag1: Int, statusFlag2: Int, blockData: [[UInt8]]) {
        try await core.perform(readJob(serviceCodeList, blockList))
    }

    /// `readWithoutEncryption(serviceCodeList:blockList:)` with a completion handler.
    public func readWithoutEncryption(
        serviceCodeList: [[UInt8]], blockList: [[UInt8]], completionHandler: @escaping (Int, Int, [[UInt8]], (any Error)?) -> Void
    ) {
        core.run(readJob(serviceCodeList, blockList)) { result in
            let answer = try? result.get()
            completionHandler(answer?.statusFlag1 ?? 0, answer?.statusFlag2 ?? 0, answer?.blockData ?? [], result.failure)
        }
    }

    /// Writes `blockData` (16 bytes for each element of `blockList`): the status flags (0, 0
    /// when written).
    public func writeWithoutEncryption(
        serviceCodeList: [[UInt8]], blockList: [[UInt8]], blockData: [[UInt8]]
    ) async throws(NFCReaderError) -> (statusFlag1: Int, statusFlag2: Int) {
        try await core.perform(writeJob(serviceCodeList, blockList, blockData))
    }

    /// `writeWithoutEncryption(serviceCodeList:blockList:blockData:)` with a completion handler.
    public func writeWithoutEncryption(
        serviceCodeList: [[UInt8]], blockList: [[UInt8]], blockData: [[UInt8]], completionHandler: @escaping (Int, Int, (any Error)?) -> Void
    ) {
        core.run(writeJob(serviceCodeList, blockList, blockData)) { result in
            let answer = try? result.get()
            completionHandler(answer?.statusFlag1 ?? 0, answer?.statusFlag2 ?? 0, result.failure)
        }
    }

    /// The card's system codes.
    public func requestSystemCode() async throws(NFCReaderError) -> [[UInt8]] {
        try await core.perform(requestSystemCodeJob)
    }

    /// `requestSystemCode()` with a completion handler.
    public func requestSystemCode(completionHandler: @escaping ([[UInt8]], (any Error)?) -> Void) {
        core.run(requestSystemCodeJob) { completionHandler((try? $0.get()) ?? [], $0.failure) }
    }

    // MARK: The jobs

    private func pollingJob(
        _ systemCode: [UInt8], _ requestCode: PollingRequestCode, _ timeSlot: PollingTimeSlot
    ) -> ReaderJob<(manufactureParameter: [UInt8], requestData: [UInt8])> {
        command({ () throws(FeliCaFrameError) in try FeliCaFrames.polling(systemCode: systemCode, requestCode: UInt8(requestCode.rawValue), timeSlot: UInt8(timeSlot.rawValue)) }) {
            packet throws(FeliCaFrameError) in try FeliCaFrames.pollingAnswer(packet)
        }
    }

    private func requestServiceJob(_ nodeCodeList: [[UInt8]]) -> ReaderJob<[[UInt8]]> {
        let idm = currentIDm
        return command({ () throws(FeliCaFrameError) in try FeliCaFrames.requestService(idm: idm, nodeCodeList: nodeCodeList) }) {
            packet throws(FeliCaFrameError) in try FeliCaFrames.requestServiceAnswer(packet, idm: idm, count: nodeCodeList.count)
        }
    }

    private var requestResponseJob: ReaderJob<Int> {
        let idm = currentIDm
        return command({ FeliCaFrames.requestResponse(idm: idm) }) { packet throws(FeliCaFrameError) in
            try FeliCaFrames.requestResponseAnswer(packet, idm: idm)
        }
    }

    private func readJob(_ serviceCodeList: [[UInt8]], _ blockList: [[UInt8]]) -> ReaderJob<(statusFlag1: Int, statusFlag2: Int, blockData: [[UInt8]])> {
        let idm = currentIDm
        return command({ () throws(FeliCaFrameError) in
            try FeliCaFrames.readWithoutEncryption(idm: idm, serviceCodeList: serviceCodeList, blockList: blockList)
        }) { packet throws(FeliCaFrameError) in
            try FeliCaFrames.readAnswer(packet, idm: idm, count: blockList.count)
        }
    }

    private func writeJob(
        _ serviceCodeList: [[UInt8]], _ blockList: [[UInt8]], _ blockData: [[UInt8]]
    ) -> ReaderJob<(statusFlag1: Int, statusFlag2: Int)> {
        let idm = currentIDm
        return command({ () throws(FeliCaFrameError) in
            try FeliCaFrames.writeWithoutEncryption(idm: idm, serviceCodeList: serviceCodeList, blockList: blockList, blockData: blockData)
        }) { packet throws(FeliCaFrameError) in
            try FeliCaFrames.writeAnswer(packet, idm: idm)
        }
    }

    private var requestSystemCodeJob: ReaderJob<[[UInt8]]> {
        let idm = currentIDm
        return command({ FeliCaFrames.requestSystemCode(idm: idm) }) { packet throws(FeliCaFrameError) in
            try FeliCaFrames.requestSystemCodeAnswer(packet, idm: idm)
        }
    }

    /// The job that sends the packet `build` makes (or fails with its error, sending nothing)
    /// and reads the answer with `answer`.
    private func command<Answer: Sendable>(
        _ build: () throws(FeliCaFrameError) -> [UInt8], answer: @escaping @Sendable ([UInt8]) throws(FeliCaFrameError) -> Answer
    ) -> ReaderJob<Answer> {
        let packet: [UInt8]
        do throws(FeliCaFrameError) { packet = try build() } catch { return core.failing(NFCReaderError(error)) }
        return checked(sending(packet)) { response throws(NFCReaderError) in
            do throws(FeliCaFrameError) { return try answer(response) } catch { throw NFCReaderError(error) }
        }
    }
}
