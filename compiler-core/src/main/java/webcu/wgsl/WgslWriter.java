package webcu.wgsl;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import webcu.diag.InternalCompilerError;
import webcu.diag.Span;
import webcu.ir.AddressSpace;
import webcu.ir.BinaryOp;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Global;
import webcu.ir.Local;
import webcu.ir.Stmt;
import webcu.ir.Type;
import webcu.passes.DebugBuffer;
import webcu.passes.DeviceModule;
import webcu.passes.Intrinsics;
import webcu.passes.KernelInterface;
import webcu.passes.KernelLayout;
import webcu.passes.Layouts;

/**
 * Writes the device module that {@code DevicePasses} prepared as one WGSL shader module: the
 * workgroup-size overrides, the structs the kernels use, the static {@code __shared__} arrays as
 * {@code var<workgroup>}, and per kernel its storage bindings, its uniform block and its entry
 * point. It walks module, function, statement and expression, as naga's {@code back/wgsl} does,
 * and keeps the CUDA names.
 *
 * <p>How CUDA maps: {@code threadIdx} is the entry point's {@code local_invocation_id};
 * {@code gridDim} comes from the uniform buffer; {@code blockIdx} arrives computed by the
 * {@code GridFolding} pass from {@code workgroup_id}, {@code num_workgroups} and the uniform's
 * slices per row, which this writer prints; {@code blockDim} is the three {@code override}
 * constants that also give {@code @workgroup_size}, so one module serves every block size. Control
 * flow maps one to one ({@code if}, {@code loop} with {@code continuing} and {@code break if},
 * {@code switch}, {@code break}, {@code continue}, {@code return}); {@code &&} and {@code ||}
 * short-circuit in WGSL as in C. Every select is {@code select()}: {@link Raise} has already made
 * the ones that read memory a temporary and an {@code if}. {@code __syncthreads()} is
 * {@code workgroupBarrier()}; {@link Raise} put a {@code storageBarrier()} call before it where the
 * kernel needs one.
 *
 * <p>Types WGSL lacks: 8- and 16-bit integers live in i32/u32 registers; {@link SubWord} has made
 * their arithmetic 32-bit with explicit wraps, so a conversion between one and its register type
 * prints as its operand. 64-bit integers (and doubles, whose bits only move) are
 * {@code vec2<u32>}, low word first, with {@link WgslLibrary}'s exact helpers for arithmetic,
 * comparisons and conversions. Word bindings ({@code MemoryModel}'s {@code WORDS} view) are
 * {@code array<u32>} read and written by byte address: a word, two words, or a byte or half-word
 * extracted with shifts and stored with {@code atomicAnd}/{@code atomicOr}, so that neighbouring
 * bytes written by other threads survive.
 * These two are still decided here while printing (issue 14: they belong in IR steps, which
 * needs a {@code vec2<u32>} type or helper calls in the IR).
 *
 * <p>Where WGSL differs from CUDA in what C leaves undefined: integer division by zero gives the
 * dividend and remainder by zero gives 0, {@code INT_MIN / -1} gives {@code INT_MIN}, and a
 * variable shift count is taken modulo 32 (modulo 64 for 64-bit values; PTX clamps it);
 * out-of-bounds accesses are clamped or discarded by WGSL's robustness rules rather than faulting.
 * Constant operands are folded first ({@link ConstFold}) because Tint rejects constant
 * expressions that overflow.
 */
final class WgslWriter {
    private static final String[] XYZ = {"x", "y", "z"};
    /** The debug buffer's WGSL name (the helpers of {@link WgslLibrary} use it). */
    static final String DEBUG = "webcu_debug";
    /** Marks a kernel's returns until its body is written: then the fault flush or nothing. */
    private static final String FLUSH = "\u0001";

    private final DeviceModule dm;
    private final StringBuilder out = new StringBuilder();
    private final Namer moduleNames = new Namer();
    private final Map<Global, String> globalNames = new IdentityHashMap<>();
    private final Map<Function, String> entryNames = new IdentityHashMap<>();
    private final Map<Type.Struct, String> structNames = new IdentityHashMap<>();
    private final Map<Type.Struct, String[]> memberNames = new IdentityHashMap<>();
    private final String[] blockDim = new String[3];
    private final WgslLibrary lib = new WgslLibrary();
    private String bitsHelper;
    private String dynamicShared;
    private String dynamicSharedWords;
    private String coarseWorkgroup;
    private boolean bitsHelperUsed;
    private int indent;
    /** The CUDA span of each finished line of {@link #out}, and of the statement being written. */
    private final List<Span> lineSpans = new ArrayList<>();
    private final List<DebugBuffer.CheckSite> checkSites = new ArrayList<>();
    private int scanned;
    private Span current = Span.NONE;

    WgslWriter(DeviceModule dm) {
        this.dm = dm;
    }

    WgslProgram write() {
        for (String name : WgslLibrary.names()) {
            moduleNames.fresh(name);
        }
        moduleNames.fresh(DEBUG);
        List<Function> kernels = dm.kernels();
        for (Function k : kernels) {
            // the source's name where it is free, so that the entry point reads as the kernel the user wrote
            entryNames.put(k, moduleNames.fresh(k.sourceName()));
        }
        out.append("// WGSL generated by webcu: one entry point per CUDA kernel.\n");
        if (dm.module().functions().stream().anyMatch(webcu.passes.Analysis::isSubgroupOp)) {
            // Warps used subgroups only in code every thread of the block reaches, which Tint cannot always prove
            out.append("enable subgroups;\ndiagnostic(off, subgroup_uniformity);\n");
        }
        out.append("// blockDim is set per launch through these overrides, which also size each workgroup.\n");
        for (int i = 0; i < 3; i++) {
            blockDim[i] = moduleNames.fresh("blockDim_" + XYZ[i]);
            out.append("override ").append(blockDim[i]).append(": u32 = 1u;\n");
        }
        if (!kernels.isEmpty()) {
            out.append("// printf records, assertions and faults, read back by the host (bind group 1 of every kernel)\n");
            out.append("@group(1) @binding(0) var<storage, read_write> ").append(DEBUG).append(": array<atomic<u32>>;\n");
        }
        // only the arrays of kernels that survived the passes: a rejected kernel's may be unsupported
        Set<Global> used = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        Set<Type.Struct> structs = new LinkedHashSet<>();
        for (Function k : kernels) {
            collectGlobals(k.body(), used);
            for (Local l : k.locals()) {
                collectStructs(l.type(), structs);
            }
            KernelInterface in = dm.interfaceOf(k);
            if (in != null) {
                for (KernelInterface.Binding b : in.bindings()) {
                    collectStructs(b.element(), structs);
                }
            }
            Walk.exprs(k.body(), e -> collectStructs(e.type(), structs));
        }
        for (Global g : dm.module().globals()) {
            if (used.contains(g) && g.space() == AddressSpace.SHARED) {
                collectStructs(g.type(), structs);
            }
        }
        for (Type.Struct s : structs) {
            structDecl(s);
        }
        for (Global g : dm.module().globals()) {
            if (webcu.passes.DebugBuffer.is(g)) {
                globalNames.put(g, DEBUG);
            }
            if (used.contains(g) && g.space() == AddressSpace.SHARED && !g.dynamicShared()) {
                String name = moduleNames.fresh(g.name());
                globalNames.put(g, name);
                out.append("var<workgroup> ").append(name).append(": ").append(sharedType(g.type(), dm.isAtomic(g)))
                        .append(";\n");
            }
        }
        Global dynamic = webcu.passes.DynamicSharedMemory.of(dm.module().globals());
        if (dynamic != null && used.contains(dynamic)) {
            dynamicSharedWords = moduleNames.fresh("dynamicSharedWords");
            dynamicShared = moduleNames.fresh("dynamicShared");
            out.append("// extern __shared__ memory: its size in words is set per launch\n");
            out.append("override ").append(dynamicSharedWords).append(": u32 = 1u;\n");
            out.append("var<workgroup> ").append(dynamicShared).append(": array<")
                    .append(dm.isAtomic(dynamic) ? "atomic<u32>" : "u32").append(", ").append(dynamicSharedWords).append(">;\n");
        }
        for (Function k : kernels) {
            if (dm.coarsening(k) > 1 && coarseWorkgroup == null) {
                coarseWorkgroup = moduleNames.fresh("coarseWorkgroup");
                out.append("// a coarsened kernel's workgroup: the block's threads / the threads per invocation, set per launch\n");
                out.append("override ").append(coarseWorkgroup).append(": u32 = 1u;\n");
            }
        }
        bitsHelper = moduleNames.fresh("f32_from_bits");
        List<KernelLayout> layouts = new ArrayList<>();
        for (Function k : kernels) {
            layouts.add(new KernelWriter(k, dm.interfaceOf(k)).write());
        }
        if (bitsHelperUsed) {
            out.append("\n// Infinities, NaNs and subnormals as run-time values: Tint rejects them in constant expressions.\n");
            out.append("fn ").append(bitsHelper).append("(bits: u32) -> f32 {\n  return bitcast<f32>(bits);\n}\n");
        }
        if (!lib.isEmpty()) {
            out.append("\n// webcu's helpers: bounds checks, 64-bit integers and doubles as vec2<u32> (low word, high word),\n");
            out.append("// and the math WGSL lacks or gives less exactly than CUDA.\n");
            out.append(lib.code());
        }
        spansUpTo(out.length());
        return new WgslProgram(out.toString(), layouts, dm.rejected(), lineSpans, dm.debug(), checkSites);
    }

