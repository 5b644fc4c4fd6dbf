import CommandCodec
import ReplayCore
import ReplayLive

/// Many cases over one connection (docs/CONFORMANCE.md §1.9): the `case` marker after each
/// case's header, the `end` marker after its last step, and the testee's reset, answered by a new
/// header and the same hello.
extension TesteeConnection {
  /// Decides, from the first hello, whether this process serves case after case, and announces
  /// the case when it does.
  /// - Throws: a `hello` problem when `--sessions many` meets a testee that does not declare it
  ///   (a setup error: every case would show it).
  func chooseSessions(_ hello: TesteeHello, detail: String) throws(Problem) {
    if settings.sessions == .many && hello.sessions != .many {
      throw Problem(kind: .hello, description: "--sessions many: the testee's hello does not declare sessions=many (docs/CONFORMANCE.md §1.9), it says \(detail)")
    }
    servesMany = hello.sessions == .many && settings.sessions != .one
    guard servesMany else { return }
    firstHello = (detail, hello)
    try announceCase()
  }

  /// Gets a connection whose testee has reset ready for the case `name`: its standard error is
  /// kept anew, so that the case's report holds only what the testee said while it ran.
  func prepare(for name: String) {
    caseName = name
    process.restartStderr()
  }

  /// Answers the header and hello the testee wrote at its reset with the case's header.
  func openAfterReset(header: TraceHeader, hello: TesteeHello) throws(Problem) -> TesteeHello {
    reset = false
    try run { () throws(SessionStop) in
      try session.open(answering: { _ in header }, waitingFor: "the testee's header")
    }
    try announceCase()
    return hello
  }

  /// `{"t":0,"marker":"case","detail":NAME}`: the case's name, for the testee's logs.
  private func announceCase() throws(Problem) {
    try run { () throws(SessionStop) in
      try session.send(TraceRecord(time: 0, .marker(label: "case", detail: caseName)), describedAs: "the case marker")
    }
  }

  /// Ends the case (§1.9 step 3): writes the `end` marker at `time` (the last step's), then
  /// waits `--timeout` for the testee's reset, a new header and the same hello (step 4).
  /// - Returns: why the testee did not reset (the case is then an error, and the process is
  ///   done); nil when it is ready for the next case.
  func endCase(at time: Double) -> Problem? {
    let skipped = unsupported.map { unsupportedProblem($0) }
    received.removeAll()
    helloDetail = nil
    sawFirstRecord = false
    unsupported = nil
    answeredAStep = false
    doing = "the end of the case"
    do {
      try session.send(TraceRecord(time: time, .marker(label: "end", detail: "")), describedAs: "the end marker")
      session.startNextTraces()
      try session.wait(until: { self.session.peerHeader != nil && self.sawFirstRecord }, waitingFor: "the testee's new header and hello after the end marker (its reset)")
    } catch {
      return notReset(error.message, skipped: skipped)
    }
    guard let helloDetail, let firstHello else {
      return notReset("its first record after the end marker is not its hello marker", skipped: skipped)
    }
    if helloDetail != firstHello.detail {
      return notReset("the testee's hello changed: it was \(firstHello.detail), it is now \(helloDetail)", skipped: skipped)
    }
    reset = true
    return nil
  }

  private func notReset(_ why: String, skipped: Problem?) -> Problem {
    // A skipped case stays skipped: a testee may exit after `unsupported` rather than reset (§1.9).
    if let skipped { return skipped }
    var message = "the testee did not reset after the case (docs/CONFORMANCE.md §1.9): \(why)"
    if let exit = process.exitStatus { message += " (the testee ended with \(exit.phrase))" }
    return Problem(kind: .session, description: message)
  }
}
