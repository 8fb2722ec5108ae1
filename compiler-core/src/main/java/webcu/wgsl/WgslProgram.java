package webcu.wgsl;

import java.util.List;
import java.util.Map;
import webcu.diag.Span;
import webcu.passes.DebugBuffer;
import webcu.passes.KernelLayout;

/**
 * The WGSL for the kernels of one program: a single shader module with one entry point per
 * kernel, the layout of each entry point, and the kernels that could not be translated (their
 * diagnostics went to the compilation's {@code Diagnostics}).
 *
 * @param code the WGSL source of the shader module
 * @param kernels the layout of each translated kernel, in program order
 * @param rejected the kernels left out, by CUDA name, with the place of their first problem
 * @param lineSpans for each line of the code (index 0 is line 1), the CUDA source span of the
 *     statement it came from, or {@link Span#NONE} for declarations
 * @param debug the printf formats and assertion sites of the debug buffer's records
 * @param checkSites the bounds-checked accesses, which a fault record names by index
 */
public record WgslProgram(String code, List<KernelLayout> kernels, Map<String, Span> rejected, List<Span> lineSpans,
                          DebugBuffer debug, List<DebugBuffer.CheckSite> checkSites)
        implements DebugBuffer.Tables {
    public WgslProgram {
        kernels = List.copyOf(kernels);
        // not Map.copyOf: lookups in TeaVM's immutable maps trap ("remainder by zero") in WebAssembly
        rejected = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(rejected));
        lineSpans = List.copyOf(lineSpans);
        checkSites = List.copyOf(checkSites);
    }

    /** A program without kernels (nothing to compile, or compilation failed). */
    public static WgslProgram empty() {
        return new WgslProgram("", List.of(), new java.util.HashMap<>(), List.of(), new DebugBuffer(), List.of());
    }

    /**
     * The CUDA source span of WGSL line {@code n} (1-based), so that an error the browser reports
     * in the WGSL can point at the user's code; {@link Span#NONE} when unknown.
     */
    public Span sourceSpan(int n) {
        return n >= 1 && n <= lineSpans.size() ? lineSpans.get(n - 1) : Span.NONE;
    }

    /** The layout of the kernel with this CUDA name, or null when it was rejected or does not exist. */
    public KernelLayout kernel(String cudaName) {
        for (KernelLayout k : kernels) {
            if (k.kernel().equals(cudaName)) {
                return k;
            }
        }
        return null;
    }

    /** One line of the code (1-based), for messages that quote the WGSL; empty when out of range. */
    public String line(int n) {
        int start = 0;
        for (int i = 1; i < n; i++) {
            start = code.indexOf('\n', start) + 1;
            if (start == 0) {
                return "";
            }
        }
        if (n < 1) {
            return "";
        }
        int end = code.indexOf('\n', start);
        return end < 0 ? code.substring(start) : code.substring(start, end);
    }
}
