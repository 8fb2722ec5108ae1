package webcu.spirv;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The disassembler prints what {@code spirv-dis --raw-id} prints, byte for byte: each
 * {@code src/test/resources/spirv/*.spvasm} is assembled by spirv-as, then disassembled by both.
 */
class SpirvDisassemblerTest {
    private static final Path INPUTS = Path.of("src/test/resources/spirv");

    static List<Path> inputs() throws IOException {
        try (Stream<Path> s = Files.list(INPUTS)) {
            return s.filter(p -> p.toString().endsWith(".spvasm")).sorted().toList();
        }
    }

    @ParameterizedTest
    @MethodSource("inputs")
    void printsWhatSpirvDisPrints(Path source) throws IOException {
        Path binary = Files.createTempFile("webcu", ".spv");
        SpirvTools.Result as = SpirvTools.run("spirv-as", "--target-env", "spv1.5", source.toString(), "-o", binary.toString());
        assertEquals(0, as.status(), as.output());
        SpirvTools.Result dis = SpirvTools.run("spirv-dis", "--raw-id", binary.toString());
        assertEquals(0, dis.status(), dis.output());
        assertEquals(dis.output(), SpirvDisassembler.disassemble(Files.readAllBytes(binary)));
        Files.delete(binary);
    }

    @Test
    void floatsAsSpirvDisPrintsThem() {
        assertEquals("0.100000001", SpirvDisassembler.formatFloat(Float.floatToRawIntBits(0.1f)));
        assertEquals("1.00000002e+20", SpirvDisassembler.formatFloat(Float.floatToRawIntBits(1e20f)));
        assertEquals("1", SpirvDisassembler.formatFloat(Float.floatToRawIntBits(1f)));
        assertEquals("-0", SpirvDisassembler.formatFloat(Float.floatToRawIntBits(-0f)));
        assertEquals("0x1p+128", SpirvDisassembler.formatFloat(Float.floatToRawIntBits(Float.POSITIVE_INFINITY)));
        assertEquals("0x1.16c2p-133", SpirvDisassembler.formatFloat(Float.floatToRawIntBits(1e-40f)));
        assertEquals("0x1p-149", SpirvDisassembler.formatFloat(1));
        assertEquals("0.10000000000000001", SpirvDisassembler.formatDouble(Double.doubleToRawLongBits(0.1)));
        assertEquals("-0x1p+1024", SpirvDisassembler.formatDouble(Double.doubleToRawLongBits(Double.NEGATIVE_INFINITY)));
    }
}
