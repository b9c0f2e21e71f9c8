import GemNavCore
import Testing

/// An intersection's bearings and entry flags, kept inline up to a size and in an array
/// beyond it: both hold the same values either way.
@Suite struct IntersectionStorageTests {
    @Test func bearingsHoldEveryValueInlineOrNot() {
        let few = [0, 90, 180, 359]
        let many = Array(stride(from: 0, to: 360, by: 20))  // 18, past the inline twelve
        let odd = [10, -5, 70_000, 300]  // out of the inline range
        for values in [[], few, many, odd] {
            var appended = Intersection.Bearings()
            for v in values { appended.append(v) }
            #expect(Array(appended) == values)
            #expect(Array(Intersection.Bearings(values)) == values)
            #expect(appended == Intersection.Bearings(values))
            #expect(appended.description == values.description)
        }
        #expect(Intersection.Bearings(many) != Intersection.Bearings(many.dropLast()))
        #expect(Intersection.Bearings(few).hashValue == Intersection.Bearings(few).hashValue)
    }

    @Test func entryFlagsHoldEveryValueInlineOrNot() {
        let few = [true, false, true]
        let many = (0..<70).map { $0 % 3 == 0 }  // past the inline 64
        for values in [[], few, many] {
            var appended = Intersection.EntryFlags()
            for v in values { appended.append(v) }
            #expect(Array(appended) == values)
            #expect(appended == Intersection.EntryFlags(values))
        }
        #expect(Intersection.EntryFlags([true, false]) != Intersection.EntryFlags([true, false, false]))
    }
}
