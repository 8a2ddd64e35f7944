/// The `captionkit` command.
public enum CaptionKitCommand {
  public static func main() {}
}
