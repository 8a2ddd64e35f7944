import Glibc

/// Runs a program as a child process and measures its wall time and peak memory.
///
/// Linux gives a process the peak resident size of the process it was spawned from (the
/// high-water mark survives `exec`), so a child of a large parent reports the parent's size.
/// The child is therefore started through a small helper: `measure-run` (built with this
/// package, found next to the running executable), which spawns it from its own 1 MiB and
/// reports its wall time, from just before the spawn to just after the reaping, its peak and
/// its status. Without the helper, through GNU time (`/usr/bin/time -f %M`), timed here around
/// GNU time, whose own start-up (1.5 to 2 ms) is then in every time; without either, spawned
/// and timed here, its peak at least the harness's.
public struct ChildProcess {
  /// What one run of a child did.
  public struct Outcome: Sendable {
    /// The exit code, or 128 plus the signal number when a signal ended it.
    public var status: Int32
    public var wallMilliseconds: Double
    /// Peak resident set size in KiB.
    public var maxRSSKiB: Int
    /// The last 64 KiB of standard output.
    public var standardOutput: String
    /// The first 4 KiB of standard error.
    public var standardError: String
  }

  /// How runs are started, timed and their peak memory measured.
  public enum Wrapper: Equatable, Sendable {
    /// Through `measure-run` at this path, which times the child itself.
    case measureRun(String)
    /// Through GNU time at this path, timed around it.
    case gnuTime(String)
    /// Spawned directly: the peak memory is at least the harness's.
    case none
  }

  /// How runs are started.
  public let wrapper: Wrapper
  /// Folder for the captured output of each run.
  public let scratch: String

  /// Runs children through `wrapper`; by default `measure-run` next to the running
  /// executable, else `/usr/bin/time`, else directly.
  public init(scratch: String, wrapper: Wrapper? = nil) {
    self.scratch = scratch
    self.wrapper = wrapper ?? Self.defaultWrapper()
  }

  /// `measure-run` next to the running executable, else GNU time, else none.
  public static func defaultWrapper() -> Wrapper {
    if let executable = currentExecutable(), let slash = executable.lastIndex(of: "/") {
      let helper = String(executable[..<slash]) + "/measure-run"
      if access(helper, X_OK) == 0 { return .measureRun(helper) }
    }
    return access("/usr/bin/time", X_OK) == 0 ? .gnuTime("/usr/bin/time") : .none
  }

  /// Runs `arguments` (the program's path first) with standard input from `/dev/null`.
  public func run(_ arguments: [String]) throws -> Outcome {
    let outPath = scratch + "/child.out"
    let errPath = scratch + "/child.err"
    let resultPath = scratch + "/child.result"
    ByteFile.remove(resultPath)
    // The last run's captured output is removed before the clock starts: truncating it in
    // the child (a validate report is 15 MB at 100k cues) would charge the freeing of its
    // pages to the next run, of whatever tool.
    ByteFile.remove(outPath)
    ByteFile.remove(errPath)
    var argv = arguments
    switch wrapper {
    case .measureRun(let helper): argv = [helper, resultPath] + arguments
    case .gnuTime(let time): argv = [time, "-f", "%M", "-o", resultPath, "--"] + arguments
    case .none: break
    }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

    let cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
    defer { cArguments.forEach { free($0) } }

    var pid: pid_t = 0
    let start = Stopwatch.now()
    let spawned = posix_spawn(&pid, argv[0], &actions, nil, cArguments, environ)
    guard spawned == 0 else {
      throw FileError(operation: "run", path: argv[0], code: spawned)
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
      guard errno == EINTR else {
        throw FileError(operation: "wait for", path: argv[0], code: errno)
      }
    }
    let end = Stopwatch.now()

    let signal = status & 0x7F
    var exitCode = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    var maxRSS = usage.ru_maxrss
    var wall = Stopwatch.milliseconds(from: start, to: end)
    // Only the ends are kept: the result line is last, the reason for a failure first, and
    // a command such as validate may print a line for every cue.
    let output = String(decoding: ByteFile.tail(outPath, limit: 1 << 16) ?? [], as: UTF8.self)
    var errors = String(decoding: ByteFile.head(errPath, limit: 1 << 12) ?? [], as: UTF8.self)
    let result = (try? ByteFile.read(resultPath)).map { String(decoding: $0, as: UTF8.self) }
    switch wrapper {
    case .measureRun:
      let fields =
        result?.split(whereSeparator: { $0 == " " || $0 == "\n" }).map { Int($0) } ?? []
      guard fields.count == 3, let nanoseconds = fields[0], let kib = fields[1],
        let code = fields[2]
      else {
        throw FileError(operation: "read the measurement of", path: arguments[0], code: EIO)
      }
      wall = Double(nanoseconds) / 1e6
      maxRSS = kib
      exitCode = Int32(code)
    case .gnuTime:
      guard let result else { break }
      // GNU time writes "Command exited with non-zero status N" or "Command terminated by
      // signal N" before the figure when the child failed.
      let lines = result.split(separator: "\n")
      if let last = lines.last, let kib = Int(last.trimmingSpaces) { maxRSS = kib }
      for line in lines.dropLast() {
        if line.hasPrefix("Command terminated by signal "),
          let number = Int32(line.dropFirst("Command terminated by signal ".count))
        {
          exitCode = 128 + number
        }
        errors += line + "\n"
      }
    case .none: break
    }
    return Outcome(
      status: exitCode, wallMilliseconds: wall, maxRSSKiB: maxRSS, standardOutput: output,
      standardError: errors)
  }

  /// The absolute path of `program`, searched in `PATH` unless it contains a slash.
  public static func locate(_ program: String) -> String? {
    if program.contains("/") { return access(program, X_OK) == 0 ? program : nil }
    let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
      let candidate = "\(folder)/\(program)"
      if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
  }

  /// The path of the running executable.
  public static func currentExecutable() -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

extension Substring {
  var trimmingSpaces: Substring {
    var result = self
    while let first = result.first, first == " " || first == "\t" { result.removeFirst() }
    while let last = result.last, last == " " || last == "\t" || last == "\r" {
      result.removeLast()
    }
    return result
  }
}
