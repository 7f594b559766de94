// Generated from EvolutionMatrix.swift by EvolutionMatrixTests; do not edit.
// UPDATE_GENERATED_SHAPES=1 swift test --filter EvolutionMatrixTests rewrites it.

import KeyedArchiveMacros

@ArchiveCodable
struct Matrix_structure_alias: Codable {
    var name: String
    @ArchiveAlias("colour") var color: String
}

extension Matrix_structure_alias: EvolutionSubject {
    init(name: String, color: String, size: Int) {
        self.init(name: name, color: color)
    }
    static var attribute: EvolutionCell.Attribute { .alias }
    static var hasGeneratedCode: Bool { true }
    var colorValue: String? { color }
    var sizeValue: Int? { nil }
    var unknownFieldsValue: ArchiveUnknownFields? { nil }
}

@ArchiveCodable(defaultsForMissingKeys: true)
struct Matrix_structure_defaults: Codable {
    var name: String
    var size = 14
}

extension Matrix_structure_defaults: EvolutionSubject {
    init(name: String, color: String, size: Int) {
        self.init(name: name, size: size)
    }
    static var attribute: EvolutionCell.Attribute { .defaults }
    static var hasGeneratedCode: Bool { true }
    var colorValue: String? { nil }
    var sizeValue: Int? { size }
    var unknownFieldsValue: ArchiveUnknownFields? { nil }
}

@ArchiveCodable
struct Matrix_structure_unknownFields: Codable {
    var name: String
    var unknownFields = ArchiveUnknownFields()
}

extension Matrix_structure_unknownFields: EvolutionSubject {
    init(name: String, color: String, size: Int) {
        self.init(name: name)
    }
    static var attribute: EvolutionCell.Attribute { .unknownFields }
    static var hasGeneratedCode: Bool { true }
    var colorValue: String? { nil }
    var sizeValue: Int? { nil }
    var unknownFieldsValue: ArchiveUnknownFields? { unknownFields }
}

enum Matrix_nestedStructure_alias_Outer {
    @ArchiveCodable
    struct Inner: Codable {
        var name: String
        @ArchiveAlias("colour") var color: String
    }
}
typealias Matrix_nestedStructure_alias = Matrix_nestedStructure_alias_Outer.Inner

extension Matrix_nestedStructure_alias: EvolutionSubject {
    init(name: String, color: String, size: Int) {
        self.init(name: name, color: color)
    }
    static var attribute: EvolutionCell.Attribute { .alias }
    static var hasGeneratedCode: Bool { true }
    var colorValue: String? { color }
    var sizeValue: Int? { nil }
    var unknownFieldsValue: ArchiveUnknownFields? { nil }
}

enum Matrix_nestedStructure_defaults_Outer {
    @ArchiveCodable(defaultsForMissingKeys: true)
    struct Inner: Codable {
        var name: String
        var size = 14
    }
}
typealias Matrix_nestedStructure_defaults = Matrix_nestedStructure_defaults_Outer.Inner

extension Matrix_nestedStructure_defaults: EvolutionSubject {
    init(name: String, color: String, size: Int) {
        self.init(name: name, size: size)
    }
    static var attribute: EvolutionCell.Attribute { .defaults }
    static var hasGeneratedCode: Bool { true }
    var colorValue: String? { nil }
    var sizeValue: Int? { size }
    var unknownFieldsValue: ArchiveUnknownFields? { nil }
}

enum Matrix_nestedStructure_unknownFields_Outer {
    @ArchiveCodable
    struct Inner: Codable {
        var name: String
        var unknownFields = ArchiveUnknownFields()
    }
}
typealias Matrix_nestedStructure_unknownFields = Matrix_nestedStructure_unknownFields_Outer.Inner

extension Matrix_nestedStructure_unknownFields: EvolutionSubject {
    init(name: String, color: String, size: Int) {
        self.init(name: name)
    }
    static var attribute: EvolutionCell.Attribute { .unknownFields }
    static var hasGeneratedCode: Bool { true }
    var colorValue: String? { nil }
    var sizeValue: Int? { nil }
    var unknownFieldsValue: ArchiveUnknownFields? { unknownFields }
}

enum Matrix_structureInExtension_alias_Outer {}

extension Matrix_structureInExtension_alias_Outer {
    @ArchiveCodable
    struct Inner: Codable {
        var name: String
        @ArchiveAlias("colour") var color: String
    }
}
typealias Matrix_structureInExtension_alias = Matrix_structureInExtension_alias_Outer.Inner

