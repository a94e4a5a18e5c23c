import CLibXML2
import Foundation
import Localization

/// Runs libxml2 over a feed and replays its events to the builder. A large document is
/// parsed on two threads — libxml2 records events on one while the builder replays them
/// on the caller's — so the builder's work hides behind libxml2's; a small one is parsed
/// on the caller's thread alone, a chunk of events at a time.
enum SAXPipeline {
    /// From this size on, libxml2 gets a thread of its own.
    static let threadedBytes = 1 << 20

    @TaskLocal static var threading = ParseThreading.bySize
    /// Events are handed on in chunks of about this many bytes.
    static let chunkBytes = 256 * 1024

    /// Parses `document` into `builder`; repairs stray `&` and `<` on the way when
    /// `repairing`, and returns whether anything was repaired.
    static func parse(_ document: UnsafeBufferPointer<UInt8>, repairing: Bool, pager: MappedFile?,
                      into builder: FeedBuilder) throws(FeedParserError) -> Bool {
        let replay = ReplayBox()
        let threaded = switch threading {
        case .bySize: document.count >= threadedBytes
        case .always: true
        case .never: false
        }
        guard threaded else {
            let channel = EventChannel(inline: { chunk in replay.value.replay(chunk, to: builder) })
            let run = record(Input(document: document, pager: pager, repairing: repairing), into: channel)
            return try run.changed.get()
        }
        let channel = EventChannel(depth: 4)
        let producer = ProducerBox()
        let finished = DispatchSemaphore(value: 0)
        let input = Input(document: document, pager: pager, repairing: repairing)
        let thread = Thread {
            producer.run = record(input, into: channel)
            finished.signal()
        }
        thread.stackSize = 8 << 20
        thread.name = "Lectern feed parser"
        thread.start()
        var last = false
        while !last {
            let (chunk, isLast) = channel.take()
            if !builder.stopped, !replay.value.replay(chunk, to: builder) { channel.stopProducer() }
            channel.recycle(chunk)
            last = isLast
        }
        finished.wait()
        // The parser (and the dictionary the events' names point into) is freed only now,
        // after the last event was replayed.
        let run = producer.run
        producer.run = nil
        return try run?.changed.get() ?? false
    }

    /// What the producing side needs, handed to its thread.
    private struct Input: @unchecked Sendable {   // read-only while the parse runs; the caller waits for it
        let document: UnsafeBufferPointer<UInt8>
        let pager: MappedFile?
        let repairing: Bool
    }

    /// The outcome of one recording, keeping its parser alive until the replay is done.
    private struct Recording {
        let parser: XMLPushParser<SAXEventRecorder>?
        let changed: Result<Bool, FeedParserError>
    }

    /// Runs libxml2 over the input, recording every event into `channel`.
    private static func record(_ input: Input, into channel: EventChannel) -> Recording {
        let recorder = SAXEventRecorder(channel: channel, chunkBytes: chunkBytes)
        defer { recorder.close() }
        guard let parser = XMLPushParser(receiver: recorder, handler: SAXEventRecorder.handler(),
                                         options: XMLPushParser<SAXEventRecorder>.feedOptions) else {
            return Recording(parser: nil, changed: .failure(.noRootElement(detail: tr("libxml2 could not create a parser"))))
        }
        let document = input.document
        guard input.repairing else {
            parser.parse(document, pager: input.pager)
            return Recording(parser: parser, changed: .success(false))
        }
        let changed = AmpersandRepair.repair(document, chunkSize: XMLParsing.chunkSize) { chunk, read in
            defer { if let base = document.baseAddress { input.pager?.releasePages(before: base + read) } }
            return parser.push(chunk)
        }
        parser.finish()
        return Recording(parser: parser, changed: .success(changed))
    }

    private final class ReplayBox: @unchecked Sendable {   // used by one thread: the caller's
        var value = SAXEventReplay()
    }

    private final class ProducerBox: @unchecked Sendable {   // written by the parser thread before it signals
        var run: Recording?
    }
}

/// When libxml2 gets a thread of its own: by size, or (for the tests and the fuzzer, which
/// compare the two ways) always or never.
@_spi(Diagnostics) public enum ParseThreading: Sendable { case bySize, always, never }
