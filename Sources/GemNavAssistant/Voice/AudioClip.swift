import Foundation

/// Speech as the recognizer takes it: 16 kHz mono signed 16-bit samples. Read from a WAV
/// file (PCM 16-bit, any rate, mono or stereo): stereo is mixed down and other rates are
/// resampled, so a phone's 44.1 kHz or espeak-ng's 22.05 kHz recording is understood.
public struct AudioClip: Sendable, Hashable {
    /// The rate every recognizer here takes.
    public static let sampleRate = 16_000

    /// The samples at 16 kHz.
    public var samples: [Int16]

    /// A clip of 16 kHz mono samples.
    public init(samples: [Int16]) { self.samples = samples }

    /// Seconds of speech.
    public var duration: Double { Double(samples.count) / Double(Self.sampleRate) }

    /// The clip in a WAV file's bytes.
    /// - Throws: `SpeechError` `.unreadableAudio` for anything but RIFF/WAVE PCM 16-bit.
    public init(wav data: Data) throws(SpeechError) {
        let bytes = [UInt8](data)
        func u32(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2]) << 16 | Int(bytes[i + 3]) << 24 }
        func u16(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 }
        guard bytes.count >= 12, bytes[0..<4] == [0x52, 0x49, 0x46, 0x46], bytes[8..<12] == [0x57, 0x41, 0x56, 0x45] else {
            throw SpeechError(.unreadableAudio("not a WAV file (no RIFF/WAVE header)"))
        }
        var format: (tag: Int, channels: Int, rate: Int, bits: Int)?
        var samples: Range<Int>?
        var i = 12
        while i + 8 <= bytes.count {
            let id = String(decoding: bytes[i..<i + 4], as: UTF8.self)
            // A streamed WAV (espeak-ng --stdout) leaves the data size at 0 or 0xFFFFFFFF: the rest is data.
            var size = u32(i + 4)
            if id == "data", size == 0 || i + 8 + size > bytes.count { size = bytes.count - i - 8 }
            let body = i + 8
            guard body + size <= bytes.count else { break }
            if id == "fmt ", size >= 16 {
                format = (u16(body), u16(body + 2), u32(body + 4), u16(body + 14))
            } else if id == "data" {
                samples = body..<body + size
            }
            i = body + size + (size & 1)
        }
        guard let format, let samples else { throw SpeechError(.unreadableAudio("no 'fmt ' or 'data' chunk")) }
        // 0xFFFE (extensible) carries PCM too.
        guard format.tag == 1 || format.tag == 0xFFFE, format.bits == 16 else {
            throw SpeechError(.unreadableAudio(
                "format \(format.tag) with \(format.bits)-bit samples; record 16-bit PCM (e.g. `sox in.wav -b 16 -r 16000 -c 1 out.wav`)"))
        }
        guard (1...8).contains(format.channels), (8_000...192_000).contains(format.rate) else {
            throw SpeechError(.unreadableAudio("\(format.channels) channels at \(format.rate) Hz"))
        }
        var mono: [Double] = []
        mono.reserveCapacity(samples.count / (2 * format.channels))
        var j = samples.lowerBound
        while j + 2 * format.channels <= samples.upperBound {
            var sum = 0.0
            for c in 0..<format.channels { sum += Double(Int16(bitPattern: UInt16(u16(j + 2 * c)))) }
            mono.append(sum / Double(format.channels))
            j += 2 * format.channels
        }
        self.samples = Self.resample(mono, from: format.rate)
    }

    /// `signal` at `rate` brought to 16 kHz: averaged over each output sample's span when
    /// going down (a box filter against aliasing), interpolated linearly when going up.
    static func resample(_ signal: [Double], from rate: Int) -> [Int16] {
        func clip(_ x: Double) -> Int16 { Int16(max(-32768, min(32767, x.rounded()))) }
        guard rate != sampleRate else { return signal.map(clip) }
        let ratio = Double(rate) / Double(sampleRate)
        let count = Int(Double(signal.count) / ratio)
        var out = [Int16](repeating: 0, count: count)
        for k in 0..<count {
            let start = Double(k) * ratio
            if ratio > 1 {
                let lo = Int(start), hi = min(signal.count, max(lo + 1, Int(start + ratio)))
                var sum = 0.0
                for s in lo..<hi { sum += signal[s] }
                out[k] = clip(sum / Double(hi - lo))
            } else {
                let lo = Int(start), t = start - Double(lo)
                let a = signal[lo], b = lo + 1 < signal.count ? signal[lo + 1] : a
                out[k] = clip(a + (b - a) * t)
            }
        }
        return out
    }
}
