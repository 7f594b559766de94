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

// The message models. Protobuf has no 16-bit integers: `Int16` and `UInt16` travel in 32-bit
// fields, and reading them back checks that they fit, as a decoder of the model must.

/// `value` as `T`, or `ConversionError.invalid(field)` if it does not fit.
func narrowed<T: FixedWidthInteger>(_ value: some BinaryInteger, _ field: String) throws -> T {
    guard let narrowed = T(exactly: value) else { throw ConversionError.invalid(field) }
    return narrowed
}

extension Kabench_PBEmptyMessage {
    /// The message of `EmptyMessage`'s fields.
    public init(_: EmptyMessage) { self.init() }

    /// The `EmptyMessage` this message holds.
    public func model() -> EmptyMessage { EmptyMessage() }
}

extension Kabench_PBOneFieldMessage {
    /// The message of `OneFieldMessage`'s fields.
    public init(_ message: OneFieldMessage) {
        self.init()
        id = message.id
    }

    /// The `OneFieldMessage` this message holds.
    public func model() -> OneFieldMessage { OneFieldMessage(id: id) }
}

extension Kabench_PBNumericStruct {
    /// The message of `NumericStruct`'s fields.
    public init(_ value: NumericStruct) {
        self.init()
        (f1, f2, f3, f4, f5, f6) = (value.f1, value.f2, value.f3, value.f4, value.f5, value.f6)
        (f7, f8, f9, f10, f11, f12) = (value.f7, value.f8, value.f9, value.f10, value.f11, value.f12)
    }

    /// The `NumericStruct` this message holds.
    public func model() -> NumericStruct {
        NumericStruct(f1: f1, f2: f2, f3: f3, f4: f4, f5: f5, f6: f6, f7: f7, f8: f8, f9: f9, f10: f10, f11: f11, f12: f12)
    }
}

extension Kabench_PBPrimitivesSample {
    /// The message of `PrimitivesSample`'s fields.
    public init(_ sample: PrimitivesSample) {
        self.init()
        intValue = sample.intValue
        longValue = sample.longValue
        floatValue = sample.floatValue
        doubleValue = sample.doubleValue
        shortValue = Int32(sample.shortValue)
        charValue = UInt32(sample.charValue)
        booleanValue = sample.booleanValue
        if let value = sample.intValueBoxed { intValueBoxed = value }
        if let value = sample.longValueBoxed { longValueBoxed = value }
        if let value = sample.floatValueBoxed { floatValueBoxed = value }
        if let value = sample.doubleValueBoxed { doubleValueBoxed = value }
        if let value = sample.shortValueBoxed { shortValueBoxed = Int32(value) }
        if let value = sample.charValueBoxed { charValueBoxed = UInt32(value) }
        if let value = sample.booleanValueBoxed { booleanValueBoxed = value }
        intArray = sample.intArray
        longArray = sample.longArray
        floatArray = sample.floatArray
        doubleArray = sample.doubleArray
        shortArray = sample.shortArray.map { Int32($0) }
        charArray = sample.charArray.map { UInt32($0) }
        booleanArray = sample.booleanArray
        string = sample.string
    }

    /// The `PrimitivesSample` this message holds; throws `ConversionError` for a 16-bit field's value that does not fit.
    public func model() throws -> PrimitivesSample {
        try PrimitivesSample(
            intValue: intValue, longValue: longValue, floatValue: floatValue, doubleValue: doubleValue,
            shortValue: narrowed(shortValue, "shortValue"), charValue: narrowed(charValue, "charValue"), booleanValue: booleanValue,
            intValueBoxed: hasIntValueBoxed ? intValueBoxed : nil, longValueBoxed: hasLongValueBoxed ? longValueBoxed : nil,
            floatValueBoxed: hasFloatValueBoxed ? floatValueBoxed : nil, doubleValueBoxed: hasDoubleValueBoxed ? doubleValueBoxed : nil,
            shortValueBoxed: hasShortValueBoxed ? narrowed(shortValueBoxed, "shortValueBoxed") : nil,
            charValueBoxed: hasCharValueBoxed ? narrowed(charValueBoxed, "charValueBoxed") : nil,
            booleanValueBoxed: hasBooleanValueBoxed ? booleanValueBoxed : nil,
            intArray: intArray, longArray: longArray, floatArray: floatArray, doubleArray: doubleArray,
            shortArray: shortArray.map { try narrowed($0, "shortArray") }, charArray: charArray.map { try narrowed($0, "charArray") },
            booleanArray: booleanArray, string: string)
    }
}

