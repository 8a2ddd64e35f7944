/// A growing run of bytes for text made of millions of short pieces (report lines, finding
/// messages): each append writes straight into the storage, with none of an array's checks
/// for a shared buffer. It cannot be copied, so its storage has one owner.
public struct ByteBuffer: ByteAppending, ~Copyable {
  @usableFromInline var base: UnsafeMutablePointer<UInt8>
  @usableFromInline var length = 0
  @usableFromInline var capacity: Int

  /// An empty buffer with room for `capacity` bytes before it grows.
  public init(capacity: Int = 256) {
    self.capacity = max(16, capacity)
    base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  /// The number of bytes appended.
  public var count: Int { length }

  public var isEmpty: Bool { length == 0 }

  /// Room for `extra` more bytes: where they go.
  @inlinable @inline(__always)
  mutating func room(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
    if capacity &- length < extra { grow(extra) }
    return base + length
  }

  @usableFromInline @inline(never)
  mutating func grow(_ extra: Int) {
    let larger = max(capacity * 2, length + extra)
    let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
    storage.initialize(from: base, count: length)
    base.deallocate()
    base = storage
    capacity = larger
  }

  /// Makes room for `extra` more bytes at once, so that the appends after it do not grow.
  @inlinable
  public mutating func reserve(_ extra: Int) {
    _ = room(extra)
  }

  @inlinable @inline(__always)
  public mutating func append(_ byte: UInt8) {
    room(1).pointee = byte
    length &+= 1
  }

  @inlinable @inline(__always)
  public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress else { return }
    let size = bytes.count
    let place = room(size)
    if size <= 16 {
      ByteBuffer.copySmall(source, size, to: place)
    } else {
      place.update(from: source, count: size)
    }
    length &+= size
  }

  /// Copies up to 16 bytes with a few loads and stores rather than a call: two words that
  /// may overlap, or two halves of one, or single bytes.
  @inlinable @inline(__always)
  static func copySmall(
    _ source: UnsafePointer<UInt8>, _ length: Int, to place: UnsafeMutablePointer<UInt8>
  ) {
    let from = UnsafeRawPointer(source)
    let to = UnsafeMutableRawPointer(place)
    if length >= 8 {
      let head = from.loadUnaligned(as: UInt64.self)
      let tail = from.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
      to.storeBytes(of: head, as: UInt64.self)
      to.storeBytes(of: tail, toByteOffset: length - 8, as: UInt64.self)
    } else if length >= 4 {
      let head = from.loadUnaligned(as: UInt32.self)
      let tail = from.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
      to.storeBytes(of: head, as: UInt32.self)
      to.storeBytes(of: tail, toByteOffset: length - 4, as: UInt32.self)
    } else {
      var index = 0
      while index < length {
        place[index] = source[index]
        index += 1
      }
    }
  }

  /// Appends a whole number in decimal, its digits written in place.
  @inlinable
  public mutating func appendDecimal(_ value: UInt64) {
    if value < 10 {
      append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
      return
    }
    let digits = DecimalDigits.count(value)
    DecimalDigits.write(value, digits: digits, to: room(digits))
    length &+= digits
  }

  /// Drops the bytes from `count` on.
  public mutating func removeLast(from count: Int) {
    precondition(count >= 0 && count <= length, "count out of range")
    length = count
  }

  /// Drops every byte, keeping the storage.
  public mutating func removeAll() {
    length = 0
  }

  /// Calls `body` with the bytes appended so far.
  public func withBytes<Result, Failure: Error>(
    _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try body(UnsafeBufferPointer(start: base, count: length))
  }

  /// The bytes, as an array.
  public var bytes: [UInt8] {
    Array(UnsafeBufferPointer(start: base, count: length))
  }

  /// The bytes, as a string (the UTF-8 they are, repaired where it is not valid).
  public var string: String {
    String(decoding: UnsafeBufferPointer(start: base, count: length), as: UTF8.self)
  }
}

/// Decimal digits of whole numbers, written in place.
@usableFromInline
enum DecimalDigits {
  /// How many digits `value` has in decimal.
  @inlinable
  static func count(_ value: UInt64) -> Int {
    // Line numbers, columns and cue numbers: mostly under 100,000.
    if value < 100_000 {
      if value < 100 { return value < 10 ? 1 : 2 }
      return value < 1_000 ? 3 : value < 10_000 ? 4 : 5
    }
    var digits = 6
    var limit: UInt64 = 1_000_000
    while digits < 20, value >= limit {
      digits += 1
      limit &*= 10
    }
    return digits
  }

  /// Writes the last `digits` decimal digits of `value` at `place`, zeros in front when it
  /// has fewer; two digits at a time.
  @inlinable
  static func write(_ value: UInt64, digits: Int, to place: UnsafeMutablePointer<UInt8>) {
    let pairs: StaticString = """
      0001020304050607080910111213141516171819202122232425262728293031323334353637383940414243\
      4445464748495051525354555657585960616263646566676869707172737475767778798081828384858687\
      888990919293949596979899
      """
    let table = pairs.utf8Start
    var position = digits
    var rest = value
    while position >= 2 {
      let pair = Int(truncatingIfNeeded: rest % 100) &* 2
      rest /= 100
      position -= 2
      place[position] = table[pair]
      place[position + 1] = table[pair + 1]
    }
    if position == 1 {
      place[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
    }
  }
}
