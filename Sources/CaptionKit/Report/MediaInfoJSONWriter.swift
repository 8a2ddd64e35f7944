public import CaptionMedia

/// Writes `MediaInfo` as the probe JSON of the command-line contract (`probe --format json`,
/// and `media` in the report): `path`, `format`, `duration`, `startTime`, `bitRate`, `streams`,
/// `chapters`, in that order. What FFmpeg does not know is null.
public enum MediaInfoJSONWriter {
  /// The whole document, ending with a newline. With `damage` (what a read of the file's
  /// data found), a `damage` member follows the chapters.
  /// With `closedCaptions` (the caption streams read), a `closedCaptions` member follows.
  public static func write(
    _ info: MediaInfo, damage: MediaDamageReport? = nil,
    closedCaptions: [ClosedCaptionTracks.StreamSummary]? = nil
  ) -> [UInt8] {
    var json = JSONOutput(reservingCapacity: 512 + info.streams.count * 400)
    write(info, damage: damage, closedCaptions: closedCaptions, to: &json)
    json.finish()
    return json.bytes
  }

  /// The object, as one value of a larger document.
  package static func write(
    _ info: MediaInfo, damage: MediaDamageReport? = nil,
    closedCaptions: [ClosedCaptionTracks.StreamSummary]? = nil, to json: inout JSONOutput
  ) {
    json.beginObject()
    json.key("path")
    json.string(info.path)
    json.key("format")
    json.string(info.format)
    json.key("duration")
    seconds(info.duration, to: &json)
    json.key("programmeDuration")
    seconds(info.programmeDuration, to: &json)
    json.key("startTime")
    seconds(info.startTime, to: &json)
    json.key("bitRate")
    integer(info.bitRate, to: &json)
    json.key("streams")
    json.beginArray()
    for stream in info.streams {
      write(stream, to: &json)
    }
    json.endArray()
    json.key("chapters")
    json.beginArray()
    for chapter in info.chapters {
      json.beginObject()
      json.key("start")
      seconds(chapter.start, to: &json)
      json.key("end")
      seconds(chapter.end, to: &json)
      json.key("title")
      json.string(chapter.title)
      json.endObject()
    }
    json.endArray()
    if let damage {
      json.key("damage")
      write(damage, to: &json)
    }
    if let closedCaptions {
      json.key("closedCaptions")
      json.beginArray()
      for stream in closedCaptions { write(stream, to: &json) }
      json.endArray()
    }
    json.endObject()
  }

  /// One caption stream: where its captions are carried, its 608 channels, its 708 services
  /// (each with its cue count) and the XDS programme facts.
  private static func write(
    _ stream: ClosedCaptionTracks.StreamSummary, to json: inout JSONOutput
  ) {
    json.beginObject()
    json.key("stream")
    json.integer(stream.stream)
    json.key("carriage")
    json.string(stream.carriage)
    json.key("channels")
    json.beginArray()
    for channel in stream.channels {
      json.beginObject()
      json.key("channel")
      json.string(channel.channel.description)
      json.key("field")
      json.integer(channel.channel.field)
      json.key("kind")
      json.string("captions")
      json.key("language")
      json.string(channel.language?.rawValue)
      json.key("cueCount")
      json.integer(channel.cueCount)
      json.key("modes")
      json.beginArray()
      for mode in channel.modes { json.string(mode.rawValue) }
      json.endArray()
      json.endObject()
    }
    json.endArray()
    json.key("services708")
    json.beginArray()
    for service in stream.services708 {
      json.beginObject()
      json.key("service")
      json.integer(service)
      json.key("language")
      json.string(
        stream.serviceDescriptors.digital(service)?.language)
      json.key("read")
      json.bool(true)
      json.key("cueCount")
      json.integer(stream.service708Cues[service] ?? 0)
      json.endObject()
    }
    json.endArray()
    json.key("programName")
    json.string(stream.programName)
    json.key("contentAdvisory")
    json.string(stream.contentAdvisory)
    json.endObject()
  }