    /** Gives every line finished before {@code end} the span of the statement being written. */
    private void spansUpTo(int end) {
        for (; scanned < end; scanned++) {
            if (out.charAt(scanned) == '\n') {
                lineSpans.add(current);
            }
        }
    }

    private static void collectGlobals(Stmt.Block b, Set<Global> out) {
        Walk.exprs(b, e -> {
            if (e instanceof Expr.GlobalAddr g) {
                out.add(g.global());
            }
        });
    }

    private static void collectStructs(Type t, Set<Type.Struct> out) {
        switch (t) {
            case Type.Struct s -> {
                if (!out.contains(s) && s.isComplete() && !s.fields().isEmpty()) {
                    for (Type.Field f : s.fields()) {
                        collectStructs(f.type(), out);
                    }
                    out.add(s);
                }
            }
            case Type.Array a -> collectStructs(a.element(), out);
            case Type.Ptr p -> {
            }
            default -> {
            }
        }
    }

    /**
     * Declares a struct. One whose C layout WGSL can state gets {@code @size} where C pads more
     * than WGSL would, so it can live in storage buffers; any other is declared for registers,
     * local and shared memory only, where its layout is invisible.
     */
    private void structDecl(Type.Struct s) {
        String name = moduleNames.fresh(s.name());
        structNames.put(s, name);
        Namer fields = new Namer();
        String[] members = new String[s.fields().size()];
        boolean storable = Layouts.storable(s);
        out.append("struct ").append(name).append(" {\n");
        for (int i = 0; i < members.length; i++) {
            Type.Field f = s.fields().get(i);
            members[i] = fields.fresh(f.name());
            out.append("  ");
            if (storable) {
                int end = i + 1 < members.length ? s.fields().get(i + 1).offset() : s.size();
                int natural = f.type().size();
                int nextAlign = i + 1 < members.length ? Layouts.wgslAlign(s.fields().get(i + 1).type()) : Layouts.wgslAlign(s);
                int wgslEnd = (f.offset() + natural + nextAlign - 1) / nextAlign * nextAlign;
                if (wgslEnd != end) {
                    out.append("@size(").append(end - f.offset()).append(") ");
                }
            }
            out.append(members[i]).append(": ").append(type(f.type())).append(",\n");
        }
        out.append("}\n");
        memberNames.put(s, members);
    }

    /** The WGSL type of an IR type in registers, function and workgroup memory, and typed storage. */
    String type(Type t) {
        return switch (t) {
            case Type.Int i when i.bits() == 64 -> "vec2<u32>";
            case Type.Int i -> i.signed() ? "i32" : "u32";
            case Type.Float f when f.bits() == 32 -> "f32";
            case Type.Float f when f.bits() == 64 -> "vec2<u32>";
            case Type.Bool b -> "bool";
            case Type.Array a -> "array<" + type(a.element()) + ", " + a.count() + ">";
            // an empty struct (a functor) holds nothing; WGSL has no empty structs
            case Type.Struct s when s.isComplete() && s.fields().isEmpty() -> "u32";
            case Type.Struct s -> {
                String n = structNames.get(s);
                if (n == null) {
                    throw new InternalCompilerError("WGSL writer: struct " + s.name() + " was not declared");
                }
                yield n;
            }
            // a pointer field of a struct whose pointers MemoryModel keeps in locals of their own
            case Type.Ptr p -> "u32";
            default -> throw new InternalCompilerError("WGSL writer: type " + t + " reached the writer");
        };
    }

    /** A workgroup variable's type: atomic elements where atomics touch it. */
    private String sharedType(Type t, boolean atomic) {
        if (!atomic) {
            return type(t);
        }
        return switch (t) {
            case Type.Array a -> "array<" + sharedType(a.element(), true) + ", " + a.count() + ">";
            default -> "atomic<" + atomicScalar(t) + ">";
        };
    }

    /** The scalar inside {@code atomic<…>} for an element of IR type {@code t}: floats live as their bits. */
    static String atomicScalar(Type t) {
        return t.equals(Type.I32) ? "i32" : "u32";
    }

    /** An integer literal; negative ones in parentheses so they embed anywhere. */
    static String intLiteral(Type.Int t, long v) {
        if (t.bits() == 64) {
            return "vec2<u32>(" + (v & 0xFFFFFFFFL) + "u, " + (v >>> 32) + "u)";
        }
        if (!t.signed()) {
            return (v & 0xFFFFFFFFL) + "u";
        }
        if (v == Integer.MIN_VALUE) {
            return "i32(-2147483648)";
        }
        return v < 0 ? "(-" + (-v) + "i)" : v + "i";
    }

    /**
     * An f32 literal that Tint reads back as exactly this value. A finite value whose shortest
     * decimal does not round-trip through a double is written as its bit pattern; infinities,
     * NaNs and subnormals, which Tint refuses even as {@code bitcast} constants, go through a
     * helper function so they are run-time values.
     */
    private String floatLiteral(float f) {
        float a = Math.abs(f);
        String bits = "0x" + Integer.toHexString(Float.floatToRawIntBits(f)) + "u";
        if (Float.isNaN(f) || Float.isInfinite(f) || a != 0 && a < Float.MIN_NORMAL) {
            bitsHelperUsed = true;
            return bitsHelper + "(" + bits + ")";
        }
        String d = Float.toString(a);
        double back = Double.parseDouble(d);
        if (back > Float.MAX_VALUE || (float) back != a) {
            return "bitcast<f32>(" + bits + ")";
        }
        return Float.floatToRawIntBits(f) < 0 ? "(-" + d + "f)" : d + "f";
    }

