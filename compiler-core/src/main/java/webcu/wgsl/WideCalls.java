package webcu.wgsl;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import webcu.diag.InternalCompilerError;
import webcu.diag.Span;
import webcu.ir.BinaryOp;
import webcu.ir.ExecutionSpace;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Local;
import webcu.ir.Module;
import webcu.ir.Stmt;
import webcu.ir.Type;
import webcu.passes.DeviceModule;
import webcu.passes.Layouts;

/**
 * WGSL has no 64-bit integers and no doubles: both live in {@code vec2<u32>} registers, low word
 * first, and every operation on them is one of {@link Int64Helpers}' or {@link DoubleHelpers}'
 * exact functions or a short vector form. This step, run by {@link WgslBackend} after
 * {@link RotateLoops}, makes that choice on the IR: each such operation becomes a call of an
 * external named for its WGSL form ({@link #template}), whose result goes to a new local (or
 * straight to the local an assignment writes), so the writer prints the call as it prints an
 * intrinsic, with no decision left.
 *
 * <ul>
 *   <li>Operations: arithmetic, comparisons, shifts (the count made a u32 first: WGSL takes it
 *   modulo 64 in the helper), negation and complement, and fma on doubles.
 *   <li>Conversions from or to such a type, except between i64 and u64, which share a register.
 * </ul>
 *
 * <p>i32 and u32 in the names stand for every narrower integer of their signedness too, and for
 * a pointer held as an integer (u32). The calls go right before the statement that evaluates the
 * operation, in evaluation order; for a loop's {@code break if}, at the end of its continuing
 * block. They are pure and total (WGSL has no traps), so moving them out of an expression changes
 * nothing, except out of the right operand of {@code &&} or {@code ||} where that reads memory,
 * which C does only sometimes (and which may not be there): such an operator becomes a temporary
 * and an {@code if}, as {@link Raise} does for selects. A select's operands are both evaluated in
 * WGSL anyway ({@link Raise} has made an {@code if} of those that read memory).
 */
final class WideCalls extends Hoisting {
    /** The prefix of the externals this step calls; the rest of the name keys {@link #TEMPLATES}. */
    static final String PREFIX = "__webcu_wide_";
    /** The WGSL form of each external, with {@code $0}, {@code $1}, {@code $2} for its arguments. */
    private static final Map<String, String> TEMPLATES = new HashMap<>();

    private final Module module;

    private WideCalls(Function kernel, Module module) {
        super(kernel);
        this.module = module;
    }

    /** Rewrites every kernel of {@code dm} in place. */
    static void run(DeviceModule dm) {
        for (Function k : List.copyOf(dm.kernels())) {
            k.setBody(new WideCalls(k, dm.module()).block(k.body()));
        }
    }

    /** The WGSL form of a call of {@code callee}, or null where it is not one of this step's. */
    static String template(Function callee) {
        return callee.name().startsWith(PREFIX) ? TEMPLATES.get(callee.name().substring(PREFIX.length())) : null;
    }

    private static boolean isWide(Type t) {
        return Layouts.isWide(t);
    }

    /** Whether the node itself (not its operands) is an operation on or to a {@code vec2<u32>} value. */
    static boolean isWideOp(Expr e) {
        return switch (e) {
            case Expr.Binary b -> isWide(b.left().type()) || isWide(b.type());
            case Expr.Unary u -> isWide(u.type());
            case Expr.Fma f -> isWide(f.type());
            case Expr.Convert c -> (isWide(c.value().type()) || isWide(c.type())) && !sharesRegister(c.value().type(), c.type());
            default -> false;
        };
    }

    /** i64 and u64 (or a type and itself): the same bits in the same register. */
    static boolean sharesRegister(Type from, Type to) {
        return from.equals(to) || from instanceof Type.Int f && to instanceof Type.Int t && f.bits() == 64 && t.bits() == 64;
    }

    private static boolean hasWideOp(Expr e) {
        if (isWideOp(e)) {
            return true;
        }
        for (Expr c : Expr.children(e)) {
            if (hasWideOp(c)) {
                return true;
            }
        }
        return false;
    }

    @Override
    protected boolean hasWork(Expr e) {
        return hasWideOp(ConstFold.fold(e));
    }

    @Override
    protected void assign(Stmt.Assign a, List<Stmt> out) {
        Expr v = ConstFold.fold(a.value());
        if (isWideOp(v) && hasWideOp(v)) {
            // the operation's result goes straight to the local
            List<Expr> args = operands(v, out, a.span());
            out.add(new Stmt.Call(a.target(), callee(v), args, a.span()));
        } else {
            super.assign(a, out);
        }
    }

