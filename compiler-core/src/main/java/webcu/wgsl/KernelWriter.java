package webcu.wgsl;

import static webcu.wgsl.WgslWriter.FLUSH;
import static webcu.wgsl.WgslWriter.atomicScalar;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import webcu.diag.InternalCompilerError;
import webcu.diag.Span;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Global;
import webcu.ir.Local;
import webcu.ir.Stmt;
import webcu.ir.Type;
import webcu.passes.KernelInterface;
import webcu.passes.KernelLayout;

/**
 * Writes one kernel of the module: its storage bindings, its uniform block and its entry point,
 * whose statements {@link StmtWriter} prints. Holds what the kernel's printers share: the names in
 * the entry point's scope, the bindings by pointer root, and the built-ins' parameter names.
 */
final class KernelWriter {
    /** The module being written: its text, names, library and line spans. */
    final WgslWriter w;
    final Function k;
    final KernelInterface in;
    /** Names in the entry point's scope (locals, temporaries, built-in parameters). */
    Namer fn;
    final Map<Local, String> localNames = new HashMap<>();
    final Map<Local, MemoryWriter.Bound> byRoot = new HashMap<>();
    final Map<Global, MemoryWriter.Bound> bySymbol = new IdentityHashMap<>();
    final Set<Local> assigned = new HashSet<>();
    /** The locals printed as a {@code let} at their one assignment ({@link LetLocals}), declared nowhere else. */
    final Set<Local> lets = new HashSet<>();
    final String entry;
    String threadIdx;
    String workgroupId;
    String workgroupCount;
    /** The uniform's true grid (xyz) and its slices per row (w). */
    String grid;
    String gridDim;
    boolean usesDynamicShared;
    /** The hidden offsets of the pointer arguments (KernelInterface.Binding.offset). */
    private final Set<Local> hidden = new HashSet<>();
    /** Whether the body has a bounds check: then it reports its invocation's fault as it returns. */
    boolean checked;

    final StmtWriter stmts;
    final ExprWriter exprs;
    final MemoryWriter memory;

    KernelWriter(WgslWriter w, Function k, KernelInterface in) {
        this.w = w;
        this.k = k;
        this.stmts = new StmtWriter(this);
        this.exprs = new ExprWriter(this);
        this.memory = new MemoryWriter(this);
        this.in = in;
        this.entry = w.entryNames.get(k);
        if (in == null) {
            throw new InternalCompilerError("WGSL writer: kernel " + k.name() + " has no interface");
        }
    }

