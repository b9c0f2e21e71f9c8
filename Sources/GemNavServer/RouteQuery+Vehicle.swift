import GemNavRouting

/// GemNav's extension of `/route/v1` and `/table/v1` for truck graphs: the vehicle's `height`, `width`,
/// `length` (metres) and `weight` (tonnes), each optional, the default truck's otherwise.
extension RouteQuery {
    /// The parameters that size the vehicle.
    static let vehicleParameters = ["height", "weight", "width", "length"]

    /// The vehicle the query sizes, nil when it names no dimension.
    /// - Throws: `ServerError` (`InvalidValue`) naming the parameter at fault.
    static func vehicle(_ query: inout QueryString) throws -> VehicleDimensions? {
        var vehicle: VehicleDimensions?
        for name in vehicleParameters {
            guard let v = query.take(name) else { continue }
            var sized = vehicle ?? .truck
            do {
                try sized.set(name, to: v)
            } catch let e as RoutingError {
                throw ServerError(e)
            }
            vehicle = sized
        }
        return vehicle
    }
}
