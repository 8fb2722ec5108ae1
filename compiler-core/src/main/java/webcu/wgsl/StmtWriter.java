package webcu.wgsl;

import static webcu.wgsl.WgslWriter.FLUSH;
import static webcu.wgsl.WgslWriter.intLiteral;

import java.util.List;
import webcu.diag.InternalCompilerError;
import webcu.diag.Span;
import webcu.ir.Stmt;
import webcu.ir.Type;
import webcu.passes.Intrinsics;

/**
 * Prints a kernel's statements, one IR statement as one WGSL statement (control flow maps one to
 * one), and its calls: the intrinsics through their {@link Intrinsics#wgsl} templates and the
 * 64-bit operations through {@link WideCalls#template}, warps'
 * subgroup operations, {@link Raise}'s storage barrier; atomics go to {@link MemoryWriter}. Each
 * line it finishes takes the CUDA span of the statement being written.
 */
final class StmtWriter extends KernelPart {
    StmtWriter(KernelWriter kw) {
        super(kw);
    }

    private void block(Stmt.Block b) {
        w.indent++;
        for (Stmt s : b.stmts()) {
            stmt(s);
        }
        w.indent--;
    }

    void stmt(Stmt s) {
        w.spansUpTo(w.out.length());
        Span saved = w.current;
        w.current = s.span();
        stmtBody(s);
        w.spansUpTo(w.out.length());
        w.current = saved;
    }

    private void stmtBody(Stmt s) {
        switch (s) {
            case Stmt.Block b -> {
                line("{");
                block(b);
                line("}");
            }
            case Stmt.Assign a -> {
                String v = top(a.value());
                if (kw.lets.contains(a.target())) {
                    line("let " + local(a.target()) + ": " + w.type(a.target().type()) + " = " + v + ";");
                } else {
                    line(local(a.target()) + " = " + v + ";");
                }
            }
            case Stmt.Store st -> kw.memory.store(st);
            case Stmt.WordStore w -> kw.memory.store(w);
            case Stmt.AtomicHalves a -> kw.memory.atomicHalves(a);
            case Stmt.Call c -> call(c);
            case Stmt.If i -> ifStmt(i, "if ");
            case Stmt.Loop l -> {
                line("loop {");
                block(l.body());
                if (!l.continuing().stmts().isEmpty() || l.breakIf() != null) {
                    w.indent++;
                    line("continuing {");
                    block(l.continuing());
                    if (l.breakIf() != null) {
                        w.indent++;
                        String cond = top(l.breakIf());
                        line("break if " + cond + ";");
                        w.indent--;
                    }
                    line("}");
                    w.indent--;
                }
                line("}");
            }
            case Stmt.Switch sw -> switchStmt(sw);
            case Stmt.Break b -> line("break;");
            case Stmt.Continue c -> line("continue;");
            case Stmt.Return r -> line(FLUSH + "return;");
            case Stmt.Barrier b -> line("workgroupBarrier();");
            case Stmt.Launch l -> throw new InternalCompilerError("WGSL writer: launch in kernel " + kw.k.name());
        }
    }

    private void ifStmt(Stmt.If i, String keyword) {
        String cond = top(i.cond());
        line(keyword + cond + " {");
        block(i.then());
        elseTail(i);
    }

    private void elseTail(Stmt.If i) {
        List<Stmt> other = i.otherwise().stmts();
        if (other.isEmpty()) {
            line("}");
            return;
        }
        if (other.size() == 1 && other.get(0) instanceof Stmt.If nested) {
            w.spansUpTo(w.out.length());
            Span saved = w.current;
            w.current = nested.span();
            String nestedCond = top(nested.cond());
            line("} else if " + nestedCond + " {");
            block(nested.then());
            elseTail(nested);
            w.spansUpTo(w.out.length());
            w.current = saved;
            return;
        }
        line("} else {");
        block(i.otherwise());
        line("}");
    }

