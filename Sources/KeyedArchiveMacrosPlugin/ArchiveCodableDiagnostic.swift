import SwiftDiagnostics

/// What `@ArchiveCodable` refuses, and why: each case is a type whose synthesized-conformance
/// bytes the generated code could not promise to match.
enum ArchiveCodableDiagnostic: String, DiagnosticMessage, CaseIterable {
    case unsupportedKind
    case classNotFinal
    case generic
    case nestedInGeneric
    case observable
    case notCodable
    case customEncode
    case customDecode
    case propertyWrapper
    case archiveDefaultWrapper
    case lazyProperty
    case conditionalMembers
    case conditionalCodingKeys
    case defaultsNotLiteral
    case aliasNotLiteral
    case aliasOutsideArchiveCodable
    case unknownFieldsWithoutValue
    case twoUnknownFields
    case unknownFieldsInCodingKeys
    case evolutionNeedsInitializer
    case defaultsOnEnum
    case aliasOnUndecodedProperty

    var message: String {
        switch self {
        case .unsupportedKind:
            "@ArchiveCodable supports structs, enums and final classes"
        case .classNotFinal:
            "@ArchiveCodable supports final classes only: a subclass could change what is encoded; mark the class 'final'"
        case .generic:
            "@ArchiveCodable does not support generic types"
        case .nestedInGeneric:
            "@ArchiveCodable does not support a type nested in a generic type: its generated code keeps the keys in a static stored property, which a generic type's members cannot have; move the type out of the generic type, or remove the attribute"
        case .observable:
            "@ArchiveCodable does not support @Observable types: @Observable moves each stored property into a '_'-prefixed one that the Codable conformance codes instead; remove one of the attributes"
        case .notCodable:
            "@ArchiveCodable needs a type that conforms to Codable (or Encodable or Decodable) in its declaration"
        case .customEncode:
            "@ArchiveCodable cannot be used with a custom encode(to:): the generated code would write different bytes; remove one of them"
        case .customDecode:
            "@ArchiveCodable cannot be used with a custom init(from:): the generated code would read differently; remove one of them"
        case .propertyWrapper:
            "@ArchiveCodable does not support property wrappers: the wrapper's own Codable conformance decides the bytes"
        case .archiveDefaultWrapper:
            "@ArchiveCodable does not support @ArchiveDefault, a property wrapper for plain Codable types: give the property its default as an initial value and write @ArchiveCodable(defaultsForMissingKeys: true)"
        case .lazyProperty:
            "@ArchiveCodable does not support lazy properties"
        case .conditionalMembers:
            "@ArchiveCodable does not support members inside #if: the generated code could not follow which are compiled in; move them out of the #if, or remove the attribute"
        case .conditionalCodingKeys:
            "@ArchiveCodable does not support CodingKeys cases inside #if: the generated code could not follow which are compiled in; move them out of the #if, or remove the attribute"
        case .defaultsNotLiteral:
            "@ArchiveCodable(defaultsForMissingKeys:) takes 'true' or 'false' as a literal: the macro reads it from the source"
        case .aliasNotLiteral:
            "@ArchiveAlias takes one or more string literals: the macro reads the names from the source"
        case .aliasOutsideArchiveCodable:
            "@ArchiveAlias is read by @ArchiveCodable only: put it on a stored property of a struct or final class with @ArchiveCodable"
        case .unknownFieldsWithoutValue:
            "@ArchiveCodable needs the ArchiveUnknownFields property to be a 'var' with an initial value ('var unknownFields = ArchiveUnknownFields()'): the Codable conformance leaves it out and starts it empty"
        case .twoUnknownFields:
            "@ArchiveCodable supports one ArchiveUnknownFields property per type"
        case .unknownFieldsInCodingKeys:
            "@ArchiveCodable keeps unknown entries in the ArchiveUnknownFields property, which is not an entry itself: leave it out of CodingKeys"
        case .evolutionNeedsInitializer:
            "@ArchiveCodable reads @ArchiveAlias, defaultsForMissingKeys and ArchiveUnknownFields through the initializers it adds to the class, which would take away the initializers a class that declares no designated initializer inherits from its superclass; declare the class's designated initializers in its body, outside #if (or list the protocols the macro does not know in an extension)"
        case .defaultsOnEnum:
            "@ArchiveCodable(defaultsForMissingKeys:) gives the stored properties of a struct or final class their initial values as defaults; an enum has none: remove the argument"
        case .aliasOnUndecodedProperty:
            "@ArchiveAlias names the keys a decoded property had: this property is never decoded (a static or computed property, a 'let' with an initial value, a property left out of CodingKeys, or the ArchiveUnknownFields property), so its aliases would never be read; remove the attribute"
        }
    }

    var diagnosticID: MessageID { MessageID(domain: "KeyedArchiveMacros", id: rawValue) }
    var severity: DiagnosticSeverity { .error }
}

/// The fix-it that adds `Codable` to a type's inheritance clause.
struct AddCodableFixIt: FixItMessage {
    var message: String { "Add ': Codable'" }
    var fixItID: MessageID { MessageID(domain: "KeyedArchiveMacros", id: "addCodable") }
}
