package webcu.spirv;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import webcu.diag.Span;
import webcu.ir.AddressSpace;
import webcu.ir.Builtin;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Global;
import webcu.ir.Local;
import webcu.ir.Stmt;
import webcu.ir.Type;
import webcu.passes.DebugBuffer;
import webcu.passes.DeviceModule;
import webcu.passes.KernelInterface;
import webcu.passes.KernelLayout;
import webcu.spirv.SpirvTypes.Unsupported;

/**
 * Writes the device module that {@code DevicePasses} prepared as one SPIR-V 1.5 GLCompute module
 * for Vulkan: per kernel an entry point, its storage buffers (set 0, one per
 * {@code KernelInterface} binding, the WGSL target's numbers) and its uniform block; the static
 * {@code __shared__} arrays as Workgroup variables, {@code extern __shared__} memory as a u32
 * array sized by a specialization constant, the debug buffer at set 1.
 *
 * <p>How CUDA maps: {@code threadIdx} is LocalInvocationId; {@code blockDim} the three
 * specialization constants that also make the WorkgroupSize built-in, so one module serves every
 * block size; {@code gridDim} comes from the uniform block and {@code blockIdx} from GridFolding's
 * IR over WorkgroupId and NumWorkgroups. Every IR local is a Function variable (loaded and stored,
 * so no SSA form is built here; the driver's compiler promotes them). Control flow is structured as
 * SPIR-V requires: an If is a selection with its merge block, a Loop a loop header with OpLoopMerge,
 * a continue target holding the continuing block and the back edge (conditional on breakIf), a
 * Switch an OpSwitch with one merge block; Break goes to the innermost loop's or switch's merge,
 * Continue to the loop's continue target. {@code &&}, {@code ||} and a select whose operands read
 * memory branch and meet in an OpPhi, so that an operand is evaluated only when C evaluates it.
 * {@code __syncthreads()} is OpControlBarrier at workgroup scope with acquire-release semantics
 * on workgroup and buffer memory. Float multiplies, adds and subtracts carry NoContraction: the
 * Contract pass already made every fused multiply-add nvcc would make, and the driver must not make more.
 *
 * <p>Debug info: OpName gives every variable, buffer and entry point its CUDA name, and OpLine
 * marks each statement with its CUDA file, line and column.
 *
 * <p>What it cannot express yet throws {@link Unsupported}: {@link SpirvBackend} reports it at the
 * statement's line and writes the module again without that kernel, so an unsupported feature is a
 * diagnostic and never an invalid module.
 */
final class SpirvWriter {
    private final DeviceModule dm;
    final SpirvModule m = new SpirvModule();
    final SpirvTypes types;
    private final Map<String, Integer> files = new HashMap<>();
    private final Set<String> entryNames = new java.util.HashSet<>();
    private final Map<Global, Integer> shared = new IdentityHashMap<>();
    private int localInvocationId = -1;
    private int workgroupId = -1;
    private int numWorkgroups = -1;
    private final int[] blockDim = new int[3];
    private int dynamicShared = -1;
    private int debugBuffer = -1;
    /** The spec constant that turns the bounds checks of element accesses off (SpirvProgram.SPEC_CHECKS), once made. */
    private int checks = -1;
    /** The spec constant that says the launch's buffers may alias (SpirvProgram.SPEC_ALIASED), once made. */
    private int aliased = -1;
    /** The spec constant of a folded grid's slices per row (SpirvProgram.SPEC_GRID_SLICES), once made. */
    private int gridSlices = -1;
    /** The kernels' bounds proofs (passes.AccessRanges), which their layouts carry. */
    final Map<Function, webcu.passes.RangeProof> ranges;
    /** The kernel being written, for {@link SpirvBackend}'s diagnostic when it throws. */
    Function current;
    /** The statement being written. */
    Span currentSpan = Span.NONE;

    /**
     * Whether heap-mode kernels follow pointers as physical ones (the device has bufferDeviceAddress
     * and Int64): their heap binding is the launch's allocation table ({@link SpirvPhysical}), not a heap.
     */
    boolean physicalPointers() {
        return types.has("PhysicalStorageBufferAddresses") && types.has("Int64");
    }

    /** Declares what a physical pointer needs, at its first use: the capability and the PhysicalStorageBuffer64 addressing. */
    void usePhysical() {
        if (!usesPhysical) {
            usesPhysical = true;
            m.capability("PhysicalStorageBufferAddresses");
            m.memoryModel("PhysicalStorageBuffer64", "GLSL450");
        }
    }

    private boolean usesPhysical;

    /** The bool spec constant that turns the element accesses' bounds checks off, made at the first check. */
    int checks() {
        if (checks < 0) {
            checks = m.specConstantTrue(types.bool());
            m.decorate(checks, "SpecId", SpirvProgram.SPEC_CHECKS);
            m.name(checks, "webcu_checks");
        }
        return checks;
    }

