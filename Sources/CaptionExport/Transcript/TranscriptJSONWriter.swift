public import CaptionCore
import CaptionFormats

/// Writes a transcript as JSON (schema in `Docs/transcripts.md`): the title, language,
/// direction and media link, the tracks it was made from, its paragraphs, and every entry
/// with its kind, speaker, text, start, end, paragraph and source. Times are seconds.
public enum TranscriptJSONWriter {
  /// The schema version written in `version`.
  public static let version = 1

  /// Appends the document's UTF-8 bytes to `bytes`.
  public static func write(
    _ transcript: Transcript, options: TranscriptExportOptions, into bytes: inout [UInt8]
  ) {
    var json = JSONOutput(reservingCapacity: 1024 + transcript.paragraphs.count * 300)
    json.beginObject()
    json.key("format")
    json.string("captionkit-transcript")
    json.key("version")
    json.integer(version)
    json.key("title")
    json.string(options.title)
    json.key("language")
    json.string(transcript.language?.rawValue)
    json.key("direction")
    json.string(transcript.direction.rawValue)
    json.key("media")
    json.string(options.mediaLink)
    json.key("tracks")
    json.beginArray()
    for track in transcript.tracks {
      json.beginObject()
      json.key("role")
      json.string(track.role.rawValue)
      json.key("path")
      json.string(track.path)
      json.key("language")
      json.string(track.language?.rawValue)
      json.endObject()
    }
    json.endArray()
    json.key("paragraphs")
    json.beginArray()
    for paragraph in transcript.paragraphs {
      json.beginObject()
      json.key("kind")
      json.string(paragraph.kind.rawValue)
      json.key("speaker")
      json.string(paragraph.speaker)
      json.key("start")
      json.seconds(milliseconds: paragraph.range?.start.milliseconds ?? 0)
      json.key("end")
      json.seconds(milliseconds: paragraph.range?.end.milliseconds ?? 0)
      json.key("text")
      json.string(paragraph.text)
      json.endObject()
    }
    json.endArray()
    json.key("entries")
    json.beginArray()
    for (index, paragraph) in transcript.paragraphs.enumerated() {
      for entry in paragraph.entries {
        json.beginObject()
        json.key("kind")
        json.string(entry.kind.rawValue)
        json.key("speaker")
        json.string(entry.speaker)
        json.key("text")
        json.string(entry.text)
        json.key("start")
        json.seconds(milliseconds: entry.range.start.milliseconds)
        json.key("end")
        json.seconds(milliseconds: entry.range.end.milliseconds)
        json.key("paragraph")
        json.integer(index)
        json.key("source")
        json.beginObject()
        json.key("track")
        json.integer(entry.source.track)
        json.key("cue")
        json.integer(entry.source.cue)
        json.endObject()
        json.endObject()
      }
    }
    json.endArray()
    json.endObject()
    json.finish()
    bytes.append(contentsOf: json.bytes)
  }
}
