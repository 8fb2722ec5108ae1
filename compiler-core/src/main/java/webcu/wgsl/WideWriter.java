package webcu.wgsl;

import static webcu.wgsl.WgslWriter.isWide;
import static webcu.wgsl.WgslWriter.signed;

import webcu.diag.InternalCompilerError;
import webcu.ir.BinaryOp;
import webcu.ir.Expr;
import webcu.ir.Type;

/**
 * Prints the operations of the types WGSL lacks that are held as {@code vec2<u32>}, low word
 * first: 64-bit integers, with {@link Int64Helpers}' exact helpers for arithmetic, comparisons and
 * shifts (bitwise operations work on the vector directly), and doubles, whose bits only move in
 * WGSL, with {@link DoubleHelpers}' soft-float arithmetic (exact, round to nearest even).
 *
 * <p>Issue 14: these are still chosen while printing; an IR step needs a {@code vec2<u32>} type or
 * calls inside expressions in the IR.
 */
final class WideWriter {
    private final ExprWriter exprs;
    private final WgslLibrary lib;

    WideWriter(ExprWriter exprs, WgslLibrary lib) {
        this.exprs = exprs;
        this.lib = lib;
    }

    private String expr(Expr e) {
        return exprs.expr(e);
    }

    private String shiftCount(Expr c) {
        return exprs.shiftCount(c);
    }

    /** A 64-bit negation or complement; {@code x} is its operand already printed. */
    String unary(Expr.Unary u, String x) {
        return switch (u.op()) {
            case NEG -> u.type() instanceof Type.Float ? "(" + x + " ^ vec2<u32>(0u, 0x80000000u))"
                    : lib.use("webcu_neg64") + "(" + x + ")";
            case NOT -> "(~" + x + ")";
            case LNOT -> "(!" + x + ")";
        };
    }

    /** A 64-bit integer operation through the helpers (bitwise ones work on vec2 directly). */
    String binary(Expr.Binary b) {
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

    /**
     * A conversion from or to a 64-bit value; {@code x} is its operand already printed (without
     * outer parentheses).
     */
    String convert(Expr.Convert c, String x) {
        Type from = c.value().type();
        Type to = c.type();
        if (to instanceof Type.Bool) {
            if (from instanceof Type.Float f && f.bits() == 64) {
                return "(((" + x + ").y & 0x7fffffffu) | (" + x + ").x) != 0u";
            }
            return "any(" + expr(c.value()) + " != vec2<u32>(0u, 0u))";
        }
        if (from instanceof Type.Bool) {
            return to instanceof Type.Float ? "select(vec2<u32>(0u, 0u), vec2<u32>(0u, 0x3ff00000u), " + x + ")"
                    : "vec2<u32>(select(0u, 1u, " + x + "), 0u)";
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
        throw new InternalCompilerError("WGSL writer: conversion " + webcu.ir.IrPrinter.expr(c) + " is not 64-bit");
    }

    /** A double multiply-add: {@code webcu_dfma} rounds the exact sum once. */
    String fma(String a, String b, String c) {
        return lib.use("webcu_dfma") + "(" + a + ", " + b + ", " + c + ")";
    }
}
