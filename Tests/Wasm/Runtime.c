// What an Embedded Swift module needs from a C library, for the harness alone: memory (a bump
// allocator over a fixed arena: the harness runs once and exits, so nothing is reused), the
// memory primitives the compiler calls, and `putchar` for `print`, written to standard output
// through WASI's `fd_write`, which `wasmkit run` provides.
#include <stddef.h>
#include <stdint.h>

static unsigned char arena[64 << 20];
static size_t used;

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment < 16) alignment = 16;
    size_t start = (used + alignment - 1) & ~(alignment - 1);
    if (start + size > sizeof arena) return 12; // ENOMEM
    used = start + size;
    *result = arena + start;
    return 0;
}

void *malloc(size_t size) {
    void *result;
    return posix_memalign(&result, 16, size) == 0 ? result : 0;
}

void free(void *pointer) { (void)pointer; }

void *memcpy(void *destination, const void *source, size_t count) {
    unsigned char *d = destination;
    const unsigned char *s = source;
    while (count--) *d++ = *s++;
    return destination;
}

void *memmove(void *destination, const void *source, size_t count) {
    unsigned char *d = destination;
    const unsigned char *s = source;
    if (d < s) {
        while (count--) *d++ = *s++;
    } else {
        d += count;
        s += count;
        while (count--) *--d = *--s;
    }
    return destination;
}

void *memset(void *destination, int value, size_t count) {
    unsigned char *d = destination;
    while (count--) *d++ = (unsigned char)value;
    return destination;
}

int memcmp(const void *a, const void *b, size_t count) {
    const unsigned char *x = a, *y = b;
    for (; count--; x++, y++) if (*x != *y) return *x - *y;
    return 0;
}

size_t strlen(const char *s) {
    size_t n = 0;
    while (s[n]) n++;
    return n;
}

struct ciovec { const void *buffer; size_t length; };

__attribute__((import_module("wasi_snapshot_preview1"), import_name("fd_write")))
int fd_write(int fd, const struct ciovec *vectors, size_t count, size_t *written);

// A line at a time: one host call per character made the run ten times slower.
static char line[4096];
static size_t lineLength;

int putchar(int character) {
    line[lineLength++] = (char)character;
    if (character == '\n' || lineLength == sizeof line) {
        struct ciovec vector = { line, lineLength };
        size_t written;
        fd_write(1, &vector, 1, &written);
        lineLength = 0;
    }
    return character;
}

// The 128-bit operations Swift's integers compile to on a 32-bit target, which compiler-rt
// would provide (the toolchain ships no builtins library for wasm32). Shift counts are 0…127.
typedef union { __int128 all; struct { uint64_t low, high; } words; } Words128;

__int128 __ashlti3(__int128 value, int shift) {
    Words128 in = { .all = value }, out;
    if (shift == 0) return value;
    if (shift >= 64) {
        out.words.low = 0;
        out.words.high = in.words.low << (shift - 64);
    } else {
        out.words.low = in.words.low << shift;
        out.words.high = (in.words.high << shift) | (in.words.low >> (64 - shift));
    }
    return out.all;
}

__int128 __lshrti3(__int128 value, int shift) {
    Words128 in = { .all = value }, out;
    if (shift == 0) return value;
    if (shift >= 64) {
        out.words.high = 0;
        out.words.low = in.words.high >> (shift - 64);
    } else {
        out.words.high = in.words.high >> shift;
        out.words.low = (in.words.low >> shift) | (in.words.high << (64 - shift));
    }
    return out.all;
}

// The low 128 bits of a 128-bit product (`Int64(_: String)`'s overflow checks): the product of
// the low words, in 32-bit pieces, plus the cross products shifted up a word.
__int128 __multi3(__int128 a, __int128 b) {
    Words128 x = { .all = a }, y = { .all = b }, out;
    uint64_t a0 = x.words.low & 0xFFFFFFFF, a1 = x.words.low >> 32;
    uint64_t b0 = y.words.low & 0xFFFFFFFF, b1 = y.words.low >> 32;
    uint64_t low = a0 * b0;
    uint64_t middle1 = a1 * b0 + (low >> 32);
    uint64_t middle2 = a0 * b1 + (middle1 & 0xFFFFFFFF);
    out.words.low = (middle2 << 32) | (low & 0xFFFFFFFF);
    out.words.high = a1 * b1 + (middle1 >> 32) + (middle2 >> 32)
        + x.words.high * y.words.low + x.words.low * y.words.high;
    return out.all;
}

// The seed of `Hasher` (a dictionary of the key table's strings): any bytes do, and the same
// ones on every run keep the harness's output reproducible.
void arc4random_buf(void *buffer, size_t count) {
    unsigned char *bytes = buffer;
    for (size_t i = 0; i < count; i++) bytes[i] = (unsigned char)(i * 151 + 7);
}
