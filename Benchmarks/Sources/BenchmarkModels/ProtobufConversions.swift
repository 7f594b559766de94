import Foundation
import KeyedArchiveSamples
import SwiftProtobuf

// Converting between the Swift models and the generated messages. The protobuf benchmarks
// include these conversions: a Codable coder starts and ends with the Swift model, so this is
// the fair comparison.

public enum ConversionError: Error { case invalid(String) }

extension Kabench_PBCommitList {
    public init(_ commits: [Commit]) {
        self.init()
        self.commits = commits.map { commit in
            var message = Kabench_PBCommit()
            message.sha = commit.sha
            message.url = commit.url.absoluteString
            var author = Kabench_PBCommitAuthor()
            author.name = commit.author.name
            author.email = commit.author.email
            author.date = commit.author.date.timeIntervalSince1970
            message.author = author
            message.message = commit.message
            message.commentCount = Int64(commit.commentCount)
            message.additions = Int64(commit.additions)
            message.deletions = Int64(commit.deletions)
            return message
        }
    }

    public func model() throws -> [Commit] {
        try commits.map { message in
            guard let url = URL(string: message.url) else { throw ConversionError.invalid("url") }
            return Commit(
                sha: message.sha, url: url,
                author: .init(name: message.author.name, email: message.author.email,
                              date: Date(timeIntervalSince1970: message.author.date)),
                message: message.message, commentCount: Int(message.commentCount),
                additions: Int(message.additions), deletions: Int(message.deletions))
        }
    }
}

extension Kabench_PBAppState {
    public init(_ state: AppState) {
        self.init()
        var settings = Kabench_PBSettings()
        settings.theme = switch state.settings.theme { case .light: 0; case .dark: 1; case .system: 2 }
        settings.fontSize = Int64(state.settings.fontSize)
        settings.showLineNumbers = state.settings.showLineNumbers
        settings.autosave = state.settings.autosave
        settings.autosaveIntervalSeconds = Int64(state.settings.autosaveIntervalSeconds)
        settings.language = state.settings.language
        settings.recentFolders = state.settings.recentFolders
        self.settings = settings
        documents = state.documents.map { document in
            var message = Kabench_PBDocument()
            message.id = withUnsafeBytes(of: document.id.uuid) { Data($0) }
            message.title = document.title
            message.tags = document.tags
            message.created = document.created.timeIntervalSinceReferenceDate
            if let modified = document.modified { message.modified = modified.timeIntervalSinceReferenceDate }
            message.wordCount = Int64(document.wordCount)
            message.pinned = document.pinned
            switch document.sharing {
            case .privateDocument:
                message.privateDocument = true
            case .link(let url, let canEdit):
                var link = Kabench_PBSharingLink()
                link.url = url.absoluteString
                link.canEdit = canEdit
                message.link = link
            case .team(let name, let members):
                var team = Kabench_PBSharingTeam()
                team.name = name
                team.members = Int64(members)
                message.team = team
            }
            if let color = document.color { message.color = color }
            return message
        }
        folderCounts = state.folderCounts.mapValues { Int64($0) }
    }

    public func model() throws -> AppState {
        let theme: AppState.Theme = switch settings.theme { case 0: .light; case 1: .dark; default: .system }
        let documents = try documents.map { message -> AppState.Document in
            guard message.id.count == 16 else { throw ConversionError.invalid("id") }
            let id = UUID(uuid: message.id.withUnsafeBytes { $0.loadUnaligned(as: uuid_t.self) })
            let sharing: AppState.Sharing
            switch message.sharing {
            case .link(let link)?:
                guard let url = URL(string: link.url) else { throw ConversionError.invalid("link") }
                sharing = .link(url: url, canEdit: link.canEdit)
            case .team(let team)?:
                sharing = .team(name: team.name, members: Int(team.members))
            case .privateDocument?, nil:
                sharing = .privateDocument
            }
            return AppState.Document(
                id: id, title: message.title, tags: message.tags,
                created: Date(timeIntervalSinceReferenceDate: message.created),
                modified: message.hasModified ? Date(timeIntervalSinceReferenceDate: message.modified) : nil,
                wordCount: Int(message.wordCount), pinned: message.pinned, sharing: sharing,
                color: message.hasColor ? message.color : nil)
        }
        return AppState(
            settings: .init(theme: theme, fontSize: Int(settings.fontSize), showLineNumbers: settings.showLineNumbers,
                            autosave: settings.autosave, autosaveIntervalSeconds: Int(settings.autosaveIntervalSeconds),
                            language: settings.language, recentFolders: settings.recentFolders),
            documents: documents,
            folderCounts: folderCounts.mapValues { Int($0) })
    }
}

extension Kabench_PBNumericSeries {
    public init(_ series: NumericSeries) {
        self.init()
        values = series.values
        samples = series.samples.map { sample in
            var message = Kabench_PBSample()
            message.timestamp = sample.timestamp
            message.value = sample.value
            message.sensor = sample.sensor
            message.valid = sample.valid
            return message
        }
    }

    public func model() -> NumericSeries {
        NumericSeries(values: values, samples: samples.map {
            .init(timestamp: $0.timestamp, value: $0.value, sensor: $0.sensor, valid: $0.valid)
        })
    }
}
