import CaptionKit

/// Builds the result line of one input: the `validate --format json` object on one line,
/// after `input`, `size`, `mtime` and `status` (and `reason` for an error).
enum BatchLine {
  enum Status: String {
    case ok
    case findings
    case error
  }

  /// The line for a report: its JSON object made compact, after the input's fields and
  /// `fields` (members of batch's own, each after a comma: `,"transcript":"…"`).
  static func line(
    for input: BatchInput, status: Status, fields: [UInt8] = [], report: [UInt8]
  ) -> [UInt8] {
    var bytes = input.key
    bytes += Array(",\"status\":\"\(status.rawValue)\"".utf8)
    bytes += fields
    let compact = compacted(report)
    // The report's own object, its opening brace left out: `{"tool": ...}`.
    if compact.count > 2 {
      bytes.append(0x2C)
      bytes += compact[1...]
    } else {
      bytes.append(0x7D)
    }
    bytes.append(0x0A)
    return bytes
  }

  /// The line for an input that could not be read.
  static func errorLine(for input: BatchInput, reason: String) -> [UInt8] {
    var bytes = input.key
    bytes += Array(",\"status\":\"error\",\"reason\":".utf8)
    JSONOutput.appendString(reason, to: &bytes)
    bytes += Array("}\n".utf8)
    return bytes
  }

  /// The JSON with the layout taken out: line breaks and spaces outside strings.
  static func compacted(_ json: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(json.count)
    var inString = false
    var escaped = false
    for byte in json {
      if inString {
        if escaped {
          escaped = false
        } else if byte == 0x5C {
          escaped = true
        } else if byte == 0x22 {
          inString = false
        }
      } else if byte == 0x22 {
        inString = true
      } else if byte == 0x0A || byte == 0x20 {
        continue
      }
      result.append(byte)
    }
    return result
  }

  /// The part of a result line `--resume` matches on: everything before `,"status":`
  /// (which cannot occur inside the escaped path); nil for a line of another shape.
  static func key(of line: ArraySlice<UInt8>) -> [UInt8]? {
    let marker = Array(",\"status\":".utf8)
    guard line.count >= marker.count else { return nil }
    var index = line.startIndex
    while index + marker.count <= line.endIndex {
      if line[index] == 0x2C, line[index..<(index + marker.count)].elementsEqual(marker) {
        return Array(line[line.startIndex..<index])
      }
      index += 1
    }
    return nil
  }
}
