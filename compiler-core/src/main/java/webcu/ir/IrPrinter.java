package webcu.ir;

import java.util.ArrayList;
import java.util.List;
import webcu.diag.Span;

/**
 * The text form of the IR ({@code webcu emit --target ir}, pass tests, golden files). Expressions
 * print inline and typed where the type is not obvious; statements one per line.
 */
public final class IrPrinter {
    private final StringBuilder out = new StringBuilder();
    private int indent;
    /** The source span of each finished line of {@link #out}, and of the construct being printed. */
    private final List<Span> lineSpans = new ArrayList<>();
    private Span current = Span.NONE;
    private int scanned;

    /**
     * The text of a module with the source span of each of its lines (index 0 is line 1): a
     * statement's lines have the statement's span, a function's header and closing brace the
     * function's, a global's line the global's; {@link Span#NONE} where the IR has no place.
     */
    public record Printed(String text, List<Span> lineSpans) {
        public Printed {
            lineSpans = List.copyOf(lineSpans);
        }
    }

    public static String print(Module m) {
        return printWithSpans(m).text();
    }

    /** The text of {@link #print(Module)} with the line map the playground's IR view shows. */
    public static Printed printWithSpans(Module m) {
        IrPrinter p = new IrPrinter();
        for (Global g : m.globals()) {
            p.at(g.span());
            p.global(g);
        }
        for (Function f : m.functions()) {
            p.at(f.span());
            p.function(f);
        }
        p.at(Span.NONE);
        return new Printed(p.out.toString(), p.lineSpans);
    }

    /** Lines finished so far keep the span they were printed under; the next ones get {@code span}. */
    private Span at(Span span) {
        for (; scanned < out.length(); scanned++) {
            if (out.charAt(scanned) == '\n') {
                lineSpans.add(current);
            }
        }
        Span before = current;
        current = span == null ? Span.NONE : span;
        return before;
    }

    public static String print(Function f) {
        IrPrinter p = new IrPrinter();
        p.function(f);
        return p.out.toString();
    }

    public static String expr(Expr e) {
        IrPrinter p = new IrPrinter();
        p.e(e);
        return p.out.toString();
    }

    private void global(Global g) {
        out.append(g.space().name().toLowerCase()).append(g.readOnly() ? " const " : " var ").append(g)
                .append(": ").append(g.type());
        if (g.dynamicShared()) {
            out.append(" dynamic");
        }
        if (g.init() != null) {
            out.append(" = ");
            bytes(g.init());
        }
        out.append('\n');
    }

    private void bytes(byte[] b) {
        boolean text = b.length > 0 && b[b.length - 1] == 0;
        for (int i = 0; i < b.length - 1 && text; i++) {
            text = b[i] >= 32 && b[i] < 127 || b[i] == '\n' || b[i] == '\t';
        }
        if (text) {
            out.append('"');
            for (int i = 0; i < b.length - 1; i++) {
                char c = (char) b[i];
                switch (c) {
                    case '\n' -> out.append("\\n");
                    case '\t' -> out.append("\\t");
                    case '"' -> out.append("\\\"");
                    case '\\' -> out.append("\\\\");
                    default -> out.append(c);
                }
            }
            out.append("\\0\"");
            return;
        }
        out.append("bytes[");
        for (int i = 0; i < b.length; i++) {
            out.append(i == 0 ? "" : " ").append(Integer.toHexString((b[i] & 0xFF) | 0x100).substring(1));
        }
        out.append(']');
    }

