import CaptionCLI

#if canImport(Glibc)
  import CMalloc

  // The command runs and exits: memory it frees is kept for its next allocations instead of
  // being handed back to the system and asked for again. A page the system hands out costs
  // a fault and its zeroing; a large track's blocks of findings and of report lines would
  // otherwise take fresh pages one block after another.
  _ = mallopt(M_MMAP_THRESHOLD, 32 << 20)
  _ = mallopt(M_TRIM_THRESHOLD, Int32.max)
#endif

CaptionKitCommand.main()
