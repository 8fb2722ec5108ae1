package webcu.conformance;

import java.util.List;

/**
 * Where a case runs: {@code cpu} (./webcu run --backend cpu, the JVM's CPU emulator),
 * {@code webgpu} (the page in headless Chromium) or {@code check} (./webcu check, for the
 * {@code errors/} cases, which never run).
 */
public final class Backend {
    public static final String CPU = "cpu";
    public static final String WEBGPU = "webgpu";
    public static final String CHECK = "check";

    private Backend() {
    }

    public static List<String> names() {
        return List.of(CPU, WEBGPU, CHECK);
    }

    public static boolean isName(String s) {
        return names().contains(s);
    }
}
