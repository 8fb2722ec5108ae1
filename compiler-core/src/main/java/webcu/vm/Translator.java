package webcu.vm;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import webcu.diag.Span;
import webcu.ir.BinaryOp;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Global;
import webcu.ir.Local;
import webcu.ir.Stmt;
import webcu.ir.Type;

/**
 * Translates one IR function into VM bytecode ({@link Code}), as javac's Gen turns trees into JVM
 * code. Scalar locals get registers; addressable locals and struct or array values live in the
 * function's memory frame, and a struct value is represented by its address until a store, a call
 * or a return copies its bytes. Expression temporaries are allocated stack-wise per statement.
 * Structured control flow becomes jumps; conditions compile to compare-and-branch instructions.
 * Expressions, and the state both halves share, are in {@link ExprTranslator}.
 */
final class Translator extends ExprTranslator {
    /** Break and continue targets of the enclosing loops and switches, innermost last. */
    private final ArrayList<Target> targets = new ArrayList<>();

    private record Target(Label breakTo, Label continueTo) {}

    Translator(Program program, Function fn) {
        super(program, fn);
        // Constants used inside loops get registers loaded once at entry, so loops do not reload them.
        scanLoops(fn.body(), false);
        maxI = fixedI;
        maxF = fixedF;
    }

    private void scanLoops(Stmt s, boolean inLoop) {
        switch (s) {
            case Stmt.Block b -> b.stmts().forEach(x -> scanLoops(x, inLoop));
            case Stmt.Assign a -> scanExpr(a.value(), inLoop);
            case Stmt.Store st -> {
                scanExpr(st.address(), inLoop);
                scanExpr(st.value(), inLoop);
            }
            case Stmt.Call c -> c.args().forEach(e -> scanExpr(e, inLoop));
            case Stmt.If i -> {
                scanExpr(i.cond(), inLoop);
                scanLoops(i.then(), inLoop);
                scanLoops(i.otherwise(), inLoop);
            }
            case Stmt.Loop l -> {
                scanLoops(l.body(), true);
                scanLoops(l.continuing(), true);
                if (l.breakIf() != null) {
                    scanExpr(l.breakIf(), true);
                }
            }
            case Stmt.Switch sw -> {
                scanExpr(sw.selector(), inLoop);
                sw.cases().forEach(c -> scanLoops(c.body(), inLoop));
            }
            case Stmt.Return r -> {
                if (r.value() != null) {
                    scanExpr(r.value(), inLoop);
                }
            }
            default -> {
            }
        }
    }

    /** Collects the constants of a loop's expressions that will need a register (not immediates). */
    private void scanExpr(Expr e, boolean inLoop) {
        if (!inLoop) {
            return;
        }
        switch (e) {
            case Expr.IntConst c -> constant(INT, c.value());
            case Expr.BoolConst b -> constant(INT, b.value() ? 1 : 0);
            case Expr.NullPtr n -> constant(INT, 0);
            case Expr.FloatConst f -> constant(FLOAT, Double.doubleToRawLongBits(f.value()));
            case Expr.GlobalAddr g -> {
                if (!globalConstants.containsKey(g.global()) && globalConstants.size() < MAX_CONSTANTS) {
                    globalConstants.put(g.global(), fixedI++);
                }
            }
            case Expr.Binary b when (b.op() == BinaryOp.ADD || b.op() == BinaryOp.SUB) && b.right() instanceof Expr.IntConst c
                    && c.value() == (int) c.value() -> scanExpr(b.left(), true);
            case Expr.PtrAdd p when p.index() instanceof Expr.IntConst -> scanExpr(p.base(), true);
            case Expr.ElementAddr a when a.index() instanceof Expr.IntConst -> scanExpr(a.base(), true);
            default -> {
                for (Expr c : Expr.children(e)) {
                    scanExpr(c, true);
                }
            }
        }
    }

    private void constant(int bank, long bits) {
        HashMap<Long, Integer> map = bank == FLOAT ? floatConstants : intConstants;
        if (map.containsKey(bits) || map.size() >= MAX_CONSTANTS) {
            return;
        }
        int r = bank == FLOAT ? fixedF++ : fixedI++;
        map.put(bits, r);
        constantLoads.add(new long[] {bank, r, bits});
    }

