package webcu.packager;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.decoder.Decoder;
import com.aayushatharva.brotli4j.decoder.DecoderJNI;
import com.aayushatharva.brotli4j.decoder.DirectDecompress;
import com.aayushatharva.brotli4j.encoder.Encoder;
import java.io.IOException;

/** Brotli compression and decompression through Brotli4j's native library. */
final class Brotli {
    private Brotli() {}

    static {
        Brotli4jLoader.ensureAvailability();
    }

    // Quality 11 is slow but runs once per build; window 24 (the RFC 7932 maximum every
    // browser accepts) lets multi-megabyte wasm files reference matches further back.
    private static final Encoder.Parameters MAX = new Encoder.Parameters().setQuality(11).setWindow(24);

    static byte[] compress(byte[] data) throws IOException {
        return Encoder.compress(data, MAX);
    }

    static byte[] decompress(byte[] data) throws IOException {
        DirectDecompress result = Decoder.decompress(data);
        if (result.getResultStatus() != DecoderJNI.Status.DONE) {
            throw new IOException("brotli decode failed: " + result.getResultStatus());
        }
        return result.getDecompressedData();
    }
}
