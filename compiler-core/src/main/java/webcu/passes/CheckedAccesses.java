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
 * statement. Byte accesses to a word binding ({@code convert<T*>(ptradd(convert<u8*>(root), byte))},
 * {@link MemoryModel}'s {@code WORDS} view) are checked for alignment too. The dynamic shared
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
        List<Expr> kids = Expr.children(e);
        if (kids.isEmpty()) {
            return e;
        }
        List<Expr> mapped = new ArrayList<>(kids.size());
        boolean changed = false;
        for (Expr k : kids) {
            Expr m = value(k);
            changed |= m != k;
            mapped.add(m);
        }
        return changed ? Expr.withChildren(e, mapped) : e;
    }

    /** A canonical address, its binding index checked; the loads in its indices read. */
    private Expr address(Expr a, boolean write) {
        return switch (a) {
            case Expr.Convert c when c.value() instanceof Expr.PtrAdd pa && pa.base() instanceof Expr.Convert bytes
                    && !(pa.index() instanceof Expr.CheckedIndex)
                    && ((Type.Ptr) bytes.type()).pointee().equals(Type.U8) && root(bytes.value()) != null
                    && root(bytes.value()) != Root.ELEMENTS -> {
                Expr index = value(pa.index());
                if (root(bytes.value()) == Root.UNCHECKED_WORDS) {
                    yield new Expr.Convert(c.type(), new Expr.PtrAdd(bytes, index));
                }
                Type t = ((Type.Ptr) c.type()).pointee();
                int size = t instanceof Type.Bool ? 1 : t.size();
                Expr checked = new Expr.CheckedIndex(index, bytes.value(), size, site(write), write);
                yield new Expr.Convert(c.type(), new Expr.PtrAdd(bytes, checked));
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
