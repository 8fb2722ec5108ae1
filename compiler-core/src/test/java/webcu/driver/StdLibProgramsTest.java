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
 * The C++ library headers (containers, algorithm, numeric, random, chrono, limits …) against
 * libstdc++: each program under {@code stdlib/} prints what depends on the library's exact
 * behaviour (sort order of equal keys, heap layout, capacity growth, random sequences,
 * unordered iteration order), and its {@code .expected} is that program's output built with
 * g++ 12 and libstdc++ on Linux ({@code g++ -std=c++17 -x c++ NAME.cu && ./a.out}).
 */
class StdLibProgramsTest {
    private static final Path DIR = Path.of("src/test/resources/stdlib");

    @TestFactory
    Stream<DynamicTest> programs() throws IOException {
        List<Path> mains;
        try (Stream<Path> s = Files.list(DIR)) {
            mains = s.filter(p -> p.toString().endsWith(".cu")).sorted().toList();
        }
        assertTrue(!mains.isEmpty());
        return mains.stream().map(main -> DynamicTest.dynamicTest(main.getFileName().toString(), () -> {
            SourceSet set = new SourceSet();
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