extension Matrix_structureInExtension_alias: EvolutionSubject {
    init(name: String, color: String, size: Int) {
        self.init(name: name, color: color)
    }
    static var attribute: EvolutionCell.Attribute { .alias }
    static var hasGeneratedCode: Bool { true }
    var colorValue: String? { color }
    var sizeValue: Int? { nil }
    var unknownFieldsValue: ArchiveUnknownFields? { nil }
}

enum Matrix_structureInExtension_defaults_Outer {}

extension Matrix_structureInExtension_defaults_Outer {
    @ArchiveCodable(defaultsForMissingKeys: true)
    struct Inner: Codable {
        var name: String
        var size = 14
    }
}
typealias Matrix_structureInExtension_defaults = Matrix_structureInExtension_defaults_Outer.Inner

extension Matrix_structureInExtension_defaults: EvolutionSubject {
    init(name: String, color: String, size: Int) {
        self.init(name: name, size: size)
    }
    static var attribute: EvolutionCell.Attribute { .defaults }
    static var hasGeneratedCode: Bool { true }
    var colorValue: String? { nil }
    var sizeValue: Int? { size }
    var unknownFieldsValue: ArchiveUnknownFields? { nil }
}

enum Matrix_structureInExtension_unknownFields_Outer {}

extension Matrix_structureInExtension_unknownFields_Outer {
    @ArchiveCodable
    struct Inner: Codable {
        var name: String
        var unknownFields = ArchiveUnknownFields()
    }
}
typealias Matrix_structureInExtension_unknownFields = Matrix_structureInExtension_unknownFields_Outer.Inner

extension Matrix_structureInExtension_unknownFields: EvolutionSubject {
    init(name: String, color: String, size: Int) {
        self.init(name: name)
    }
    static var attribute: EvolutionCell.Attribute { .unknownFields }
    static var hasGeneratedCode: Bool { true }
    var colorValue: String? { nil }
    var sizeValue: Int? { nil }
    var unknownFieldsValue: ArchiveUnknownFields? { unknownFields }
}

@ArchiveCodable
final class Matrix_finalClass_alias: Codable {
    var name: String
    @ArchiveAlias("colour") var color: String

    init(name: String, color: String, size: Int) {
        self.name = name
        self.color = color
    }
}

extension Matrix_finalClass_alias: EvolutionSubject {
    static var attribute: EvolutionCell.Attribute { .alias }
    static var hasGeneratedCode: Bool { true }
    var colorValue: String? { color }
    var sizeValue: Int? { nil }
    var unknownFieldsValue: ArchiveUnknownFields? { nil }
}

@ArchiveCodable(defaultsForMissingKeys: true)
final class Matrix_finalClass_defaults: Codable {
    var name: String
    var size = 14

    init(name: String, color: String, size: Int) {
        self.name = name
        self.size = size
    }
}

extension Matrix_finalClass_defaults: EvolutionSubject {
    static var attribute: EvolutionCell.Attribute { .defaults }
    static var hasGeneratedCode: Bool { true }
    var colorValue: String? { nil }
    var sizeValue: Int? { size }
    var unknownFieldsValue: ArchiveUnknownFields? { nil }
}

@ArchiveCodable
final class Matrix_finalClass_unknownFields: Codable {
    var name: String
    var unknownFields = ArchiveUnknownFields()

    init(name: String, color: String, size: Int) {
        self.name = name
    }
}

extension Matrix_finalClass_unknownFields: EvolutionSubject {
    static var attribute: EvolutionCell.Attribute { .unknownFields }
    static var hasGeneratedCode: Bool { true }
    var colorValue: String? { nil }
    var sizeValue: Int? { nil }
    var unknownFieldsValue: ArchiveUnknownFields? { unknownFields }
}

@ArchiveCodable
final class Matrix_classWithProtocol_alias: Codable, MatrixDescribable {
    var name: String
    @ArchiveAlias("colour") var color: String

    init(name: String, color: String, size: Int) {
        self.name = name
        self.color = color
    }
}

extension Matrix_classWithProtocol_alias: EvolutionSubject {
    static var attribute: EvolutionCell.Attribute { .alias }
    static var hasGeneratedCode: Bool { true }
    var colorValue: String? { color }
    var sizeValue: Int? { nil }
    var unknownFieldsValue: ArchiveUnknownFields? { nil }
}

@ArchiveCodable(defaultsForMissingKeys: true)
final class Matrix_classWithProtocol_defaults: Codable, MatrixDescribable {
    var name: String
    var size = 14

    init(name: String, color: String, size: Int) {
        self.name = name
        self.size = size
    }
}

