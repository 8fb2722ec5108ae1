package webcu.passes;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import webcu.diag.DiagKey;
import webcu.diag.Diagnostics;
import webcu.diag.Span;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Global;
import webcu.ir.Local;
import webcu.ir.Module;
import webcu.ir.Stmt;

/**
 * The device part of a program as the device passes transform it: a private copy of the kernels
 * and the functions they reach (the host VM keeps running the original module), the interface
 * of each kernel once {@link MemoryModel} has decided it, and the kernels rejected so far. A
 * rejected kernel has its diagnostic reported and leaves the module, so the other kernels of the
 * program still compile and run.
 */
public final class DeviceModule {
    private final Module module;
    private final Diagnostics diagnostics;
    private final Map<Function, KernelInterface> interfaces = new IdentityHashMap<>();
    private final Map<String, Span> rejected = new LinkedHashMap<>();
    private final Set<String> reported = new HashSet<>();
    private final Set<Global> atomicGlobals = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    private final DebugBuffer debug = new DebugBuffer();
    private final Map<Function, Integer> coarsening = new IdentityHashMap<>();
    private final Map<Function, List<ArgumentLeaf>> leaves = new IdentityHashMap<>();
    private DeviceTarget target = DeviceTarget.IEEE;

    /** A scalar or pointer inside a struct argument: its argument, its byte offset there, and its local. */
    public record ArgumentLeaf(int index, int argOffset, Local local) {
    }

    private DeviceModule(Module module, Diagnostics diagnostics) {
        this.module = module;
        this.diagnostics = diagnostics;
    }

    /** The GPU the kernels are compiled for. */
    public DeviceTarget target() {
        return target;
    }

    /** Sets the GPU the kernels are compiled for (before the passes run). */
    public void target(DeviceTarget t) {
        target = t;
    }

    /**
     * Copies the kernels of {@code program} and every function they call (transitively), with
     * the globals they use; calls in the copy refer to the copied callees.
     */
    public static DeviceModule copyOf(Module program, Diagnostics diagnostics) {
        Map<Function, Function> copies = new IdentityHashMap<>();
        List<Function> order = new ArrayList<>();
        List<Function> work = new ArrayList<>(program.kernels());
        while (!work.isEmpty()) {
            Function f = work.remove(work.size() - 1);
            if (copies.containsKey(f)) {
                continue;
            }
            Function c = new Function(f.name(), f.space(), f.returnType(), f.params(), f.variadic(), f.span());
            for (Local l : f.locals()) {
                if (l.id() >= f.params().size()) {
                    c.newLocal(l.name(), l.type(), l.addressable());
                }
            }
            copies.put(f, c);
            order.add(f);
            if (f.body() != null) {
                Rewriter.forEachStmt(f.body(), s -> {
                    if (s instanceof Stmt.Call call) {
                        work.add(call.callee());
                    } else if (s instanceof Stmt.Launch launch) {
                        work.add(launch.kernel());
                    }
                });
            }
        }
        Module m = new Module();
        Set<Global> globals = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        Rewriter calls = new Rewriter() {
            @Override
            protected List<Stmt> stmt(Stmt s) {
                if (s instanceof Stmt.Call c) {
                    return List.of(new Stmt.Call(c.result(), copies.get(c.callee()), c.args(), c.span()));
                }
                if (s instanceof Stmt.Launch l) {
                    return List.of(new Stmt.Launch(copies.get(l.kernel()), l.grid(), l.block(), l.sharedBytes(),
                            l.stream(), l.args(), l.span()));
                }
                return super.stmt(s);
            }
        };
        // Keep the program's order so that output (WGSL, IR dumps) follows the source.
        for (Function f : program.functions()) {
            Function c = copies.get(f);
            if (c == null) {
                continue;
            }
            if (f.body() != null) {
                c.setBody(calls.block(f.body()));
                Rewriter.forEachExpr(f.body(), (s, e) -> {
                    if (e instanceof Expr.GlobalAddr g) {
                        globals.add(g.global());
                    }
                });
            }
            m.add(c);
        }
        for (Global g : program.globals()) {
            if (globals.contains(g)) {
                m.add(g);
            }
        }
        return new DeviceModule(m, diagnostics);
    }

    /** Wraps a module that is already device-only (pass tests build one by hand). */
    public static DeviceModule of(Module deviceModule, Diagnostics diagnostics) {
        return new DeviceModule(deviceModule, diagnostics);
    }

    public Module module() {
        return module;
    }

    public Diagnostics diagnostics() {
        return diagnostics;
    }

    /** The printf formats, strings and assertion sites that the debug buffer's records refer to. */
    public DebugBuffer debug() {
        return debug;
    }

    /** The interface {@link MemoryModel} or {@link HeapMemory} gave the kernel, or null before they ran. */
    public KernelInterface interfaceOf(Function kernel) {
        return interfaces.get(kernel);
    }

    void setInterface(Function kernel, KernelInterface in) {
        interfaces.put(kernel, in);
    }

    void addArgumentLeaf(Function kernel, ArgumentLeaf leaf) {
        leaves.computeIfAbsent(kernel, x -> new ArrayList<>()).add(leaf);
    }

    /** The leaves {@link StructArguments} split the kernel's struct arguments into, in order. */
    public List<ArgumentLeaf> argumentLeaves(Function kernel) {
        return leaves.getOrDefault(kernel, List.of());
    }

    void setCoarsening(Function kernel, int threadsPerInvocation) {
        coarsening.put(kernel, threadsPerInvocation);
    }

    /** How many CUDA threads each invocation of the kernel runs ({@link ThreadCoarsening}); 1 when not coarsened. */
    public int coarsening(Function kernel) {
        return coarsening.getOrDefault(kernel, 1);
    }

    /** Marks a shared variable that atomics touch: WGSL declares its elements {@code atomic<…>}. */
    void markAtomic(Global g) {
        atomicGlobals.add(g);
    }

    /** Whether atomics touch the shared variable {@code g} (in any kernel). */
    public boolean isAtomic(Global g) {
        return atomicGlobals.contains(g);
    }

    /**
     * Reports that {@code kernel} cannot run on the target because of the construct at {@code span},
     * and marks it for removal. The same message at the same place is reported once, even when
     * a device function inlined into several kernels causes it.
     */
    public void reject(Function kernel, Span span, DiagKey key, Object... args) {
        if (key == DiagKey.ERR_NOT_SUPPORTED_WEBGPU && target.spirv()) {
            // the passes name WebGPU; for a SPIR-V target the same limit is Vulkan's until a pass lifts it there
            key = DiagKey.ERR_NOT_SUPPORTED_VULKAN;
        }
        if (reported.add(span + " " + key.format(args))) {
            diagnostics.error(span, key, args);
        }
        rejected.putIfAbsent(kernel.name(), span);
    }

    public boolean isRejected(Function kernel) {
        return rejected.containsKey(kernel.name());
    }

    /** Names of the kernels rejected so far, with the place of their first problem. */
    public Map<String, Span> rejected() {
        return rejected;
    }

    /** Removes rejected kernels from the module; the pipeline calls it after every pass. */
    void dropRejected() {
        module.functions().removeIf(f -> f.isKernel() && rejected.containsKey(f.name()));
    }

    /** The kernels still in the module. */
    public List<Function> kernels() {
        return module.kernels();
    }
}
