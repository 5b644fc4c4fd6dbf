import CommandCodec
import Foundation
@testable import ReplayCore
import Testing

/// The reader's progress hook: how far through a file a replay or a conversion has come.
@Suite("TraceFileReader progress")
struct TraceFileReaderProgressTests {
  static let list = Repository.trace("list.jsonl")

  static var listSize: Int {
    (try? FileManager.default.attributesOfItem(atPath: list)[.size] as? Int) ?? -1
  }

  @Test("A regular file has its size; bytesRead starts at 0 and ends at the size")
  func sizeAndCount() throws {
    let reader = try TraceFileReader(path: Self.list)
    defer { reader.close() }
    #expect(reader.fileSize == Self.listSize)
    #expect(reader.bytesRead == 0)
    _ = try reader.readAll()
    #expect(reader.bytesRead == Self.listSize)
  }

  @Test("The handler sees every chunk, in order, once per chunk, through the replay path and through next()", arguments: [false, true])
  func handlerPerChunk(throughNext: Bool) throws {
    let chunkSize = 4096
    let reader = try TraceFileReader(path: Self.list, chunkSize: chunkSize)
    defer { reader.close() }
    var seen: [Int] = []
    reader.progressHandler = { seen.append($0) }
    if throughNext {
      _ = try reader.readAll()
    } else {
      _ = try Replayer.replay(reader)
    }
    // Before each read of a chunk (the first at 0), and once more before the read that finds
    // the end: the last report is the whole file.
    let chunks = (Self.listSize + chunkSize - 1) / chunkSize
    #expect(seen == (0...chunks).map { min($0 * chunkSize, Self.listSize) })
  }

  @Test("A reader resumed at a checkpoint counts from the checkpoint's offset")
  func resumed() throws {
    let reader = try TraceFileReader(path: Self.list)
    _ = try reader.readHeader()
    _ = try reader.next()
    _ = try reader.next()
    let checkpoint = try #require(reader.checkpoint())
    reader.close()
    let resumed = try TraceFileReader(path: Self.list, resumingFrom: checkpoint)
    defer { resumed.close() }
    #expect(resumed.bytesRead == checkpoint.byteOffset)
    _ = try resumed.readAll()
    #expect(resumed.bytesRead == Self.listSize)
  }

  @Test("A pipe has no size")
  func pipeHasNoSize() throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    let readEnd = FileDescriptor(rawValue: ends[0], owns: true)
    let writeEnd = FileDescriptor(rawValue: ends[1], owns: true)
    defer {
      readEnd.close()
      writeEnd.close()
    }
    #expect(readEnd.regularFileSize() == nil)
    let file = try FileDescriptor.open(forReadingAt: Self.list)
    defer { file.close() }
    #expect(file.regularFileSize() == Self.listSize)
  }
}
