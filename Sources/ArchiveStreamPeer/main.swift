// A child process for the two-process test of framed archive streams. Filled in with the
// stream feature.
print("usage: ArchiveStreamPeer")