extension Matrix_classWithProtocol_defaults: EvolutionSubject {
    static var attribute: EvolutionCell.Attribute { .defaults }
    static var hasGeneratedCode: Bool { true }
    var colorValue: String? { nil }
    var sizeValue: Int? { size }
    var unknownFieldsValue: ArchiveUnknownFields? { nil }
}

@ArchiveCodable
final class Matrix_classWithProtocol_unknownFields: Codable, MatrixDescribable {
    var name: String
    var unknownFields = ArchiveUnknownFields()

    init(name: String, color: String, size: Int) {
        self.name = name
    }
}

extension Matrix_classWithProtocol_unknownFields: EvolutionSubject {
    static var attribute: EvolutionCell.Attribute { .unknownFields }
    static var hasGeneratedCode: Bool { true }
    var colorValue: String? { nil }
    var sizeValue: Int? { nil }
    var unknownFieldsValue: ArchiveUnknownFields? { unknownFields }
}

@ArchiveCodable
final class Matrix_subclass_alias: MatrixBase, Codable {
    var name: String
    @ArchiveAlias("colour") var color: String

    init(name: String, color: String, size: Int) {
        self.name = name
        self.color = color
        super.init()
    }
}

extension Matrix_subclass_alias: EvolutionSubject {
    static var attribute: EvolutionCell.Attribute { .alias }
    static var hasGeneratedCode: Bool { true }
    var colorValue: String? { color }
    var sizeValue: Int? { nil }
    var unknownFieldsValue: ArchiveUnknownFields? { nil }
}

@ArchiveCodable(defaultsForMissingKeys: true)
final class Matrix_subclass_defaults: MatrixBase, Codable {
    var name: String
    var size = 14

    init(name: String, color: String, size: Int) {
        self.name = name
        self.size = size
        super.init()
    }
}

extension Matrix_subclass_defaults: EvolutionSubject {
    static var attribute: EvolutionCell.Attribute { .defaults }
    static var hasGeneratedCode: Bool { true }
    var colorValue: String? { nil }
    var sizeValue: Int? { size }
    var unknownFieldsValue: ArchiveUnknownFields? { nil }
}

@ArchiveCodable
final class Matrix_subclass_unknownFields: MatrixBase, Codable {
    var name: String
    var unknownFields = ArchiveUnknownFields()

    init(name: String, color: String, size: Int) {
        self.name = name
        super.init()
    }
}

extension Matrix_subclass_unknownFields: EvolutionSubject {
    static var attribute: EvolutionCell.Attribute { .unknownFields }
    static var hasGeneratedCode: Bool { true }
    var colorValue: String? { nil }
    var sizeValue: Int? { nil }
    var unknownFieldsValue: ArchiveUnknownFields? { unknownFields }
}

@ArchiveCodable
final class Matrix_subclassWithProtocol_alias: MatrixBase, MatrixDescribable, Codable {
    var name: String
    @ArchiveAlias("colour") var color: String

    init(name: String, color: String, size: Int) {
        self.name = name
        self.color = color
        super.init()
    }
}

extension Matrix_subclassWithProtocol_alias: EvolutionSubject {
    static var attribute: EvolutionCell.Attribute { .alias }
    static var hasGeneratedCode: Bool { true }
    var colorValue: String? { color }
    var sizeValue: Int? { nil }
    var unknownFieldsValue: ArchiveUnknownFields? { nil }
}

@ArchiveCodable(defaultsForMissingKeys: true)
final class Matrix_subclassWithProtocol_defaults: MatrixBase, MatrixDescribable, Codable {
    var name: String
    var size = 14

    init(name: String, color: String, size: Int) {
        self.name = name
        self.size = size
        super.init()
    }
}

extension Matrix_subclassWithProtocol_defaults: EvolutionSubject {
    static var attribute: EvolutionCell.Attribute { .defaults }
    static var hasGeneratedCode: Bool { true }
    var colorValue: String? { nil }
    var sizeValue: Int? { size }
    var unknownFieldsValue: ArchiveUnknownFields? { nil }
}

@ArchiveCodable
final class Matrix_subclassWithProtocol_unknownFields: MatrixBase, MatrixDescribable, Codable {
    var name: String
    var unknownFields = ArchiveUnknownFields()

    init(name: String, color: String, size: Int) {
        self.name = name
        super.init()
    }
}

extension Matrix_subclassWithProtocol_unknownFields: EvolutionSubject {
    static var attribute: EvolutionCell.Attribute { .unknownFields }
    static var hasGeneratedCode: Bool { true }
    var colorValue: String? { nil }
    var sizeValue: Int? { nil }
    var unknownFieldsValue: ArchiveUnknownFields? { unknownFields }
}

