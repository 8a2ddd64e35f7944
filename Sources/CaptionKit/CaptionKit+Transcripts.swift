// Transcripts: `TranscriptBuilder` merges tracks, the transcript writers export them.
@_exported public import CaptionExport
@_exported public import CaptionMerge
