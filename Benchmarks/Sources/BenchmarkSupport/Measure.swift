// Timing, memory and process helpers shared by the benchmarks.
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - Clock

/// Nanoseconds of the monotonic clock (never steps back, unaffected by the wall clock).
@inline(__always)
public func monotonicNanoseconds() -> UInt64 {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

/// Nanoseconds of CPU time this process has used (user and system, all threads).
@inline(__always)
public func processCPUNanoseconds() -> UInt64 {
  var now = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
  return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

/// Nanoseconds of CPU time (user and system) of the child processes this process has waited for
/// (`getrusage(RUSAGE_CHILDREN)`): the difference over a run is what its reaped children used.
public func childrenCPUNanoseconds() -> UInt64 {
  var usage = rusage()
  #if canImport(Darwin)
    getrusage(RUSAGE_CHILDREN, &usage)
  #else
    getrusage(RUSAGE_CHILDREN.rawValue, &usage)
  #endif
  let seconds = UInt64(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
  let microseconds = UInt64(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
  return seconds * 1_000_000_000 + microseconds * 1000
}

/// Keeps a value alive and opaque to the optimizer, so the work that made it is not removed.
@inline(never) @_optimize(none)
public func blackHole<T>(_ value: T) {}

/// The durations of several runs of one operation.
public struct Samples {
  public init(seconds: [Double], cpuSeconds: [Double] = []) {
    self.seconds = seconds
    self.cpuSeconds = cpuSeconds
  }

  /// Wall-clock seconds of each run (the monotonic clock): what the report is based on.
  public var seconds: [Double]
  /// CPU seconds of each run: well below `seconds` when other processes took the CPU away; equal
  /// to them when the noise came from elsewhere (a shared host's caches, memory bandwidth or clock).
  public var cpuSeconds: [Double] = []

  public var sorted: [Double] { seconds.sorted() }
  /// The median: the middle run (the mean of the two middle runs for an even count).
  public var median: Double {
    let s = sorted
    guard !s.isEmpty else { return .nan }
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
  }
  public var min: Double { seconds.min() ?? .nan }
  public var max: Double { seconds.max() ?? .nan }
  /// (max − min) / median: how noisy the runs were.
  public var spread: Double { (max - min) / median }
  /// The median CPU time.
  public var cpuMedian: Double { Samples(seconds: cpuSeconds).median }
}

/// Times `body` `runs` times. The value `body` returns is released after the clock stops, so
/// freeing the output is not part of the time.
public func measure<R>(runs: Int, _ body: () throws -> R) rethrows -> Samples {
  var samples = Samples(seconds: [])
  for _ in 0..<runs {
    let cpuStart = processCPUNanoseconds()
    let start = monotonicNanoseconds()
    let result = try body()
    let end = monotonicNanoseconds()
    let cpuEnd = processCPUNanoseconds()
    blackHole(result)
    samples.seconds.append(Double(end - start) / 1e9)
    samples.cpuSeconds.append(Double(cpuEnd - cpuStart) / 1e9)
  }
  return samples
}

// MARK: - Memory

/// A field of /proc/self/status in bytes (`VmHWM`, `VmRSS`), nil where there is none.
func procStatusBytes(_ field: String) -> Int? {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
  for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
    let digits = line.dropFirst(field.count + 1).filter(\.isNumber)
    if let kB = Int(digits) { return kB * 1024 }
  }
  return nil
}

/// The process's resident set size now, in bytes (VmRSS; nil off Linux).
public func residentBytes() -> Int? { procStatusBytes("VmRSS") }

/// Resets the peak resident set size to the current one (writing 5 to /proc/self/clear_refs), so
/// that ``peakResidentBytes()`` afterwards is the peak of what runs from here: the memory of one
/// step, apart from what earlier steps left behind. False where that is not possible.
@discardableResult
public func resetPeakResident() -> Bool {
  guard let file = fopen("/proc/self/clear_refs", "w") else { return false }
  defer { fclose(file) }
  return fputs("5", file) >= 0
}

/// The process's peak resident set size in bytes: VmHWM from /proc/self/status on Linux,
/// `getrusage`'s ru_maxrss elsewhere.
public func peakResidentBytes() -> Int {
  if let peak = procStatusBytes("VmHWM") { return peak }
  var usage = rusage()
  #if canImport(Darwin)
    getrusage(RUSAGE_SELF, &usage)
    return Int(usage.ru_maxrss)  // bytes on Darwin
  #else
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
  #endif
}

// MARK: - Processes

/// The path of the running executable, to start it again as a child process.
public func executableURL() -> URL {
  #if os(Linux)
    if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      return URL(fileURLWithPath: path)
    }
  #endif
  if let url = Bundle.main.executableURL { return url }
  return URL(fileURLWithPath: CommandLine.arguments[0])
}

// MARK: - Heap policy

/// Fixes glibc's heap policy for the rest of the process: freed memory is kept (no trimming), and
/// only blocks of 32 MiB and more are mapped on their own.
///
/// By default glibc moves both thresholds as blocks come and go, so whether a timed pass finds
/// its memory already mapped or has the kernel map it in again depends on what the process did
/// before: the same binary decode measured 50 ms a pass after one order of earlier allocations and
/// 97 ms after another (205,000 page faults instead of 79,000). With the policy fixed, every codec
/// and every pass starts from the same kind of heap. Elsewhere this does nothing.
public func fixHeapPolicy() {
  #if canImport(Glibc)
    // `mallopt` is in malloc.h, which the Glibc module leaves out: looked up by name instead.
    typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
    let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
    let trimThreshold: Int32 = -1, mmapThreshold: Int32 = -3  // M_TRIM_THRESHOLD, M_MMAP_THRESHOLD
    _ = mallopt(trimThreshold, Int32.max)
    _ = mallopt(mmapThreshold, 32 << 20)
  #endif
}
