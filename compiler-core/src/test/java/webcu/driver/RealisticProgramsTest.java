package webcu.driver;

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
import webcu.frontend.SourceSet;
import webcu.runtime.CapturingConsole;
import webcu.vm.CpuDevice;
import webcu.vm.ProgramRun;
import webcu.vm.RunState;

/**
 * Programs written the way real CUDA code is: NVIDIA-sample style with helper_cuda.h-like
 * headers, PolyBench/GPU style, Rodinia style. Each folder under {@code programs/} holds one
 * program with its headers; it must compile and print its {@code .expected} on the CPU device
 * (expected outputs were checked against nvcc on an H100).
 */
class RealisticProgramsTest {
    private static final Path DIR = Path.of("src/test/resources/programs");

    @TestFactory
    Stream<DynamicTest> programs() throws IOException {
        List<Path> mains;
        try (Stream<Path> s = Files.walk(DIR)) {
            mains = s.filter(p -> p.toString().endsWith(".cu")).sorted().toList();
        }
        assertTrue(mains.size() >= 3);
        return mains.stream().map(main -> DynamicTest.dynamicTest(DIR.relativize(main).toString(), () -> {
            SourceSet set = new SourceSet();
            try (Stream<Path> s = Files.list(main.getParent())) {
                for (Path h : s.filter(p -> p.toString().endsWith(".h")).toList()) {
                    set.file(h.getFileName().toString(), Files.readString(h, StandardCharsets.UTF_8), false);
                }
            }
            set.file(main.getFileName().toString(), Files.readString(main, StandardCharsets.UTF_8), true);
            CompileResult r = Compiler.compile(set);
            assertTrue(r.ok(), r.render(false));
            CapturingConsole console = new CapturingConsole();
            StringBuilder out = console.out;
            StringBuilder err = console.err;
            ProgramRun run = new ProgramRun(r.module(), new CpuDevice(console), console, List.of("prog"));
            RunState state;
            do {
                state = run.resume(100_000_000);
            } while (!(state instanceof RunState.Exited));
            assertEquals(0, ((RunState.Exited) state).status(), err.toString());
            String expected = Files.readString(Path.of(main.toString().replace(".cu", ".expected")), StandardCharsets.UTF_8);
            assertEquals(expected, out.toString());
        }));
    }
}