    private void switchStmt(Stmt.Switch sw) {
        Type.Int t = (Type.Int) sw.selector().type();
        String sel = top(sw.selector());
        Type.Int caseType = t.bits() < 32 ? (t.signed() ? Type.I32 : Type.U32) : t;
        if (t.bits() == 64) {
            throw new InternalCompilerError("WGSL writer: switch on a 64-bit value reached the writer");
        }
        line("switch " + sel + " {");
        w.indent++;
        boolean hasDefault = false;
        for (Stmt.Case c : sw.cases()) {
            StringBuilder label = new StringBuilder();
            for (Long v : c.values()) {
                label.append(label.length() == 0 ? "case " : ", ").append(intLiteral(caseType, v));
            }
            if (c.isDefault()) {
                hasDefault = true;
                label.append(label.length() == 0 ? "default" : ", default");
            }
            line(label + ": {");
            block(c.body());
            line("}");
        }
        if (!hasDefault) {
            // WGSL requires a default clause; C's missing default does nothing
            line("default: {");
            line("}");
        }
        w.indent--;
        line("}");
    }

    // ---- calls

    private void call(Stmt.Call c) {
        String name = c.callee().name();
        if (name.equals(Raise.STORAGE_BARRIER)) {
            line("storageBarrier();");
            return;
        }
        if (name.startsWith("__webcu_atomic")) {
            kw.memory.atomic(c);
            return;
        }
        if (webcu.passes.Analysis.isSubgroupOp(c.callee())) {
            subgroup(c);
            return;
        }
        if (Intrinsics.isOutParam(c.callee())) {
            // sincosf(x, &s, &c): the results go to the two addresses
            String x = kw.fn.fresh("angle");
            line("let " + x + " = " + top(c.args().get(0)) + ";");
            kw.memory.storeValue(c.args().get(1), Type.F32, "sin(" + x + ")");
            kw.memory.storeValue(c.args().get(2), Type.F32, "cos(" + x + ")");
            return;
        }
        String template = Intrinsics.wgsl(c.callee());
        if (template == null) {
            template = WideCalls.template(c.callee());
        }
        if (template == null) {
            throw new InternalCompilerError("WGSL writer: call of '" + name + "' reached the writer");
        }
        if (c.result() == null) {
            return; // the intrinsics have no side effects
        }
        String[] args = new String[c.args().size()];
        for (int i = 0; i < args.length; i++) {
            // a string argument (__builtin_nanf's) is not a value WGSL could hold: only used ones are written
            if (template.contains("$" + i)) {
                args[i] = expr(fold(c.args().get(i)));
            }
        }
        String text = substitute(template, args).replace("$z", kw.opaqueZero());
        for (String helper : WgslLibrary.names()) {
            if (text.contains(helper + "(")) {
                w.lib.use(helper);
            }
        }
        line(local(c.result()) + " = " + text + ";");
    }

    /** Warps' subgroup operations: a shuffle of u32 words, a ballot of the warp's 32 lanes, a reduction. */
    private void subgroup(Stmt.Call c) {
        String op = c.callee().name().substring(webcu.passes.Analysis.SUBGROUP_PREFIX.length());
        String arg = expr(fold(c.args().get(0)));
        String text = switch (op) {
            case "shuffle" -> "subgroupShuffle(" + arg + ", " + expr(fold(c.args().get(1))) + ")";
            case "ballot" -> "subgroupBallot(" + arg + ").x";
            default -> {
                String o = op.substring(0, op.indexOf('_'));
                yield "subgroup" + Character.toUpperCase(o.charAt(0)) + o.substring(1) + "(" + arg + ")";
            }
        };
        line(local(c.result()) + " = " + text + ";");
    }

    private String substitute(String template, String[] args) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < template.length(); i++) {
            char ch = template.charAt(i);
            if (ch == '$' && i + 1 < template.length() && Character.isDigit(template.charAt(i + 1))) {
                sb.append(args[template.charAt(++i) - '0']);
            } else {
                sb.append(ch);
            }
        }
        return sb.toString();
    }
}