    /** The bool spec constant that says a written binding of the launch may share memory with another, made at first use. */
    int aliased() {
        if (aliased < 0) {
            aliased = m.specConstantTrue(types.bool());
            m.decorate(aliased, "SpecId", SpirvProgram.SPEC_ALIASED);
            m.name(aliased, "webcu_aliased");
        }
        return aliased;
    }

    /** The u32 spec constant of the slices per row of a folded grid (1 by default), made at first use. */
    int gridSlices() {
        if (gridSlices < 0) {
            gridSlices = m.specConstant(types.u32(), 1);
            m.decorate(gridSlices, "SpecId", SpirvProgram.SPEC_GRID_SLICES);
            m.name(gridSlices, "webcu_grid_slices");
        }
        return gridSlices;
    }

    SpirvWriter(DeviceModule dm, Map<Function, webcu.passes.RangeProof> ranges) {
        this.dm = dm;
        this.ranges = ranges;
        this.types = new SpirvTypes(m, dm.target().spirv() ? dm.target().spirvCapabilities()
                : webcu.passes.DeviceTarget.VULKAN.spirvCapabilities());
    }

    SpirvProgram write() {
        m.capability("Shader");
        m.memoryModel("Logical", "GLSL450");
        int u32 = types.u32();
        for (int i = 0; i < 3; i++) {
            blockDim[i] = m.specConstant(u32, 1);
            m.decorate(blockDim[i], "SpecId", SpirvProgram.SPEC_BLOCK_DIM + i);
            m.name(blockDim[i], "blockDim_" + "xyz".charAt(i));
        }
        int size = m.specConstantComposite(types.v3u32(), blockDim);
        m.decorate(size, "BuiltIn", SpirvModule.enumValue("BuiltIn", "WorkgroupSize"));
        List<KernelLayout> kernels = new ArrayList<>();
        for (Function k : dm.kernels()) {
            current = k;
            currentSpan = k.span() == null ? Span.NONE : k.span();
            if (dm.coarsening(k) > 1) {
                throw new Unsupported("blocks larger than the device's workgroups (thread coarsening)");
            }
            kernels.add(new KernelWriter(this, k, dm.interfaceOf(k)).write());
        }
        current = null;
        return new SpirvProgram(m.words(), kernels, dm.rejected(), dm.debug(), dm.debug().checks());
    }

    /**
     * Whether the device's Fma rounds once (a GPU's fused multiply-add; DeviceTarget.Fma.HARDWARE):
     * then CUDA's fmaf and contracted float multiply-adds are one Fma, else the exact emulation.
     */
    boolean fusedFma() {
        return dm.target().fma() == webcu.passes.DeviceTarget.Fma.HARDWARE;
    }

    /**
     * Whether the device's subgroups are CUDA's warps (DeviceTarget.subgroupSize 32, which the
     * Vulkan device sets after its probe): only then may Warps' subgroup operations be written.
     */
    boolean warpSubgroups() {
        return dm.target().subgroupSize() == 32;
    }

    /** A check site of the writer's own at the statement being written (LoopExits' loop-limit faults). */
    int site(int kind) {
        return dm.debug().addCheck(new DebugBuffer.CheckSite(currentSpan, kind));
    }

    DeviceModule deviceModule() {
        return dm;
    }

    /** A unique entry point name: the kernel's source name where it is free. */
    String entryName(Function k) {
        String base = k.sourceName().replaceAll("[^A-Za-z0-9_]", "_");
        String name = base;
        for (int n = 2; !entryNames.add(name); n++) {
            name = base + "_" + n;
        }
        return name;
    }

    /** The OpString of a source file, for OpLine. */
    int file(String path) {
        return files.computeIfAbsent(path, m::debugString);
    }

    int blockDim(int component) {
        return blockDim[component];
    }

    private int builtinInput(String builtin, String name) {
        int v = m.variable(m.typePointer("Input", types.v3u32()), "Input");
        m.decorate(v, "BuiltIn", SpirvModule.enumValue("BuiltIn", builtin));
        m.name(v, name);
        return v;
    }

    /** The Input variable of a built-in vector (made at first use). */
    int builtin(Builtin b) {
        return switch (b) {
            case THREAD_IDX -> localInvocationId >= 0 ? localInvocationId
                    : (localInvocationId = builtinInput("LocalInvocationId", "threadIdx"));
            case WORKGROUP_ID -> workgroupId >= 0 ? workgroupId : (workgroupId = builtinInput("WorkgroupId", "workgroupId"));
            case NUM_WORKGROUPS -> numWorkgroups >= 0 ? numWorkgroups
                    : (numWorkgroups = builtinInput("NumWorkgroups", "workgroupCount"));
            default -> throw new Unsupported("the built-in '" + b.cudaName + "' after the passes");
        };
    }

    /**
     * The type atomics see for memory of type {@code t}: a float as its bits (u32), since SPIR-V's
     * atomics are on integers and the Atomics pass made float atomics compare-and-swap loops on the bits.
     */
    static Type atomicView(Type t) {
        return switch (t) {
            case Type.Float f when f.bits() == 32 -> Type.U32;
            case Type.Array a -> new Type.Array(atomicView(a.element()), a.count());
            default -> t;
        };
    }

