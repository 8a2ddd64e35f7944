public import CaptionCore

/// Writes a track as captionkit's JSON track: the model of one track, with cue fields named as
/// browsers name them on `VTTCue` and `VTTRegion`.
///
/// Keys come in a fixed order: `format`, `language`, `kind`, `encoding`, `regions`,
/// `stylesheets`, `cues`. Times are seconds with three decimals; `line` and `position` are a
/// number or `"auto"`; `region` is the region id or null.
public enum JSONTrackWriter {
  /// Appends the JSON track to `output`. JSON carries the whole model, so nothing is lost and
  /// no warning is returned.
  @discardableResult
  public static func write(_ track: Track, into output: inout [UInt8]) -> [Diagnostic] {
    var json = JSONOutput(reservingCapacity: 256 + track.cues.count * 400)
    json.beginObject()
    json.key("format")
    json.string(track.format.rawValue)
    json.key("language")
    json.string(track.language?.rawValue)
    json.key("kind")
    json.string(track.kind?.rawValue)
    json.key("encoding")
    json.string(track.encoding)
    json.key("regions")
    json.beginArray()
    for region in track.regions {
      writeRegion(region, to: &json)
    }
    json.endArray()
    json.key("stylesheets")
    json.beginArray()
    for stylesheet in track.stylesheets {
      json.string(stylesheet)
    }
    json.endArray()
    json.key("cues")
    json.beginArray()
    for cue in track.cues {
      writeCue(cue, to: &json)
    }
    json.endArray()
    json.endObject()
    json.finish()
    if output.isEmpty {
      output = json.bytes  // shares the buffer: no copy of a large track
    } else {
      output.append(contentsOf: json.bytes)
    }
    return []
  }

  public static func string(_ track: Track) -> String {
    var bytes: [UInt8] = []
    write(track, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func writeRegion(_ region: Region, to json: inout JSONOutput) {
    json.beginObject()
    json.key("id")
    json.string(region.id)
    json.key("width")
    json.number(region.width)
    json.key("lines")
    json.number(region.lines)
    json.key("regionAnchorX")
    json.number(region.regionAnchorX)
    json.key("regionAnchorY")
    json.number(region.regionAnchorY)
    json.key("viewportAnchorX")
    json.number(region.viewportAnchorX)
    json.key("viewportAnchorY")
    json.number(region.viewportAnchorY)
    json.key("scroll")
    json.string(region.scroll.rawValue)
    json.endObject()
  }

  private static func writeCue(_ cue: Cue, to json: inout JSONOutput) {
    json.beginObject()
    json.key("id")
    json.string(cue.id)
    json.key("start")
    json.seconds(milliseconds: cue.start.milliseconds)
    json.key("end")
    json.seconds(milliseconds: cue.end.milliseconds)
    json.key("text")
    json.string(cue.rawText)
    json.key("settings")
    let settings = cue.settings
    json.beginObject()
    json.key("region")
    json.string(settings.region)
    json.key("vertical")
    json.string(settings.vertical.rawValue)
    json.key("line")
    if let line = settings.line { json.number(line) } else { json.string("auto") }
    json.key("snapToLines")
    json.bool(settings.snapToLines)
    json.key("lineAlign")
    json.string(settings.lineAlign.rawValue)
    json.key("position")
    if let position = settings.position { json.number(position) } else { json.string("auto") }
    json.key("positionAlign")
    json.string(settings.positionAlign.rawValue)
    json.key("size")
    json.number(settings.size)
    json.key("align")
    json.string(settings.align.rawValue)
    json.endObject()
    json.endObject()
  }
}