    private void function(Function f) {
        out.append(f.space().name().toLowerCase()).append(' ').append(f).append('(');
        for (int i = 0; i < f.params().size(); i++) {
            Local p = f.params().get(i);
            out.append(i == 0 ? "" : ", ").append(p).append(": ").append(p.type());
        }
        if (f.variadic()) {
            out.append(f.params().isEmpty() ? "..." : ", ...");
        }
        out.append(") -> ").append(f.returnType());
        if (f.isExternal()) {
            out.append('\n');
            return;
        }
        out.append(" {\n");
        indent++;
        for (Local l : f.locals()) {
            if (l.id() >= f.params().size()) {
                line().append(l.addressable() ? "memory " : "local ").append(l).append(": ").append(l.type()).append('\n');
            }
        }
        for (Stmt s : f.body().stmts()) {
            stmt(s);
        }
        indent--;
        out.append("}\n");
    }

    private StringBuilder line() {
        for (int i = 0; i < indent; i++) {
            out.append("  ");
        }
        return out;
    }

    private void block(Stmt.Block b) {
        out.append("{\n");
        indent++;
        for (Stmt s : b.stmts()) {
            stmt(s);
        }
        indent--;
        line().append('}');
    }

    private void stmt(Stmt s) {
        Span outer = at(s.span());
        stmtLines(s);
        at(outer);
    }

    private void stmtLines(Stmt s) {
        line();
        switch (s) {
            case Stmt.Block b -> block(b);
            case Stmt.Assign a -> {
                out.append(a.target()).append(" = ");
                e(a.value());
            }
            case Stmt.Store st -> {
                out.append("store ");
                e(st.address());
                out.append(", ");
                e(st.value());
            }
            case Stmt.AtomicHalves a -> {
                if (a.result() != null) {
                    out.append(a.result()).append(" = ");
                }
                out.append("atomichalves ").append(a.op().name().toLowerCase(java.util.Locale.ROOT)).append('(');
                e(a.address());
                out.append(", ");
                e(a.value());
                out.append(')');
            }
            case Stmt.Call c -> {
                if (c.result() != null) {
                    out.append(c.result()).append(" = ");
                }
                out.append("call ").append(c.callee()).append('(');
                list(c.args());
                out.append(')');
            }
            case Stmt.If i -> {
                out.append("if ");
                e(i.cond());
                out.append(' ');
                block(i.then());
                if (!i.otherwise().stmts().isEmpty()) {
                    out.append(" else ");
                    block(i.otherwise());
                }
            }
            case Stmt.Loop l -> {
                out.append("loop ");
                block(l.body());
                if (!l.continuing().stmts().isEmpty() || l.breakIf() != null) {
                    out.append(" continuing ");
                    block(l.continuing());
                }
                if (l.breakIf() != null) {
                    out.append(" break_if ");
                    e(l.breakIf());
                }
            }
            case Stmt.Switch sw -> {
                out.append("switch ");
                e(sw.selector());
                out.append(" {\n");
                indent++;
                for (Stmt.Case c : sw.cases()) {
                    line();
                    if (c.isDefault()) {
                        out.append("default");
                        if (!c.values().isEmpty()) {
                            out.append(", ");
                        }
                    }
                    for (int i = 0; i < c.values().size(); i++) {
                        out.append(i == 0 ? "case " : ", ").append(c.values().get(i));
                    }
                    out.append(": ");
                    block(c.body());
                    out.append('\n');
                }
                indent--;
                line().append('}');
            }
            case Stmt.Break b -> out.append("break");
            case Stmt.Continue c -> out.append("continue");
            case Stmt.Return r -> {
                out.append("return");
                if (r.value() != null) {
                    out.append(' ');
                    e(r.value());
                }
            }
            case Stmt.Barrier b -> out.append("barrier");
            case Stmt.WordStore w -> {
                out.append("wordstore ");
                wordPlace(w.words(), w.byteIndex(), w.word());
                out.append(", ");
                e(w.value());
            }
            case Stmt.Launch l -> {
                out.append("launch ").append(l.kernel()).append("<<<(");
                list(l.grid());
                out.append("), (");
                list(l.block());
                out.append("), ");
                e(l.sharedBytes());
                out.append(", ");
                e(l.stream());
                out.append(">>>(");
                list(l.args());
                out.append(')');
            }
        }
        out.append('\n');
    }

