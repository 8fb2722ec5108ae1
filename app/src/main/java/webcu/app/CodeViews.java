package webcu.app;

import java.util.List;
import webcu.diag.Severity;
import webcu.driver.CompileResult;
import webcu.driver.Compiler;
import webcu.driver.DeviceCode;
import webcu.driver.GeneratedCode;
import webcu.passes.DeviceTarget;

/**
 * The generated code of a compile as JSON for the page's WGSL, IR and SPIR-V views (app/web/src/views.js):
 * <pre>
 * {"ok": true, "target": "…", "wgsl": VIEW, "ir": VIEW, "spirv": VIEW + {"binary": "base64 of the .spv"}}
 * VIEW = {"text": "…", "lines": [[generatedLine, "file", line], …],
 *         "kernels": [{"name": cudaName, "generated": nameInTheCode, "line": n}], "diagnostics": "…"}
 * </pre>
 * or {@code {"ok": false, "errors": n}} after a failed compile, or {@code {"ok": false, "internal":
 * "…"}} when webcu failed to produce them. Lines are 1-based; the map leaves out generated lines of
 * unknown origin.
 */
final class CodeViews {
    private CodeViews() {
    }

    /**
     * The views of {@code compiled}, its WGSL for {@code target}; {@code adapter} names the GPU
     * (null: no WebGPU device is open, the WGSL is for a GPU with IEEE floats, as {@code webcu
     * emit} writes it).
     */
    static String json(CompileResult compiled, DeviceTarget target, String adapter) {
        return compiled.ok() ? json(compiled, Compiler.compileDevice(compiled, target), adapter) : json(compiled, (DeviceCode) null, adapter);
    }

    /**
     * The views of {@code compiled} with the WGSL of {@code code}, the device code the run's device
     * was given (null only after a failed compile); {@code adapter} as above.
     */
    static String json(CompileResult compiled, DeviceCode code, String adapter) {
        if (!compiled.ok()) {
            long errors = compiled.diagnostics().stream().filter(d -> d.severity() == Severity.ERROR).count();
            return "{\"ok\":false,\"errors\":" + errors + "}";
        }
        StringBuilder sb = new StringBuilder("{\"ok\":true,\"target\":");
        Progress.quote(adapter == null ? "a GPU with IEEE floats (no WebGPU device in this run)"
                : "WebGPU: " + adapter, sb);
        sb.append(",\"wgsl\":");
        view(GeneratedCode.wgsl(code), sb);
        sb.append(",\"ir\":");
        view(GeneratedCode.ir(compiled), sb);
        sb.append(",\"spirv\":");
        spirv(compiled, sb);
        return sb.append('}').toString();
    }

    /**
     * The SPIR-V view: the kernels for Vulkan as {@code webcu emit --target spirv} writes them
     * (the page runs none of it, so the target is the one the command line assumes, whatever the
     * run's device), with the module as base64 for the download. A bug in webcu's SPIR-V writer
     * shows in this view's diagnostics and leaves the other views alone.
     */
    private static void spirv(CompileResult compiled, StringBuilder sb) {
        GeneratedCode.View v;
        byte[] binary;
        try {
            DeviceCode code = Compiler.compileDevice(compiled, DeviceTarget.VULKAN);
            v = GeneratedCode.spirv(code);
            binary = code.spirv().bytes();
        } catch (RuntimeException | Error e) {
            v = new GeneratedCode.View("", List.of(), List.of(), RunLoop.internalErrorMessage("SPIR-V generation", e));
            binary = new byte[0];
        }
        view(v, sb);
        // the view's object stays open for the binary, which only this view has
        sb.setLength(sb.length() - 1);
        sb.append(",\"binary\":\"").append(java.util.Base64.getEncoder().encodeToString(binary)).append("\"}");
    }

    static String internalError(Throwable e) {
        StringBuilder sb = new StringBuilder("{\"ok\":false,\"internal\":");
        Progress.quote(RunLoop.internalErrorMessage("code generation for the views", e), sb);
        return sb.append('}').toString();
    }

    private static void view(GeneratedCode.View v, StringBuilder sb) {
        sb.append("{\"text\":");
        Progress.quote(v.text(), sb);
        sb.append(",\"lines\":[");
        List<GeneratedCode.Line> lines = v.lines();
        for (int i = 0; i < lines.size(); i++) {
            GeneratedCode.Line l = lines.get(i);
            sb.append(i == 0 ? "[" : ",[").append(l.generated()).append(',');
            Progress.quote(l.file(), sb);
            sb.append(',').append(l.line()).append(']');
        }
        sb.append("],\"kernels\":[");
        for (int i = 0; i < v.kernels().size(); i++) {
            GeneratedCode.Kernel k = v.kernels().get(i);
            sb.append(i == 0 ? "{\"name\":" : ",{\"name\":");
            Progress.quote(k.name(), sb);
            sb.append(",\"generated\":");
            Progress.quote(k.generatedName(), sb);
            sb.append(",\"line\":").append(k.line()).append('}');
        }
        sb.append("],\"diagnostics\":");
        Progress.quote(v.diagnostics(), sb);
        sb.append('}');
    }
}
