import Synchronization

/// A command as the registry holds it: by reference, so that code reading a few of its fields
/// for many commands (a menu of 1,000 items) does not copy each whole command.
public final class RegisteredCommand {
  /// The command.
  public let command: Command
  /// Where the registry that added it last keeps it in its `slots`; -1 before.
  var slot = -1

  /// Holds `command`.
  public init(_ command: Command) { self.command = command }

  /// Whether the command can run now as far as is known without a first use
  /// (`Command.knownAvailability`), asked where it is held rather than of a copy of it.
  public var isKnownEnabled: Bool { command.knownAvailability.isEnabled }
}

/// Where a registry last found a command by its id, kept by a menu item so that resolving it
/// again is an array read and a comparison of ids rather than a dictionary lookup, which
/// hashes the id (about 530 instructions an item of a 1,000-item menu).
///
/// It holds only a number, checked on every use against the id, so a stale one — the command
/// unregistered or registered again, another registry — costs one lookup and is never wrong.
final class CommandLookupCache: Sendable {
  /// The slot found last (`CommandRegistry.registered(id:cache:)`); -1 for none.
  private let slot = Atomic<Int>(-1)

  /// An empty cache.
  init() {}

  /// The slot found last; -1 for none.
  var lastSlot: Int {
    get { slot.load(ordering: .relaxed) }
    set { slot.store(newValue, ordering: .relaxed) }
  }
}