    /** The type a static {@code __shared__} variable has in SPIR-V: its atomic view where atomics touch it. */
    Type sharedType(Global g) {
        return dm.isAtomic(g) ? atomicView(g.type()) : g.type();
    }

    /** The Workgroup variable of a static {@code __shared__} variable. */
    int shared(Global g) {
        Integer v = shared.get(g);
        if (v == null) {
            v = m.variable(m.typePointer("Workgroup", types.plain(sharedType(g))), "Workgroup");
            m.name(v, g.name());
            shared.put(g, v);
        }
        return v;
    }

    /** The {@code extern __shared__} memory: u32 words, as many as the specialization constant says. */
    int dynamicShared() {
        if (dynamicShared < 0) {
            int words = m.specConstant(types.u32(), 1);
            m.decorate(words, "SpecId", SpirvProgram.SPEC_DYNAMIC_SHARED_WORDS);
            m.name(words, "dynamicSharedWords");
            int array = m.typeArray(types.u32(), words);
            dynamicShared = m.variable(m.typePointer("Workgroup", array), "Workgroup");
            m.name(dynamicShared, "dynamicShared");
        }
        return dynamicShared;
    }

    /** The debug buffer (set 1, binding 0): a block holding a runtime array of u32. */
    int debugBuffer() {
        if (debugBuffer < 0) {
            int block = m.typeStruct(types.runtimeArray(types.u32(), 4));
            m.decorate(block, "Block");
            m.memberDecorate(block, 0, "Offset", 0);
            m.name(block, "webcu_Debug");
            debugBuffer = m.variable(m.typePointer("StorageBuffer", block), "StorageBuffer");
            m.name(debugBuffer, "webcu_debug");
            m.decorate(debugBuffer, "DescriptorSet", 1);
            m.decorate(debugBuffer, "Binding", 0);
        }
        return debugBuffer;
    }

    static boolean isDebug(Global g) {
        return g.name().equals(DebugBuffer.NAME);
    }

    static boolean isSharedStatic(Global g) {
        return g.space() == AddressSpace.SHARED && !g.dynamicShared();
    }

    /** Whether {@code e} reads memory anywhere in its tree: then C evaluates it only when needed. */
    static boolean readsMemory(Expr e) {
        if (e instanceof Expr.Load || e instanceof Expr.WordLoad) {
            return true;
        }
        for (Expr c : Expr.children(e)) {
            if (readsMemory(c)) {
                return true;
            }
        }
        return false;
    }

    /** The locals a kernel body reads or writes, and its module-scope variables by kind. */
    static Set<Local> usedLocals(Stmt.Block body) {
        Set<Local> used = new LinkedHashSet<>();
        walk(body, s -> {
            if (s instanceof Stmt.Assign a) {
                used.add(a.target());
            } else if (s instanceof Stmt.Call c && c.result() != null) {
                used.add(c.result());
            } else if (s instanceof Stmt.AtomicHalves a && a.result() != null) {
                used.add(a.result());
            }
        }, e -> {
            if (e instanceof Expr.LocalGet g) {
                used.add(g.local());
            } else if (e instanceof Expr.LocalAddr a) {
                used.add(a.local());
            }
        });
        return used;
    }

    /** Visits every statement and every expression node under {@code s}. */
    static void walk(Stmt s, java.util.function.Consumer<Stmt> stmts, java.util.function.Consumer<Expr> exprs) {
        stmts.accept(s);
        switch (s) {
            case Stmt.Block b -> b.stmts().forEach(x -> walk(x, stmts, exprs));
            case Stmt.If i -> {
                walkExpr(i.cond(), exprs);
                walk(i.then(), stmts, exprs);
                walk(i.otherwise(), stmts, exprs);
            }
            case Stmt.Loop l -> {
                walk(l.body(), stmts, exprs);
                walk(l.continuing(), stmts, exprs);
                if (l.breakIf() != null) {
                    walkExpr(l.breakIf(), exprs);
                }
            }
            case Stmt.Switch sw -> {
                walkExpr(sw.selector(), exprs);
                sw.cases().forEach(c -> walk(c.body(), stmts, exprs));
            }
            case Stmt.Assign a -> walkExpr(a.value(), exprs);
            case Stmt.Store st -> {
                walkExpr(st.address(), exprs);
                walkExpr(st.value(), exprs);
            }
            case Stmt.WordStore w -> Stmt.roots(w).forEach(e -> walkExpr(e, exprs));
            case Stmt.AtomicHalves a -> {
                walkExpr(a.address(), exprs);
                walkExpr(a.value(), exprs);
            }
            case Stmt.Call c -> c.args().forEach(a -> walkExpr(a, exprs));
            case Stmt.Return r -> {
                if (r.value() != null) {
                    walkExpr(r.value(), exprs);
                }
            }
            default -> {
            }
        }
    }

    private static void walkExpr(Expr e, java.util.function.Consumer<Expr> exprs) {
        exprs.accept(e);
        for (Expr c : Expr.children(e)) {
            walkExpr(c, exprs);
        }
    }
}
