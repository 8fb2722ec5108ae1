package webcu.passes;

import java.util.Arrays;
import java.util.List;
import webcu.ir.AddressSpace;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Global;
import webcu.ir.Stmt;
import webcu.ir.Type;

/**
 * Queries over the IR that several passes (and the WGSL writer) ask: what a call is, what a
 * statement holds, what a pointer argument points into. They only read; {@link Build} makes IR.
 * A pass that needs one of these asks here rather than in the pass that first needed it, so that
 * each pass can be read, tested and reordered on its own.
 */
public final class Analysis {
    private Analysis() {
    }

    // ---- calls

    /** Whether the kernel calls the external the user wrote as {@code name} ({@link #cudaName}). */
    static boolean calls(Function k, String name) {
        boolean[] found = {false};
        Rewriter.forEachStmt(k.body(), s -> found[0] |= s instanceof Stmt.Call c && c.callee().isExternal()
                && cudaName(c.callee().name()).equals(name));
        return found[0];
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
            case "i32", "u32", "f32", "i64", "u64", "f64", "u16" -> true;
            default -> false;
        };
    }

    /** Whether the name is one of the front end's atomic externals ({@code __webcu_atomicAdd_i32} …). */
    static boolean isAtomic(Function f) {
        return f.isExternal() && f.name().startsWith("__webcu_atomic");
    }

    /** The external functions the subgroup path of the warp lowering calls; the WGSL writer prints them as WGSL's builtins. */
    public static final String SUBGROUP_PREFIX = "__webcu_subgroup_";

    /** Whether {@code f} is one of the subgroup operations the warp lowering emits. */
    public static boolean isSubgroupOp(Function f) {
        return f.isExternal() && f.name().startsWith(SUBGROUP_PREFIX);
    }

    /**
     * Whether this 64-bit atomic can be one 32-bit atomic per word ({@link WordAtomics}), with no
     * lock: and, or and xor act on each bit alone, and add and subtract need only the carry (or
     * borrow) of the low word, which its atomic's old value tells. The final value is exact
     * whatever interleaves; the old value returned pairs the two words' old values, which is why
     * the atomics lowering locks the ones whose old value is read.
     */
    static boolean onHalves(String op, String t) {
        return (t.equals("u64") || t.equals("i64")) && switch (op) {
            case "Add", "Sub", "And", "Or", "Xor" -> true;
            default -> false;
        };
    }

    /**
     * Whether the writer of {@code target} can print a call of {@code f}: for WGSL, {@link #isSupported(Function)};
     * the SPIR-V writer judges the external math functions itself (its list differs: doubles' sqrt,
     * say) and reports, at the call's line, the ones it does not have; with Int64Atomics, the 64-bit integer atomics too.
     */
    static boolean isSupported(Function f, DeviceTarget target) {
        return isSupported(f) || target.spirv() && f.isExternal() && !f.variadic() && (!isAtomic(f)
                || target.spirvCapabilities().contains("Int64Atomics") && f.returnType() instanceof Type.Int && f.returnType().size() == 8);
    }

    /** Whether the writer can print a call of {@code f}: WGSL built-ins, 32-bit atomics and the 64-bit ones done per word. */
    static boolean isSupported(Function f) {
        if (Intrinsics.isSupported(f) || isSubgroupOp(f)) {
            return true;
        }
        if (!isAtomic(f)) {
            return false;
        }
        String op = f.name().substring("__webcu_atomic".length(), f.name().lastIndexOf('_'));
        return switch (op) {
            case "Add", "Sub", "Exch", "Min", "Max", "And", "Or", "Xor", "CAS" -> !f.returnType().equals(Type.F32)
                    && (f.returnType().size() == 4 || f.returnType() instanceof Type.Int && onHalves(op, "u64"));
            default -> false;
        };
    }

    // ---- string literals

    /** The host variable (a string literal) a pointer argument points into, or null. */
    static Global stringLiteral(Expr x) {
        return switch (x) {
            case Expr.GlobalAddr g when g.global().space() == AddressSpace.HOST -> g.global();
            case Expr.ElementAddr e -> stringLiteral(e.base());
            case Expr.PtrAdd p -> stringLiteral(p.base());
            case Expr.Convert c when c.value().type() instanceof Type.Ptr -> stringLiteral(c.value());
            default -> null;
        };
    }

    /** The bytes of a string literal (without its NUL), or null when {@code e} is not one. */
    static byte[] literal(Expr e) {
        Global g = stringLiteral(e);
        if (g == null || g.init() == null) {
            return null;
        }
        byte[] b = g.init();
        int n = 0;
        while (n < b.length && b[n] != 0) {
            n++;
        }
        return Arrays.copyOf(b, n);
    }

    // ---- statements

    /** Whether {@code s} is or holds a statement of {@code kind}. */
    static boolean contains(Stmt s, Class<? extends Stmt> kind) {
        boolean[] found = {false};
        Rewriter.forEachStmt(new Stmt.Block(List.of(s), s.span()), x -> found[0] |= kind.isInstance(x));
        return found[0];
    }

    /** True when the body has no return, or one, as its last top-level statement. */
    static boolean returnsOnlyAtEnd(Stmt.Block body) {
        int[] count = {0};
        Rewriter.forEachStmt(body, s -> {
            if (s instanceof Stmt.Return) {
                count[0]++;
            }
        });
        List<Stmt> stmts = body.stmts();
        return count[0] == 0 || count[0] == 1 && !stmts.isEmpty() && stmts.get(stmts.size() - 1) instanceof Stmt.Return;
    }

    /** Whether {@code s} breaks or continues a loop outside it. */
    static boolean exits(Stmt s) {
        return exitsEnclosing(s, 0);
    }

    /** Whether {@code s} breaks or continues a loop outside it (depth: loops and switches entered so far). */
    private static boolean exitsEnclosing(Stmt s, int depth) {
        return switch (s) {
            case Stmt.Break b -> depth == 0;
            case Stmt.Continue c -> depth == 0;
            case Stmt.Block b -> anyExits(b.stmts(), depth);
            case Stmt.If i -> anyExits(i.then().stmts(), depth) || anyExits(i.otherwise().stmts(), depth);
            case Stmt.Loop l -> anyExits(l.body().stmts(), depth + 1) || anyExits(l.continuing().stmts(), depth + 1);
            case Stmt.Switch sw -> {
                for (Stmt.Case c : sw.cases()) {
                    if (anyExits(c.body().stmts(), depth + 1)) {
                        yield true;
                    }
                }
                yield false;
            }
            default -> false;
        };
    }

    private static boolean anyExits(List<Stmt> stmts, int depth) {
        for (Stmt s : stmts) {
            if (exitsEnclosing(s, depth)) {
                return true;
            }
        }
        return false;
    }
}