    /**
     * {@code e} folded ({@link ConstFold}, as the writer would) with its 64-bit operations made
     * calls appended to {@code out}; {@code e} itself where it has none.
     */
    @Override
    protected Expr hoist(Expr e, List<Stmt> out, Span at) {
        Expr f = ConstFold.fold(e);
        return hasWideOp(f) ? call(f, out, at) : e;
    }

    private Expr call(Expr e, List<Stmt> out, Span at) {
        if (!hasWideOp(e)) {
            return e;
        }
        if (e instanceof Expr.Binary b && b.op().isLogical() && hasWideOp(b.right()) && Raise.hasLoad(b.right())) {
            // the right operand reads memory only when C would evaluate it
            return shortCircuit(b, out, at, this::call);
        }
        if (isWideOp(e)) {
            List<Expr> args = operands(e, out, at);
            Local tmp = kernel.newLocal("wide", e.type(), false);
            out.add(new Stmt.Call(tmp, callee(e), args, at));
            return new Expr.LocalGet(tmp);
        }
        List<Expr> kids = new ArrayList<>();
        for (Expr c : Expr.children(e)) {
            kids.add(call(c, out, at));
        }
        return Expr.withChildren(e, kids);
    }

    /** The arguments of the call that computes the operation {@code e}, their own operations lowered first. */
    private List<Expr> operands(Expr e, List<Stmt> out, Span at) {
        List<Expr> args = new ArrayList<>();
        for (Expr c : Expr.children(e)) {
            args.add(call(c, out, at));
        }
        if (e instanceof Expr.Binary b && (b.op() == BinaryOp.SHL || b.op() == BinaryOp.SHR)) {
            args.set(1, shiftCount(args.get(1), out, at));
        }
        return args;
    }

    /** A shift count as the helpers take it: a u32 (the low word of a 64-bit count). */
    private Expr shiftCount(Expr c, List<Stmt> out, Span at) {
        if (c instanceof Expr.IntConst i) {
            return new Expr.IntConst(Type.U32, i.value() & 0xFFFFFFFFL);
        }
        if (c.type().equals(Type.U32)) {
            return c;
        }
        return call(new Expr.Convert(Type.U32, c), out, at);
    }

    /** The external whose WGSL form computes {@code e}. */
    private Function callee(Expr e) {
        String key = key(e);
        if (!TEMPLATES.containsKey(key)) {
            throw new InternalCompilerError("WideCalls: no WGSL form for " + webcu.ir.IrPrinter.expr(e));
        }
        String name = PREFIX + key;
        Function f = module.function(name);
        if (f == null) {
            f = module.add(new Function(name, ExecutionSpace.DEVICE, e.type(), List.of(), true, Span.NONE));
        }
        return f;
    }

    private static String key(Expr e) {
        return switch (e) {
            case Expr.Unary u -> unaryKey(u);
            case Expr.Binary b when b.left().type() instanceof Type.Float -> "d" + b.op().name().toLowerCase();
            case Expr.Binary b -> binaryKey(b);
            case Expr.Fma f -> "dfma";
            case Expr.Convert c -> convertKey(c.value().type(), c.type());
            default -> throw new InternalCompilerError("WideCalls: " + webcu.ir.IrPrinter.expr(e) + " is not a 64-bit operation");
        };
    }

    private static String unaryKey(Expr.Unary u) {
        return switch (u.op()) {
            case NEG -> u.type() instanceof Type.Float ? "dneg" : "neg64";
            case NOT -> "not64";
            case LNOT -> "lnot64";
        };
    }

    private static String binaryKey(Expr.Binary b) {
        boolean s = b.left().type() instanceof Type.Int i && i.signed();
        String op = b.op().name().toLowerCase();
        return switch (b.op()) {
            case SHR, DIV, REM, LT, GT, LE, GE -> op + (s ? "s64" : "u64");
            default -> op + "64";
        };
    }

    /** A type's name in the keys: i32 and u32 stand for every narrower integer of their signedness. */
    private static String typeKey(Type t) {
        return switch (t) {
            case Type.Bool b -> "bool";
            case Type.Float f -> f.bits() == 64 ? "f64" : "f32";
            case Type.Int i -> (i.signed() ? "i" : "u") + (i.bits() == 64 ? "64" : "32");
            // a pointer held as an integer (its offset in a binding): a u32
            case Type.Ptr p -> "u32";
            default -> throw new InternalCompilerError("WideCalls: conversion from or to " + t);
        };
    }