    KernelLayout write() {
        w.out.append("\n// kernel ").append(k.sourceName()).append('\n');
        List<KernelLayout.Buffer> buffers = new ArrayList<>();
        int binding = 0;
        for (KernelInterface.Binding b : in.bindings()) {
            String name = w.moduleNames.fresh(b.name());
            MemoryWriter.Bound bound = new MemoryWriter.Bound(name, b.view() == KernelInterface.View.WORDS, b.atomic(), b.element(), true);
            if (b.root() != null) {
                byRoot.put(b.root(), bound);
            } else {
                bySymbol.put(b.global(), bound);
            }
            boolean writable = b.written() || b.atomic();
            int param = b.source() instanceof KernelInterface.Arg a ? a.index() : -1;
            int argOffset = b.source() instanceof KernelInterface.Arg a ? a.argOffset() : 0;
            String symbol = b.global() != null ? b.global().name() : null;
            buffers.add(new KernelLayout.Buffer(binding, param, argOffset, symbol, name, b.unitSize(), !writable));
            String element;
            if (bound.words()) {
                element = b.atomic() ? "atomic<u32>" : "u32";
            } else {
                element = b.atomic() ? "atomic<" + atomicScalar(b.element()) + ">" : w.type(b.element());
            }
            if (b.source() instanceof KernelInterface.Heap) {
                w.out.append("// the heap: every live allocation at its device address minus heap.base, addressed by byte\n");
            }
            w.out.append("@group(0) @binding(").append(binding).append(") var<storage, ")
                    .append(writable ? "read_write" : "read").append("> ").append(name).append(": array<")
                    .append(element).append(">;\n");
            binding++;
        }
        KernelLayout.Uniform uniform = null;
        String uniformVar = null;
        Map<Local, String> fieldOf = new LinkedHashMap<>();
        Map<Local, Integer> offsets = new java.util.IdentityHashMap<>();
        List<KernelLayout.UniformField> fields = new ArrayList<>();
        Namer fieldNames = new Namer();
        // the true grid and how its x is folded into the dispatch (GridFolding), then the arguments
        String gridField = fieldNames.fresh("webcu_grid");
        int offset = 16;
        for (KernelInterface.Value v : in.values()) {
            String f = fieldNames.fresh(v.name());
            KernelLayout.UniformField field = new KernelLayout.UniformField(f, v.index(), v.argOffset(), v.type(), 0, -1,
                    v.symbol() != null ? v.symbol().name() : null);
            int size = field.size();
            offset = (offset + size - 1) / size * size;
            fields.add(new KernelLayout.UniformField(f, v.index(), v.argOffset(), v.type(), offset, -1, field.symbol()));
            fieldOf.put(v.local(), f);
            offsets.put(v.local(), offset);
            offset += size;
        }
        for (int i = 0; i < in.bindings().size(); i++) {
            KernelInterface.Binding b = in.bindings().get(i);
            if (b.offset() == null) {
                continue;
            }
            String f = fieldNames.fresh(b.offset().name());
            int param = ((KernelInterface.Arg) b.source()).index();
            int argOffset = ((KernelInterface.Arg) b.source()).argOffset();
            fields.add(new KernelLayout.UniformField(f, param, argOffset, Type.U32, offset, i));
            fieldOf.put(b.offset(), f);
            hidden.add(b.offset());
            offsets.put(b.offset(), offset);
            offset += 4;
        }
        {
            String struct = w.moduleNames.fresh(k.sourceName() + "_Params");
            uniformVar = w.moduleNames.fresh(k.sourceName() + "_params");
            w.out.append("struct ").append(struct).append(" {\n");
            w.out.append("  ").append(gridField).append(": vec4<u32>,\n");
            for (KernelLayout.UniformField f : fields) {
                w.out.append("  ").append(f.name()).append(": ").append(uniformType(f.type())).append(",\n");
            }
            w.out.append("}\n");
            w.out.append("@group(0) @binding(").append(binding).append(") var<uniform> ").append(uniformVar)
                    .append(": ").append(struct).append(";\n");
            uniform = new KernelLayout.Uniform(binding, (offset + 15) / 16 * 16, fields);
        }
        body(uniformVar, fieldOf, uniformVar + "." + gridField);
        int coarse = w.dm.coarsening(k);
        webcu.passes.RangeProof ranges = w.ranges.get(k);
        return new KernelLayout(k.name(), entry, buffers, uniform, List.of(w.blockDim),
                usesDynamicShared ? w.dynamicSharedWords : null, coarse, coarse > 1 ? w.coarseWorkgroup : null,
                ranges == null ? null : ranges.resolve(offsets::get), constants());
    }

    /** The module's overrides this kernel reads, or null where it reads none. */
    private KernelLayout.LaunchConstants constants() {
        boolean folded = w.gridSlices != null;
        String offsets = in.bindings().stream().anyMatch(b -> b.offset() != null) ? w.zeroOffsets : null;
        return folded || offsets != null ? new KernelLayout.LaunchConstants(folded ? w.gridSlices : null,
                folded ? w.gridPadding : null, offsets) : null;
    }

    private String uniformType(Type t) {
        return switch (t) {
            case Type.Bool b -> "u32";
            default -> w.type(t);
        };
    }

