// A child process for the crash-safety test of `ArchiveEncoder.write(_:to:)`: it rewrites one
// file in a loop until it is killed. Filled in with the file-writing feature.
print("usage: ArchiveCrashWriter FILE")