    private static String convertKey(Type from, Type to) {
        return typeKey(from) + "_to_" + typeKey(to);
    }

    private static void form(String key, String template) {
        TEMPLATES.put(key, template);
    }

    static {
        form("neg64", "webcu_neg64($0)");
        form("dneg", "($0 ^ vec2<u32>(0u, 0x80000000u))");
        form("not64", "(~$0)");
        form("lnot64", "(!$0)");
        form("shl64", "webcu_shl64($0, $1)");
        form("shrs64", "webcu_shr64s($0, $1)");
        form("shru64", "webcu_shr64u($0, $1)");
        form("add64", "webcu_add64($0, $1)");
        form("sub64", "webcu_sub64($0, $1)");
        form("mul64", "webcu_mul64($0, $1)");
        form("divs64", "webcu_sdivmod64($0, $1).q");
        form("divu64", "webcu_udivmod64($0, $1).q");
        form("rems64", "webcu_sdivmod64($0, $1).r");
        form("remu64", "webcu_udivmod64($0, $1).r");
        form("and64", "($0 & $1)");
        form("or64", "($0 | $1)");
        form("xor64", "($0 ^ $1)");
        form("eq64", "all($0 == $1)");
        form("ne64", "any($0 != $1)");
        for (String s : new String[] {"s", "u"}) {
            String lt = "webcu_lt" + s + "64";
            form("lt" + s + "64", lt + "($0, $1)");
            form("gt" + s + "64", lt + "($1, $0)");
            form("le" + s + "64", "(!" + lt + "($1, $0))");
            form("ge" + s + "64", "(!" + lt + "($0, $1))");
        }
        form("dadd", "webcu_dadd($0, $1)");
        form("dsub", "webcu_dsub($0, $1)");
        form("dmul", "webcu_dmul($0, $1)");
        form("ddiv", "webcu_ddiv($0, $1)");
        form("deq", "webcu_deq($0, $1)");
        form("dne", "(!webcu_deq($0, $1))");
        form("dlt", "webcu_dlt($0, $1)");
        form("dgt", "webcu_dlt($1, $0)");
        form("dle", "(webcu_dlt($0, $1) || webcu_deq($0, $1))");
        form("dge", "(webcu_dlt($1, $0) || webcu_deq($0, $1))");
        form("dfma", "webcu_dfma($0, $1, $2)");
        form("f64_to_bool", "((($0).y & 0x7fffffffu) | ($0).x) != 0u");
        form("i64_to_bool", "any($0 != vec2<u32>(0u, 0u))");
        form("u64_to_bool", "any($0 != vec2<u32>(0u, 0u))");
        form("bool_to_f64", "select(vec2<u32>(0u, 0u), vec2<u32>(0u, 0x3ff00000u), $0)");
        form("bool_to_i64", "vec2<u32>(select(0u, 1u, $0), 0u)");
        form("bool_to_u64", "vec2<u32>(select(0u, 1u, $0), 0u)");
        form("f32_to_f64", "webcu_f32_to_f64($0)");
        form("i32_to_f64", "webcu_i32_to_f64(i32($0))");
        form("u32_to_f64", "webcu_u32_to_f64(u32($0))");
        form("i64_to_f64", "webcu_i64_to_f64($0)");
        form("u64_to_f64", "webcu_u64_to_f64($0)");
        form("f64_to_f32", "webcu_f64_to_f32($0)");
        form("f64_to_i32", "webcu_f64_to_i32($0)");
        form("f64_to_u32", "webcu_f64_to_u32($0)");
        form("f64_to_i64", "webcu_f64_to_i64($0, false)");
        form("f64_to_u64", "webcu_f64_to_u64($0)");
        form("f32_to_i64", "webcu_f32_to_i64($0)");
        form("f32_to_u64", "webcu_f32_to_u64($0)");
        form("i32_to_i64", "webcu_i64(i32($0))");
        form("i32_to_u64", "webcu_i64(i32($0))");
        form("u32_to_i64", "vec2<u32>(u32($0), 0u)");
        form("u32_to_u64", "vec2<u32>(u32($0), 0u)");
        form("i64_to_f32", "webcu_i64_to_f32($0)");
        form("u64_to_f32", "webcu_u64_to_f32($0)");
        form("i64_to_i32", "bitcast<i32>($0.x)");
        form("u64_to_i32", "bitcast<i32>($0.x)");
        form("i64_to_u32", "$0.x");
        form("u64_to_u32", "$0.x");
    }
}
