package webcu.spirv;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import webcu.diag.Span;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Global;
import webcu.ir.Local;
import webcu.ir.Stmt;
import webcu.ir.Type;
import webcu.passes.DebugBuffer;
import webcu.passes.KernelInterface;
import webcu.passes.KernelLayout;
import webcu.spirv.SpirvTypes.Unsupported;

/**
 * One kernel's entry point: its buffers and uniform block, its Function variables, and its body
 * as structured SPIR-V (the statements here, the expressions and memory in {@link SpirvValues}).
 */
final class KernelWriter {
    final SpirvWriter w;
    final SpirvModule m;
    final SpirvTypes types;
    final Function k;
    private final KernelInterface in;
    SpirvModule.Function f;
    /** Module-scope variables the entry point uses: its interface. */
    final Set<Integer> used = new LinkedHashSet<>();
    final Map<Local, Integer> vars = new HashMap<>();
    /** A storage buffer or the dynamic shared memory: what pointer roots address. */
    record Buffer(int var, Type element, boolean words, boolean atomic, String storageClass, boolean prefixed) {
    }

    /** The binding of each buffer variable, and the u64 views of word bindings made for 64-bit atomics. */
    private final Map<Integer, Integer> bindingOf = new HashMap<>();
    private final Map<Integer, Integer> wideViews = new HashMap<>();
    final Map<Local, Buffer> roots = new HashMap<>();
    final Map<Global, Buffer> symbols = new HashMap<>();
    int uniformVar;
    /**
     * The invocation's first bad access, {@code site << 3 | kind}, 0 for none: noted by the checks,
     * reported to the debug buffer when the invocation returns (as the WGSL target's webcu_oob);
     * -1 when the kernel has no buffers to check.
     */
    int oob = -1;
    /**
     * With physical pointers ({@link SpirvWriter#physicalPointers}): the heap binding, which holds
     * the launch's allocation table ({@link SpirvPhysical}), and the Function variables of its
     * binary search; -1 otherwise.
     */
    int allocationTable = -1;
    int searchLo = -1;
    int searchHi = -1;
    /** The allocation table's header (a uvec4: count, unused, the sink's address), loaded at the kernel's start. */
    int tableHeader = -1;
    /** The allocation table's entry the invocation's last physical access used (a uvec4 Function variable). */
    int lastEntry = -1;
    private int tableVectors = -1;
    private int currentLabel;
    /** Whether the current block still needs its terminator. */
    boolean open;
    private String lastLine;
    final SpirvValues values;
    private LoopExits loopExits;

    /**
     * Where Break and Continue go: a loop's merge and continue target, or a switch's merge
     * (continueTarget -1); {@code exitFlag}: the loop's {@link LoopExits} flag, -1 for none.
     */
    private record Target(int merge, int continueTarget, int exitFlag) {
    }

    private final Deque<Target> targets = new ArrayDeque<>();

    KernelWriter(SpirvWriter w, Function k, KernelInterface in) {
        this.w = w;
        this.m = w.m;
        this.types = w.types;
        this.k = k;
        this.in = in;
        this.values = new SpirvValues(this);
        if (in == null) {
            throw new webcu.diag.InternalCompilerError("SPIR-V writer: kernel " + k.name() + " has no interface");
        }
    }

    /**
     * A second declaration of word binding {@code var}'s buffer, as a runtime array of u64, for the
     * native 64-bit atomics on it (Vulkan lets several variables share a binding).
     */
    int wideView(int var) {
        return wideViews.computeIfAbsent(var, x -> {
            int element = types.laidOut(Type.U64);
            int block = m.typeStruct(types.runtimeArray(element, 8));
            m.decorate(block, "Block");
            m.memberDecorate(block, 0, "Offset", 0);
            int alias = m.variable(m.typePointer("StorageBuffer", block), "StorageBuffer");
            m.decorate(alias, "DescriptorSet", 0);
            m.decorate(alias, "Binding", bindingOf.get(var));
            used.add(alias);
            return alias;
        });
    }

    /** A second declaration of the allocation table's binding as uvec4s: a header or entry in one load (SpirvPhysical). */
    int tableVectors() {
        if (tableVectors < 0) {
            int block = m.typeStruct(types.runtimeArray(types.v4u32(), 16));
            m.decorate(block, "Block");
            m.memberDecorate(block, 0, "Offset", 0);
            tableVectors = m.variable(m.typePointer("StorageBuffer", block), "StorageBuffer");
            m.name(tableVectors, "webcu_entries");
            m.decorate(tableVectors, "DescriptorSet", 0);
            m.decorate(tableVectors, "Binding", bindingOf.get(allocationTable));
            m.decorate(tableVectors, "NonWritable");
            used.add(tableVectors);
        }
        return tableVectors;
    }