  /// The damage object alone, as it appears in the probe JSON.
  public static func damageJSON(_ damage: MediaDamageReport) -> [UInt8] {
    var json = JSONOutput(reservingCapacity: 256 + damage.items.count * 200)
    write(damage, to: &json)
    return json.bytes
  }

  /// `{"items": [{"kind", "stream", "codec", "time", "declaredEnd", "detail"}], "omitted"}`.
  package static func write(_ damage: MediaDamageReport, to json: inout JSONOutput) {
    json.beginObject()
    json.key("items")
    json.beginArray()
    for item in damage.items {
      json.beginObject()
      json.key("kind")
      json.string(item.kind.rawValue)
      json.key("stream")
      integer(item.stream, to: &json)
      json.key("codec")
      json.string(item.codec)
      json.key("time")
      seconds(item.time, to: &json)
      json.key("declaredEnd")
      seconds(item.declaredEnd, to: &json)
      json.key("detail")
      json.string(item.detail)
      json.key("message")
      json.string(MediaDamageFindings.describe(item))
      json.endObject()
    }
    json.endArray()
    json.key("omitted")
    json.integer(damage.omitted)
    json.endObject()
  }

  private static func write(_ stream: MediaStream, to json: inout JSONOutput) {
    json.beginObject()
    json.key("index")
    json.integer(stream.index)
    json.key("type")
    json.string(stream.kind.rawValue)
    json.key("codec")
    json.string(stream.codec)
    json.key("language")
    json.string(stream.language?.rawValue)
    json.key("title")
    json.string(stream.title)
    json.key("disposition")
    json.beginArray()
    for flag in stream.disposition {
      json.string(flag.rawValue)
    }
    json.endArray()
    json.key("timeBase")
    json.string(stream.timeBase.description)
    json.key("frameRate")
    json.string(stream.frameRate?.description)
    json.key("sampleRate")
    integer(stream.sampleRate, to: &json)
    json.key("channels")
    integer(stream.channels, to: &json)
    json.key("startTime")
    seconds(stream.startTime, to: &json)
    json.key("duration")
    seconds(stream.duration, to: &json)
    json.key("textBased")
    json.bool(stream.isTextBased)
    json.endObject()
  }

  private static func integer(_ value: Int?, to json: inout JSONOutput) {
    if let value { json.integer(value) } else { json.null() }
  }

  private static func seconds(_ time: MediaTime?, to json: inout JSONOutput) {
    if let time { json.raw(decimalSeconds(time)) } else { json.null() }
  }

  /// Seconds as a decimal number: exact when the timescale divides a power of ten up to
  /// 10^9 (`0.023220` stays exact at 1/1000000), otherwise rounded to the microsecond; at
  /// least three decimals, trailing zeros beyond them dropped (`3.000`, `0.02322`).
  package static func decimalSeconds(_ time: MediaTime) -> String {
    let scale = Int128(time.timescale)
    var decimals = 0
    var power: Int128 = 1
    while decimals < 9, power % scale != 0 {
      decimals += 1
      power *= 10
    }
    var units: Int128
    if power % scale == 0 {
      units = Int128(time.value) * (power / scale)
    } else {
      decimals = 6
      power = 1_000_000
      let scaled = Int128(time.value) * power
      units = scaled / scale
      let remainder = scaled % scale
      if remainder.magnitude * 2 >= scale.magnitude { units += scaled < 0 ? -1 : 1 }
    }
    while decimals < 3 {
      decimals += 1
      power *= 10
      units *= 10
    }
    while decimals > 3, units % 10 == 0 {
      decimals -= 1
      power /= 10
      units /= 10
    }
    let sign = units < 0 ? "-" : ""
    let magnitude = units.magnitude
    let whole = magnitude / UInt128(power)
    var fraction = String(magnitude % UInt128(power))
    while fraction.count < decimals { fraction = "0" + fraction }
    return "\(sign)\(whole).\(fraction)"
  }
}