    private void list(List<Expr> es) {
        for (int i = 0; i < es.size(); i++) {
            if (i > 0) {
                out.append(", ");
            }
            e(es.get(i));
        }
    }

    /** A word access's place, the same in wordload, wordaddr and wordstore: the view, its byte index and its word index. */
    private void wordPlace(Expr words, Expr byteIndex, Expr word) {
        e(words);
        out.append(", byte ");
        e(byteIndex);
        out.append(", word ");
        e(word);
    }

    private void e(Expr x) {
        switch (x) {
            case Expr.IntConst c -> out.append(c.value()).append(':').append(c.type());
            case Expr.FloatConst c -> out.append(c.type().bits() == 32 ? Float.toString((float) c.value()) : Double.toString(c.value()))
                    .append(':').append(c.type());
            case Expr.BoolConst c -> out.append(c.value());
            case Expr.NullPtr n -> out.append("null:").append(n.type());
            case Expr.LocalGet g -> out.append(g.local());
            case Expr.LocalAddr a -> out.append('&').append(a.local());
            case Expr.GlobalAddr a -> out.append('&').append(a.global());
            case Expr.BuiltinGet b -> out.append(b.builtin().cudaName).append('.').append("xyz".charAt(b.component()));
            case Expr.Load l -> {
                out.append("load(");
                e(l.address());
                out.append(')');
            }
            case Expr.Unary u -> {
                out.append('(').append(u.op().symbol);
                e(u.operand());
                out.append(')');
            }
            case Expr.Binary b -> {
                out.append('(');
                e(b.left());
                out.append(' ').append(b.op().symbol).append(' ');
                e(b.right());
                out.append(')');
            }
            case Expr.Convert c -> {
                out.append("convert<").append(c.type()).append(">(");
                e(c.value());
                out.append(')');
            }
            case Expr.PtrAdd p -> {
                out.append("ptradd(");
                e(p.base());
                out.append(", ");
                e(p.index());
                out.append(')');
            }
            case Expr.ElementAddr a -> {
                out.append("elem(");
                e(a.base());
                out.append(", ");
                e(a.index());
                out.append(')');
            }
            case Expr.FieldAddr f -> {
                out.append("field(");
                e(f.base());
                Type.Struct s = (Type.Struct) ((Type.Ptr) f.base().type()).pointee();
                out.append(", .").append(s.fields().get(f.field()).name()).append(')');
            }
            case Expr.Fma f -> {
                out.append("fma(");
                e(f.a());
                out.append(", ");
                e(f.b());
                out.append(", ");
                e(f.c());
                out.append(')');
            }
            case Expr.CheckedIndex c -> {
                out.append("checked(");
                e(c.index());
                out.append(", ");
                e(c.array());
                if (c.bytes() > 0) {
                    out.append(", bytes ").append(c.bytes());
                }
                out.append(", site ").append(c.site()).append(c.write() ? " write" : " read").append(')');
            }
            case Expr.WordLoad w -> {
                out.append("wordload<").append(w.type()).append(">(");
                wordPlace(w.words(), w.byteIndex(), w.word());
                out.append(')');
            }
            case Expr.WordAddr w -> {
                out.append("wordaddr<").append(w.type().pointee()).append(">(");
                wordPlace(w.words(), w.byteIndex(), w.word());
                out.append(')');
            }
            case Expr.PureCall c -> {
                out.append("pure ").append(c.name()).append('(');
                for (int i = 0; i < c.args().size(); i++) {
                    out.append(i == 0 ? "" : ", ");
                    e(c.args().get(i));
                }
                out.append("):").append(c.type());
            }
            case Expr.Select s -> {
                out.append("select(");
                e(s.cond());
                out.append(", ");
                e(s.ifTrue());
                out.append(", ");
                e(s.ifFalse());
                out.append(')');
            }
        }
    }
}