    private static boolean isWide(Type t) {
        return Layouts.isWide(t);
    }

    private static boolean signed(Type t) {
        return t instanceof Type.Int i && i.signed();
    }

    /**
     * An array the kernel addresses through pointers: a storage binding, or the dynamic shared
     * memory (words, addressed by byte). {@code element} is the WGSL element's IR type (u8 for words).
     */
    private record Bound(String name, boolean words, boolean atomic, Type element, boolean checked) {
    }

    /**
     * A WGSL reference: its text ({@code a[i].x}), the IR type held there, and whether it is
     * {@code atomic<…>}.
     */
    private record Ref(String text, Type held, boolean atomic) {
    }

    /**
     * A byte-addressed access to a word array: the byte index (a WGSL expression), the type
     * accessed, and the index of its first word (checked against the array's end and the
     * access's alignment, for bindings).
     */
    private record WordRef(Bound bound, String byteIndex, Type type, String wordIndex) {
    }

    /** Writes one kernel: its bindings, its uniform block and its entry point. */
    private final class KernelWriter {
        final Function k;
        final KernelInterface in;
        /** Names in the entry point's scope (locals, temporaries, built-in parameters). */
        Namer fn;
        final Map<Local, String> localNames = new HashMap<>();
        final Map<Local, Bound> byRoot = new HashMap<>();
        final Map<Global, Bound> bySymbol = new IdentityHashMap<>();
        final Set<Local> assigned = new HashSet<>();
        final String entry;
        String threadIdx;
        String workgroupId;
        String workgroupCount;
        /** The uniform's true grid (xyz) and its slices per row (w). */
        String grid;
        String gridDim;
        boolean usesDynamicShared;

        KernelWriter(Function k, KernelInterface in) {
            this.k = k;
            this.in = in;
            this.entry = entryNames.get(k);
            if (in == null) {
                throw new InternalCompilerError("WGSL writer: kernel " + k.name() + " has no interface");
            }
        }

