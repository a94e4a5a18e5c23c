import Foundation
import Testing
@testable import Library

@Suite struct RefreshTests {
    private func refresh(_ store: LibraryStore, policy: RefreshPolicy = testPolicy, force: Bool = false) async -> RefreshSummary {
        await FeedRefresher(store: store, policy: policy).refresh(force: force)
    }

    @Test func conditionalGetTurnsTheSecondRefreshInto304() async throws {
        let (store, folder, feed) = try storeWithFeed("/feed.xml")
        _ = folder
        let first = await refresh(store)
        #expect(first.outcomes[feed.id] == .updated(IngestResult(added: 2)))
        let stored = try #require(try store.feed(id: feed.id))
        #expect(stored.title == "Fixture Feed")
        #expect(stored.fetchState.etag == "\"/feed.xml-v1\"")
        #expect(stored.fetchState.lastModified == "Mon, 01 Jan 2024 00:00:00 GMT")
        #expect(stored.fetchState.httpStatus == 200 && stored.fetchState.lastSuccess != nil)
        let second = await refresh(store)
        #expect(second.outcomes[feed.id] == .notModified)
        let after = try #require(try store.feed(id: feed.id))
        #expect(after.fetchState.httpStatus == 304 && after.fetchState.notModifiedCount == 1)
        #expect(try store.count(.all) == 2)
    }

    @Test func lastModifiedAloneAlsoGives304() async throws {
        let (store, folder, feed) = try storeWithFeed("/atom.xml")
        _ = folder
        _ = await refresh(store)
        try store.write { database throws(StorageError) in try database.run("UPDATE feeds SET etag = NULL") }
        #expect(await refresh(store).outcomes[feed.id] == .notModified)
    }

    @Test(arguments: ["/moved", "/moved308"])
    func permanentRedirectsUpdateTheStoredURL(path: String) async throws {
        let (store, folder, feed) = try storeWithFeed(path)
        _ = folder
        let summary = await refresh(store)
        #expect(summary.outcomes[feed.id] == .updated(IngestResult(added: 1)))
        #expect(try store.feed(id: feed.id)?.url == server().url("/moved-target.xml").absoluteString)
    }

    @Test(arguments: ["/temp", "/temp307"])
    func temporaryRedirectsKeepTheStoredURL(path: String) async throws {
        let (store, folder, feed) = try storeWithFeed(path)
        _ = folder
        #expect(await refresh(store).outcomes[feed.id] == .updated(IngestResult(added: 1)))
        #expect(try store.feed(id: feed.id)?.url == server().url(path).absoluteString)
    }

    @Test func goneFeedsAreMarkedAndNeverFetchedAgain() async throws {
        let (store, folder) = try makeStore()
        _ = folder
        let path = "/gone?\(UUID().uuidString)"
        let feed = try store.addFeed(url: try server().url(path).absoluteString)
        #expect(await refresh(store).outcomes[feed.id] == .gone)
        let hits = try await server().hits("/gone")
        #expect(await refresh(store, force: true).outcomes[feed.id] == .gone)
        #expect(try await server().hits("/gone") == hits)
        let stored = try #require(try store.feed(id: feed.id))
        #expect(stored.fetchState.gone && stored.fetchState.httpStatus == 410)
        #expect(stored.fetchState.lastError?.contains("410 Gone") == true)
    }

    @Test func retryAfterSecondsIsHonoured() async throws {
        let (store, folder, feed) = try storeWithFeed("/busy")
        _ = folder
        let start = Date()
        guard case .failed(let message)? = await refresh(store).outcomes[feed.id] else { Issue.record("expected a failure"); return }
        #expect(message.contains("429"))
        let state = try #require(try store.feed(id: feed.id)?.fetchState)
        let next = try #require(state.nextAttempt)
        // Measured from the attempt itself, so a slow, loaded test machine cannot skew it.
        #expect(abs(next.timeIntervalSince(try #require(state.lastAttempt)) - 120) < 5)
        #expect(state.lastAttempt.map { $0 >= start.addingTimeInterval(-1) } == true)
        guard case .deferred? = await refresh(store).outcomes[feed.id] else { Issue.record("expected deferral"); return }
    }

    @Test func retryAfterHTTPDateIsHonoured() async throws {
        let (store, folder, feed) = try storeWithFeed("/unavailable")
        _ = folder
        let start = Date()
        _ = await refresh(store)
        let state = try #require(try store.feed(id: feed.id)?.fetchState)
        let next = try #require(state.nextAttempt)
        #expect(abs(next.timeIntervalSince(try #require(state.lastAttempt)) - 3600) < 30)
        #expect(state.lastAttempt.map { $0 >= start.addingTimeInterval(-1) } == true)
        #expect(try store.feed(id: feed.id)?.fetchState.httpStatus == 503)
    }

    @Test func failuresBackOffExponentially() async throws {
        let (store, folder, feed) = try storeWithFeed("/error")
        _ = folder
        let start = Date()
        _ = await refresh(store)
        let first = try #require(try store.feed(id: feed.id)?.fetchState)
        #expect(first.failureCount == 1 && first.httpStatus == 500, "\(first)")
        #expect(first.lastError?.contains("500") == true)
        #expect(abs((first.nextAttempt ?? start).timeIntervalSince(first.lastAttempt ?? start) - testPolicy.backoffBase) < 5)
        _ = await refresh(store, force: true)
        let second = try #require(try store.feed(id: feed.id)?.fetchState)
        #expect(abs((second.nextAttempt ?? start).timeIntervalSince(second.lastAttempt ?? start) - 2 * testPolicy.backoffBase) < 5)
        #expect(RefreshPolicy(appVersion: "1").backoff(afterFailures: 40) == 24 * 3600)
    }

    @Test func gzipBodiesAreDecoded() async throws {
        let (store, folder, feed) = try storeWithFeed("/gzip.xml")
        _ = folder
        #expect(await refresh(store).outcomes[feed.id] == .updated(IngestResult(added: 1)))
        #expect(try store.feed(id: feed.id)?.title == "Gzipped Feed")
    }

    @Test func userAgentNamesLecternAndItsVersion() async throws {
        let (store, folder, feed) = try storeWithFeed("/ua.xml")
        _ = folder
        _ = await refresh(store)
        #expect(try store.feed(id: feed.id)?.title == "Lectern/9.9-test (+https://lectern.dev)")
    }

    @Test(arguments: ["/huge.xml", "/huge-stream.xml"])
    func oversizedBodiesAreCutOff(path: String) async throws {
        let (store, folder, feed) = try storeWithFeed(path)
        _ = folder
        guard case .failed(let message)? = await refresh(store).outcomes[feed.id] else { Issue.record("expected a failure"); return }
        #expect(message.contains("larger than 1 MB"), "\(message)")
    }

    @Test func slowServersTimeOut() async throws {
        let (store, folder, feed) = try storeWithFeed("/slow.xml")
        _ = folder
        var policy = testPolicy
        policy.feeds.stallTimeout = 1
        guard case .failed(let message)? = await refresh(store, policy: policy).outcomes[feed.id] else { Issue.record("expected a failure"); return }
        #expect(message.contains("in time"), "\(message)")
    }

    @Test func redirectLoopsEndWithAClearError() async throws {
        let (store, folder, feed) = try storeWithFeed("/loop/a")
        _ = folder
        guard case .failed(let message)? = await refresh(store).outcomes[feed.id] else { Issue.record("expected a failure"); return }
        #expect(message.contains("loop"), "\(message)")
    }
}
