#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Milliseconds on the monotonic clock: deadlines and wall-clock recordings never jump with the
/// system's time of day.
public enum Monotonic {
  /// The current instant, in milliseconds since an arbitrary start.
  public static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
  }

  /// Sleeps for `milliseconds`.
  static func sleep(milliseconds: Double) {
    guard milliseconds > 0 else { return }
    usleep(useconds_t(min(milliseconds * 1000, 1e9)))
  }
}
