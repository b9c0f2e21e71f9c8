import ArgumentParser
import Foundation

/// A failure reported to the user as one clear sentence and a non-zero exit.
struct CLIError: Error, CustomStringConvertible {
    let description: String

    /// Runs `body`, turning library errors into their user-facing sentence.
    @discardableResult
    static func wrap<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let e as CLIError {
            throw e
        } catch let e as CustomStringConvertible {
            throw CLIError(description: e.description)
        }
    }

    /// `wrap` for async work.
    @discardableResult
    static func wrap<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let e as CLIError {
            throw e
        } catch let e as CustomStringConvertible {
            throw CLIError(description: e.description)
        }
    }
}
