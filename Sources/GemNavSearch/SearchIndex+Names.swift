/// The names the index knows, for what needs the map's vocabulary (the assistant's speech
/// grammar: recognition steered by the place names of the loaded map).
extension SearchIndex {
    /// Every record's name (places, streets, points of interest), each once.
    public var recordNames: Set<String> {
        Set((0..<recordCount).map { string(recordName.int($0)) })
    }
}
