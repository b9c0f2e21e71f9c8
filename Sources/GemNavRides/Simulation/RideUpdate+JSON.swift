import Foundation
import GemNavCore
import GemNavServices

extension RideUpdate {
    /// The update as one JSON object of the events contract: `t` (simulated seconds) and `type`
    /// `state` (`state`, `rideId` and the state's data), `driver` (`position`, `heading`,
    /// `eta_s`), `fare` (`kind` estimate or final, `amount`, `currency`) or `error` (`message`);
    /// nil for an update outside the contract (a ride handed to the history).
    public var jsonObject: [String: Any]? {
        var object: [String: Any] = ["t": t]
        switch kind {
        case .state(let state):
            object["type"] = "state"
            object.merge(Self.fields(of: state)) { $1 }
        case .driver(let d):
            object["type"] = "driver"
            object["position"] = Self.point(d.position)
            object["heading"] = (d.heading * 10).rounded() / 10
            object["eta_s"] = d.eta
        case .fare(let fare):
            object["type"] = "fare"
            object["kind"] = fare.kind.rawValue
            object["amount"] = fare.amount
            object["currency"] = fare.currency
            object["class"] = fare.rideClass.rawValue
        case .error(let error):
            object["type"] = "error"
            object["message"] = error.description
        case .finished:
            return nil
        }
        return object
    }

    /// `jsonObject` as one line of compact JSON with sorted keys, nil outside the contract.
    public var jsonLine: String? {
        guard let object = jsonObject,
              let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// `state`, `rideId` and the data the state carries.
    static func fields(of state: RideState) -> [String: Any] {
        var object: [String: Any] = ["state": state.name.rawValue, "rideId": state.rideId?.rawValue ?? NSNull()]
        switch state {
        case .selectingLocations(let pickup, let destination):
            object["pickup"] = pickup.map(place) ?? NSNull()
            object["destination"] = destination.map(place) ?? NSNull()
        case .error(let error, let from):
            object["error"] = error.description
            object["from"] = from.name.rawValue
        default:
            break
        }
        if let plan = state.plan, state.name != .error {
            object["pickup"] = place(plan.pickup)
            object["destination"] = place(plan.destination)
            object["class"] = plan.rideClass.rawValue
            object["route"] = ["distance": plan.route.distance.rounded(), "duration": plan.route.duration.rounded()]
            object["estimate"] = ["amount": plan.estimate.amount, "currency": plan.estimate.currency]
        }
        if let d = state.driver, state.name != .error {
            object["driver"] = ["id": d.id, "name": d.name, "car": d.car, "plate": d.plate, "rating": d.rating,
                                "position": point(d.position)] as [String: Any]
        }
        if case .rideCompleted(_, _, _, let fare) = state {
            object["fare"] = ["amount": fare.amount, "currency": fare.currency]
        }
        return object
    }

    static func place(_ p: Place) -> [String: Any] {
        ["name": p.name, "lat": p.coordinate.latitude, "lon": p.coordinate.longitude]
    }

    static func point(_ c: Coordinate) -> [String: Any] {
        ["lat": (c.latitude * 1e6).rounded() / 1e6, "lon": (c.longitude * 1e6).rounded() / 1e6]
    }
}

extension RideState {
    /// The state as the events contract's `state` object has it (`state`, `rideId` and the
    /// state's data), for APIs that show a ride.
    public var jsonObject: [String: Any] { RideUpdate.fields(of: self) }
}
