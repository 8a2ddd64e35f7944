import Foundation
import Testing

@testable import CaptionMedia

/// A cancellation current on a thread stops the reads of the files opened under it.
struct MediaReadCancellationTests {
  @Test func aCancelledReadStopsBetweenPackets() throws {
    let library = try FFmpegLibrary.shared()
    let path = try MediaFixtures.basicMP4()
    let cancellation = MediaReadCancellation()
    let input = try cancellation.whileCurrent {
      try FormatContext(openingInput: path, library: library)
    }
    let packet = try Packet(library: library)
    #expect(try input.read(into: packet))
    cancellation.cancel()
    let error = #expect(throws: FFmpegError.self) {
      while try input.read(into: packet) {}
    }
    #expect(error?.kind == .interrupted)
  }

  @Test func onlyFilesOpenedUnderItAreStopped() throws {
    let library = try FFmpegLibrary.shared()
    let path = try MediaFixtures.basicMP4()
    let cancellation = MediaReadCancellation()
    cancellation.cancel()
    // Opened outside: reads to the end.
    let outside = try FormatContext(openingInput: path, library: library)
    let packet = try Packet(library: library)
    var packets = 0
    while try outside.read(into: packet) { packets += 1 }
    #expect(packets > 0)
    #expect(MediaReadCancellation.current == nil)
    // Opened under a cancelled one: the probe gives up.
    cancellation.whileCurrent {
      let probe = #expect(throws: FFmpegError.self) { try MediaProbe.probe(path) }
      #expect(probe?.kind == .interrupted)
      #expect(MediaReadCancellation.current === cancellation)
    }
    #expect(MediaReadCancellation.current == nil)
  }
}