    KernelLayout write() {
        List<KernelLayout.Buffer> buffers = new ArrayList<>();
        int binding = 0;
        for (KernelInterface.Binding b : in.bindings()) {
            boolean words = b.view() == KernelInterface.View.WORDS;
            Type element = words ? Type.U32 : b.atomic() ? SpirvWriter.atomicView(b.element()) : b.element();
            if (b.atomic() && !words && !(element instanceof Type.Int i && i.bits() == 32)) {
                throw new Unsupported("atomics on '" + element + "' in global memory");
            }
            int elementType = types.laidOut(element);
            int block = m.typeStruct(types.runtimeArray(elementType, element.size()));
            m.decorate(block, "Block");
            m.memberDecorate(block, 0, "Offset", 0);
            boolean table = b.source() instanceof KernelInterface.Heap && w.physicalPointers();
            boolean writable = !table && (b.written() || b.atomic());
            int var = m.variable(m.typePointer("StorageBuffer", block), "StorageBuffer");
            m.name(var, table ? "webcu_allocations" : b.name());
            if (table) {
                allocationTable = var;
            }
            m.decorate(var, "DescriptorSet", 0);
            m.decorate(var, "Binding", binding);
            used.add(var);
            bindingOf.put(var, binding);
            if (!writable) {
                m.decorate(var, "NonWritable");
            }
            Buffer buffer = new Buffer(var, element, words, b.atomic(), "StorageBuffer", true);
            if (b.root() != null) {
                roots.put(b.root(), buffer);
            } else {
                symbols.put(b.global(), buffer);
            }
            int param = b.source() instanceof KernelInterface.Arg a ? a.index() : -1;
            int argOffset = b.source() instanceof KernelInterface.Arg a ? a.argOffset() : 0;
            buffers.add(new KernelLayout.Buffer(binding, param, argOffset, b.global() != null ? b.global().name() : null,
                    b.name(), b.unitSize(), !writable));
            binding++;
        }
        // the uniform block: the grid (GridFolding's four words), the scalars, the hidden offsets (WGSL's offsets)
        List<KernelLayout.UniformField> fields = new ArrayList<>();
        Map<Local, Integer> memberOf = new LinkedHashMap<>();
        List<Integer> memberTypes = new ArrayList<>();
        List<Integer> offsets = new ArrayList<>();
        List<String> names = new ArrayList<>();
        memberTypes.add(types.v4u32());
        offsets.add(0);
        names.add("webcu_grid");
        int offset = 16;
        for (KernelInterface.Value v : in.values()) {
            // heap mode: a pointer argument or device variable arrives as its u32 heap offset, heap.base as a u64
            KernelLayout.UniformField field = new KernelLayout.UniformField(v.name(), v.index(), v.argOffset(), v.type(), 0, -1,
                    v.symbol() != null ? v.symbol().name() : null);
            int size = field.size();
            offset = (offset + size - 1) / size * size;
            fields.add(new KernelLayout.UniformField(v.name(), v.index(), v.argOffset(), v.type(), offset, -1, field.symbol()));
            memberOf.put(v.local(), memberTypes.size());
            memberTypes.add(uniformType(v.local().type()));
            offsets.add(offset);
            names.add(v.name());
            offset += size;
        }
        for (int i = 0; i < in.bindings().size(); i++) {
            KernelInterface.Binding b = in.bindings().get(i);
            if (b.offset() == null) {
                continue;
            }
            KernelInterface.Arg a = (KernelInterface.Arg) b.source();
            fields.add(new KernelLayout.UniformField(b.offset().name(), a.index(), a.argOffset(), Type.U32, offset, i));
            memberOf.put(b.offset(), memberTypes.size());
            memberTypes.add(types.u32());
            offsets.add(offset);
            names.add(b.offset().name());
            offset += 4;
        }
        int params = m.typeStruct(memberTypes.stream().mapToInt(Integer::intValue).toArray());
        m.decorate(params, "Block");
        m.name(params, k.sourceName() + "_Params");
        for (int i = 0; i < memberTypes.size(); i++) {
            m.memberDecorate(params, i, "Offset", offsets.get(i));
            m.memberName(params, i, names.get(i));
        }
        uniformVar = m.variable(m.typePointer("Uniform", params), "Uniform");
        m.name(uniformVar, k.sourceName() + "_params");
        m.decorate(uniformVar, "DescriptorSet", 0);
        m.decorate(uniformVar, "Binding", binding);
        used.add(uniformVar);

        int voidT = types.voidType();
        f = m.function(voidT, m.typeFunction(voidT), "None");
        String entry = w.entryName(k);
        m.name(f.id(), k.sourceName());
        label(m.id());
        Set<Local> usedLocals = SpirvWriter.usedLocals(k.body());
        for (Local l : k.locals()) {
            if (usedLocals.contains(l) && !roots.containsKey(l) && !(l.type() instanceof Type.Ptr)) {
                int var = f.value("OpVariable", m.typePointer("Function", types.value(l.type())),
                        SpirvModule.enumValue("StorageClass", "Function"));
                m.name(var, l.name());
                vars.put(l, var);
            }
        }
        loopExits = new LoopExits(this, k.body(), w.deviceModule().target().loopLimit() > 0);
        if (!in.bindings().isEmpty()) {
            oob = f.value("OpVariable", m.typePointer("Function", types.u32()), SpirvModule.enumValue("StorageClass", "Function"),
                    m.constantU32(0));
            m.name(oob, "webcu_oob");
        }
        if (allocationTable >= 0) {
            searchLo = f.value("OpVariable", m.typePointer("Function", types.u32()), SpirvModule.enumValue("StorageClass", "Function"));
            m.name(searchLo, "webcu_lo");
            searchHi = f.value("OpVariable", m.typePointer("Function", types.u32()), SpirvModule.enumValue("StorageClass", "Function"));
            m.name(searchHi, "webcu_hi");
            int none = m.constantComposite(types.v4u32(), m.constantU32(-1), m.constantU32(0), m.constantU32(0), m.constantU32(0));
            lastEntry = f.value("OpVariable", m.typePointer("Function", types.v4u32()), SpirvModule.enumValue("StorageClass", "Function"),
                    none);
            m.name(lastEntry, "webcu_last");
        }
        line(k.span());
        for (Map.Entry<Local, Integer> e : memberOf.entrySet()) {
            Local l = e.getKey();
            if (!vars.containsKey(l)) {
                continue;
            }
            int member = e.getValue();
            Type stored = uniformIr(l.type());
            int ptr = f.value("OpAccessChain", m.typePointer("Uniform", memberTypes.get(member)), uniformVar, m.constantU32(member));
            int v = values.convert(f.value("OpLoad", memberTypes.get(member), ptr), stored, l.type());
            f.op("OpStore", vars.get(l), v);
        }
        if (allocationTable >= 0) {
            tableHeader = SpirvPhysical.header(this);
        }
        loopExits.start(uniformVar);
        for (Stmt s : k.body().stmts()) {
            stmt(s);
        }
        if (open) {
            returnFromKernel();
        }
        f.end();
        m.entryPoint("GLCompute", f.id(), entry, used.stream().mapToInt(Integer::intValue).toArray());
        m.executionMode(f.id(), "LocalSize", 1, 1, 1);
        // CUDA's float arithmetic keeps NaN, infinities, signed zeros and (without -ftz) subnormal
        // numbers; a driver told nothing may compile as fast math does (NVIDIA's did: inf_nan)
        for (String mode : new String[] {"SignedZeroInfNanPreserve", "DenormPreserve"}) {
            if (w.types.has(mode)) {
                m.capability(mode);
                m.executionMode(f.id(), mode, 32);
            }
        }
        webcu.passes.RangeProof ranges = w.ranges.get(k);
        return new KernelLayout(k.name(), entry, buffers, new KernelLayout.Uniform(binding, (offset + 15) / 16 * 16, fields),
                SpirvProgram.WORKGROUP_SIZE, values.usesDynamicShared ? String.valueOf(SpirvProgram.SPEC_DYNAMIC_SHARED_WORDS) : null,
                1, null, ranges == null ? null : ranges.resolve(l -> offsets.get(memberOf.get(l))));
    }

