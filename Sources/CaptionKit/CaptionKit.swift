@_exported public import CaptionCore
@_exported public import CaptionFormats
