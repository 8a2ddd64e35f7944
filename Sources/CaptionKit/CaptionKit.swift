@_exported public import CaptionCore
@_exported public import CaptionFormats
@_exported public import CaptionMedia
@_exported public import CaptionRepair