    Code translate() {
        mark(fn.span());
        if (frameReg >= 0) {
            emit(Op.FRAME, frameReg, 0);
        }
        for (long[] c : constantLoads) {
            if (c[0] == FLOAT) {
                emit(Op.FK, (int) c[1], doubleConst(Double.longBitsToDouble(c[2])));
            } else {
                constInt((int) c[1], c[2]);
            }
        }
        int[] globalLoads = new int[globalConstants.size()];
        int gi = 0;
        for (int r : globalConstants.values()) {
            globalLoads[gi++] = len;
            emit(Op.LK, r, 0);
        }
        for (int k = 0; k < fn.params().size(); k++) {
            Local p = fn.params().get(k);
            if (inMemory(p)) {
                storeValue(new Addr(frameReg, offset[p.id()]), p.type(), paramReg[k], fn.span());
                resetTemps();
            }
        }
        block(fn.body());
        gi = 0;
        for (Global g : globalConstants.keySet()) {
            int at = globalLoads[gi++];
            long a = program.globalAddress(g);
            if (a == (int) a) {
                code[at] = Op.LI;
                code[at + 2] = (int) a;
            } else {
                code[at + 2] = longConst(a);
            }
        }
        // Falling off the end: main returns 0 (C++ says so); other functions return 0 as well
        // rather than garbage, which is what their undefined behaviour most often looks like.
        mark(fn.span());
        Type rt = fn.returnType();
        if (rt instanceof Type.Float) {
            int t = temp(FLOAT);
            emit(Op.FK, t, doubleConst(0.0));
            emit(Op.RETF, t);
        } else if (rt instanceof Type.Void || isAggregate(rt)) {
            emit(Op.RET);
        } else {
            int t = temp(INT);
            emit(Op.LI, t, 0);
            emit(Op.RETI, t);
        }
        int[] pcs = new int[spanPcs.size()];
        for (int i = 0; i < pcs.length; i++) {
            pcs[i] = spanPcs.get(i);
        }
        long[] lk = new long[longs.size()];
        for (int i = 0; i < lk.length; i++) {
            lk[i] = longs.get(i);
        }
        double[] dk = new double[doubles.size()];
        for (int i = 0; i < dk.length; i++) {
            dk[i] = doubles.get(i);
        }
        int[] out = new int[len];
        System.arraycopy(code, 0, out, 0, len);
        return new Code(fn, out, lk, dk, sites, maxI, maxF, frameSize, paramBank, paramReg, pcs,
                spans.toArray(new Span[0]), kernels.toArray(new Function[0]), messages.toArray(new String[0]));
    }

    // ---- statements

    private void block(Stmt.Block b) {
        for (Stmt s : b.stmts()) {
            stmt(s);
        }
    }

    private void stmt(Stmt s) {
        if (!(s instanceof Stmt.Block)) {
            mark(s.span());
        }
        switch (s) {
            case Stmt.Block b -> block(b);
            case Stmt.Assign a -> assign(a.target(), a.value(), a.span());
            case Stmt.Store st -> {
                Type t = st.value().type();
                if (isAggregate(t)) {
                    int dst = expr(st.address());
                    int src = expr(st.value());
                    emit(Op.COPY, dst, src, t.size(), site(), site());
                } else {
                    Addr a = address(st.address());
                    int v = expr(st.value());
                    storeValue(a, t, v, st.span());
                }
            }
            case Stmt.Call c -> call(c);
            case Stmt.If i -> ifStmt(i);
            case Stmt.Loop l -> loop(l);
            case Stmt.Switch sw -> switchStmt(sw);
            case Stmt.Break b -> {
                if (targets.isEmpty()) {
                    trap("break outside a loop or switch");
                } else {
                    jump(Op.JMP, targets.get(targets.size() - 1).breakTo());
                }
            }
            case Stmt.Continue c -> {
                Label to = continueTarget();
                if (to == null) {
                    trap("continue outside a loop");
                } else {
                    jump(Op.JMP, to);
                }
            }
            case Stmt.Return r -> ret(r);
            case Stmt.WordStore w -> throw new webcu.diag.InternalCompilerError("VM: a GPU target's word store reached the CPU's code");
            case Stmt.AtomicHalves a -> throw new webcu.diag.InternalCompilerError("VM: a GPU target's split atomic reached the CPU's code");
            case Stmt.Barrier b -> {
                if (device) {
                    emit(Op.BARRIER);
                } else {
                    trap("__syncthreads() called in host code");
                }
            }
            case Stmt.Launch l -> launch(l);
        }
        resetTemps();
    }

    private Label continueTarget() {
        for (int i = targets.size() - 1; i >= 0; i--) {
            if (targets.get(i).continueTo() != null) {
                return targets.get(i).continueTo();
            }
        }
        return null;
    }

    private void assign(Local target, Expr value, Span span) {
        if (isAggregate(target.type())) {
            int dst = temp(INT);
            emit(Op.FRAME, dst, offset[target.id()]);
            int src = expr(value);
            emit(Op.COPY, dst, src, target.type().size(), site(), site());
        } else if (reg[target.id()] < 0) {
            int v = expr(value);
            storeValue(new Addr(frameReg, offset[target.id()]), target.type(), v, span);
        } else {
            exprTo(value, reg[target.id()]);
        }
    }

