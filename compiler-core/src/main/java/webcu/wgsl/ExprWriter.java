package webcu.wgsl;

import static webcu.wgsl.WgslWriter.XYZ;
import static webcu.wgsl.WgslWriter.intLiteral;
import static webcu.wgsl.WgslWriter.isWide;
import static webcu.wgsl.WgslWriter.signed;

import webcu.diag.InternalCompilerError;
import webcu.ir.BinaryOp;
import webcu.ir.Expr;
import webcu.ir.Type;

/**
 * Prints a kernel's expressions, folded first ({@link ConstFold}: Tint rejects constant
 * expressions that overflow) and parenthesized unless atomic so that they embed anywhere. Loads go
 * to {@link MemoryWriter}. No operation on 64-bit integers or doubles reaches it: {@link WideCalls}
 * has made each a call.
 *
 * <p>What the target needs around an expression is an IR step's, printed here as it is: the bounds
 * checks ({@code CheckedAccesses}), the NaN test of float comparisons ({@link NanCompares}) and the
 * fma a device gets ({@link FmaChoice}).
 */
final class ExprWriter {
    private final KernelWriter kw;
    private final WgslWriter w;

    ExprWriter(KernelWriter kw) {
        this.kw = kw;
        this.w = kw.w;
    }

    /** An expression at the top of a statement: no outer parentheses needed. */
    String top(Expr e) {
        Expr f = fold(e);
        if (f instanceof Expr.Binary b && !isWide(b.left().type())) {
            return binaryBody(b);
        }
        return expr(f);
    }

    private static Expr fold(Expr e) {
        return ConstFold.fold(e);
    }

    /** A folded expression, parenthesized unless atomic, so it embeds anywhere. */
    String expr(Expr e) {
        return switch (e) {
            case Expr.IntConst c -> SubWord.isSubWord(c.type()) ? intLiteral(c.type().signed() ? Type.I32 : Type.U32, c.value())
                    : intLiteral(c.type(), c.value());
            case Expr.FloatConst c -> c.type().bits() == 64 ? intLiteral(Type.U64, Double.doubleToRawLongBits(c.value()))
                    : w.floatLiteral((float) c.value());
            case Expr.BoolConst c -> c.value() ? "true" : "false";
            case Expr.LocalGet g -> kw.local(g.local());
            case Expr.BuiltinGet b -> builtin(b);
            case Expr.Load l -> kw.memory.load(l.address(), l.type());
            case Expr.Unary u when SubWord.isSubWord(u.type()) -> throw narrow(u);
            case Expr.Binary b when SubWord.isSubWord(b.type()) -> throw narrow(b);
            case Expr.Unary u when WideCalls.isWideOp(u) -> throw wide(u);
            case Expr.Binary b when WideCalls.isWideOp(b) -> throw wide(b);
            case Expr.Convert c when WideCalls.isWideOp(c) -> throw wide(c);
            case Expr.Fma f when WideCalls.isWideOp(f) -> throw wide(f);
            case Expr.Unary u -> unary(u);
            case Expr.Binary b -> {
                if (b.op() == BinaryOp.MUL && b.type().equals(Type.F32) && kw.gridDim != null) {
                    // Contract fused every product nvcc fuses; the driver must not fuse the others
                    yield w.lib.use("webcu_rn") + "(" + binaryBody(b) + ", " + kw.opaqueZero() + ")";
                }
                yield "(" + binaryBody(b) + ")";
            }
            case Expr.Convert c -> convert(c);
            case Expr.Select s -> select(s);
            case Expr.Fma f -> throw new InternalCompilerError("WGSL writer: fma " + webcu.ir.IrPrinter.expr(f)
                    + " reached the writer (FmaChoice makes it a call)");
            case Expr.CheckedIndex c -> kw.memory.checked(c);
            case Expr.WordLoad l -> kw.memory.load(l);
            case Expr.PureCall c -> pureCall(c);
            default -> throw new InternalCompilerError("WGSL writer: expression " + webcu.ir.IrPrinter.expr(e)
                    + " reached the writer");
        };
    }

