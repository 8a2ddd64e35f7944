/// The closed-caption data one stream of a media file carries: the CEA-608 byte pairs of
/// each field, in presentation order, and the CEA-708 service blocks.
public struct ClosedCaptionStream: Sendable, Hashable {
  /// The stream's index, as `probe` numbers them: the video stream for A/53 captions.
  public var streamIndex: Int
  public var source: ClosedCaptionSource
  /// The byte pairs of CEA-608 field 1 (`cc_type` 0: CC1, CC2, T1, T2).
  public var field1: CaptionPairs
  /// The byte pairs of CEA-608 field 2 (`cc_type` 1: CC3, CC4, T3, T4).
  public var field2: CaptionPairs
  /// The CEA-708 caption services (1-63) whose service blocks hold data, in order.
  public var services708: [Int]
  /// The caption services the transport stream's program map table announces for this
  /// stream (its own descriptors, then the program's); empty in other containers.
  public var serviceDescriptors: [CaptionServiceDescriptor]
  /// The CEA-708 service blocks, in the order received.
  public var dtvcc: DTVCCBlocks

  public init(
    streamIndex: Int, source: ClosedCaptionSource, field1: CaptionPairs, field2: CaptionPairs,
    services708: [Int] = [], serviceDescriptors: [CaptionServiceDescriptor] = [],
    dtvcc: DTVCCBlocks = DTVCCBlocks()
  ) {
    self.streamIndex = streamIndex
    self.source = source
    self.field1 = field1
    self.field2 = field2
    self.services708 = services708
    self.serviceDescriptors = serviceDescriptors
    self.dtvcc = dtvcc
  }

  /// Whether the stream carries any caption data: a 608 pair marked valid or a 708 service.
  public var hasCaptions: Bool {
    field1.contains(where: \.isValid) || field2.contains(where: \.isValid)
      || !services708.isEmpty
  }
}
