import CaptionCLI

CaptionKitCommand.main()
