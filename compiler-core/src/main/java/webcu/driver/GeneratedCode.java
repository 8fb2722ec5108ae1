package webcu.driver;

import java.util.ArrayList;
import java.util.List;
import webcu.diag.Span;
import webcu.ir.Function;
import webcu.ir.IrPrinter;
import webcu.ir.Module;
import webcu.passes.DeviceTarget;
import webcu.passes.KernelLayout;
import webcu.spirv.SpirvDisassembler;
import webcu.spirv.SpirvProgram;
import webcu.wgsl.WgslProgram;

/**
 * The code a compiled program becomes, as the playground's views and {@code webcu emit --line-map}
 * show it: the IR and the WGSL, each with a line map from generated lines back to the CUDA
 * source (and the SPIR-V, for a SPIR-V target). The maps come from the spans the printers keep per line ({@link IrPrinter.Printed},
 * {@link WgslProgram#lineSpans}), never from reading the text back.
 *
 * <p>The WGSL view shows the {@link DeviceCode} the WebGPU device launches from, compiled once by
 * {@link Compiler#compileDevice} before the program starts: block sizes are WGSL overrides set at
 * launch, so this one module serves every launch whose block fits the adapter's workgroups; a
 * larger block runs a coarsened variant ({@link DeviceCode#coarsened}).
 */
public final class GeneratedCode {
    private GeneratedCode() {
    }

    /** Generated line {@code generated} (1-based) came from {@code file}:{@code line}. */
    public record Line(int generated, String file, int line) {
    }

    /**
     * A kernel in a view: its CUDA name, its name in the generated code, and the generated line
     * where its definition starts (1-based).
     */
    public record Kernel(String name, String generatedName, int line) {
    }

    /**
     * One view: the text, its line map (lines of unknown origin left out), the kernels in it,
     * and the diagnostics of producing it as clang renders them (empty when there were none).
     */
    public record View(String text, List<Line> lines, List<Kernel> kernels, String diagnostics) {
        public View {
            lines = List.copyOf(lines);
            kernels = List.copyOf(kernels);
        }
    }

    /** The entries of a per-line span list (index 0 is line 1), lines without a known place left out. */
    public static List<Line> lineMap(List<Span> spans) {
        List<Line> lines = new ArrayList<>();
        for (int i = 0; i < spans.size(); i++) {
            Span s = spans.get(i);
            if (s != null && s.isKnown()) {
                lines.add(new Line(i + 1, s.file(), s.line()));
            }
        }
        return lines;
    }

    /** The IR of a compiled program, as {@code webcu emit --target ir} prints it. */
    public static View ir(CompileResult compiled) {
        Module m = compiled.module();
        IrPrinter.Printed p = IrPrinter.printWithSpans(m);
        List<Kernel> kernels = new ArrayList<>();
        String[] text = p.text().split("\n", -1);
        for (Function f : m.functions()) {
            if (f.isKernel() && !f.isExternal()) {
                kernels.add(new Kernel(f.sourceName(), f.toString(), startLine(text, "kernel " + f + "(")));
            }
        }
        return new View(p.text(), lineMap(p.lineSpans()), kernels, "");
    }

    /**
     * The WGSL of a compiled program's kernels for {@code target}. Kernels WebGPU cannot run are
     * left out and their diagnostics rendered; when nothing could be written the text is empty.
     */
    public static View wgsl(CompileResult compiled, DeviceTarget target) {
        return wgsl(Compiler.compileDevice(compiled, target));
    }

    /**
     * The WGSL of device code the driver compiled (the very program the WebGPU device runs), with
     * its diagnostics rendered. A bug in webcu that stopped the compile is thrown again here, so
     * that the views report it as one.
     */
    public static View wgsl(DeviceCode code) {
        if (code.failure() != null) {
            throw code.failure();
        }
        WgslProgram w = code.program();
        String[] text = w.code().split("\n", -1);
        List<Kernel> kernels = new ArrayList<>();
        for (KernelLayout k : w.kernels()) {
            kernels.add(new Kernel(Function.sourceName(k.kernel()), k.entryPoint(), startLine(text, "fn " + k.entryPoint() + "(")));
        }
        return new View(w.code(), lineMap(w.lineSpans()), kernels, code.render(false));
    }

    /**
     * The SPIR-V of device code compiled for a SPIR-V target ({@link DeviceTarget#spirv}), as the
     * disassembly {@code spirv-dis --raw-id} would print; the line map is the module's own OpLine
     * instructions, each kernel found at its entry point's OpFunction. Kernels the SPIR-V writer
     * cannot express are left out and their diagnostics rendered; a bug in webcu is thrown again.
     */
    public static View spirv(DeviceCode code) {
        if (code.failure() != null) {
            throw code.failure();
        }
        SpirvProgram p = code.spirv();
        if (p.words().length == 0) {
            return new View("", List.of(), List.of(), code.render(false));
        }
        SpirvDisassembler.Listing listing = SpirvDisassembler.listing(p.words());
        List<Kernel> kernels = new ArrayList<>();
        for (KernelLayout k : p.kernels()) {
            Integer line = listing.entryPoints().get(k.entryPoint());
            kernels.add(new Kernel(Function.sourceName(k.kernel()), k.entryPoint(), line == null ? 0 : line));
        }
        return new View(listing.text(), lineMap(listing.lineSpans()), kernels, code.render(false));
    }

    /** The 1-based line that starts with {@code prefix}, or 0. */
    private static int startLine(String[] lines, String prefix) {
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].startsWith(prefix)) {
                return i + 1;
            }
        }
        return 0;
    }

    /** The line map as text, one {@code generated file:line} per line ({@code webcu emit --line-map}). */
    public static String lineMapText(List<Line> lines) {
        StringBuilder sb = new StringBuilder();
        for (Line l : lines) {
            sb.append(l.generated()).append(' ').append(l.file()).append(':').append(l.line()).append('\n');
        }
        return sb.toString();
    }
}