    /** The type a uniform field holds: bool as a u32, 8- and 16-bit integers widened to 32 bits. */
    private static Type uniformIr(Type t) {
        return switch (t) {
            case Type.Bool b -> Type.U32;
            case Type.Int i when i.bits() < 32 -> i.signed() ? Type.I32 : Type.U32;
            default -> t;
        };
    }

    private int uniformType(Type t) {
        return types.wide(t) ? types.value(t) : types.laidOut(uniformIr(t));
    }

    // ---------------------------------------------------------------- blocks and lines

    void label(int id) {
        f.label(id);
        currentLabel = id;
        open = true;
        lastLine = null;
    }

    int currentLabel() {
        return currentLabel;
    }

    void branch(int target) {
        f.op("OpBranch", target);
        open = false;
    }

    /** An OpLine for the CUDA position of what follows, unless the block is already there. */
    void line(Span s) {
        if (s == null || !s.isKnown()) {
            return;
        }
        String key = s.file() + ":" + s.line() + ":" + s.column();
        if (!key.equals(lastLine)) {
            f.op("OpLine", w.file(s.file()), s.line(), s.column());
            lastLine = key;
        }
    }

    /** Reports the invocation's first bad access, if any, then returns. */
    private void returnFromKernel() {
        if (oob >= 0) {
            int u32 = types.u32();
            int bad = f.value("OpLoad", u32, oob);
            int any = f.value("OpINotEqual", types.bool(), bad, m.constantU32(0));
            int report = m.id();
            int merge = m.id();
            f.op("OpSelectionMerge", merge, SpirvModule.enumValue("SelectionControl", "None"));
            f.op("OpBranchConditional", any, report, merge);
            label(report);
            values.fault(f.value("OpBitwiseAnd", u32, bad, m.constantU32(7)),
                    f.value("OpShiftRightLogical", u32, bad, m.constantU32(3)));
            branch(merge);
            label(merge);
        }
        f.op("OpReturn");
        open = false;
    }