@ArchiveCodable
final class Matrix_subclassWithoutInitializer_archiveDefault: MatrixBase, Codable {
    var name = ""
    @ArchiveDefault<MatrixDefaultSize> var size: Int = 14
}

extension Matrix_subclassWithoutInitializer_archiveDefault: EvolutionSubject {
    convenience init(name: String, color: String, size: Int) {
        self.init()
        self.name = name
        self.size = size
    }
    static var attribute: EvolutionCell.Attribute { .archiveDefault }
    static var hasGeneratedCode: Bool { false }
    var colorValue: String? { nil }
    var sizeValue: Int? { size }
    var unknownFieldsValue: ArchiveUnknownFields? { nil }
}

@ArchiveCodable
final class Matrix_classWithProtocolWithoutInitializer_archiveDefault: Codable, MatrixDescribable {
    var name = ""
    @ArchiveDefault<MatrixDefaultSize> var size: Int = 14
}

extension Matrix_classWithProtocolWithoutInitializer_archiveDefault: EvolutionSubject {
    convenience init(name: String, color: String, size: Int) {
        self.init()
        self.name = name
        self.size = size
    }
    static var attribute: EvolutionCell.Attribute { .archiveDefault }
    static var hasGeneratedCode: Bool { false }
    var colorValue: String? { nil }
    var sizeValue: Int? { size }
    var unknownFieldsValue: ArchiveUnknownFields? { nil }
}

@ArchiveCodable
public final class Matrix_publicClass_alias: Codable, MatrixDescribable {
    public var name: String
    @ArchiveAlias("colour") var color: String

    public init(name: String, color: String, size: Int) {
        self.name = name
        self.color = color
    }
}

extension Matrix_publicClass_alias: EvolutionSubject {
    static var attribute: EvolutionCell.Attribute { .alias }
    static var hasGeneratedCode: Bool { true }
    var colorValue: String? { color }
    var sizeValue: Int? { nil }
    var unknownFieldsValue: ArchiveUnknownFields? { nil }
}

@ArchiveCodable(defaultsForMissingKeys: true)
public final class Matrix_publicClass_defaults: Codable, MatrixDescribable {
    public var name: String
    public var size = 14

    public init(name: String, color: String, size: Int) {
        self.name = name
        self.size = size
    }
}

extension Matrix_publicClass_defaults: EvolutionSubject {
    static var attribute: EvolutionCell.Attribute { .defaults }
    static var hasGeneratedCode: Bool { true }
    var colorValue: String? { nil }
    var sizeValue: Int? { size }
    var unknownFieldsValue: ArchiveUnknownFields? { nil }
}

@ArchiveCodable
public final class Matrix_publicClass_unknownFields: Codable, MatrixDescribable {
    public var name: String
    public var unknownFields = ArchiveUnknownFields()

    public init(name: String, color: String, size: Int) {
        self.name = name
    }
}

extension Matrix_publicClass_unknownFields: EvolutionSubject {
    static var attribute: EvolutionCell.Attribute { .unknownFields }
    static var hasGeneratedCode: Bool { true }
    var colorValue: String? { nil }
    var sizeValue: Int? { nil }
    var unknownFieldsValue: ArchiveUnknownFields? { unknownFields }
}

/// Every cell that works.
var evolutionMatrixSubjects: [any EvolutionSubject.Type] {
    [
        Matrix_structure_alias.self,
        Matrix_structure_defaults.self,
        Matrix_structure_unknownFields.self,
        Matrix_nestedStructure_alias.self,
        Matrix_nestedStructure_defaults.self,
        Matrix_nestedStructure_unknownFields.self,
        Matrix_structureInExtension_alias.self,
        Matrix_structureInExtension_defaults.self,
        Matrix_structureInExtension_unknownFields.self,
        Matrix_finalClass_alias.self,
        Matrix_finalClass_defaults.self,
        Matrix_finalClass_unknownFields.self,
        Matrix_classWithProtocol_alias.self,
        Matrix_classWithProtocol_defaults.self,
        Matrix_classWithProtocol_unknownFields.self,
        Matrix_subclass_alias.self,
        Matrix_subclass_defaults.self,
        Matrix_subclass_unknownFields.self,
        Matrix_subclassWithProtocol_alias.self,
        Matrix_subclassWithProtocol_defaults.self,
        Matrix_subclassWithProtocol_unknownFields.self,
        Matrix_subclassWithoutInitializer_archiveDefault.self,
        Matrix_classWithProtocolWithoutInitializer_archiveDefault.self,
        Matrix_publicClass_alias.self,
        Matrix_publicClass_defaults.self,
        Matrix_publicClass_unknownFields.self,
    ]
}
