import Logging

/// The swift-log handler that writes into a `SupportLog`: one per `Logger`, made by
/// `SupportLog.handler(label:)`.
///
/// Like every `LogHandler`, its level and metadata are values: changing them on one logger
/// does not affect another.
public struct SupportLogHandler: LogHandler {
    /// The log records go to.
    public let supportLog: SupportLog
    /// The logger's label, written in every record ("gemnav.navigation").
    public let label: String
    /// The lowest level written; `.info` unless the logger changes it.
    public var logLevel: Logger.Level = .info
    /// Metadata added to every record of this logger.
    public var metadata: Logger.Metadata = [:]
    /// Contextual metadata (task-local values) added to every record.
    public var metadataProvider: Logger.MetadataProvider?

    /// A handler writing records labelled `label` into `supportLog`.
    public init(supportLog: SupportLog, label: String, metadataProvider: Logger.MetadataProvider? = nil) {
        self.supportLog = supportLog
        self.label = label
        self.metadataProvider = metadataProvider
    }

    /// One metadata value of this logger.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Writes one record; the record's metadata wins over the provider's, which wins over
    /// the logger's.
    public func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { $1 } }
        if let own = event.metadata { merged.merge(own) { $1 } }
        supportLog.write(level: event.level, label: label, message: event.message.description,
                  metadata: merged, error: event.error)
    }
}
