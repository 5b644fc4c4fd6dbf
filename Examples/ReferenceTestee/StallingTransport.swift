import ConformanceTestee

/// `--bug stall-on-big-records`: cmdtool's connection, except that once more than `limit` bytes
/// came without a whole record, it stops reading for good (`stall` never returns), in the
/// record's middle: cmdtool's write of it cannot finish.
final class StallingTransport: TesteeTransport {
  private let base: TesteeTransport
  private let limit: Int
  private let stall: () -> Never
  /// The bytes read since the session last handed the platform a record.
  private var sinceRecord = 0

  init(_ base: TesteeTransport, onRecordsLongerThan limit: Int, stall: @escaping () -> Never) {
    self.base = base
    self.limit = limit
    self.stall = stall
  }

  /// A whole record arrived (the platform is called for it): the count starts again.
  func recordArrived() {
    sinceRecord = 0
  }

  func read() throws(TesteeTransportError) -> [UInt8] {
    if sinceRecord > limit { stall() }
    let bytes = try base.read()
    sinceRecord += bytes.count
    return bytes
  }

  func write(_ bytes: [UInt8]) throws(TesteeTransportError) {
    try base.write(bytes)
  }
}
