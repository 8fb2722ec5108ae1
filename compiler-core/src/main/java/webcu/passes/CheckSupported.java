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
 * <p>CUDA features it rejects today: {@code double} arithmetic (doubles may be loaded, stored,
 * passed and converted to and from float, since their bits only move), 64-bit {@code switch}
 * selectors, floating-point types other than float and double, external functions other than
 * {@link Intrinsics} and the atomics the writer has (device {@code printf}, warp functions …),
 * atomics on 64-bit values other than an add, whole-array or whole-struct copies of atomic
 * memory, launches from device code, and, on an adapter that does not keep IEEE special values
 * ({@link DeviceTarget#ieeeFloat}), {@code isnan}, {@code isinf} and {@code isfinite}.
 *
 * <p>Why WebGPU needs it: WGSL has only 32-bit integers and floats (the writer emulates 64-bit
 * integers, but has no double arithmetic), and no calls beyond its built-ins; an unsupported
 * feature must be an error naming the feature, never a shader that Tint refuses or a kernel that
 * computes something else.
 *
 * <p>Expects: the output of every lowering pass; runs last. Guarantees: a kernel that survives
 * uses only what the WGSL writer prints. Each lowering pass removes its feature from this list.
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
            for (Local l : k.locals()) {
                String why = unsupported(l.type());
                if (why != null) {
                    reject(why);
                }
            }
            Rewriter.forEachStmt(k.body(), this::stmt);
            Rewriter.forEachExpr(k.body(), (s, e) -> {
                // the arguments of a call already rejected (a printf's format string, its promoted
                // varargs) would only repeat the same problem
                if (!(s instanceof Stmt.Call c && !supported(c.callee()))) {
                    at = s.span();
                    expr(e);
                }
            });
            if (in == null && seen.isEmpty()) {
                throw new webcu.diag.InternalCompilerError("kernel " + k.name() + " has no interface after HeapMemory");
            }
        }

        private void stmt(Stmt s) {
            at = s.span();
            switch (s) {
                case Stmt.Call c -> {
                    if (!supported(c.callee())) {
                        reject("'" + Analysis.cudaName(c.callee().name()) + "' in device code");
                    } else if (!m.target().ieeeFloat() && classifiesFloats(c.callee())) {
                        reject("'" + Analysis.cudaName(c.callee().name()) + "' on this adapter (it does not keep IEEE infinities,"
                                + " NaN and subnormal numbers: it compiles kernels as fast math does)");
                    }
                }
                case Stmt.Store st -> {
                    Type t = Build.pointee(st.address().type());
                    if (Layouts.isAggregate(t) && atomicPlace(st.address())) {
                        reject("copying whole arrays or structs that atomics also access");
                    }
                }
                case Stmt.Launch l -> reject("launching kernels from device code");
                case Stmt.Switch sw -> {
                    if (Layouts.isWide(sw.selector().type())) {
                        reject("switch on a 64-bit value");
                    }
                }
                default -> { }
            }
        }

        private boolean supported(Function f) {
            return Analysis.isSupported(f, m.target());
        }

        private boolean atomicPlace(Expr a) {
            return switch (a) {
                case Expr.GlobalAddr g -> m.isAtomic(g.global());
                case Expr.ElementAddr e -> atomicPlace(e.base());
                case Expr.FieldAddr f -> atomicPlace(f.base());
                default -> false;
            };
        }

        private void expr(Expr e) {
            switch (e) {
                case Expr.GlobalAddr g -> global(g.global());
                case Expr.Unary u when isDouble(u.type()) && u.op() != webcu.ir.UnaryOp.NEG ->
                        reject("double-precision arithmetic ('double')");
                case Expr.Load l when Layouts.isAggregate(l.type()) && atomicPlace(l.address()) ->
                        reject("copying whole arrays or structs that atomics also access");
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
            if (g.space() == AddressSpace.HOST && isString(g)) {
                return; // a string literal passed to an intrinsic (__builtin_nanf("")), which never reads it
            }
            if (g.space() == AddressSpace.HOST) {
                reject("host variables in device code ('" + g.name() + "')");
            } else if (!g.dynamicShared()) {
                String why = unsupported(g.type());
                if (why != null) {
                    reject(why);
                }
            }
        }
    }

    /** Whether the expression is made of constants only (the WGSL writer folds it, doubles included). */
    private static boolean constant(Expr e) {
        if (e instanceof Expr.Load || e instanceof Expr.LocalGet || e instanceof Expr.BuiltinGet || e instanceof Expr.LocalAddr
                || e instanceof Expr.GlobalAddr) {
            return false;
        }
        for (Expr c : Expr.children(e)) {
            if (!constant(c)) {
                return false;
            }
        }
        return true;
    }

    private static boolean isString(Global g) {
        return g.readOnly() && g.type() instanceof Type.Array a && a.element() instanceof Type.Int i && i.bits() == 8;
    }

    private static boolean isDouble(Type t) {
        return t instanceof Type.Float f && f.bits() == 64;
    }

    /** Whether {@code f} tells NaN and infinities apart, which a fast-math adapter answers unlike CUDA. */
    static boolean classifiesFloats(Function f) {
        return switch (f.name()) {
            case "__webcu_isnan", "__webcu_isinf", "__webcu_isfinite" -> true;
            default -> false;
        };
    }

    /** Why WGSL cannot hold a value of this type, or null when the writer can. */
    static String unsupported(Type t) {
        return switch (t) {
            case Type.Float f when f.bits() != 32 && f.bits() != 64 -> "floating-point type " + TypeNames.c(t);
            case Type.Array a -> unsupported(a.element());
            case Type.Struct s -> {
                for (Type.Field f : s.fields()) {
                    String why = unsupported(f.type());
                    if (why != null) {
                        yield why;
                    }
                }
                yield null;
            }
            default -> null;
        };
    }

    /** The feature list as the tests pin it (for documentation). */
    static List<String> features() {
        return List.of("switch on a 64-bit value");
    }
}