extension Kabench_PBMediaContent {
    /// The message of `MediaContent`'s fields.
    public init(_ content: MediaContent) {
        self.init()
        let source = content.media
        var media = Kabench_PBMedia()
        media.uri = source.uri
        if let title = source.title { media.title = title }
        media.width = source.width
        media.height = source.height
        media.format = source.format
        media.duration = source.duration
        media.size = source.size
        media.bitrate = source.bitrate
        media.hasBitrate_p = source.hasBitrate
        media.persons = source.persons
        media.player = switch source.player { case .java: .java; case .flash: .flash }
        if let copyright = source.copyright { media.copyright = copyright }
        self.media = media
        images = content.images.map { image in
            var message = Kabench_PBMediaImage()
            message.uri = image.uri
            if let title = image.title { message.title = title }
            message.width = image.width
            message.height = image.height
            message.size = switch image.size { case .small: .small; case .large: .large }
            return message
        }
    }

    /// The `MediaContent` this message holds; throws `ConversionError` for an enum value that names no case.
    public func model() throws -> MediaContent {
        let player: MediaPlayer = switch media.player {
        case .java: .java
        case .flash: .flash
        case .UNRECOGNIZED: throw ConversionError.invalid("player")
        }
        let content = Media(
            uri: media.uri, title: media.hasTitle ? media.title : nil, width: media.width, height: media.height,
            format: media.format, duration: media.duration, size: media.size, bitrate: media.bitrate,
            hasBitrate: media.hasBitrate_p, persons: media.persons, player: player,
            copyright: media.hasCopyright ? media.copyright : nil)
        return try MediaContent(media: content, images: images.map { image in
            let size: ImageSize = switch image.size {
            case .small: .small
            case .large: .large
            case .UNRECOGNIZED: throw ConversionError.invalid("size")
            }
            return MediaImage(uri: image.uri, title: image.hasTitle ? image.title : nil, width: image.width,
                              height: image.height, size: size)
        })
    }
}

extension Kabench_PBNumericStructList {
    /// The message of `NumericStructList`'s fields.
    public init(_ list: NumericStructList) {
        self.init()
        structList = list.structList.map(Kabench_PBNumericStruct.init)
    }

    /// The `NumericStructList` this message holds.
    public func model() -> NumericStructList { NumericStructList(structList: structList.map { $0.model() }) }
}

extension Kabench_PBPrimitivesSampleList {
    /// The message of `PrimitivesSampleList`'s fields.
    public init(_ list: PrimitivesSampleList) {
        self.init()
        sampleList = list.sampleList.map(Kabench_PBPrimitivesSample.init)
    }

    /// The `PrimitivesSampleList` this message holds; throws `ConversionError` for a 16-bit field's value that does not fit.
    public func model() throws -> PrimitivesSampleList { try PrimitivesSampleList(sampleList: sampleList.map { try $0.model() }) }
}

extension Kabench_PBMediaContentList {
    /// The message of `MediaContentList`'s fields.
    public init(_ list: MediaContentList) {
        self.init()
        mediaContentList = list.mediaContentList.map(Kabench_PBMediaContent.init)
    }

    /// The `MediaContentList` this message holds; throws `ConversionError` for an enum value that names no case.
    public func model() throws -> MediaContentList { try MediaContentList(mediaContentList: mediaContentList.map { try $0.model() }) }
}