    private void storeValue(Addr a, Type t, int v, Span span) {
        if (isAggregate(t)) {
            a = materialize(a);
            int dst = a.reg();
            if (a.off() != 0) {
                // COPY has no offset operand: address the destination first.
                dst = temp(INT);
                emit(Op.ADDI_W, dst, a.reg(), a.off());
            }
            emit(Op.COPY, dst, v, t.size(), site(), site());
            return;
        }
        int op = switch (t) {
            case Type.Float f -> f.bits() == 32 ? Op.STF32 : Op.STF64;
            case Type.Bool b -> Op.ST8;
            case Type.Int i -> switch (i.bits()) {
                case 8 -> Op.ST8;
                case 16 -> Op.ST16;
                case 32 -> Op.ST32;
                default -> Op.ST64;
            };
            default -> Op.ST64;
        };
        if (a.index() >= 0) {
            int x = switch (op) {
                case Op.ST32 -> Op.STX32;
                case Op.ST64 -> Op.STX64;
                case Op.STF32 -> Op.STXF32;
                case Op.STF64 -> Op.STXF64;
                default -> -1;
            };
            if (x >= 0) {
                emit(x, a.reg(), a.index(), a.scale(), a.off(), v, site());
                return;
            }
            a = materialize(a);
        }
        emit(op, a.reg(), a.off(), v, site());
    }

    private void ifStmt(Stmt.If i) {
        // "if (c) break;" and "if (c) continue;" jump straight to their target.
        if (i.otherwise().stmts().isEmpty() && i.then().stmts().size() == 1) {
            Stmt only = i.then().stmts().get(0);
            Label to = null;
            if (only instanceof Stmt.Break && !targets.isEmpty()) {
                to = targets.get(targets.size() - 1).breakTo();
            } else if (only instanceof Stmt.Continue) {
                to = continueTarget();
            }
            if (to != null) {
                condJump(i.cond(), true, to);
                return;
            }
        }
        Label otherwise = new Label();
        condJump(i.cond(), false, otherwise);
        resetTemps();
        block(i.then());
        if (i.otherwise().stmts().isEmpty()) {
            bind(otherwise);
        } else {
            Label end = new Label();
            if (fallsThrough(i.then())) {
                jump(Op.JMP, end);
            }
            bind(otherwise);
            block(i.otherwise());
            bind(end);
        }
    }

    private static boolean fallsThrough(Stmt.Block b) {
        if (b.stmts().isEmpty()) {
            return true;
        }
        Stmt last = b.stmts().get(b.stmts().size() - 1);
        return !(last instanceof Stmt.Break || last instanceof Stmt.Continue || last instanceof Stmt.Return);
    }

    private void loop(Stmt.Loop l) {
        if (l.breakIf() == null && !l.body().stmts().isEmpty() && l.body().stmts().get(0) instanceof Stmt.If guard
                && guard.otherwise().stmts().isEmpty() && guard.then().stmts().size() == 1
                && guard.then().stmts().get(0) instanceof Stmt.Break) {
            rotatedLoop(l, guard);
            return;
        }
        Label top = new Label();
        Label cont = new Label();
        Label end = new Label();
        bind(top);
        targets.add(new Target(end, cont));
        block(l.body());
        bind(cont);
        targets.set(targets.size() - 1, new Target(end, null));
        block(l.continuing());
        targets.remove(targets.size() - 1);
        mark(l.span());
        if (l.breakIf() != null) {
            condJump(l.breakIf(), false, top);
            resetTemps();
        } else {
            jump(Op.JMP, top);
        }
        bind(end);
    }

    /**
     * {@code loop { if (c) break; rest } continuing { step }}, the shape of {@code for} and
     * {@code while}, with the test repeated at the bottom: one branch per iteration instead of a
     * jump back and a test. Expressions have no side effects, so evaluating the copy at the bottom
     * does exactly what the jump back to the test at the top did.
     */
    private void rotatedLoop(Stmt.Loop l, Stmt.If guard) {
        Label top = new Label();
        Label cont = new Label();
        Label end = new Label();
        mark(guard.span());
        condJump(guard.cond(), true, end);
        resetTemps();
        bind(top);
        targets.add(new Target(end, cont));
        List<Stmt> body = l.body().stmts();
        for (int i = 1; i < body.size(); i++) {
            stmt(body.get(i));
        }
        bind(cont);
        targets.set(targets.size() - 1, new Target(end, null));
        block(l.continuing());
        targets.remove(targets.size() - 1);
        mark(guard.span());
        condJump(guard.cond(), false, top);
        resetTemps();
        bind(end);
        mark(l.span());
    }

