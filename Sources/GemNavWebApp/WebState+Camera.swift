import GemNavPresentation

extension WebState {
    /// The move the app asks of the map, made once per `revision`: centre on `lat`, `lon` at
    /// `zoom`, or fit `bounds` (`[[west, south], [east, north]]`) no closer than `maxZoom`.
    struct Camera: Encodable, Equatable {
        var revision: Int
        var lat: Double?
        var lon: Double?
        var zoom: Double?
        var bounds: [[Double]]?
        var maxZoom: Double?
    }
}

extension WebState.Camera {
    init(_ camera: MapCamera, revision: Int) {
        switch camera {
        case .place(let c, let zoom):
            self.init(revision: revision, lat: c.latitude, lon: c.longitude, zoom: zoom)
        case .fit(let box, let maxZoom):
            self.init(revision: revision, bounds: [[box.min.longitude, box.min.latitude], [box.max.longitude, box.max.latitude]],
                      maxZoom: maxZoom)
        }
    }
}
