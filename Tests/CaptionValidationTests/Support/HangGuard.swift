import Foundation

/// Minutes a test of hostile input may run before it counts as hung: one, or ten under a
/// sanitizer (`Scripts/test-sanitized` sets `CAPTIONKIT_SANITIZER`), which slows the
/// megabytes of such input more than tenfold.
let hangGuardMinutes = ProcessInfo.processInfo.environment["CAPTIONKIT_SANITIZER"] == nil ? 1 : 10