    // ---------------------------------------------------------------- statements

    private void block(Stmt.Block b) {
        for (Stmt s : b.stmts()) {
            stmt(s);
        }
    }

    private void stmt(Stmt s) {
        if (!open) {
            return; // after a break, continue or return: never runs
        }
        Span saved = w.currentSpan;
        if (s.span() != null && s.span().isKnown()) {
            w.currentSpan = s.span();
        }
        if (!(s instanceof Stmt.Block)) {
            line(s.span());
        }
        switch (s) {
            case Stmt.Block b -> block(b);
            case Stmt.Assign a -> {
                Integer var = vars.get(a.target());
                if (var == null) {
                    throw new Unsupported("pointer variables ('" + a.target().name() + "')");
                }
                f.op("OpStore", var, values.value(a.value()));
            }
            case Stmt.Store st -> values.store(st.address(), st.value());
            case Stmt.WordStore w -> values.store(w);
            case Stmt.AtomicHalves a -> SpirvWords.atomicHalves(values, a);
            case Stmt.Call c -> values.call(c);
            case Stmt.If i -> ifStmt(i);
            case Stmt.Loop l -> loop(l);
            case Stmt.Switch sw -> switchStmt(sw);
            case Stmt.Break b -> {
                loopExits.leave(targets.peek().exitFlag());
                branch(targets.peek().merge());
            }
            case Stmt.Continue c -> {
                for (Target t : targets) {
                    if (t.continueTarget() >= 0) {
                        branch(t.continueTarget());
                        break;
                    }
                }
            }
            case Stmt.Return r -> returnFromKernel();
            case Stmt.Barrier b -> barrier();
            case Stmt.Launch l -> throw new Unsupported("launching kernels from device code");
        }
        w.currentSpan = saved;
    }

    private void ifStmt(Stmt.If i) {
        int cond = values.value(i.cond());
        int then = m.id();
        int merge = m.id();
        int otherwise = i.otherwise().stmts().isEmpty() ? merge : m.id();
        f.op("OpSelectionMerge", merge, SpirvModule.enumValue("SelectionControl", "None"));
        f.op("OpBranchConditional", cond, then, otherwise);
        label(then);
        block(i.then());
        if (open) {
            branch(merge);
        }
        if (otherwise != merge) {
            label(otherwise);
            block(i.otherwise());
            if (open) {
                branch(merge);
            }
        }
        label(merge);
    }

