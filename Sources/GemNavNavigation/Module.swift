// Re-export the shared models: every session API speaks in `Route`, `Coordinate` and friends,
// so a client importing GemNavNavigation should not need a second import for them.
@_exported import GemNavCore
