/// The version of captionkit, the one place it is written.
public enum CaptionKitVersion {
  public static let current = "0.1.0"
}
