import Foundation
import KeyedArchiveAnnotatedSamples
import KeyedArchiveSamples
import SwiftProtobuf

// The messages group: small messages, one encode or decode per operation, where a coder's fixed
// cost per call decides its speed (issue 30). The same models as `karchive bench`'s messages
// section, with swift-protobuf beside them.

/// Every message model with the coders it is measured with: `ArchiveEncoder`/`ArchiveDecoder`
/// through `Codable`, through the `@ArchiveCodable` twin ("Archive, generated"), Foundation's
/// JSON and swift-protobuf (converting from and to the model). Model names start with
/// "Messages/", so `--filter "Messages/.*"` runs the group alone.
public enum MessageSuite {
    /// Every message model's rows, then the varying streams' (`VaryingSuite`), each coder
    /// checked first; throws `ConversionError` if one does not decode its message back to the model.
    public static func all() throws -> [Measurement] {
        try [
            messages("EmptyMessage", EmptyMessage.sample(), Annotated.EmptyMessage.init, Kabench_PBEmptyMessage.init, { $0.model() }),
            messages("OneFieldMessage", OneFieldMessage.sample(), Annotated.OneFieldMessage.init,
                     Kabench_PBOneFieldMessage.init, { $0.model() }),
            messages("NumericStruct", NumericStruct.sample(), Annotated.NumericStruct.init, Kabench_PBNumericStruct.init, { $0.model() }),
            messages("PrimitivesSample", PrimitivesSample.sample(), Annotated.PrimitivesSample.init,
                     Kabench_PBPrimitivesSample.init, { try $0.model() }),
            messages("MediaContent", MediaContent.sample(), Annotated.MediaContent.init, Kabench_PBMediaContent.init, { try $0.model() }),
            messages("NumericStructList", NumericStructList.sample(), Annotated.NumericStructList.init,
                     Kabench_PBNumericStructList.init, { $0.model() }),
            messages("PrimitivesSampleList", PrimitivesSampleList.sample(), Annotated.PrimitivesSampleList.init,
                     Kabench_PBPrimitivesSampleList.init, { try $0.model() }),
            messages("MediaContentList", MediaContentList.sample(), Annotated.MediaContentList.init,
                     Kabench_PBMediaContentList.init, { try $0.model() }),
        ].flatMap { $0 } + stringKeyed() + VaryingSuite.all()
    }

    /// The same models with synthesized string keys, the keys most Swift types have
    /// (`StringKeyedMessages.swift`, `AnnotatedStringKeyed`), under "Messages/<model>, string keys",
    /// with swift-protobuf again so that every group has its own ratios.
    static func stringKeyed() throws -> [Measurement] {
        try [
            stringKeyed("EmptyMessage", EmptyMessage.sample(), StringKeyedEmptyMessage.init, AnnotatedStringKeyed.EmptyMessage.init,
                        Kabench_PBEmptyMessage.init, { $0.model() }),
            stringKeyed("OneFieldMessage", OneFieldMessage.sample(), StringKeyedOneFieldMessage.init,
                        AnnotatedStringKeyed.OneFieldMessage.init, Kabench_PBOneFieldMessage.init, { $0.model() }),
            stringKeyed("NumericStruct", NumericStruct.sample(), StringKeyedNumericStruct.init, AnnotatedStringKeyed.NumericStruct.init,
                        Kabench_PBNumericStruct.init, { $0.model() }),
            stringKeyed("PrimitivesSample", PrimitivesSample.sample(), StringKeyedPrimitivesSample.init,
                        AnnotatedStringKeyed.PrimitivesSample.init, Kabench_PBPrimitivesSample.init, { try $0.model() }),
            stringKeyed("MediaContent", MediaContent.sample(), StringKeyedMediaContent.init, AnnotatedStringKeyed.MediaContent.init,
                        Kabench_PBMediaContent.init, { try $0.model() }),
            stringKeyed("NumericStructList", NumericStructList.sample(), StringKeyedNumericStructList.init,
                        AnnotatedStringKeyed.NumericStructList.init, Kabench_PBNumericStructList.init, { $0.model() }),
            stringKeyed("PrimitivesSampleList", PrimitivesSampleList.sample(), StringKeyedPrimitivesSampleList.init,
                        AnnotatedStringKeyed.PrimitivesSampleList.init, Kabench_PBPrimitivesSampleList.init, { try $0.model() }),
            stringKeyed("MediaContentList", MediaContentList.sample(), StringKeyedMediaContentList.init,
                        AnnotatedStringKeyed.MediaContentList.init, Kabench_PBMediaContentList.init, { try $0.model() }),
        ].flatMap { $0 }
    }

    /// The rows of one model with string keys: its plain twin through `Codable` and JSON, the
    /// annotated twin's generated code, and swift-protobuf converting from and to the model.
    static func stringKeyed<Model: Codable & Equatable & Sendable, Plain: Codable & Equatable & Sendable,
                            Twin: Codable & Equatable & Sendable, Message: SwiftProtobuf.Message>(
        _ name: String, _ model: Model, _ plain: (Model) -> Plain, _ annotated: (Model) -> Twin,
        _ toMessage: @escaping @Sendable (Model) -> Message, _ toModel: @escaping @Sendable (Message) throws -> Model
    ) throws -> [Measurement] {
        let group = "Messages/\(name), string keys"
        let protobuf = [protobufCoder(Model.self, toMessage: toMessage, toModel: toModel)]
        let (plainModel, twin) = (plain(model), annotated(model))
        let coders = messageCoders(Plain.self).filter { $0.name != "PropertyList" }
        let archive = messageCoders(Twin.self)[0]
        let generated = Coder<Twin>(name: generatedCoderName, encode: archive.encode, decode: archive.decode)
        try check(model, protobuf)
        try check(plainModel, coders)
        try check(twin, [generated])
        return measurements(group, plainModel, coders) + measurements(group, twin, [generated]) + measurements(group, model, protobuf)
    }

    /// The four rows of one message model, each checked once: a coder that does not decode the
    /// model back would be timing different work.
    static func messages<Model: Codable & Equatable & Sendable, Twin: Codable & Equatable & Sendable, Message: SwiftProtobuf.Message>(
        _ name: String, _ model: Model, _ annotated: (Model) -> Twin,
        _ toMessage: @escaping @Sendable (Model) -> Message, _ toModel: @escaping @Sendable (Message) throws -> Model
    ) throws -> [Measurement] {
        let coders = messageCoders(Model.self).filter { $0.name != "PropertyList" }
            + [protobufCoder(Model.self, toMessage: toMessage, toModel: toModel)]
        let twin = annotated(model)
        let archive = messageCoders(Twin.self)[0]
        let generated = Coder<Twin>(name: generatedCoderName, encode: archive.encode, decode: archive.decode)
        try check(model, coders)
        try check(twin, [generated])
        return measurements("Messages/\(name)", model, coders) + measurements("Messages/\(name)", twin, [generated])
    }

    /// Throws unless every coder decodes `model` back from its own encoding.
    static func check<Model: Equatable>(_ model: Model, _ coders: [Coder<Model>]) throws {
        for coder in coders {
            guard try coder.decode(coder.encode(model)) == model else {
                throw ConversionError.invalid("\(coder.name) did not decode \(model) back")
            }
        }
    }
}
