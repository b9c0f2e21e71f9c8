import Foundation
import GemNavCore

/// Turns the tag stream of an OSM XML file into entities.
///
/// Well-formedness is checked as the tags go by (every end tag must close the element that
/// is open), and every error carries the line it was found on.
struct OSMXMLParser {
    private var tokens: XMLTokenizer
    private let fileName: String
    /// Open elements with the line each started on.
    private var open: [(name: [UInt8], line: Int)] = []
    private var sawRoot = false

    init(handle: FileHandle, fileName: String) {
        tokens = XMLTokenizer(handle: handle)
        self.fileName = fileName
    }

    /// Reads up to the first object: the root's `generator` and the `<bounds>` element.
    mutating func readHeader() throws -> OSMHeader {
        var header = OSMHeader()
        try run { parser, _ in
            let t = parser.tokens
            if parser.open.isEmpty {
                header.writingProgram = try t.attribute("generator").map(t.string)
                return true
            }
            if t.nameIs("bounds") {
                header.boundingBox = try parser.bounds()
            } else if t.nameIs("bound"), let box = t.attribute("box") {
                header.boundingBox = try parser.boundBox(box)
            }
            return !(t.nameIs("node") || t.nameIs("way") || t.nameIs("relation"))
        }
        return header
    }

    /// Delivers the objects of the wanted kinds; `progress` receives bytes consumed.
    mutating func read(_ kinds: OSMEntityKinds, progress: ((Int) -> Void)?,
                       _ visit: (OSMEntity) throws -> Void) throws
    {
        var builder = EntityBuilder()
        var nextReport = XMLTokenizer.chunkSize
        try run { parser, selfClosing in
            let offset = parser.tokens.offset
            if offset >= nextReport, let progress {
                progress(offset)
                nextReport = offset + XMLTokenizer.chunkSize
            }
            switch parser.open.count {
            case 1:
                if try parser.start(kinds, into: &builder), selfClosing { try visit(builder.take()) }
            case 2 where !builder.kind.isEmpty:
                try parser.addChild(to: &builder)
            default:
                break
            }
            return true
        } ended: { depth in
            if depth == 1, !builder.kind.isEmpty { try visit(builder.take()) }
        }
    }

    // MARK: - Tag loop

    /// Feeds start tags to `started` (with `open` not yet including them) until it returns
    /// false or the document ends; `ended` hears the depth left after each close.
    private mutating func run(_ started: (inout OSMXMLParser, Bool) throws -> Bool,
                              ended: (Int) throws -> Void = { _ in }) throws
    {
        do {
            while true {
                switch try tokens.next() {
                case .start(let selfClosing):
                    if open.isEmpty {
                        guard !sawRoot else { continue }
                        guard tokens.nameIs("osm") else {
                            throw OSMReadError(.notOSM(reason: "the root element is <\(tokens.text(tokens.name))>, not <osm>"),
                                               file: fileName, line: tokens.tokenLine)
                        }
                        sawRoot = true
                    }
                    guard try started(&self, selfClosing) else { return }
                    if !selfClosing { open.append((Array(tokens.buffer[tokens.name]), tokens.tokenLine)) }
                    if open.isEmpty { return }
                case .end:
                    guard let last = open.last else {
                        throw XMLSyntaxError(message: "</\(tokens.text(tokens.name))> closes nothing", line: tokens.tokenLine)
                    }
                    guard tokens.buffer[tokens.name].elementsEqual(last.name) else {
                        throw XMLSyntaxError(
                            message: "</\(tokens.text(tokens.name))> closes <\(String(decoding: last.name, as: UTF8.self))> "
                                + "opened at line \(last.line)", line: tokens.tokenLine)
                    }
                    open.removeLast()
                    try ended(open.count)
                    if open.isEmpty { return }
                case .endOfFile:
                    if let last = open.last {
                        throw XMLSyntaxError(
                            message: "the file ends inside <\(String(decoding: last.name, as: UTF8.self))> opened at "
                                + "line \(last.line); it is incomplete, export it again", line: tokens.line)
                    }
                    guard sawRoot else {
                        throw OSMReadError(.notOSM(reason: "there is no <osm> element"), file: fileName)
                    }
                    return
                }
            }
        } catch let error as XMLSyntaxError {
            throw OSMReadError(.malformedXML(error.message), file: fileName, line: error.line)
        }
    }

    // MARK: - Elements