    private String builtin(Expr.BuiltinGet b) {
        String c = XYZ[b.component()];
        return switch (b.builtin()) {
            case THREAD_IDX -> kw.threadIdx + "." + c;
            case GRID_DIM -> kw.gridDim + "." + c;
            case WORKGROUP_ID -> kw.workgroupId + "." + c;
            case NUM_WORKGROUPS -> kw.workgroupCount + "." + c;
            // the pipeline's constant where it has one (KernelLayout.LaunchConstants): `% 1u` and `/ 1u` fold away
            case GRID_SLICES -> "select(" + kw.grid + ".w, " + w.gridSlices + ", " + w.gridSlices + " != 0u)";
            case GRID_PADDING -> w.gridPadding;
            case BLOCK_IDX -> throw new InternalCompilerError("WGSL writer: blockIdx reached the writer (GridFolding computes it)");
            case BLOCK_DIM -> w.blockDim[b.component()];
        };
    }

    private InternalCompilerError wide(Expr e) {
        return new InternalCompilerError("WGSL writer: 64-bit operation " + webcu.ir.IrPrinter.expr(e)
                + " reached the writer (WideCalls makes it a call)");
    }

    private InternalCompilerError narrow(Expr e) {
        return new InternalCompilerError("WGSL writer: 8- or 16-bit operation " + webcu.ir.IrPrinter.expr(e)
                + " reached the writer (SubWord makes it 32-bit)");
    }

    private String unary(Expr.Unary u) {
        String x = expr(u.operand());
        return switch (u.op()) {
            // WGSL has no unary minus on u32; 0u - x is the same modulo 2^32
            case NEG -> !signed(u.type()) && u.type() instanceof Type.Int ? "(0u - " + x + ")" : "(-" + x + ")";
            case NOT -> "(~" + x + ")";
            // a call binds tighter than any binary operator: !f(x) embeds anywhere as it is
            case LNOT -> u.operand() instanceof Expr.PureCall ? "!" + x : "(!" + x + ")";
        };
    }

    private String binaryBody(Expr.Binary b) {
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

    /** A helper of {@link WgslLibrary} (or a WGSL built-in function) that an IR step chose. */
    private String pureCall(Expr.PureCall c) {
        StringBuilder sb = new StringBuilder(WgslLibrary.names().contains(c.name()) ? w.lib.use(c.name()) : c.name()).append('(');
        for (int i = 0; i < c.args().size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(expr(c.args().get(i)));
        }
        return sb.append(')').toString();
    }

    String shiftCount(Expr c) {
        if (c instanceof Expr.IntConst i) {
            return (i.value() & 0xFFFFFFFFL) + "u";
        }
        if (isWide(c.type())) {
            return expr(c) + ".x";
        }
        return c.type().equals(Type.U32) ? expr(c) : "u32(" + top(c) + ")";
    }

    private String convert(Expr.Convert c) {
        Type from = c.value().type();
        Type to = c.type();
        if (WideCalls.sharesRegister(from, to) || from instanceof Type.Int && to instanceof Type.Int && !isWide(from) && !isWide(to)
                && w.type(from).equals(w.type(to))) {
            // one register type: SubWord has wrapped what could leave the narrower type's range; i64 and u64 are one vec2<u32>
            return expr(c.value());
        }
        String x = top(c.value());
        if (to instanceof Type.Bool) {
            return "bool(" + x + ")";
        }
        if (from instanceof Type.Bool) {
            return w.type(to) + "(" + x + ")";
        }
        if (from instanceof Type.Float && to instanceof Type.Int) {
            // PTX's cvt.rzi saturates to the integer's range and turns NaN into 0; WGSL's clamps
            // to the nearest float inside the range and leaves NaN to the implementation
            return w.lib.use(signed(to) ? "webcu_f32_to_i32" : "webcu_f32_to_u32") + "(" + x + ")";
        }
        if (to instanceof Type.Float || from instanceof Type.Float) {
            return w.type(to) + "(" + x + ")";
        }
        // integers of at most 32 bits (or a pointer's offset): the bits stay
        return w.type(to).equals(w.type(from)) ? expr(c.value()) : w.type(to) + "(" + x + ")";
    }

    private String select(Expr.Select s) {
        if (Raise.hasLoad(s.ifTrue()) || Raise.hasLoad(s.ifFalse())) {
            throw new InternalCompilerError("WGSL writer: a select that reads memory was not raised in " + kw.k.name());
        }
        return "select(" + top(s.ifFalse()) + ", " + top(s.ifTrue()) + ", " + top(s.cond()) + ")";
    }
}
