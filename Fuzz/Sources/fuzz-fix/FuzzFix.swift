import CaptionKit

/// Reads arbitrary bytes as a caption file and repairs it with `fix`, then checks its
/// promises: every cue's words are in the output, and fixing the output again writes the
/// same bytes. A broken promise stops the run, so that the fuzzer keeps the input.
///
/// The first byte chooses: bits 0-1 the format the rest is read as (WebVTT, SRT, ASS,
/// TTML), bit 2 a frame rate for the minimum gap (25 fps) or none, bit 3 a media duration
/// (60 s, so that cues beyond it are clamped) or none.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let choice = data[0]
  let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
  let path = ["in.vtt", "in.srt", "in.ass", "in.ttml"][Int(choice & 3)]
  let reader = CaptionFileReader()
  guard let input = try? reader.read(bytes: bytes, path: path), !input.isRejected,
    let format = FormatRegistry.entry(for: input.track.format), format.canWrite,
    // As `fix` and `batch --fix` do: nothing is written while the reader left text out.
    CaptionFix.unreadParts(of: input).isEmpty
  else { return 0 }
  let fix = CaptionFix(
    profile: .standard, frameRate: choice & 4 != 0 ? 25 : nil,
    mediaDuration: choice & 8 != 0 ? MediaTime(value: 60, timescale: 1) : nil)
  let once = fix.run(input, inputBytes: bytes, format: format, outputPath: path)
  guard let written = try? reader.read(bytes: once.bytes, path: path) else {
    fatalError("fix wrote what cannot be read back")
  }
  if once.losses.isEmpty {
    let changed = FixInvariants.cuesWithChangedWords(
      input: input.track, written: written.track, origins: once.origins)
    guard let changed else { fatalError("fix's origins do not match the cues written") }
    if let first = changed.first { fatalError("fix changed the words of cue \(first + 1)") }
  }
  let twice = fix.run(written, inputBytes: once.bytes, format: format, outputPath: path)
  if twice.bytes != once.bytes { fatalError("fix applied twice differs from once") }
  return 0
}
