package webcu.passes;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import webcu.diag.Span;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Global;
import webcu.ir.Local;
import webcu.ir.Stmt;
import webcu.ir.Type;

/**
 * Checks every access to a storage binding: the index of each {@code ptradd} into a binding
 * becomes an {@link Expr.CheckedIndex} with a check site of its own ({@link DebugBuffer#addCheck}),
 * which the WGSL and SPIR-V writers print as the bounds check; a fault names the site's
 * statement. In a word access to a word binding ({@link WordAccesses} made it) the word index
 * becomes the checked word of its byte index, checked for alignment too. The dynamic shared
 * memory is not checked: its accesses stay as they are; so does an index checked already.
 *
 * <p>Not in {@link DevicePasses#PIPELINE}: the backends run it last, after their own steps (WGSL's
 * {@code Raise} and {@code WideCalls} move expressions into statements of their own), so that each
 * site is the statement the access is finally written in. Sites are numbered in the order the
 * WGSL writer prints the accesses (a store's value before its address; an address's index before
 * the access itself), which the programs' site tables and the WGSL text have always had.
 */
public final class CheckedAccesses implements DevicePass {
    /** What an access's pointer root is: a binding (checked, words or elements) or the unchecked dynamic shared memory. */
    private enum Root { ELEMENTS, WORDS, UNCHECKED_WORDS }

    private final Map<Local, Root> byRoot = new HashMap<>();
    private final Map<Global, Root> bySymbol = new IdentityHashMap<>();
    private DebugBuffer debug;
    private Span span = Span.NONE;

    @Override
    public String name() {
        return "CheckedAccesses";
    }

    @Override
    public void run(DeviceModule m) {
        debug = m.debug();
        for (Function k : List.copyOf(m.kernels())) {
            KernelInterface in = m.interfaceOf(k);
            if (in == null) {
                continue;
            }
            byRoot.clear();
            bySymbol.clear();
            for (KernelInterface.Binding b : in.bindings()) {
                Root r = b.view() == KernelInterface.View.WORDS ? Root.WORDS : Root.ELEMENTS;
                if (b.root() != null) {
                    byRoot.put(b.root(), r);
                } else if (b.global() != null) {
                    bySymbol.put(b.global(), r);
                }
            }
            span = k.span() == null ? Span.NONE : k.span();
            k.setBody(block(k.body()));
        }
    }

    private Stmt.Block block(Stmt.Block b) {
        List<Stmt> out = new ArrayList<>(b.stmts().size());
        for (Stmt s : b.stmts()) {
            out.add(stmt(s));
        }
        return new Stmt.Block(out, b.span());
    }

    private Stmt stmt(Stmt s) {
        Span saved = span;
        span = s.span();
        try {
            return switch (s) {
                case Stmt.Block b -> block(b);
                case Stmt.Assign a -> new Stmt.Assign(a.target(), value(a.value()), a.span());
                case Stmt.Store st -> {
                    Expr v = value(st.value());
                    yield new Stmt.Store(address(st.address(), true), v, st.span());
                }
                case Stmt.WordStore w when !(w.word() instanceof Expr.CheckedIndex) -> {
                    Expr v = value(w.value());
                    Expr bi = value(w.byteIndex());
                    yield new Stmt.WordStore(w.words(), bi, word(w.words(), w.byteIndex(), bi, w.word(), bytes(v.type()), true),
                            v, w.span());
                }
                case Stmt.Call c -> call(c);
                case Stmt.If i -> {
                    Expr cond = value(i.cond());
                    Stmt.Block then = block(i.then());
                    yield new Stmt.If(cond, then, block(i.otherwise()), i.span());
                }
                case Stmt.Loop l -> {
                    Stmt.Block body = block(l.body());
                    Stmt.Block continuing = block(l.continuing());
                    yield new Stmt.Loop(body, continuing, l.breakIf() == null ? null : value(l.breakIf()), l.span());
                }
                case Stmt.Switch sw -> {
                    Expr sel = value(sw.selector());
                    List<Stmt.Case> cases = new ArrayList<>();
                    for (Stmt.Case c : sw.cases()) {
                        cases.add(new Stmt.Case(c.values(), c.isDefault(), block(c.body())));
                    }
                    yield new Stmt.Switch(sel, cases, sw.span());
                }
                default -> s;
            };
        } finally {
            span = saved;
        }
    }

