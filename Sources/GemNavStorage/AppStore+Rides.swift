import Foundation
import GRDB
import GemNavCore

/// The ride history: completed and cancelled rides, newest first, capped.
extension AppStore {
    /// How many rides the history keeps; saving one more drops the oldest. A ride history is
    /// a convenience (the receipt lives with the ride service), unlike recorded trips, which are
    /// kept until the user deletes them.
    public static let rideHistoryCapacity = 100

    /// Every ride in the history, newest first (by end time, then by request time).
    public func rides() throws(StorageError) -> [RideHistoryEntry] {
        try read { db in
            try Row.fetchAll(db, sql: Self.rideSelect + " ORDER BY endedAt DESC, requestedAt DESC, id DESC")
                .map(Self.ride(from:))
        }
    }

    /// The ride with this id, or nil when the history has none.
    public func ride(_ id: String) throws(StorageError) -> RideHistoryEntry? {
        try read { db in
            try Row.fetchOne(db, sql: Self.rideSelect + " WHERE id = ?", arguments: [id]).map(Self.ride(from:))
        }
    }

    /// Saves a finished ride, replacing one with the same id, then drops the oldest rides
    /// beyond `rideHistoryCapacity`, in one transaction.
    ///
    /// - Throws: `StorageError` `.invalidPlace` for an empty place name or an invalid coordinate;
    ///   nothing is stored then.
    public func addRide(_ entry: RideHistoryEntry) throws(StorageError) {
        var entry = entry
        entry.pickupName = try PlaceFields.name(entry.pickupName)
        entry.destinationName = try PlaceFields.name(entry.destinationName)
        try PlaceFields.check(entry.pickup)
        try PlaceFields.check(entry.destination)
        let dropped = try write { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO ride (id, outcome, requestedAt, endedAt, pickupName, pickupLatitude,
                        pickupLongitude, destinationName, destinationLatitude, destinationLongitude, rideClass,
                        distance, duration, fareAmount, currency, driverName, car, plate, cancelledIn)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    entry.id, entry.outcome.rawValue, entry.requestedAt.timeIntervalSince1970,
                    entry.endedAt.timeIntervalSince1970, entry.pickupName, entry.pickup.latitude,
                    entry.pickup.longitude, entry.destinationName, entry.destination.latitude,
                    entry.destination.longitude, entry.rideClass, entry.distance, entry.duration, entry.fareAmount,
                    entry.currency, entry.driverName, entry.car, entry.plate, entry.cancelledIn,
                ])
            try db.execute(
                sql: """
                    DELETE FROM ride WHERE id NOT IN (
                        SELECT id FROM ride ORDER BY endedAt DESC, requestedAt DESC, id DESC LIMIT ?)
                    """,
                arguments: [Self.rideHistoryCapacity])
            return db.changesCount > 0
        }
        if dropped { scrubWriteAheadLog() }
    }

    /// Deletes one ride from the history.
    ///
    /// - Returns: false when the history had no ride with this id.
    @discardableResult
    public func deleteRide(_ id: String) throws(StorageError) -> Bool {
        let deleted = try write { db in
            try db.execute(sql: "DELETE FROM ride WHERE id = ?", arguments: [id])
            return db.changesCount > 0
        }
        if deleted { scrubWriteAheadLog() }
        return deleted
    }

    private static let rideSelect = """
        SELECT id, outcome, requestedAt, endedAt, pickupName, pickupLatitude, pickupLongitude, destinationName,
               destinationLatitude, destinationLongitude, rideClass, distance, duration, fareAmount, currency,
               driverName, car, plate, cancelledIn
        FROM ride
        """

    private static func ride(from row: Row) -> RideHistoryEntry {
        RideHistoryEntry(
            id: row["id"],
            // The CHECK constraint admits only the two outcomes.
            outcome: RideOutcome(rawValue: row["outcome"]) ?? .cancelled,
            requestedAt: Date(timeIntervalSince1970: row["requestedAt"]),
            endedAt: Date(timeIntervalSince1970: row["endedAt"]),
            pickupName: row["pickupName"],
            pickup: Coordinate(latitude: row["pickupLatitude"], longitude: row["pickupLongitude"]),
            destinationName: row["destinationName"],
            destination: Coordinate(latitude: row["destinationLatitude"], longitude: row["destinationLongitude"]),
            rideClass: row["rideClass"], distance: row["distance"], duration: row["duration"],
            fareAmount: row["fareAmount"], currency: row["currency"], driverName: row["driverName"],
            car: row["car"], plate: row["plate"], cancelledIn: row["cancelledIn"])
    }
}
