package webcu.lower;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import webcu.driver.CompileResult;
import webcu.driver.Compiler;
import webcu.frontend.SourceSet;
import webcu.ir.IrPrinter;
import webcu.ir.Validator;
import webcu.testing.Golden;

/**
 * Golden IR snapshots: every {@code golden/ir/NAME.cu} lowers to {@code NAME.cu.expected.ir}.
 * Run with {@code -Dwebcu.golden.update=true} to rewrite them; review the diff like code.
 */
class GoldenIrTest {
    private static final Path DIR = Path.of("src/test/resources/golden/ir");

    @TestFactory
    Stream<DynamicTest> snapshots() throws IOException {
        List<Path> inputs;
        try (Stream<Path> s = Files.list(DIR)) {
            inputs = s.filter(p -> p.toString().endsWith(".cu")).sorted().toList();
        }
        assertTrue(!inputs.isEmpty(), "no golden inputs in " + DIR.toAbsolutePath());
        return inputs.stream().map(in -> DynamicTest.dynamicTest(in.getFileName().toString(), () -> {
            String src = Files.readString(in, StandardCharsets.UTF_8);
            CompileResult r = Compiler.compile(SourceSet.single(in.getFileName().toString(), src));
            assertTrue(r.ok(), r.render(false));
            assertEquals(List.of(), Validator.validate(r.module()));
            String ir = IrPrinter.print(r.module());
            Golden.check(Path.of(in + ".expected.ir"), ir);
        }));
    }
}