    private void loop(Stmt.Loop l) {
        int site = loopExits.on() ? w.site(DebugBuffer.LOOP_LIMIT) : -1;
        int exitFlag = loopExits.enter((int) targets.stream().filter(t -> t.continueTarget() >= 0).count());
        int header = m.id();
        int body = m.id();
        int continueTarget = m.id();
        int merge = m.id();
        branch(header);
        label(header);
        f.op("OpLoopMerge", merge, continueTarget, SpirvModule.enumValue("LoopControl", "None"));
        branch(body);
        label(body);
        targets.push(new Target(merge, continueTarget, exitFlag));
        block(l.body());
        if (open) {
            branch(continueTarget);
        }
        label(continueTarget);
        block(l.continuing());
        if (open) {
            if (l.breakIf() != null) {
                int done = values.value(l.breakIf());
                loopExits.leaveIf(exitFlag, done);
                f.op("OpBranchConditional", done, merge, header);
                open = false;
            } else {
                branch(header);
            }
        }
        targets.pop();
        label(merge);
        loopExits.check(exitFlag, site);
    }

    /**
     * __syncthreads: a workgroup barrier that orders workgroup memory, and buffer memory too
     * (UniformMemory) where threads may talk through a buffer: one of the kernel's bindings is both
     * written and read ({@link #exchangesStorage}), or, decided at the launch by SpecId 5
     * ({@link SpirvProgram#SPEC_ALIASED}), a written binding shares memory with another (Vulkan lets
     * a launch bind one buffer twice; WebGPU does not, so the WGSL target decides by the first rule
     * alone: wgsl.Raise). Ordering buffer memory at every barrier is what webcu's tiled SGEMM had
     * that Tint's SPIR-V of the same kernel has not (bench/README.md, the Vulkan bisection).
     */
    private void barrier() {
        int workgroup = m.constantU32(SpirvModule.enumValue("Scope", "Workgroup"));
        if (exchangesStorage(in)) {
            f.op("OpControlBarrier", workgroup, workgroup, m.constantU32(SpirvValues.BARRIER_SEMANTICS));
            return;
        }
        int buffers = m.id();
        int shared = m.id();
        int merge = m.id();
        f.op("OpSelectionMerge", merge, SpirvModule.enumValue("SelectionControl", "None"));
        f.op("OpBranchConditional", w.aliased(), buffers, shared);
        label(buffers);
        f.op("OpControlBarrier", workgroup, workgroup, m.constantU32(SpirvValues.BARRIER_SEMANTICS));
        branch(merge);
        label(shared);
        f.op("OpControlBarrier", workgroup, workgroup, m.constantU32(SpirvValues.WORKGROUP_BARRIER_SEMANTICS));
        branch(merge);
        label(merge);
    }

    /** Whether some binding is both written and read, or used atomically (the WGSL target's rule for storageBarrier()). */
    static boolean exchangesStorage(KernelInterface in) {
        for (KernelInterface.Binding b : in.bindings()) {
            if ((b.written() || b.atomic()) && (b.read() || b.atomic())) {
                return true;
            }
        }
        return false;
    }

    private void switchStmt(Stmt.Switch sw) {
        Type.Int t = (Type.Int) sw.selector().type();
        if (t.bits() == 64) {
            throw new Unsupported("switch on a 64-bit value");
        }
        int sel = values.value(sw.selector());
        if (t.bits() < 32) {
            Type.Int wide = t.signed() ? Type.I32 : Type.U32;
            sel = values.convert(sel, t, wide);
        }
        int merge = m.id();
        int defaultLabel = merge;
        List<Integer> labels = new ArrayList<>();
        List<Integer> operands = new ArrayList<>();
        for (Stmt.Case c : sw.cases()) {
            int label = m.id();
            labels.add(label);
            if (c.isDefault()) {
                defaultLabel = label;
            }
            for (long v : c.values()) {
                operands.add((int) v);
                operands.add(label);
            }
        }
        f.op("OpSelectionMerge", merge, SpirvModule.enumValue("SelectionControl", "None"));
        int[] ops = new int[2 + operands.size()];
        ops[0] = sel;
        ops[1] = defaultLabel;
        for (int i = 0; i < operands.size(); i++) {
            ops[2 + i] = operands.get(i);
        }
        f.op("OpSwitch", ops);
        open = false;
        targets.push(new Target(merge, -1, -1));
        for (int i = 0; i < sw.cases().size(); i++) {
            label(labels.get(i));
            block(sw.cases().get(i).body());
            if (open) {
                branch(merge);
            }
        }
        targets.pop();
        label(merge);
    }
}
