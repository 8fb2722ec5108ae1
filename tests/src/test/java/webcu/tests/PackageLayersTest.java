package webcu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The package dependency rule (docs/ARCHITECTURE.md): packages sit in layers, and a package uses
 * only packages of lower layers, never one of its own layer or above. Read from the sources'
 * code (comments removed): imports and fully qualified names alike.
 */
class PackageLayersTest {
    /** From the bottom; packages on one line are one layer and must not use each other. */
    private static final List<List<String>> LAYERS = List.of(
            List.of("diag"),
            List.of("ir"),
            List.of("frontend"),
            List.of("lower"),
            List.of("passes"),
            List.of("wgsl", "spirv"),
            List.of("driver"),
            List.of("runtime"),
            List.of("vm", "webgpu", "vulkan"),
            List.of("app", "cli"));

    /**
     * Back edges allowed for now, each with its reason (none today); the test fails on any other,
     * and on one of these once it is gone, so that this list only shrinks.
     */
    private static final Set<String> KNOWN = Set.of();

    private static final List<String> MODULES = List.of("compiler-core", "vm-jit", "vulkan", "webgpu-jso", "app");
    private static final Pattern USE = Pattern.compile("\\bwebcu\\.([a-z]+)\\.");

    private static int layerOf(String pkg) {
        for (int i = 0; i < LAYERS.size(); i++) {
            if (LAYERS.get(i).contains(pkg)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The source with comments, string and character literals and text blocks blanked out: the
     * built-in headers are C++ text in Java strings, and javadoc names other packages freely.
     */
    static String codeOnly(String src) {
        StringBuilder out = new StringBuilder(src.length());
        int i = 0;
        int n = src.length();
        while (i < n) {
            char c = src.charAt(i);
            if (c == '/' && i + 1 < n && src.charAt(i + 1) == '/') {
                while (i < n && src.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '/' && i + 1 < n && src.charAt(i + 1) == '*') {
                int end = src.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
                out.append(' ');
            } else if (src.startsWith("\"\"\"", i)) {
                int end = i + 3;
                while (end < n && !(src.startsWith("\"\"\"", end) && src.charAt(end - 1) != '\\')) {
                    end++;
                }
                i = Math.min(n, end + 3);
                out.append("\"\"");
            } else if (c == '"' || c == '\'') {
                int j = i + 1;
                while (j < n && src.charAt(j) != c) {
                    j += src.charAt(j) == '\\' ? 2 : 1;
                }
                i = j + 1;
                out.append(c).append(c);
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    /** "from -> to" for every use of another package, with the files. */
    private static Map<String, Set<String>> edges() throws IOException {
        Map<String, Set<String>> edges = new TreeMap<>();
        for (String module : MODULES) {
            Path src = Repo.root().resolve(module).resolve("src/main/java/webcu");
            List<Path> files;
            try (Stream<Path> s = Files.walk(src)) {
                files = s.filter(p -> p.toString().endsWith(".java")).toList();
            }
            for (Path f : files) {
                String from = src.relativize(f).getName(0).toString();
                assertTrue(layerOf(from) >= 0, "package webcu." + from + " has no layer in " + LAYERS + " (" + f + ")");
                String code = codeOnly(Files.readString(f, StandardCharsets.UTF_8));
                Matcher m = USE.matcher(code);
                while (m.find()) {
                    String to = m.group(1);
                    int target = layerOf(to);
                    if (!to.equals(from) && target >= 0) {
                        edges.computeIfAbsent(from + " -> " + to, k -> new TreeSet<>()).add(f.getFileName().toString());
                    }
                }
            }
        }
        return edges;
    }

    /** The edges from a package to one of its own layer or above. */
    private static Map<String, Set<String>> backEdges() throws IOException {
        Map<String, Set<String>> back = new TreeMap<>();
        for (Map.Entry<String, Set<String>> e : edges().entrySet()) {
            String[] ends = e.getKey().split(" -> ");
            if (layerOf(ends[1]) >= layerOf(ends[0])) {
                back.put(e.getKey(), e.getValue());
            }
        }
        return back;
    }

    @Test
    void noPackageUsesOneOfItsOwnLayerOrAbove() throws IOException {
        Map<String, Set<String>> edges = backEdges();
        List<String> fresh = new ArrayList<>();
        for (Map.Entry<String, Set<String>> e : edges.entrySet()) {
            if (!KNOWN.contains(e.getKey())) {
                fresh.add(e.getKey() + " in " + e.getValue());
            }
        }
        assertEquals(List.of(), fresh, "new back edges between packages (see docs/ARCHITECTURE.md)");
        Set<String> gone = new TreeSet<>(KNOWN);
        gone.removeAll(edges.keySet());
        assertEquals(Set.of(), gone, "back edges removed: take them off PackageLayersTest.KNOWN");
    }

    /**
     * Narrower than the layers, for the devices that run compiled kernels (issue 14): each reads
     * the compiled program through the runtime ({@code DeviceProgram}, {@code LaunchLayout},
     * {@code DeviceFacts}, {@code DeviceOutput}) and its own target writer's program, never the
     * driver, the device passes or the IR, which the layers would allow.
     */
    private static final Map<String, Set<String>> DEVICE_USES = Map.of(
            "webgpu", Set.of("diag", "wgsl", "runtime"),
            "vulkan", Set.of("diag", "spirv", "runtime"));

    @Test
    void theDevicesUseOnlyTheRuntimeAndTheirTargetWriter() throws IOException {
        List<String> bad = new ArrayList<>();
        Map<String, Set<String>> edges = edges();
        for (Map.Entry<String, Set<String>> e : edges.entrySet()) {
            String[] ends = e.getKey().split(" -> ");
            Set<String> allowed = DEVICE_USES.get(ends[0]);
            if (allowed != null && !allowed.contains(ends[1])) {
                bad.add(e.getKey() + " in " + e.getValue());
            }
        }
        assertEquals(List.of(), bad, "a device names a compiler stage (see docs/ARCHITECTURE.md)");
        // not vacuous: the devices' own uses are seen
        assertTrue(edges.getOrDefault("webgpu -> runtime", Set.of()).contains("WebGpuDevice.java"));
        assertTrue(edges.getOrDefault("webgpu -> wgsl", Set.of()).contains("Programs.java"));
        assertTrue(edges.getOrDefault("vulkan -> spirv", Set.of()).contains("VulkanDevice.java"));
    }

    /** The scanner finds what it is meant to: a file of this repository known to use a lower layer. */
    @Test
    void theScannerSeesUsesInCodeButNotInComments() throws IOException {
        String code = codeOnly("import webcu.ir.Module; // webcu.app.Session\n/* webcu.cli.Main */ String s = \"webcu.vm.X\";\n"
                + "String t = \"\"\"\n  webcu.app.Y \"\"\"; char q = '\"'; webcu.wgsl.Z z;");
        Matcher m = USE.matcher(code);
        List<String> found = new ArrayList<>();
        while (m.find()) {
            found.add(m.group(1));
        }
        assertEquals(List.of("ir", "wgsl"), found);
        Map<String, Set<String>> all = edges();
        assertTrue(all.getOrDefault("vm -> runtime", Set.of()).contains("CpuDevice.java"), "CpuDevice's use of the runtime is seen");
        assertTrue(all.getOrDefault("frontend -> diag", Set.of()).contains("Parser.java"), "the parser's use of diag is seen");
    }
}
