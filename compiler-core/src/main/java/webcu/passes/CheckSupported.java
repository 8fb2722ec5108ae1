package webcu.passes;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import webcu.diag.DiagKey;
import webcu.diag.Span;
import webcu.ir.AddressSpace;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Global;
import webcu.ir.Local;
import webcu.ir.Stmt;
import webcu.ir.Type;

/**
 * Rejects, with the feature and its line, every construct that no earlier pass has lowered and
 * the WGSL writer cannot express.
 *
 * <p>CUDA features it rejects today: 64-bit integers, {@code double}, 8- and 16-bit integers,
 * structs in kernels, {@code __device__}/{@code __constant__} globals, {@code extern __shared__}
 * arrays, external functions other than {@link Intrinsics} (device {@code printf}, atomics,
 * warp functions …), whole-array or whole-struct copies, and launches from device code.
 *
 * <p>Why WebGPU needs it: WGSL has only 32-bit integers and floats (no i64, f64, i8 or i16; f16
 * is optional), and its storage arrays hold 4-byte words; an unsupported feature must be an error
 * naming the feature, never a shader that Tint refuses or a kernel that computes something else.
 *
 * <p>Expects: the output of every lowering pass; runs last. Guarantees: a kernel that survives uses
 * only i32, u32, f32, bool and arrays of them, the WGSL built-ins of {@link Intrinsics}, static
 * {@code __shared__} arrays, and the canonical addresses of {@link MemoryModel}. Each later pass
 * (Int64/Float64, SubWord, GlobalVariables, Printf, Atomics, Warps) removes its feature from this list.
 *
 * <p>chipStar twin: none (LLVM's SPIR-V backend reports what it cannot select).
 */
public final class CheckSupported implements DevicePass {
    @Override
    public String name() {
        return "CheckSupported";
    }

    @Override
    public void run(DeviceModule m) {
        for (Function k : m.kernels()) {
            new State(m, k).run();
        }
    }

    private static final class State {
        final DeviceModule m;
        final Function k;
        final Set<String> seen = new HashSet<>();
        Span at;

        State(DeviceModule m, Function k) {
            this.m = m;
            this.k = k;
        }

        /** Reports a feature once per kernel; {@code feature}'s text before " (" is its category. */
        void reject(String feature) {
            int paren = feature.indexOf(" (");
            if (seen.add(paren < 0 ? feature : feature.substring(0, paren))) {
                m.reject(k, at, DiagKey.ERR_NOT_SUPPORTED_WEBGPU, feature);
            }
        }

        void run() {
            at = k.span();
            KernelInterface in = m.interfaceOf(k);
            for (Local p : k.params()) {
                if (!(p.type() instanceof Type.Ptr)) {
                    String why = unsupported(p.type());
                    if (why != null) {
                        reject(why);
                    }
                }
            }
            Rewriter.forEachStmt(k.body(), this::stmt);
            Rewriter.forEachExpr(k.body(), (s, e) -> {
                // the arguments of a call already rejected (a printf's format string, its promoted
                // varargs) would only repeat the same problem
                if (!(s instanceof Stmt.Call c && !Intrinsics.isSupported(c.callee()))) {
                    at = s.span();
                    expr(e);
                }
            });
            if (in == null && seen.isEmpty()) {
                throw new webcu.diag.InternalCompilerError("kernel " + k.name() + " has no interface after MemoryModel");
            }
        }

        private void stmt(Stmt s) {
            at = s.span();
            switch (s) {
                case Stmt.Assign a -> local(a.target());
                case Stmt.Call c -> {
                    if (!Intrinsics.isSupported(c.callee())) {
                        reject("'" + cudaName(c.callee().name()) + "' in device code");
                    }
                    if (c.result() != null) {
                        local(c.result());
                    }
                }
                case Stmt.Store st -> {
                    Type t = ((Type.Ptr) st.address().type()).pointee();
                    if (t instanceof Type.Array || t instanceof Type.Struct) {
                        reject("copying whole arrays or structs");
                    }
                }
                case Stmt.Launch l -> reject("launching kernels from device code");
                case Stmt.Switch sw -> {
                    String why = unsupported(sw.selector().type());
                    if (why != null) {
                        reject(why);
                    }
                }
                default -> { }
            }
        }

        private void local(Local l) {
            String why = unsupported(l.type());
            if (why != null) {
                reject(why);
            }
        }

        private void expr(Expr e) {
            switch (e) {
                case Expr.GlobalAddr g -> global(g.global());
                case Expr.LocalAddr a -> local(a.local());
                case Expr.Load l when l.type() instanceof Type.Array || l.type() instanceof Type.Struct ->
                        reject("copying whole arrays or structs");
                default -> {
                    if (!(e.type() instanceof Type.Ptr)) {
                        String why = unsupported(e.type());
                        if (why != null) {
                            reject(why);
                        }
                    }
                }
            }
        }

        private void global(Global g) {
            if (g.space() == AddressSpace.SHARED && g.dynamicShared()) {
                reject("extern __shared__ arrays ('" + g.name() + "')");
            } else if (g.space() == AddressSpace.SHARED) {
                String why = unsupported(g.type());
                if (why != null) {
                    reject(why);
                }
            } else if (g.space() == AddressSpace.HOST) {
                reject("host variables in device code ('" + g.name() + "')");
            } else {
                reject("__device__ and __constant__ variables ('" + g.name() + "')");
            }
        }
    }

    /**
     * The name the user wrote for an external: the front end's typed helpers
     * ({@code __webcu_atomicAdd_i32}) and overload copies ({@code abs.3}) lose their decoration.
     */
    static String cudaName(String name) {
        String n = name;
        int dot = n.indexOf('.');
        if (dot > 0) {
            n = n.substring(0, dot);
        }
        if (n.startsWith("__webcu_")) {
            n = n.substring("__webcu_".length());
            int us = n.lastIndexOf('_');
            if (us > 0 && n.length() - us <= 4 && isTypeSuffix(n.substring(us + 1))) {
                n = n.substring(0, us);
            }
            if (n.startsWith("shfl")) {
                n = "__" + n + "_sync";
            }
        }
        return n;
    }

    private static boolean isTypeSuffix(String s) {
        return switch (s) {
            case "i32", "u32", "f32", "i64", "u64", "f64" -> true;
            default -> false;
        };
    }

    /** Why WGSL cannot hold a value of this type yet, or null when it can. */
    static String unsupported(Type t) {
        return switch (t) {
            case Type.Int i when i.bits() == 64 -> "64-bit integers (" + TypeNames.c(t) + ")";
            case Type.Int i when i.bits() < 32 -> "8-bit and 16-bit integers (" + TypeNames.c(t) + ")";
            case Type.Float f when f.bits() == 64 -> "double precision (" + TypeNames.c(t) + ")";
            case Type.Float f when f.bits() != 32 -> "floating-point type " + TypeNames.c(t);
            case Type.Struct s -> "structs in kernels (" + TypeNames.c(t) + ")";
            case Type.Array a -> unsupported(a.element());
            case Type.Ptr p -> "pointers in this position";
            default -> null;
        };
    }

    /** The feature list as the tests pin it (for documentation). */
    static List<String> features() {
        return List.of("64-bit integers", "double precision", "8-bit and 16-bit integers", "structs in kernels");
    }
}