    private void switchStmt(Stmt.Switch sw) {
        Type.Int selType = (Type.Int) sw.selector().type();
        int sel = expr(sw.selector());
        int n = 0;
        for (Stmt.Case c : sw.cases()) {
            n += c.values().size();
        }
        int at = len;
        put(Op.SWITCH);
        put(sel);
        put(n);
        put(-1);
        int pairs = len;
        for (int i = 0; i < n; i++) {
            put(-1);
            put(-1);
        }
        Label end = new Label();
        targets.add(new Target(end, null));
        int k = 0;
        boolean hasDefault = false;
        for (Stmt.Case c : sw.cases()) {
            int body = len;
            for (Long v : c.values()) {
                code[pairs + 2 * k] = longConst(selType.normalize(v));
                code[pairs + 2 * k + 1] = body;
                k++;
            }
            if (c.isDefault()) {
                code[at + 3] = body;
                hasDefault = true;
            }
            resetTemps();
            block(c.body());
            if (fallsThrough(c.body())) {
                jump(Op.JMP, end);
            }
        }
        targets.remove(targets.size() - 1);
        bind(end);
        if (!hasDefault) {
            code[at + 3] = end.pos;
        }
    }

    private void ret(Stmt.Return r) {
        if (r.value() == null) {
            emit(Op.RET);
            return;
        }
        Type t = r.value().type();
        int v = expr(r.value());
        if (isAggregate(t)) {
            emit(Op.RETM, v, t.size());
        } else if (t instanceof Type.Float) {
            emit(Op.RETF, v);
        } else {
            emit(Op.RETI, v);
        }
    }

    private void call(Stmt.Call c) {
        Function f = c.callee();
        Local result = c.result();
        if (f.isExternal()) {
            int math = MathFn.lookup(f);
            if (math >= 0) {
                int n = MathFn.arity(math);
                int[] a = new int[n];
                for (int i = 0; i < n; i++) {
                    a[i] = expr(c.args().get(i));
                }
                if (result == null) {
                    return;
                }
                int d = resultReg(result);
                switch (n) {
                    case 1 -> emit(Op.MATH1, d, a[0], math);
                    case 2 -> emit(Op.MATH2, d, a[0], a[1], math);
                    default -> emit(Op.MATH3, d, a[0], a[1], a[2], math);
                }
                storeResult(result, d, c.span());
                return;
            }
            int[] ref = program.bindNative(f, c.span());
            if (ref == null) {
                trap("call to '" + f.name() + "', which no library provides");
                return;
            }
            int[] ops = new int[c.args().size()];
            for (int i = 0; i < ops.length; i++) {
                ops[i] = operand(c.args().get(i));
            }
            int dst = -1;
            int ext = Ext.NONE;
            if (result != null && !isAggregate(result.type())) {
                dst = resultReg(result) << 1 | bank(result.type());
                ext = Ext.of(result.type());
            }
            emit(Op.NATIVE, ref[0], ref[1], dst, ext, ops.length);
            emit(ops);
            if (dst >= 0) {
                storeResult(result, dst >> 1, c.span());
            }
            return;
        }
        int[] ops = new int[c.args().size()];
        for (int i = 0; i < ops.length; i++) {
            ops[i] = operand(c.args().get(i));
        }
        int dst = -1;
        if (result != null) {
            if (isAggregate(result.type())) {
                int a = temp(INT);
                emit(Op.FRAME, a, offset[result.id()]);
                dst = a << 2 | 2;
            } else {
                dst = resultReg(result) << 2 | bank(result.type());
            }
        }
        emit(Op.CALL, program.indexOf(f), dst, ops.length);
        emit(ops);
        if (result != null && !isAggregate(result.type())) {
            storeResult(result, dst >> 2, c.span());
        }
    }

    /** The register a call result goes to: the local's own, or a temporary for a memory local. */
    private int resultReg(Local result) {
        int r = reg[result.id()];
        return r >= 0 ? r : temp(bank(result.type()));
    }

    private void storeResult(Local result, int r, Span span) {
        if (reg[result.id()] < 0) {
            storeValue(new Addr(frameReg, offset[result.id()]), result.type(), r, span);
        }
    }

    private void launch(Stmt.Launch l) {
        if (device) {
            trap("kernel launch from device code (dynamic parallelism) is not supported");
            return;
        }
        ArrayList<Integer> ops = new ArrayList<>();
        for (Expr e : l.grid()) {
            ops.add(operand(e));
        }
        for (Expr e : l.block()) {
            ops.add(operand(e));
        }
        ops.add(operand(l.sharedBytes()));
        ops.add(operand(l.stream()));
        for (Expr e : l.args()) {
            ops.add(operand(e));
        }
        int k = kernels.indexOf(l.kernel());
        if (k < 0) {
            kernels.add(l.kernel());
            k = kernels.size() - 1;
        }
        emit(Op.LAUNCH, k, ops.size());
        for (int o : ops) {
            put(o);
        }
    }
}
