import Foundation
import KeyedArchive
import Testing

/// `karchive to-json` and `from-json`: schema-less conversion in both directions.
@Suite struct KarchiveJSONTests {
    /// Documents written in the spelling `to-json --compact` uses, so the round trip is exact.
    static let documents = [
        #"{"name":"Ada","age":36,"languages":["en","fr"],"address":{"city":"London","zip":null}}"#,
        #"[[],{},[[]],[{}],{"a":{}},{"b":[]}]"#,
        #"{"text":"héllo 🌍 \"quoted\" back\\slash\ttab\nnewline \u0001 control","":"empty key"}"#,
        #"[0,1,-1,127,128,-129,9223372036854775807,-9223372036854775808,18446744073709551615]"#,
        #"[170141183460469231731687303715884105727,-170141183460469231731687303715884105728,340282366920938463463374607431768211455]"#,
        #"[0.1,1.5,-2.25,1e-07,3.141592653589793,1.7976931348623157e+308,5e-324,-0.0,100.0]"#,
        #"{"7":"seven","007":"padded","-3":"negative","super":true}"#,
        #"[true,false,null,"",{"nested":{"deeper":{"deepest":[1,[2,[3]]]}}}]"#,
        #"{"z":1,"a":2,"m":3}"#,
        #"42"#,
        #""just a string""#,
        #"null"#,
    ]

