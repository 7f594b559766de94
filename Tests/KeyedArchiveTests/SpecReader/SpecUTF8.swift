/// §7: whether `bytes` are well-formed UTF-8 (RFC 3629, Unicode D92): shortest forms only, no
/// surrogates, nothing above U+10FFFF, no sequence cut off by the end. Written from Unicode's
/// table of well-formed byte sequences (Table 3-7), not with the standard library's decoder.
func specIsValidUTF8(_ bytes: ArraySlice<UInt8>) -> Bool {
    var i = bytes.startIndex
    let end = bytes.endIndex
    while i < end {
        let lead = bytes[i]
        if lead < 0x80 { i += 1; continue }
        // The sequence length and the allowed range of the second byte, by lead byte.
        let length: Int, low: UInt8, high: UInt8
        switch lead {
        case 0xC2...0xDF: (length, low, high) = (2, 0x80, 0xBF)
        case 0xE0: (length, low, high) = (3, 0xA0, 0xBF)  // no overlong 3-byte forms
        case 0xE1...0xEC, 0xEE...0xEF: (length, low, high) = (3, 0x80, 0xBF)
        case 0xED: (length, low, high) = (3, 0x80, 0x9F)  // no surrogates D800–DFFF
        case 0xF0: (length, low, high) = (4, 0x90, 0xBF)  // no overlong 4-byte forms
        case 0xF1...0xF3: (length, low, high) = (4, 0x80, 0xBF)
        case 0xF4: (length, low, high) = (4, 0x80, 0x8F)  // nothing above U+10FFFF
        default: return false  // 80–C1 (continuation or overlong lead), F5–FF
        }
        guard end - i >= length else { return false }
        guard (low...high).contains(bytes[i + 1]) else { return false }
        for k in 2..<length where !(0x80...0xBF).contains(bytes[i + k]) { return false }
        i += length
    }
    return true
}