    /// The object being read, kept in parts so that adding a tag or node ref never copies
    /// a collection that an `OSMEntity` also holds.
    private struct EntityBuilder {
        /// Empty while no object is open.
        var kind: OSMEntityKinds = []
        var id: Int64 = 0
        var coordinate = Coordinate(latitude: 0, longitude: 0)
        var tags: [String: String] = [:]
        var refs: [Int64] = []
        var members: [OSMRelation.Member] = []

        /// The finished object; the builder is reset for the next one.
        mutating func take() -> OSMEntity {
            defer { self = EntityBuilder() }
            switch kind {
            case .nodes: return .node(OSMNode(id: id, coordinate: coordinate, tags: tags))
            case .ways: return .way(OSMWay(id: id, nodeRefs: refs, tags: tags))
            default: return .relation(OSMRelation(id: id, members: members, tags: tags))
            }
        }
    }

    /// Starts the object a child of `<osm>` opens. False for other elements, unwanted kinds
    /// and objects JOSM marks as deleted.
    private func start(_ kinds: OSMEntityKinds, into builder: inout EntityBuilder) throws -> Bool {
        let t = tokens
        let kind: OSMEntityKinds = t.nameIs("node") ? .nodes : t.nameIs("way") ? .ways : t.nameIs("relation") ? .relations : []
        guard !kind.isEmpty, kinds.contains(kind) else { return false }
        if let action = t.attribute("action"), t.equals(action, "delete") { return false }
        if let visible = t.attribute("visible"), t.equals(visible, "false") { return false }
        builder.id = try integer("id")
        if kind == .nodes {
            builder.coordinate = Coordinate(latitude: try degrees("lat"), longitude: try degrees("lon"))
        }
        builder.kind = kind
        return true
    }

    /// Adds a `<tag>`, `<nd>` or `<member>` to the object being read.
    private func addChild(to builder: inout EntityBuilder) throws {
        let t = tokens
        if t.nameIs("tag") {
            builder.tags[try t.string(try required("k"))] = try t.string(try required("v"))
        } else if t.nameIs("nd"), builder.kind == .ways {
            builder.refs.append(try integer("ref"))
        } else if t.nameIs("member"), builder.kind == .relations {
            let typeRange = try required("type")
            let type: OSMRelation.MemberType
            if t.equals(typeRange, "node") { type = .node }
            else if t.equals(typeRange, "way") { type = .way }
            else if t.equals(typeRange, "relation") { type = .relation }
            else { throw invalid("type", typeRange) }
            let role = try t.attribute("role").map(t.string) ?? ""
            builder.members.append(OSMRelation.Member(type: type, ref: try integer("ref"), role: role))
        }
    }

    private func bounds() throws -> BoundingBox {
        BoundingBox(min: Coordinate(latitude: try degrees("minlat"), longitude: try degrees("minlon")),
                    max: Coordinate(latitude: try degrees("maxlat"), longitude: try degrees("maxlon")))
    }

    /// Osmosis writes `<bound box="minlat,minlon,maxlat,maxlon"/>`.
    private func boundBox(_ range: Range<Int>) throws -> BoundingBox {
        let parts = tokens.text(range).split(separator: ",").compactMap { Double($0) }
        guard parts.count == 4 else { throw invalid("box", range) }
        return BoundingBox(min: Coordinate(latitude: parts[0], longitude: parts[1]),
                           max: Coordinate(latitude: parts[2], longitude: parts[3]))
    }

    // MARK: - Attributes

    private func required(_ attribute: StaticString) throws -> Range<Int> {
        guard let range = tokens.attribute(attribute) else {
            throw XMLSyntaxError(message: "<\(tokens.text(tokens.name))> has no \(attribute) attribute",
                                 line: tokens.tokenLine)
        }
        return range
    }

    private func integer(_ attribute: StaticString) throws -> Int64 {
        let range = try required(attribute)
        guard let value = tokens.integer(range) else { throw invalid(attribute, range) }
        return value
    }

    private func degrees(_ attribute: StaticString) throws -> Double {
        let range = try required(attribute)
        guard let value = tokens.degrees(range), value.isFinite else { throw invalid(attribute, range) }
        return value
    }

    private func invalid(_ attribute: StaticString, _ range: Range<Int>) -> XMLSyntaxError {
        XMLSyntaxError(message: "<\(tokens.text(tokens.name))> has an invalid \(attribute) \"\(tokens.text(range))\"",
                       line: tokens.tokenLine)
    }
}