        KernelLayout write() {
            out.append("\n// kernel ").append(k.sourceName()).append('\n');
            List<KernelLayout.Buffer> buffers = new ArrayList<>();
            int binding = 0;
            for (KernelInterface.Binding b : in.bindings()) {
                String name = moduleNames.fresh(b.name());
                Bound bound = new Bound(name, b.view() == KernelInterface.View.WORDS, b.atomic(), b.element(), true);
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
                    element = b.atomic() ? "atomic<" + atomicScalar(b.element()) + ">" : type(b.element());
                }
                if (b.source() instanceof KernelInterface.Heap) {
                    out.append("// the heap: every live allocation at its device address minus heap.base, addressed by byte\n");
                }
                out.append("@group(0) @binding(").append(binding).append(") var<storage, ")
                        .append(writable ? "read_write" : "read").append("> ").append(name).append(": array<")
                        .append(element).append(">;\n");
                binding++;
            }
            KernelLayout.Uniform uniform = null;
            String uniformVar = null;
            Map<Local, String> fieldOf = new LinkedHashMap<>();
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
                offset += 4;
            }
            {
                String struct = moduleNames.fresh(k.sourceName() + "_Params");
                uniformVar = moduleNames.fresh(k.sourceName() + "_params");
                out.append("struct ").append(struct).append(" {\n");
                out.append("  ").append(gridField).append(": vec4<u32>,\n");
                for (KernelLayout.UniformField f : fields) {
                    out.append("  ").append(f.name()).append(": ").append(uniformType(f.type())).append(",\n");
                }
                out.append("}\n");
                out.append("@group(0) @binding(").append(binding).append(") var<uniform> ").append(uniformVar)
                        .append(": ").append(struct).append(";\n");
                uniform = new KernelLayout.Uniform(binding, (offset + 15) / 16 * 16, fields);
            }
            body(uniformVar, fieldOf, uniformVar + "." + gridField);
            int coarse = dm.coarsening(k);
            return new KernelLayout(k.name(), entry, buffers, uniform, List.of(blockDim),
                    usesDynamicShared ? dynamicSharedWords : null, coarse, coarse > 1 ? coarseWorkgroup : null);
        }

        private String uniformType(Type t) {
            return switch (t) {
                case Type.Bool b -> "u32";
                default -> type(t);
            };
        }

        /** Writes the entry point: uniform reads into locals, local declarations, the statements. */
        private void body(String uniformVar, Map<Local, String> fieldOf, String grid) {
            fn = moduleNames.child();
            threadIdx = fn.fresh("threadIdx");
            workgroupId = fn.fresh("workgroupId");
            workgroupCount = fn.fresh("workgroupCount");
            gridDim = fn.fresh("gridDim");
            this.grid = grid;
            // the entry point's own lines (its header, the prologue, the locals, the closing brace)
            // belong to the kernel's declaration: the views map them to the __global__ line
            spansUpTo(out.length());
            Span outside = current;
            current = k.span() == null ? Span.NONE : k.span();
            if (dm.coarsening(k) > 1) {
                out.append("\n@compute @workgroup_size(").append(coarseWorkgroup).append(")\n");
            } else {
                out.append("\n@compute @workgroup_size(").append(blockDim[0]).append(", ").append(blockDim[1]).append(", ")
                        .append(blockDim[2]).append(")\n");
            }
            out.append("fn ").append(entry).append("(@builtin(local_invocation_id) ").append(threadIdx)
                    .append(": vec3<u32>, @builtin(workgroup_id) ").append(workgroupId)
                    .append(": vec3<u32>, @builtin(num_workgroups) ").append(workgroupCount).append(": vec3<u32>) {\n");
            indent = 1;
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
                }
                if (assigned.contains(l)) {
                    line("var " + name + ": " + type(l.type()) + " = " + read + ";");
                } else {
                    line("let " + name + " = " + read + ";");
                }
            }
            for (Local l : k.locals()) {
                if (used.contains(l) && !localNames.containsKey(l) && !byRoot.containsKey(l)) {
                    String name = fn.fresh(l.name());
                    localNames.put(l, name);
                    line("var " + name + ": " + type(l.type()) + ";");
                }
            }
            spansUpTo(out.length());
            int bodyStart = out.length();
            int bodyLine = lineSpans.size();
            int sitesBefore = checkSites.size();
            for (Stmt s : k.body().stmts()) {
                stmt(s);
            }
            // a checked access notes its fault privately; the invocation reports it as it ends
            boolean checks = checkSites.size() > sitesBefore;
            String flush = checks ? lib.use("webcu_flush_faults") + "(); " : "";
            String body = out.substring(bodyStart).replace(FLUSH, flush);
            out.setLength(bodyStart);
            // the body's lines have their spans already: the text is rewritten, not the lines, except
            // for the probe line put in front of them
            List<Span> bodySpans = new ArrayList<>(lineSpans.subList(bodyLine, lineSpans.size()));
            lineSpans.subList(bodyLine, lineSpans.size()).clear();
            scanned = bodyStart;
            if (body.contains("webcu_fmaf(")) {
                // is this adapter's fma fused? (1 + 2^-23)^2 - (1 + 2^-22) is 2^-46 rounded once, 0 rounded twice
                String zero = opaqueZero();
                line("webcu_fma_fused = fma(bitcast<f32>(0x3f800001u | " + zero + "), bitcast<f32>(0x3f800001u | " + zero
                        + "), bitcast<f32>(0xbf800002u | " + zero + ")) != 0.0f;");
                spansUpTo(out.length());
            }
            out.append(body);
            lineSpans.addAll(bodySpans);
            scanned = out.length();
            List<Stmt> top = k.body().stmts();
            if (checks && (top.isEmpty() || !(top.get(top.size() - 1) instanceof Stmt.Return))) {
                line(flush.strip());
            }
            out.append("}\n");
            spansUpTo(out.length());
            current = outside;
            indent = 0;
        }

        private Set<Local> usedLocals() {
            Set<Local> used = new HashSet<>();
            Walk.stmts(k.body(), s -> {
                if (s instanceof Stmt.Assign a) {
                    used.add(a.target());
                    assigned.add(a.target());
                } else if (s instanceof Stmt.Call c && c.result() != null) {
                    used.add(c.result());
                    assigned.add(c.result());
                }
            });
            Walk.exprs(k.body(), e -> {
                if (e instanceof Expr.LocalGet g) {
                    used.add(g.local());
                } else if (e instanceof Expr.LocalAddr a) {
                    used.add(a.local());
                }
            });
            return used;
        }

        // ---- statements

        private void line(String s) {
            spansUpTo(out.length());
            for (int i = 0; i < indent; i++) {
                out.append("  ");
            }
            out.append(s).append('\n');
        }

        private void block(Stmt.Block b) {
            indent++;
            for (Stmt s : b.stmts()) {
                stmt(s);
            }
            indent--;
        }

        private void stmt(Stmt s) {
            spansUpTo(out.length());
            Span saved = current;
            current = s.span();
            stmtBody(s);
            spansUpTo(out.length());
            current = saved;
        }

        private void stmtBody(Stmt s) {
            switch (s) {
                case Stmt.Block b -> {
                    line("{");
                    block(b);
                    line("}");
                }
                case Stmt.Assign a -> {
                    String v = top(a.value());
                    line(local(a.target()) + " = " + v + ";");
                }
                case Stmt.Store st -> store(st);
                case Stmt.Call c -> call(c);
                case Stmt.If i -> ifStmt(i, "if ");
                case Stmt.Loop l -> {
                    line("loop {");
                    block(l.body());
                    if (!l.continuing().stmts().isEmpty() || l.breakIf() != null) {
                        indent++;
                        line("continuing {");
                        block(l.continuing());
                        if (l.breakIf() != null) {
                            indent++;
                            String cond = top(l.breakIf());
                            line("break if " + cond + ";");
                            indent--;
                        }
                        line("}");
                        indent--;
                    }
                    line("}");
                }
                case Stmt.Switch sw -> switchStmt(sw);
                case Stmt.Break b -> line("break;");
                case Stmt.Continue c -> line("continue;");
                case Stmt.Return r -> line(FLUSH + "return;");
                case Stmt.Barrier b -> line("workgroupBarrier();");
                case Stmt.Launch l -> throw new InternalCompilerError("WGSL writer: launch in kernel " + k.name());
            }
        }

        private void ifStmt(Stmt.If i, String keyword) {
            String cond = top(i.cond());
            line(keyword + cond + " {");
            block(i.then());
            elseTail(i);
        }

        private void elseTail(Stmt.If i) {
            List<Stmt> other = i.otherwise().stmts();
            if (other.isEmpty()) {
                line("}");
                return;
            }
            if (other.size() == 1 && other.get(0) instanceof Stmt.If nested) {
                spansUpTo(out.length());
                Span saved = current;
                current = nested.span();
                String nestedCond = top(nested.cond());
                line("} else if " + nestedCond + " {");
                block(nested.then());
                elseTail(nested);
                spansUpTo(out.length());
                current = saved;
                return;
            }
            line("} else {");
            block(i.otherwise());
            line("}");
        }

        private void switchStmt(Stmt.Switch sw) {
            Type.Int t = (Type.Int) sw.selector().type();
            String sel = top(sw.selector());
            Type.Int caseType = t.bits() < 32 ? (t.signed() ? Type.I32 : Type.U32) : t;
            if (t.bits() == 64) {
                throw new InternalCompilerError("WGSL writer: switch on a 64-bit value reached the writer");
            }
            line("switch " + sel + " {");
            indent++;
            boolean hasDefault = false;
            for (Stmt.Case c : sw.cases()) {
                StringBuilder label = new StringBuilder();
                for (Long v : c.values()) {
                    label.append(label.length() == 0 ? "case " : ", ").append(intLiteral(caseType, v));
                }
                if (c.isDefault()) {
                    hasDefault = true;
                    label.append(label.length() == 0 ? "default" : ", default");
                }
                line(label + ": {");
                block(c.body());
                line("}");
            }
            if (!hasDefault) {
                // WGSL requires a default clause; C's missing default does nothing
                line("default: {");
                line("}");
            }
            indent--;
            line("}");
        }

        private String local(Local l) {
            String n = localNames.get(l);
            if (n == null) {
                throw new InternalCompilerError("WGSL writer: local " + l + " has no name in " + k.name());
            }
            return n;
        }

        // ---- calls

        private void call(Stmt.Call c) {
            String name = c.callee().name();
            if (name.equals(Raise.STORAGE_BARRIER)) {
                line("storageBarrier();");
                return;
            }
            if (name.startsWith("__webcu_atomic")) {
                atomic(c);
                return;
            }
            if (webcu.passes.Analysis.isSubgroupOp(c.callee())) {
                subgroup(c);
                return;
            }
            if (Intrinsics.isOutParam(c.callee())) {
                // sincosf(x, &s, &c): the results go to the two addresses
                String x = fn.fresh("angle");
                line("let " + x + " = " + top(c.args().get(0)) + ";");
                storeValue(c.args().get(1), Type.F32, "sin(" + x + ")");
                storeValue(c.args().get(2), Type.F32, "cos(" + x + ")");
                return;
            }
            String template = Intrinsics.wgsl(c.callee());
            if (template == null) {
                throw new InternalCompilerError("WGSL writer: call of '" + name + "' reached the writer");
            }
            if (c.result() == null) {
                return; // the intrinsics have no side effects
            }
            String[] args = new String[c.args().size()];
            for (int i = 0; i < args.length; i++) {
                // a string argument (__builtin_nanf's) is not a value WGSL could hold: only used ones are written
                if (template.contains("$" + i)) {
                    args[i] = expr(fold(c.args().get(i)));
                }
            }
            // fmaf and __fmaf_rn name the probing helper: the device may know its fma already
            String text = substitute(template, args).replace("$z", opaqueZero()).replace("webcu_fmaf(", fmaHelper() + "(");
            for (String helper : WgslLibrary.names()) {
                if (text.contains(helper + "(")) {
                    lib.use(helper);
                }
            }
            line(local(c.result()) + " = " + text + ";");
        }

        /**
         * A u32 zero that the driver's compiler cannot see through: CUDA's grid is narrower than
         * 2^31 blocks, but the compiler only knows that the value comes from the uniform buffer.
         */
        private String opaqueZero() {
            return "(" + gridDim + ".x >> 31u)";
        }

        /** Warps' subgroup operations: a shuffle of u32 words, a ballot of the warp's 32 lanes, a reduction. */
        private void subgroup(Stmt.Call c) {
            String op = c.callee().name().substring(webcu.passes.Analysis.SUBGROUP_PREFIX.length());
            String arg = expr(fold(c.args().get(0)));
            String text = switch (op) {
                case "shuffle" -> "subgroupShuffle(" + arg + ", " + expr(fold(c.args().get(1))) + ")";
                case "ballot" -> "subgroupBallot(" + arg + ").x";
                default -> {
                    String o = op.substring(0, op.indexOf('_'));
                    yield "subgroup" + Character.toUpperCase(o.charAt(0)) + o.substring(1) + "(" + arg + ")";
                }
            };
            line(local(c.result()) + " = " + text + ";");
        }

        private String substitute(String template, String[] args) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < template.length(); i++) {
                char ch = template.charAt(i);
                if (ch == '$' && i + 1 < template.length() && Character.isDigit(template.charAt(i + 1))) {
                    sb.append(args[template.charAt(++i) - '0']);
                } else {
                    sb.append(ch);
                }
            }
            return sb.toString();
        }

        /**
         * An atomic that WGSL has: add, sub, exchange, min, max, and, or, xor on 32-bit integers,
         * strong compare-and-swap (a loop around WGSL's weak one), and 64-bit add, sub, and, or
         * and xor on a word binding (one atomic per word; add and sub carry into the high word).
         * The {@code Atomics} pass has turned the others into compare-and-swap loops.
         */
        private void atomic(Stmt.Call c) {
            String name = c.callee().name();
            String op = name.substring("__webcu_atomic".length(), name.lastIndexOf('_'));
            Type t = c.callee().returnType();
            Object target = resolve(fold(c.args().get(0)), true);
            String place;
            String scalar;
            if (target instanceof WordRef w) {
                String word = fn.fresh("word");
                line("let " + word + " = " + w.wordIndex() + ";");
                place = w.bound().name() + "[" + word + "]";
                scalar = "u32";
                if (isWide(t) && webcu.passes.Analysis.onHalves(op, "u64")) {
                    String v = fn.fresh("v");
                    String lo = fn.fresh("lo");
                    String hi = fn.fresh("hi");
                    String high = w.bound().name() + "[" + word + " + 1u]";
                    line("let " + v + " = " + top(c.args().get(1)) + ";");
                    switch (op) {
                        case "Add" -> {
                            line("let " + lo + " = atomicAdd(&" + place + ", " + v + ".x);");
                            line("let " + hi + " = atomicAdd(&" + high + ", " + v + ".y + select(0u, 1u, "
                                    + lo + " + " + v + ".x < " + lo + "));");
                        }
                        case "Sub" -> {
                            line("let " + lo + " = atomicSub(&" + place + ", " + v + ".x);");
                            line("let " + hi + " = atomicSub(&" + high + ", " + v + ".y + select(0u, 1u, " + lo + " < " + v + ".x));");
                        }
                        default -> {
                            String f = "atomic" + op;
                            line("let " + lo + " = " + f + "(&" + place + ", " + v + ".x);");
                            line("let " + hi + " = " + f + "(&" + high + ", " + v + ".y);");
                        }
                    }
                    if (c.result() != null) {
                        line(local(c.result()) + " = vec2<u32>(" + lo + ", " + hi + ");");
                    }
                    return;
                }
            } else {
                Ref r = (Ref) target;
                if (!r.atomic()) {
                    throw new InternalCompilerError("WGSL writer: atomic on a place that is not atomic in " + k.name());
                }
                place = r.text();
                scalar = atomicScalar(r.held());
            }
            if (isWide(t)) {
                throw new InternalCompilerError("WGSL writer: 64-bit atomic" + op + " reached the writer");
            }
            String wgslT = type(t);
            List<String> args = new ArrayList<>();
            for (int i = 1; i < c.args().size(); i++) {
                args.add(castScalar(top(c.args().get(i)), wgslT, scalar));
            }
            String result;
            if (op.equals("CAS")) {
                String cmp = fn.fresh("cmp");
                String val = fn.fresh("val");
                String r = fn.fresh("cas");
                String old = fn.fresh("old");
                line("let " + cmp + " = " + args.get(0) + ";");
                line("let " + val + " = " + args.get(1) + ";");
                line("var " + old + ": " + scalar + ";");
                // WGSL's compare-exchange may fail spuriously; CUDA's atomicCAS does not
                line("loop {");
                indent++;
                line("let " + r + " = atomicCompareExchangeWeak(&" + place + ", " + cmp + ", " + val + ");");
                line("if " + r + ".exchanged || " + r + ".old_value != " + cmp + " {");
                indent++;
                line(old + " = " + r + ".old_value;");
                line("break;");
                indent--;
                line("}");
                indent--;
                line("}");
                result = old;
            } else {
                String wgslOp = switch (op) {
                    case "Add" -> "atomicAdd";
                    case "Sub" -> "atomicSub";
                    case "Exch" -> "atomicExchange";
                    case "Min" -> "atomicMin";
                    case "Max" -> "atomicMax";
                    case "And" -> "atomicAnd";
                    case "Or" -> "atomicOr";
                    case "Xor" -> "atomicXor";
                    default -> throw new InternalCompilerError("WGSL writer: atomic" + op + " reached the writer");
                };
                result = wgslOp + "(&" + place + ", " + args.get(0) + ")";
            }
            if (c.result() != null) {
                line(local(c.result()) + " = " + castScalar(result, scalar, wgslT) + ";");
            } else if (!op.equals("CAS")) {
                line(result + ";");
            }
        }

        /** A 32-bit scalar from one WGSL type to another of the same size (bit pattern kept). */
        private static String castScalar(String v, String from, String to) {
            return from.equals(to) ? v : "bitcast<" + to + ">(" + v + ")";
        }

        // ---- memory

        /** Resolves a canonical address into a reference or a word access. */
        private Object resolve(Expr a) {
            return resolve(a, false);
        }

        /** A check site for the statement being written; faults name it by its index. */
        private int site(int kind) {
            checkSites.add(new DebugBuffer.CheckSite(current, kind));
            return checkSites.size() - 1;
        }

        private Object resolve(Expr a, boolean write) {
            int kind = write ? webcu.passes.DebugBuffer.OOB_WRITE : webcu.passes.DebugBuffer.OOB_READ;
            switch (a) {
                case Expr.Convert c when c.value() instanceof Expr.PtrAdd pa && pa.base() instanceof Expr.Convert bytes
                        && Build.pointee(bytes.type()).equals(Type.U8) && bound(bytes.value()) != null
                        && bound(bytes.value()).words() -> {
                    Bound b = bound(bytes.value());
                    Type t = Build.pointee(c.type());
                    String bi = top(pa.index());
                    if (b.checked()) {
                        int size = t instanceof Type.Bool ? 1 : t.size();
                        return new WordRef(b, bi, t, lib.use("webcu_checked_word") + "(" + bi + ", " + size + "u, arrayLength(&"
                                + b.name() + "), " + site(kind) + "u, " + kind + "u)");
                    }
                    return new WordRef(b, bi, t, "(" + bi + ") >> 2u");
                }
                case Expr.Convert c -> {
                    Object inner = resolve(c.value(), write);
                    if (inner instanceof Ref r) {
                        return new Ref(r.text(), r.held(), r.atomic());
                    }
                    Type outer = Build.pointee(c.type());
                    if (inner instanceof WordRef w && outer.size() == w.type().size() && !(outer instanceof Type.Struct)
                            && !(outer instanceof Type.Array)) {
                        // a word reinterpreted (an i32 read as u32 by an atomic's CAS loop): the outer type is read
                        return new WordRef(w.bound(), w.byteIndex(), outer, w.wordIndex());
                    }
                    return inner;
                }
                case Expr.PtrAdd pa -> {
                    Bound b = bound(pa.base());
                    if (b == null || b.words()) {
                        throw new InternalCompilerError("WGSL writer: address " + webcu.ir.IrPrinter.expr(a)
                                + " is not in MemoryModel's canonical form");
                    }
                    String i = lib.use("webcu_checked") + "(" + index(pa.index()) + ", arrayLength(&" + b.name() + "), "
                            + site(kind) + "u, " + kind + "u)";
                    return new Ref(b.name() + "[" + i + "]", b.element(), b.atomic());
                }
                case Expr.LocalAddr l -> {
                    return new Ref(local(l.local()), l.local().type(), false);
                }
                case Expr.GlobalAddr g -> {
                    String n = globalNames.get(g.global());
                    if (n == null) {
                        throw new InternalCompilerError("WGSL writer: global " + g.global() + " has no WGSL variable");
                    }
                    return new Ref(n, g.global().type(), dm.isAtomic(g.global()) || n.equals(DEBUG));
                }
                case Expr.ElementAddr e -> {
                    Ref b = (Ref) resolve(e.base(), write);
                    return new Ref(b.text() + "[" + index(e.index()) + "]", ((Type.Array) b.held()).element(), b.atomic());
                }
                case Expr.FieldAddr f -> {
                    Ref b = (Ref) resolve(f.base(), write);
                    Type.Struct s = (Type.Struct) b.held();
                    return new Ref(b.text() + "." + memberNames.get(s)[f.field()], s.fields().get(f.field()).type(), b.atomic());
                }
                default -> throw new InternalCompilerError("WGSL writer: address " + webcu.ir.IrPrinter.expr(a)
                        + " is not in MemoryModel's canonical form");
            }
        }

        /** An array index: a 64-bit index uses its low word (indices into WGSL arrays fit in 32 bits). */
        private String index(Expr i) {
            return isWide(i.type()) ? expr(i) + ".x" : top(i);
        }

        /** The binding a pointer root expression ({@code %p}, {@code convert(%p)}, {@code &g}) names, or null. */
        private Bound bound(Expr root) {
            return switch (root) {
                case Expr.LocalGet g -> byRoot.get(g.local());
                case Expr.Convert c -> bound(c.value());
                case Expr.GlobalAddr g when g.global().dynamicShared() -> {
                    usesDynamicShared = true;
                    yield new Bound(dynamicShared, true, dm.isAtomic(g.global()), Type.U8, false);
                }
                case Expr.GlobalAddr g -> bySymbol.get(g.global());
                default -> null;
            };
        }

        /** Reads the {@code t} at address {@code a}. */
        private String load(Expr a, Type t) {
            Object target = resolve(a);
            if (target instanceof WordRef w) {
                return loadWords(w);
            }
            Ref r = (Ref) target;
            if (r.atomic()) {
                return castScalar("atomicLoad(&" + r.text() + ")", atomicScalar(r.held()), type(t));
            }
            return sameRepresentation(r.held(), t) ? r.text() : "bitcast<" + type(t) + ">(" + r.text() + ")";
        }

        private boolean sameRepresentation(Type a, Type b) {
            return a.equals(b) || isWide(a) && isWide(b);
        }

        private String word(Bound b, String wordIndex) {
            String w = b.name() + "[" + wordIndex + "]";
            return b.atomic() ? "atomicLoad(&" + w + ")" : w;
        }

        private String loadWords(WordRef w) {
            String bi = w.byteIndex();
            String wi = w.wordIndex();
            Type t = w.type();
            int size = t instanceof Type.Bool ? 1 : t.size();
            return switch (size) {
                case 8 -> "vec2<u32>(" + word(w.bound(), wi) + ", " + word(w.bound(), "(" + wi + ") + 1u") + ")";
                case 4 -> castScalar(word(w.bound(), wi), "u32", type(t));
                default -> {
                    String shifted = "(" + word(w.bound(), wi) + " >> (((" + bi + ") & 3u) << 3u))";
                    int bits = size * 8;
                    if (t instanceof Type.Bool) {
                        yield "((" + shifted + " & 0xffu) != 0u)";
                    }
                    if (signed(t)) {
                        yield "(bitcast<i32>(" + shifted + " << " + (32 - bits) + "u) >> " + (32 - bits) + "u)";
                    }
                    yield "(" + shifted + " & " + (bits == 8 ? "0xffu" : "0xffffu") + ")";
                }
            };
        }

        private void store(Stmt.Store st) {
            String v = top(st.value());
            storeValue(st.address(), st.value().type(), v);
        }

        /** Writes the WGSL value {@code v} of IR type {@code t} to the canonical address {@code address}. */
        private void storeValue(Expr address, Type t, String v) {
            Expr a = fold(address);
            Object target = resolve(a, true);
            if (target instanceof WordRef w) {
                storeWords(w, v);
                return;
            }
            Ref r = (Ref) target;
            if (r.atomic()) {
                line("atomicStore(&" + r.text() + ", " + castScalar(v, type(t), atomicScalar(r.held())) + ");");
                return;
            }
            String value = sameRepresentation(r.held(), t) ? v : "bitcast<" + type(r.held()) + ">(" + v + ")";
            line(r.text() + " = " + value + ";");
        }

        private void storeWords(WordRef w, String v) {
            Type t = w.type();
            int size = t instanceof Type.Bool ? 1 : t.size();
            String name = w.bound().name();
            boolean atomic = w.bound().atomic();
            String wi = fn.fresh("word");
            if (size == 8) {
                String val = fn.fresh("value");
                line("let " + val + " = " + v + ";");
                line("let " + wi + " = " + w.wordIndex() + ";");
                putWord(name, wi, val + ".x", atomic);
                putWord(name, wi + " + 1u", val + ".y", atomic);
                return;
            }
            if (size == 4) {
                line("let " + wi + " = " + w.wordIndex() + ";");
                putWord(name, wi, castScalar(v, type(t), "u32"), atomic);
                return;
            }
            String bi = fn.fresh("byte");
            String shift = fn.fresh("shift");
            line("let " + bi + " = " + w.byteIndex() + ";");
            line("let " + wi + " = " + w.wordIndex() + ";");
            line("let " + shift + " = (" + bi + " & 3u) << 3u;");
            String mask = size == 1 ? "0xffu" : "0xffffu";
            String bits = t instanceof Type.Bool ? "select(0u, 1u, " + v + ")" : "(" + castScalar(v, type(t), "u32") + " & " + mask + ")";
            // neighbouring bytes of the word may belong to other threads: change only ours, atomically
            line("atomicAnd(&" + name + "[" + wi + "], ~(" + mask + " << " + shift + "));");
            line("atomicOr(&" + name + "[" + wi + "], " + bits + " << " + shift + ");");
        }

        private void putWord(String name, String index, String value, boolean atomic) {
            if (atomic) {
                line("atomicStore(&" + name + "[" + index + "], " + value + ");");
            } else {
                line(name + "[" + index + "] = " + value + ";");
            }
        }

        // ---- expressions

        /** An expression at the top of a statement: no outer parentheses needed. */
        private String top(Expr e) {
            Expr f = fold(e);
            if (f instanceof Expr.Binary b && !isWide(b.left().type())) {
                return binaryBody(b);
            }
            return expr(f);
        }

        private Expr fold(Expr e) {
            return ConstFold.fold(e);
        }

        /** A folded expression, parenthesized unless atomic, so it embeds anywhere. */
        private String expr(Expr e) {
            return switch (e) {
                case Expr.IntConst c -> SubWord.isSubWord(c.type()) ? intLiteral(c.type().signed() ? Type.I32 : Type.U32, c.value())
                        : intLiteral(c.type(), c.value());
                case Expr.FloatConst c -> c.type().bits() == 64 ? intLiteral(Type.U64, Double.doubleToRawLongBits(c.value()))
                        : floatLiteral((float) c.value());
                case Expr.BoolConst c -> c.value() ? "true" : "false";
                case Expr.LocalGet g -> local(g.local());
                case Expr.BuiltinGet b -> builtin(b);
                case Expr.Load l -> load(l.address(), l.type());
                case Expr.Unary u when SubWord.isSubWord(u.type()) -> throw narrow(u);
                case Expr.Binary b when SubWord.isSubWord(b.type()) -> throw narrow(b);
                case Expr.Unary u -> unary(u);
                case Expr.Binary b -> {
                    if (isWide(b.left().type()) || isWide(b.type())) {
                        yield wideBinary(b);
                    }
                    if (b.op() == BinaryOp.MUL && b.type().equals(Type.F32) && gridDim != null) {
                        // Contract fused every product nvcc fuses; the driver must not fuse the others
                        yield lib.use("webcu_rn") + "(" + binaryBody(b) + ", " + opaqueZero() + ")";
                    }
                    yield "(" + binaryBody(b) + ")";
                }
                case Expr.Convert c -> convert(c);
                case Expr.Select s -> select(s);
                case Expr.Fma f -> fma(f);
                default -> throw new InternalCompilerError("WGSL writer: expression " + webcu.ir.IrPrinter.expr(e)
                        + " reached the writer");
            };
        }

        /**
         * A contracted multiply-add, rounded once. WGSL's {@code fma} is "e1 * e2 + e3" with the
         * accuracy of that expression, so fusing is the implementation's choice: Tint emits
         * GLSL.std.450 Fma for Vulkan (FFMA on NVIDIA; SwiftShader rounds twice) and metal::fma for
         * Metal. Where the device measured its fma at start-up ({@link DeviceTarget.Fma}) the
         * writer calls the hardware's or the exact integer one directly; otherwise
         * {@code webcu_fmaf} uses the hardware's where the entry point's probe found it fused. The
         * direct forms matter for speed: with both paths in an inner loop NVIDIA's compiler keeps
         * the software one's registers live. Doubles are software here: {@code webcu_dfma}
         * rounds the exact sum once.
         */
        private String fma(Expr.Fma f) {
            String a = expr(f.a());
            String b = expr(f.b());
            String c = expr(f.c());
            if (isWide(f.type())) {
                return lib.use("webcu_dfma") + "(" + a + ", " + b + ", " + c + ")";
            }
            String helper = fmaHelper();
            return (helper.equals("fma") ? helper : lib.use(helper)) + "(" + a + ", " + b + ", " + c + ")";
        }

        /** The function that computes a float fma rounded once on this device. */
        private String fmaHelper() {
            return switch (dm.target().fma()) {
                case HARDWARE -> "fma";
                case SOFTWARE -> "webcu_fmaf_soft";
                case PROBE -> "webcu_fmaf";
            };
        }

        private String builtin(Expr.BuiltinGet b) {
            String c = XYZ[b.component()];
            return switch (b.builtin()) {
                case THREAD_IDX -> threadIdx + "." + c;
                case GRID_DIM -> gridDim + "." + c;
                case WORKGROUP_ID -> workgroupId + "." + c;
                case NUM_WORKGROUPS -> workgroupCount + "." + c;
                case GRID_SLICES -> grid + ".w";
                case BLOCK_IDX -> throw new InternalCompilerError("WGSL writer: blockIdx reached the writer (GridFolding computes it)");
                case BLOCK_DIM -> blockDim[b.component()];
            };
        }

        private InternalCompilerError narrow(Expr e) {
            return new InternalCompilerError("WGSL writer: 8- or 16-bit operation " + webcu.ir.IrPrinter.expr(e)
                    + " reached the writer (SubWord makes it 32-bit)");
        }

        private String unary(Expr.Unary u) {
            String x = expr(u.operand());
            if (isWide(u.type())) {
                return switch (u.op()) {
                    case NEG -> u.type() instanceof Type.Float ? "(" + x + " ^ vec2<u32>(0u, 0x80000000u))"
                            : lib.use("webcu_neg64") + "(" + x + ")";
                    case NOT -> "(~" + x + ")";
                    case LNOT -> "(!" + x + ")";
                };
            }
            return switch (u.op()) {
                // WGSL has no unary minus on u32; 0u - x is the same modulo 2^32
                case NEG -> !signed(u.type()) && u.type() instanceof Type.Int ? "(0u - " + x + ")" : "(-" + x + ")";
                case NOT -> "(~" + x + ")";
                case LNOT -> "(!" + x + ")";
            };
        }

        private String binaryBody(Expr.Binary b) {
            if (b.op().isComparison() && b.left().type() instanceof Type.Float) {
                return floatCompare(b);
            }
            String l = expr(b.left());
            BinaryOp op = b.op();
            String sym = op.symbol;
            if (op == BinaryOp.XOR && b.type() instanceof Type.Bool) {
                sym = "!=";
            }
            String r;
            if (op == BinaryOp.SHL || op == BinaryOp.SHR) {
                r = shiftCount(b.right());
            } else {
                r = expr(b.right());
            }
            return l + " " + sym + " " + r;
        }

        /**
         * A float comparison that is false for NaN (true for {@code !=}) however the backend
         * compiles it: SwiftShader, like fast-math compilers, may assume floats are never NaN.
         */
        private String floatCompare(Expr.Binary b) {
            String l = expr(b.left());
            String r = expr(b.right());
            String cmp = l + " " + b.op().symbol + " " + r;
            boolean lc = b.left() instanceof Expr.FloatConst;
            boolean rc = b.right() instanceof Expr.FloatConst;
            if (lc && rc) {
                return cmp;
            }
            String unordered = lc || rc ? lib.use("webcu_isnanf") + "(" + (lc ? r : l) + ")"
                    : lib.use("webcu_unordered") + "(" + l + ", " + r + ")";
            return b.op() == BinaryOp.NE ? "(" + cmp + ") || " + unordered : "(" + cmp + ") && !" + unordered;
        }

        private String shiftCount(Expr c) {
            if (c instanceof Expr.IntConst i) {
                return (i.value() & 0xFFFFFFFFL) + "u";
            }
            if (isWide(c.type())) {
                return expr(c) + ".x";
            }
            return c.type().equals(Type.U32) ? expr(c) : "u32(" + top(c) + ")";
        }

        /** A 64-bit integer operation through the helpers (bitwise ones work on vec2 directly). */
        private String wideBinary(Expr.Binary b) {
            Type t = b.left().type();
            if (t instanceof Type.Float) {
                return doubleBinary(b);
            }
            boolean s = signed(t);
            String l = expr(b.left());
            if (b.op() == BinaryOp.SHL || b.op() == BinaryOp.SHR) {
                String n = shiftCount(b.right());
                return lib.use(b.op() == BinaryOp.SHL ? "webcu_shl64" : s ? "webcu_shr64s" : "webcu_shr64u") + "(" + l + ", " + n + ")";
            }
            String r = expr(b.right());
            String lt = s ? "webcu_lts64" : "webcu_ltu64";
            return switch (b.op()) {
                case ADD -> lib.use("webcu_add64") + "(" + l + ", " + r + ")";
                case SUB -> lib.use("webcu_sub64") + "(" + l + ", " + r + ")";
                case MUL -> lib.use("webcu_mul64") + "(" + l + ", " + r + ")";
                case DIV -> lib.use(s ? "webcu_sdivmod64" : "webcu_udivmod64") + "(" + l + ", " + r + ").q";
                case REM -> lib.use(s ? "webcu_sdivmod64" : "webcu_udivmod64") + "(" + l + ", " + r + ").r";
                case AND -> "(" + l + " & " + r + ")";
                case OR -> "(" + l + " | " + r + ")";
                case XOR -> "(" + l + " ^ " + r + ")";
                case EQ -> "all(" + l + " == " + r + ")";
                case NE -> "any(" + l + " != " + r + ")";
                case LT -> lib.use(lt) + "(" + l + ", " + r + ")";
                case GT -> lib.use(lt) + "(" + r + ", " + l + ")";
                case LE -> "(!" + lib.use(lt) + "(" + r + ", " + l + "))";
                case GE -> "(!" + lib.use(lt) + "(" + l + ", " + r + "))";
                default -> throw new InternalCompilerError("WGSL writer: 64-bit " + b.op() + " reached the writer");
            };
        }

        /** A double operation through the soft-float helpers (exact, round to nearest even). */
        private String doubleBinary(Expr.Binary b) {
            String l = expr(b.left());
            String r = expr(b.right());
            return switch (b.op()) {
                case ADD -> lib.use("webcu_dadd") + "(" + l + ", " + r + ")";
                case SUB -> lib.use("webcu_dsub") + "(" + l + ", " + r + ")";
                case MUL -> lib.use("webcu_dmul") + "(" + l + ", " + r + ")";
                case DIV -> lib.use("webcu_ddiv") + "(" + l + ", " + r + ")";
                case EQ -> lib.use("webcu_deq") + "(" + l + ", " + r + ")";
                case NE -> "(!" + lib.use("webcu_deq") + "(" + l + ", " + r + "))";
                case LT -> lib.use("webcu_dlt") + "(" + l + ", " + r + ")";
                case GT -> lib.use("webcu_dlt") + "(" + r + ", " + l + ")";
                case LE -> "(" + lib.use("webcu_dlt") + "(" + l + ", " + r + ") || " + lib.use("webcu_deq") + "(" + l + ", " + r + "))";
                case GE -> "(" + lib.use("webcu_dlt") + "(" + r + ", " + l + ") || " + lib.use("webcu_deq") + "(" + l + ", " + r + "))";
                default -> throw new InternalCompilerError("WGSL writer: double " + b.op() + " reached the writer");
            };
        }

        private String convert(Expr.Convert c) {
            Type from = c.value().type();
            Type to = c.type();
            if (from.equals(to) || from instanceof Type.Int && to instanceof Type.Int && !isWide(from) && !isWide(to)
                    && type(from).equals(type(to))) {
                // one register type: SubWord has wrapped what could leave the narrower type's range
                return expr(c.value());
            }
            String x = top(c.value());
            if (to instanceof Type.Bool) {
                if (from instanceof Type.Float f && f.bits() == 64) {
                    return "(((" + x + ").y & 0x7fffffffu) | (" + x + ").x) != 0u";
                }
                return isWide(from) ? "any(" + expr(c.value()) + " != vec2<u32>(0u, 0u))" : "bool(" + x + ")";
            }
            if (from instanceof Type.Bool) {
                if (isWide(to)) {
                    return to instanceof Type.Float ? "select(vec2<u32>(0u, 0u), vec2<u32>(0u, 0x3ff00000u), " + x + ")"
                            : "vec2<u32>(select(0u, 1u, " + x + "), 0u)";
                }
                return type(to) + "(" + x + ")";
            }
            if (to instanceof Type.Float tf && tf.bits() == 64) {
                if (from instanceof Type.Float) {
                    return lib.use("webcu_f32_to_f64") + "(" + x + ")";
                }
                if (!isWide(from)) {
                    return signed(from) ? lib.use("webcu_i32_to_f64") + "(i32(" + x + "))"
                            : lib.use("webcu_u32_to_f64") + "(u32(" + x + "))";
                }
                return lib.use(signed(from) ? "webcu_i64_to_f64" : "webcu_u64_to_f64") + "(" + x + ")";
            }
            if (from instanceof Type.Float ff && ff.bits() == 64) {
                if (to instanceof Type.Float) {
                    return lib.use("webcu_f64_to_f32") + "(" + x + ")";
                }
                if (!isWide(to)) {
                    return signed(to) ? lib.use("webcu_f64_to_i32") + "(" + x + ")" : lib.use("webcu_f64_to_u32") + "(" + x + ")";
                }
                return signed(to) ? lib.use("webcu_f64_to_i64") + "(" + x + ", false)" : lib.use("webcu_f64_to_u64") + "(" + x + ")";
            }
            if (isWide(to)) {
                if (from instanceof Type.Float) {
                    return lib.use(signed(to) ? "webcu_f32_to_i64" : "webcu_f32_to_u64") + "(" + x + ")";
                }
                if (isWide(from)) {
                    return expr(c.value());
                }
                return signed(from) ? lib.use("webcu_i64") + "(i32(" + x + "))" : "vec2<u32>(u32(" + x + "), 0u)";
            }
            if (isWide(from)) {
                String v = expr(c.value());
                if (to instanceof Type.Float) {
                    return lib.use(signed(from) ? "webcu_i64_to_f32" : "webcu_u64_to_f32") + "(" + v + ")";
                }
                return signed(to) ? "bitcast<i32>(" + v + ".x)" : v + ".x";
            }
            if (from instanceof Type.Float && to instanceof Type.Int) {
                // PTX's cvt.rzi saturates to the integer's range and turns NaN into 0; WGSL's clamps
                // to the nearest float inside the range and leaves NaN to the implementation
                return lib.use(signed(to) ? "webcu_f32_to_i32" : "webcu_f32_to_u32") + "(" + x + ")";
            }
            if (to instanceof Type.Float || from instanceof Type.Float) {
                return type(to) + "(" + x + ")";
            }
            // integers of at most 32 bits (or a pointer's offset): the bits stay
            return type(to).equals(type(from)) ? expr(c.value()) : type(to) + "(" + x + ")";
        }

        private String select(Expr.Select s) {
            if (Raise.hasLoad(s.ifTrue()) || Raise.hasLoad(s.ifFalse())) {
                throw new InternalCompilerError("WGSL writer: a select that reads memory was not raised in " + k.name());
            }
            return "select(" + top(s.ifFalse()) + ", " + top(s.ifTrue()) + ", " + top(s.cond()) + ")";
        }
    }

    /** Small IR helpers of the writer. */
    private static final class Build {
        static Type pointee(Type t) {
            return ((Type.Ptr) t).pointee();
        }
    }

    /** Walks statements and expressions of a block (the writer's own, as webcu.passes.Rewriter is package-private). */
    private static final class Walk {
        static void stmts(Stmt.Block b, java.util.function.Consumer<Stmt> visit) {
            for (Stmt s : b.stmts()) {
                stmt(s, visit);
            }
        }

        private static void stmt(Stmt s, java.util.function.Consumer<Stmt> visit) {
            visit.accept(s);
            switch (s) {
                case Stmt.Block b -> stmts(b, visit);
                case Stmt.If i -> {
                    stmts(i.then(), visit);
                    stmts(i.otherwise(), visit);
                }
                case Stmt.Loop l -> {
                    stmts(l.body(), visit);
                    stmts(l.continuing(), visit);
                }
                case Stmt.Switch sw -> sw.cases().forEach(c -> stmts(c.body(), visit));
                default -> {
                }
            }
        }

        static void exprs(Stmt.Block b, java.util.function.Consumer<Expr> visit) {
            stmts(b, s -> {
                for (Expr e : Stmt.roots(s)) {
                    walk(e, visit);
                }
            });
        }

        private static void walk(Expr e, java.util.function.Consumer<Expr> visit) {
            visit.accept(e);
            for (Expr c : Expr.children(e)) {
                walk(c, visit);
            }
        }

    }
}