    /** Writes the entry point: uniform reads into locals, local declarations, the statements. */
    private void body(String uniformVar, Map<Local, String> fieldOf, String grid) {
        fn = w.moduleNames.child();
        threadIdx = fn.fresh("threadIdx");
        workgroupId = fn.fresh("workgroupId");
        workgroupCount = fn.fresh("workgroupCount");
        gridDim = fn.fresh("gridDim");
        this.grid = grid;
        // the entry point's own lines (its header, the prologue, the locals, the closing brace)
        // belong to the kernel's declaration: the views map them to the __global__ line
        w.spansUpTo(w.out.length());
        Span outside = w.current;
        w.current = k.span() == null ? Span.NONE : k.span();
        if (w.dm.coarsening(k) > 1) {
            w.out.append("\n@compute @workgroup_size(").append(w.coarseWorkgroup).append(")\n");
        } else {
            w.out.append("\n@compute @workgroup_size(").append(w.blockDim[0]).append(", ").append(w.blockDim[1]).append(", ")
                    .append(w.blockDim[2]).append(")\n");
        }
        w.out.append("fn ").append(entry).append("(@builtin(local_invocation_id) ").append(threadIdx)
                .append(": vec3<u32>, @builtin(workgroup_id) ").append(workgroupId)
                .append(": vec3<u32>, @builtin(num_workgroups) ").append(workgroupCount).append(": vec3<u32>) {\n");
        w.indent = 1;
        line("let " + gridDim + " = " + grid + ".xyz;");
        Set<Local> used = usedLocals();
        for (Local l : fieldOf.keySet()) {
            if (!used.contains(l)) {
                continue;
            }
            String name = fn.fresh(l.name());
            localNames.put(l, name);
            String read = uniformVar + "." + fieldOf.get(l);
            if (l.type() instanceof Type.Bool) {
                read = read + " != 0u";
            } else if (hidden.contains(l)) {
                // 0 where the pipeline's launches pass each pointer at its allocation's start: the driver drops the adds
                read = "select(" + read + ", 0u, " + w.zeroOffsets + " == 0u)";
            }
            if (assigned.contains(l)) {
                line("var " + name + ": " + w.type(l.type()) + " = " + read + ";");
            } else {
                line("let " + name + " = " + read + ";");
            }
        }
        Set<Local> once = LetLocals.of(k);
        for (Local l : k.locals()) {
            if (used.contains(l) && !localNames.containsKey(l) && !byRoot.containsKey(l)) {
                String name = fn.fresh(l.name());
                localNames.put(l, name);
                if (once.contains(l)) {
                    lets.add(l);
                } else {
                    line("var " + name + ": " + w.type(l.type()) + ";");
                }
            }
        }
        w.spansUpTo(w.out.length());
        int bodyStart = w.out.length();
        int bodyLine = w.lineSpans.size();
        for (Stmt s : k.body().stmts()) {
            stmts.stmt(s);
        }
        // a checked access notes its fault privately; the invocation reports it as it ends
        boolean checks = checked;
        String flush = checks ? w.lib.use("webcu_flush_faults") + "(); " : "";
        String body = w.out.substring(bodyStart).replace(FLUSH, flush);
        w.out.setLength(bodyStart);
        // the body's lines have their spans already: the text is rewritten, not the lines, except
        // for the probe line put in front of them
        List<Span> bodySpans = new ArrayList<>(w.lineSpans.subList(bodyLine, w.lineSpans.size()));
        w.lineSpans.subList(bodyLine, w.lineSpans.size()).clear();
        w.scanned = bodyStart;
        if (body.contains("webcu_fmaf(")) {
            // is this adapter's fma fused? (1 + 2^-23)^2 - (1 + 2^-22) is 2^-46 rounded once, 0 rounded twice
            String zero = opaqueZero();
            line("webcu_fma_fused = fma(bitcast<f32>(0x3f800001u | " + zero + "), bitcast<f32>(0x3f800001u | " + zero
                    + "), bitcast<f32>(0xbf800002u | " + zero + ")) != 0.0f;");
            w.spansUpTo(w.out.length());
        }
        w.out.append(body);
        w.lineSpans.addAll(bodySpans);
        w.scanned = w.out.length();
        List<Stmt> top = k.body().stmts();
        if (checks && (top.isEmpty() || !(top.get(top.size() - 1) instanceof Stmt.Return))) {
            line(flush.strip());
        }
        w.out.append("}\n");
        w.spansUpTo(w.out.length());
        w.current = outside;
        w.indent = 0;
    }

    private Set<Local> usedLocals() {
        Set<Local> used = new HashSet<>();
        WgslWriter.Walk.stmts(k.body(), s -> {
            if (s instanceof Stmt.Assign a) {
                used.add(a.target());
                assigned.add(a.target());
            } else if (s instanceof Stmt.Call c && c.result() != null) {
                used.add(c.result());
                assigned.add(c.result());
            } else if (s instanceof Stmt.AtomicHalves a && a.result() != null) {
                used.add(a.result());
                assigned.add(a.result());
            }
        });
        WgslWriter.Walk.exprs(k.body(), e -> {
            if (e instanceof Expr.LocalGet g) {
                used.add(g.local());
            } else if (e instanceof Expr.LocalAddr a) {
                used.add(a.local());
            }
        });
        return used;
    }

    void line(String s) {
        w.spansUpTo(w.out.length());
        for (int i = 0; i < w.indent; i++) {
            w.out.append("  ");
        }
        w.out.append(s).append('\n');
    }

    String local(Local l) {
        String n = localNames.get(l);
        if (n == null) {
            throw new InternalCompilerError("WGSL writer: local " + l + " has no name in " + k.name());
        }
        return n;
    }

    /**
     * A u32 zero that the driver's compiler cannot see through: CUDA's grid is narrower than
     * 2^31 blocks, but the compiler only knows that the value comes from the uniform buffer.
     */
    String opaqueZero() {
        return "(" + gridDim + ".x >> 31u)";
    }
}