    /** A call's arguments in order; an atomic's first and an out-parameter are written through. */
    private Stmt call(Stmt.Call c) {
        boolean atomic = c.callee().name().startsWith("__webcu_atomic");
        boolean outParams = Intrinsics.isOutParam(c.callee());
        List<Expr> args = new ArrayList<>(c.args().size());
        for (int i = 0; i < c.args().size(); i++) {
            Expr a = c.args().get(i);
            boolean written = atomic && i == 0 || outParams && i > 0;
            args.add(written ? address(a, true) : value(a));
        }
        return new Stmt.Call(c.result(), c.callee(), args, c.span());
    }

    /** An expression whose loads read: their addresses checked, inner loads first. */
    private Expr value(Expr e) {
        if (e instanceof Expr.Load l) {
            return new Expr.Load(address(l.address(), false));
        }
        if (e instanceof Expr.WordLoad w && !(w.word() instanceof Expr.CheckedIndex)) {
            Expr bi = value(w.byteIndex());
            return new Expr.WordLoad(w.words(), bi, word(w.words(), w.byteIndex(), bi, w.word(), bytes(w.type()), false),
                    w.type());
        }
        return Expr.mapChildren(e, this::value);
    }

    /** A canonical address, its binding index checked; the loads in its indices read. */
    private Expr address(Expr a, boolean write) {
        return switch (a) {
            case Expr.WordAddr w when !(w.word() instanceof Expr.CheckedIndex) -> {
                Expr bi = value(w.byteIndex());
                yield new Expr.WordAddr(w.words(), bi, word(w.words(), w.byteIndex(), bi, w.word(), bytes(w.type().pointee()), write),
                        w.type());
            }
            case Expr.Convert c -> new Expr.Convert(c.type(), address(c.value(), write));
            case Expr.PtrAdd pa when root(pa.base()) == Root.ELEMENTS && !(pa.index() instanceof Expr.CheckedIndex) -> {
                Expr index = value(pa.index());
                yield new Expr.PtrAdd(pa.base(), new Expr.CheckedIndex(index, pa.base(), 0, site(write), write));
            }
            case Expr.ElementAddr e -> {
                Expr base = address(e.base(), write);
                yield new Expr.ElementAddr(base, value(e.index()));
            }
            case Expr.FieldAddr f -> new Expr.FieldAddr(address(f.base(), write), f.field());
            default -> value(a);
        };
    }

    /**
     * The word index of a word access whose byte index {@code byteIndex} is now {@code checkedByte}
     * (its loads checked): a checked one into a binding, {@code checkedByte >> 2} into the dynamic
     * shared memory.
     */
    private Expr word(Expr words, Expr byteIndex, Expr checkedByte, Expr word, int bytes, boolean write) {
        if (root(words) == Root.WORDS) {
            return new Expr.CheckedIndex(checkedByte, words, bytes, site(write), write);
        }
        if (word instanceof Expr.Binary b && b.left() == byteIndex) {
            // the word of the byte index: one tree, which the writers print once
            return new Expr.Binary(b.op(), checkedByte, b.right(), b.type());
        }
        return value(word);
    }

    private static int bytes(Type t) {
        return t instanceof Type.Bool ? 1 : t.size();
    }

    private int site(boolean write) {
        return debug.addCheck(new DebugBuffer.CheckSite(span, write ? DebugBuffer.OOB_WRITE : DebugBuffer.OOB_READ));
    }

    /** What the pointer root {@code root} ({@code %p}, {@code convert(%p)}, {@code &g}) is, or null. */
    private Root root(Expr root) {
        return switch (root) {
            case Expr.LocalGet g -> byRoot.get(g.local());
            case Expr.Convert c -> root(c.value());
            case Expr.GlobalAddr g when g.global().dynamicShared() -> Root.UNCHECKED_WORDS;
            case Expr.GlobalAddr g -> bySymbol.get(g.global());
            default -> null;
        };
    }
}
