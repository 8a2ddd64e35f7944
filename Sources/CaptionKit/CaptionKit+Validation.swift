@_exported public import CaptionValidation
