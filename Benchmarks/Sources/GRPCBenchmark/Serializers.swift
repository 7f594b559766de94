import BenchmarkModels
import Foundation
import GRPCCore
import KeyedArchiveSamples
import SwiftProtobuf

// The two serializations KeyedArchiveGRPC is compared with. Each starts and ends with the Swift
// model, as ArchiveMessageSerializer does: protobuf's figures include the conversion from and
// to the generated messages.

/// `JSONEncoder`, as a gRPC service without `.proto` files would use it today.
struct JSONMessageSerializer<Message: Encodable>: MessageSerializer {
    func serialize<Bytes: GRPCContiguousBytes>(_ message: Message) throws -> Bytes {
        let json = try JSONEncoder().encode(message)
        return Bytes(json)
    }
}

/// `JSONDecoder`, the counterpart of `JSONMessageSerializer`.
struct JSONMessageDeserializer<Message: Decodable>: MessageDeserializer {
    func deserialize<Bytes: GRPCContiguousBytes>(_ serializedMessageBytes: Bytes) throws -> Message {
        try serializedMessageBytes.withUnsafeBytes { try JSONDecoder().decode(Message.self, from: Data($0)) }
    }
}

/// A model and its generated protobuf message, converted both ways.
protocol ProtobufConvertible: Sendable {
    associatedtype ProtobufMessage: SwiftProtobuf.Message
    init(protobuf: ProtobufMessage) throws
    var protobuf: ProtobufMessage { get }
}

extension Array: ProtobufConvertible where Element == Commit {
    init(protobuf: Kabench_PBCommitList) throws { self = try protobuf.model() }
    var protobuf: Kabench_PBCommitList { Kabench_PBCommitList(self) }
}

extension AppState: ProtobufConvertible {
    init(protobuf: Kabench_PBAppState) throws { self = try protobuf.model() }
    var protobuf: Kabench_PBAppState { Kabench_PBAppState(self) }
}

/// swift-protobuf's binary encoding of the model's generated message.
struct ProtobufMessageSerializer<Message: ProtobufConvertible>: MessageSerializer {
    func serialize<Bytes: GRPCContiguousBytes>(_ message: Message) throws -> Bytes {
        let bytes: [UInt8] = try message.protobuf.serializedBytes()
        return Bytes(bytes)
    }
}

/// The counterpart of `ProtobufMessageSerializer`.
struct ProtobufMessageDeserializer<Message: ProtobufConvertible>: MessageDeserializer {
    func deserialize<Bytes: GRPCContiguousBytes>(_ serializedMessageBytes: Bytes) throws -> Message {
        let bytes = serializedMessageBytes.withUnsafeBytes { [UInt8]($0) }
        return try Message(protobuf: Message.ProtobufMessage(serializedBytes: bytes))
    }
}