    @Test(arguments: documents)
    func jsonToArchiveToJSONGivesTheSameDocument(_ json: String) throws {
        let archive = karchive("from-json", input: Array(json.utf8))
        #expect(archive.status == 0, "\(archive.errors)")
        #expect(karchive("validate", "--quiet", input: archive.output).status == 0)
        let back = karchive("to-json", "--compact", input: archive.output)
        #expect(back.status == 0, "\(back.errors)")
        #expect(back.text == json + "\n")
        // Foundation reads both the same way.
        let original = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed) as? NSObject
        let converted = try JSONSerialization.jsonObject(with: Data(back.output), options: .fragmentsAllowed) as? NSObject
        #expect(original == converted)
    }

    @Test(arguments: [
        ("1E2", "100.0"), ("1.50", "1.5"), ("-0", "-0.0"), ("0.0", "0.0"), ("2.5e+3", "2500.0"), ("1e-7", "1e-07"),
        ("340282366920938463463374607431768211456", "3.402823669209385e+38"),
        ("  [ 1 , 2 ]  ", "[1,2]"), ("\u{FEFF}[1]", "[1]"), (#""\u00e9\ud83c\udf0d\/""#, #""é🌍/""#),
    ])
    func onlyTheSpellingOfNumbersAndWhitespaceChange(_ json: String, _ spelled: String) throws {
        let archive = karchive("from-json", input: Array(json.utf8))
        #expect(archive.status == 0, "\(archive.errors)")
        #expect(karchive("to-json", "--compact", input: archive.output).text == spelled + "\n")
    }

    @Test func numbersBecomeTheNarrowestExactType() throws {
        let archive = karchive("from-json", input: Array(#"[1,-1,5000000000,18446744073709551615,0.5,0.1,1e300]"#.utf8))
        #expect(Array(karchive("inspect", input: archive.output).lines.dropFirst(4)) == [
            "  [0] => Int64 1",
            "  [1] => Int64 -1",
            "  [2] => Int64 5000000000",
            "  [3] => UInt64 18446744073709551615",
            "  [4] => Float 0.5",
            "  [5] => Double 0.1",
            "  [6] => Double 1e+300",
            "]",
        ])
    }

    @Test func memberNamesThatAreCanonicalIntegersBecomeIntegerKeys() throws {
        let archive = karchive("from-json", input: Array(#"{"7":1,"007":2,"-0":3,"+7":4,"-4611686018427387904":5,"4611686018427387904":6}"#.utf8))
        #expect(Array(karchive("inspect", input: archive.output).lines.dropFirst(4)) == [
            "  7 => Int64 1",
            "  \"007\" => Int64 2",
            "  \"-0\" => Int64 3",
            "  \"+7\" => Int64 4",
            "  -4611686018427387904 => Int64 5",
            "  \"4611686018427387904\" => Int64 6",
            "}",
        ])
    }

    @Test func prettyOutputIsIndented() throws {
        let archive = karchive("from-json", input: Array(#"{"a":[1,{"b":null}],"c":{},"d":[]}"#.utf8))
        #expect(karchive("to-json", input: archive.output).text == """
            {
              "a": [
                1,
                {
                  "b": null
                }
              ],
              "c": {},
              "d": []
            }

            """)
    }

    /// What only archives have, in JSON: integer keys, Data, Date, UUID, URL, non-finite floats,
    /// packed arrays, nested nils.
    @Test func archiveOnlyValuesHaveDocumentedSpellings() throws {
        struct Model: Encodable {
            enum CodingKeys: Int, CodingKey { case data = 1, date = 2, uuid = 3, url = 4, floats = 5, packed = 6, optionals = 7, wide = 8 }
            let data = Data([0, 1, 2, 0xFF])
            let date = Date(timeIntervalSince1970: 1_302_796_849)
            let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
            let url = URL(string: "https://example.com/a?b=c")!
            let floats = [Double.nan, .infinity, -.infinity, 1.5]
            let packed: [Float] = [0.5, .infinity]
            let optionals: [Int??] = [.some(nil), nil, 3]
            let wide = [Int64.min, 0]
        }
        let run = karchive("to-json", "--compact", input: try archiveBytes(Model()))
        #expect(run.status == 0)
        #expect(run.text == #"{"1":{"$data":"AAEC/w=="},"2":{"$date":"2011-04-14T16:00:49Z"},"3":{"$uuid":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"},"4":{"$url":"https://example.com/a?b=c"},"5":[{"$double":"NaN"},{"$double":"Infinity"},{"$double":"-Infinity"},1.5],"6":[0.5,{"$float":"Infinity"}],"7":[{"$nil":1},null,3],"8":[-9223372036854775808,0]}"# + "\n")
    }

    @Test func datesKeepFractionsAndFallBackToSecondsOutsideISO8601() throws {
        let dates = [Date(timeIntervalSinceReferenceDate: 0.25), Date(timeIntervalSinceReferenceDate: -63_113_904_000),
                     Date(timeIntervalSinceReferenceDate: -63_113_904_001), Date.distantFuture,
                     Date(timeIntervalSinceReferenceDate: 1e15)]
        let run = karchive("to-json", "--compact", input: try archiveBytes(dates))
        #expect(run.text == #"[{"$date":"2001-01-01T00:00:00.25Z"},{"$date":"0001-01-01T00:00:00Z"},{"$date":-63113904001.0},{"$date":"4001-01-01T00:00:00Z"},{"$date":1000000000000000.0}]"# + "\n")
    }

    @Test(arguments: [
        ("{\"a\":1,}", "error: invalid JSON at offset 7: unexpected \"}\", expected a member name in quotes"),
        ("[1,2", "error: invalid JSON at offset 4: unexpected end of input, expected \",\" or \"]\""),
        ("{\"a\":1,\"a\":2}", "error: invalid JSON at offset 7: the object repeats the member name \"a\""),
        ("[01]", "error: invalid JSON at offset 1: a number must not start with 0"),
        ("\"tab\there\"", "error: invalid JSON at offset 4: control character 0x09 in a string must be escaped"),
        ("\"\\ud800\"", "error: invalid JSON at offset 1: \\uD800 is half of a surrogate pair without the other half"),
        ("[1e400]", "error: invalid JSON at offset 1: the number 1e400 is out of the range of Double"),
        ("nul", "error: invalid JSON at offset 0: unexpected \"n\", expected a value"),
        ("[] []", "error: invalid JSON at offset 3: unexpected \"[\" after the document"),
        ("", "error: invalid JSON at offset 0: unexpected end of input, expected a value"),
        ("\"\u{FF}\"", "error: invalid JSON at offset 1: a string is not valid UTF-8"),
    ])
    func invalidJSONIsOneLineWithItsOffset(_ json: String, _ message: String) throws {
        var input = Array(json.utf8)
        if json == "\"\u{FF}\"" { input = [0x22, 0xFF, 0x22] }
        let run = karchive("from-json", input: input)
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.errors == message + "\n")
    }

    @Test func deepJSONIsRefusedNotACrash() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let run = karchive("from-json", input: Array(deep.utf8))
        #expect(run.status == 1)
        #expect(run.errors == "error: invalid JSON at offset 512: nesting deeper than 512 levels\n")
        let limit = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(karchive("from-json", input: Array(limit.utf8)).status == 0)
    }

    /// JSON.md §6: a wrapper stands for a scalar, which the format allows one level below its
    /// deepest container, so it is not counted as a level; everything else past 512 is refused
    /// at the opening bracket of the 513th level. A `$nil` of any level stands there (§3: no
    /// joint limit of level and depth; level 511 was refused by the writer, issue 46 item 1).
    @Test(arguments: [
        #"{"$date":"2023-03-08T20:26:40.25Z"}"#, #"{"$nil":3}"#, #"{"$nil":510}"#, #"{"$nil":511}"#,
        #"{"$float":"NaN"}"#, #"{"$double":"-Infinity"}"#,
        #"{"$data":"AAEC/w=="}"#, #"{"$uuid":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}"#, #"{"$url":"https://example.com/"}"#,
    ])
    func aWrapperMayStandBelowTheDeepestContainer(_ wrapper: String) throws {
        let json = String(repeating: "[", count: 512) + wrapper + String(repeating: "]", count: 512)
        let run = karchive("from-json", input: Array(json.utf8))
        #expect(run.status == 0, "\(run.errors)")
        #expect(karchive("validate", input: run.output).status == 0)
        #expect(karchive("to-json", "--compact", input: run.output).text == json + "\n")
        let deeper = "[" + json + "]"
        #expect(karchive("from-json", input: Array(deeper.utf8)).errors == "error: invalid JSON at offset 512: nesting deeper than 512 levels\n")
    }

    @Test(arguments: [
        ("{}", 512), ("[]", 512), (#"{"a":1}"#, 512), (#"{"7":1}"#, 512), (#"{"$$date":"x"}"#, 512), (#"{"$Date":"x"}"#, 512),
        (#"{"$date":"2023-03-08T20:26:40.25Z","b":1}"#, 512), (#"{"$nil":{"$nil":1}}"#, 520), (#"{"$nil":[]}"#, 520),
        // A second member is told at its comma, before its name is read (JSON.md §6).
        (#"{"$date":1,"\x":2}"#, 512), (#"{"$nil":1,"#, 512),
    ])
    func onlyAWrapperMayStandBelowTheDeepestContainer(_ inner: String, _ offset: Int) throws {
        let json = String(repeating: "[", count: 512) + inner + String(repeating: "]", count: 512)
        let run = karchive("from-json", input: Array(json.utf8))
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.errors == "error: invalid JSON at offset \(offset): nesting deeper than 512 levels\n")
    }

    /// JSON.md §6: while reading, a wrapper's value counts one level below its object (the reader
    /// cannot yet tell a wrapper from a keyed container), and the document is read before it is
    /// mapped, so a wrapper whose value nests too deep is refused for its depth, not its value.
    @Test func aWrapperWhoseValueNestsTooDeepIsRefusedForItsDepth() {
        let deep = #"{"$date":"# + String(repeating: "[", count: 512) + String(repeating: "]", count: 512) + "}"
        #expect(karchive("from-json", input: Array(deep.utf8)).errors == "error: invalid JSON at offset 520: nesting deeper than 512 levels\n")
        let shallow = #"{"$date":"# + String(repeating: "[", count: 511) + String(repeating: "]", count: 511) + "}"
        #expect(karchive("from-json", input: Array(shallow.utf8)).errors.hasPrefix("error: invalid JSON at offset 9: $date needs "))
        // As a keyed container (a second member), the same value is a document of 512 levels.
        let keyed = #"{"$date":"# + String(repeating: "[", count: 511) + String(repeating: "]", count: 511) + #","b":1}"#
        #expect(karchive("from-json", input: Array(keyed.utf8)).status == 0)
    }

    /// The archive side of the same rule: a valid archive of 512 nested containers with a `Date`
    /// inside (the deepest a default `ArchiveEncoder` writes) goes to JSON and back unchanged.
    @Test func theDeepestValidArchiveSurvivesTheRoundTrip() throws {
        var value: [UInt8] = [0x09, 0x00, 0x00, 0x20, 0x80, 0x93, 0xDC, 0xC4, 0x41]
        for _ in 0..<512 {
            let body = [0x01] + value
            value = [0x0D] + varint(UInt64(body.count)) + body
        }
        let archive = Array("KARC".utf8) + [0x01, 0x00] + value + [0x00]
        #expect(karchive("validate", input: archive).status == 0)
        let json = karchive("to-json", "--compact", input: archive)
        #expect(json.status == 0)
        let back = karchive("from-json", input: Array(json.text.utf8))
        #expect(back.status == 0, "\(back.errors)")
        #expect(back.output == archive)
    }

    @Test func fromJSONWritesAFileWithTheChosenOptions() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("out.karc").path
            let json = Array(#"{"repeat":["aaaa","aaaa","aaaa","aaaa","aaaa","aaaa"]}"#.utf8)
            let run = karchive("from-json", "--zlib", "--checksum", "-o", path, input: json)
            #expect(run.status == 0)
            #expect(run.output.isEmpty)
            let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(written[5] == 0x03)
            #expect(karchive("to-json", "--compact", path).text == String(decoding: json, as: UTF8.self) + "\n")
            let failed = karchive("from-json", "-o", directory.appendingPathComponent("missing/out.karc").path, input: json)
            #expect(failed.status == 1)
            #expect(failed.errors.hasPrefix("error: cannot write \(directory.path)/missing/out.karc: No such file or directory"))
        }
    }

    @Test func archivesOfSwiftModelsConvertToWhatJSONEncoderWrites() throws {
        struct Point: Codable { var x: Int; var y: Int; var label: String; var tags: [String] }
        let points = (0..<20).map { Point(x: $0, y: -$0 * 1000, label: "p\($0)", tags: $0 % 2 == 0 ? [] : ["odd"]) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let expected = try JSONSerialization.jsonObject(with: encoder.encode(points)) as? NSObject
        let converted = karchive("to-json", input: try archiveBytes(points))
        #expect(try JSONSerialization.jsonObject(with: Data(converted.output)) as? NSObject == expected)
    }
}
