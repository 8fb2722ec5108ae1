package webcu.lower;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import webcu.diag.DiagKey;
import webcu.diag.Diagnostics;
import webcu.diag.Span;
import webcu.frontend.CType;
import webcu.frontend.Sema;
import webcu.frontend.Typed;
import webcu.ir.AddressSpace;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Global;
import webcu.ir.Local;
import webcu.ir.Module;
import webcu.ir.Stmt;
import webcu.ir.Type;
import webcu.ir.UnaryOp;
/**
 * Lowers the typed tree to the IR, as javac's Lower and Gen do between them: C++ types become IR
 * types, side effects inside expressions (assignments, ++, calls) become statements before the
 * statement that uses their value, short-circuit operators with side effects become ifs,
 * for/while/do become loops with a continuing block, and switch fall-through is copied out.
 * Only functions reachable from the user's files are lowered.
 * Expressions, types and the state both halves share are in {@link LowerExpr}; this class holds
 * the entry points, globals, functions and statements.
 */
public final class Lower extends LowerExpr {
    private Lower(Diagnostics diags) {
        super(diags);
    }

    public static Module lower(Sema.Program program, Diagnostics diags) {
        return lower(program, null, diags);
    }

    /**
     * Lowers a program whose device code was analysed separately, as nvcc compiles it twice:
     * {@code device} is the same source preprocessed with {@code __CUDA_ARCH__} defined. Kernels and
     * device functions come from it, host code from {@code host}; a {@code __host__ __device__}
     * function gets one IR function per side. Null when the source never tests {@code __CUDA_ARCH__}.
     */
    public static Module lower(Sema.Program host, Sema.Program device, Diagnostics diags) {
        Lower l = new Lower(diags);
        l.addressTaken.addAll(host.addressTaken());
        if (device != null) {
            for (Sema.FunctionSym f : device.functions()) {
                l.deviceSyms.put(f, Boolean.TRUE);
                l.deviceByKey.put(key(f), f);
            }
            for (Typed.Var g : host.globals()) {
                l.hostGlobalsByKey.put(g.name + "@" + g.span, g);
            }
        }
        for (Typed.Var g : host.globals()) {
            l.global(g);
        }
        for (Sema.FunctionSym f : host.functions()) {
            if (f.body != null && !f.span.file().startsWith("<built-in>")) {
                l.function(f);
            }
        }
        while (!l.work.isEmpty()) {
            l.lowerBody(l.work.poll());
        }
        return l.module;
    }

    private static String key(Sema.FunctionSym f) {
        return (f.irName != null ? f.irName : f.name) + "@" + f.span;
    }

    // ================================================================= globals

    @Override
    void global(Typed.Var g) {
        AddressSpace space = switch (g.space) {
            case "device" -> AddressSpace.DEVICE;
            case "constant" -> AddressSpace.CONSTANT;
            case "shared" -> AddressSpace.SHARED;
            default -> AddressSpace.HOST;
        };
        byte[] init = null;
        if (g.globalInit != null) {
            if (space == AddressSpace.SHARED) {
                diags.error(g.span, DiagKey.ERR_NOT_SUPPORTED, "initializer not allowed for __shared__ variable");
            }
            init = new byte[(int) CType.sizeOf(g.type)];
            if (!constantBytes(g.globalInit, g.type, init, 0)) {
                init = null;
                if (space == AddressSpace.HOST) {
                    dynamicInits.add(g);
                } else {
                    diags.error(g.span, DiagKey.ERR_NOT_SUPPORTED, "a non-constant initializer for a device variable");
                }
            }
        }
        // a const global with a dynamic initializer is written once by main's prologue
        boolean readOnly = g.isConst && space != AddressSpace.SHARED && !dynamicInits.contains(g);
        Global ig = new Global(uniqueGlobalName(g.name), type(g.type), space, init, readOnly, g.dynamicShared, g.span);
        globals.put(g, ig);
        module.add(ig);
    }

    /** Static locals and __shared__ arrays of template instances may share a source name. */
    private String uniqueGlobalName(String name) {
        int n = globalNames.merge(name, 1, Integer::sum);
        return n == 1 ? name : name + "." + n;
    }

    /** Writes a constant initializer's bytes (little-endian); false when it is not a constant. */
    private boolean constantBytes(Typed.Expr e, CType t, byte[] into, int at) {
        ByteBuffer b = ByteBuffer.wrap(into).order(ByteOrder.LITTLE_ENDIAN);
        if (e instanceof Typed.Aggregate a) {
            for (Typed.Init init : a.inits()) {
                int off = at;
                CType leaf = t;
                for (Typed.Step s : init.path()) {
                    off += s.field() != null ? (int) s.field().offset() : (int) (s.element() * CType.sizeOf(s.type()));
                    leaf = s.type();
                }
                if (!constantBytes(init.value(), leaf, into, off)) {
                    return false;
                }
            }
            return true;
        }
        Object v = constValue(e);
        if (v == null) {
            return false;
        }
        if (t instanceof CType.Flt f) {
            double d = v instanceof Double x ? x : ((Long) v).doubleValue();
            if (f.isDouble()) {
                b.putDouble(at, d);
            } else {
                b.putFloat(at, (float) d);
            }
            return true;
        }
        long x = v instanceof Long l ? l : (long) (double) (Double) v;
        int size = (int) CType.sizeOf(t);
        for (int i = 0; i < size && i < 8; i++) {
            into[at + i] = (byte) (x >>> (8 * i));
        }
        return true;
    }

    private static Object constValue(Typed.Expr e) {
        if (CType.isInteger(e.type())) {
            Long folded = webcu.frontend.ConstEval.fold(e);
            if (folded != null) {
                return folded;
            }
        }
        return switch (e) {
            case Typed.IntConst c -> c.value();
            case Typed.FloatConst f -> f.value();
            case Typed.NullConst n -> 0L;
            case Typed.Convert c -> {
                Object v = constValue(c.operand());
                if (v == null) {
                    yield null;
                }
                if (c.type() instanceof CType.Flt f) {
                    double d = v instanceof Double x ? x : ((Long) v).doubleValue();
                    yield f.isDouble() ? d : (double) (float) d;
                }
                if (CType.isInteger(c.type())) {
                    long l = v instanceof Long x ? x : (long) (double) (Double) v;
                    yield c.type() instanceof CType.Int i && i.isBool() ? (l != 0 ? 1L : 0L) : webcu.frontend.ConstEval.wrap(c.type(), l);
                }
                yield null;
            }
            case Typed.Unary u when u.op().equals("-") -> {
                Object v = constValue(u.operand());
                yield v instanceof Long l ? (Object) webcu.frontend.ConstEval.wrap(u.type(), -l) : v instanceof Double d ? (Object) (-d) : null;
            }
            case Typed.Load l when l.operand() instanceof Typed.VarRef v && v.var().constValue != null -> v.var().constValue;
            case Typed.Binary b -> {
                Object x = constValue(b.left());
                Object y = constValue(b.right());
                if (x instanceof Double dx && y instanceof Double dy) {
                    boolean f = b.type() instanceof CType.Flt ft && !ft.isDouble();
                    double r = switch (b.op()) {
                        case "+" -> dx + dy;
                        case "-" -> dx - dy;
                        case "*" -> dx * dy;
                        case "/" -> dx / dy;
                        default -> Double.NaN;
                    };
                    yield Double.isNaN(r) && !b.op().equals("/") ? null : (Object) (f ? (double) (float) r : r);
                }
                yield null;
            }
            default -> null;
        };
    }

    // ================================================================= functions

    @Override
    Function function(Sema.FunctionSym f) {
        Function existing = functions.get(f);
        if (existing != null) {
            return existing;
        }
        if (!deviceSyms.isEmpty() && !deviceSyms.containsKey(f) && (f.space == webcu.ir.ExecutionSpace.KERNEL
                || f.space == webcu.ir.ExecutionSpace.DEVICE)) {
            // host code names a kernel: its body is the device compilation's
            Sema.FunctionSym twin = deviceByKey.get(key(f));
            if (twin != null) {
                Function irf = function(twin);
                functions.put(f, irf);
                return irf;
            }
        }
        List<Local> params = new ArrayList<>();
        for (int i = 0; i < f.params.size(); i++) {
            Typed.Var p = f.params.get(i);
            // a class with a destructor comes by address to a host function (Sema.byAddress)
            params.add(new Local(i, p.name.isEmpty() ? "arg" + i : p.name, Sema.byAddress(f, p.type) ? Type.ptr(type(p.type)) : type(p.type), false));
        }
        // an external keeps its C name: the VM's library and the device passes bind it by that name
        String name = f.body == null || f.irName == null ? f.name : f.irName;
        if (deviceSyms.containsKey(f) && f.space == webcu.ir.ExecutionSpace.HOST_DEVICE && f.body != null) {
            name = name + ".device";
        }
        Function irf = new Function(name, f.space, type(f.result), params, f.variadic, f.span);
        irf.setNoexcept(f.noexcept);
        functions.put(f, irf);
        module.add(irf);
        if (f.body != null) {
            work.add(f);
        }
        return irf;
    }

    private void lowerBody(Sema.FunctionSym f) {
        fn = functions.get(f);
        sym = f;
        locals.clear();
        temps = 0;
        out = new ArrayList<>();
        for (int i = 0; i < f.params.size(); i++) {
            Typed.Var p = f.params.get(i);
            Local param = fn.params().get(i);
            if (Sema.byAddress(f, p.type)) {
                byAddress.add(p); // the caller's object: used through its address, as a reference is
                locals.put(p, param);
            } else if (needsMemory(p)) {
                Local mem = fn.newLocal(param.name() + ".addr", type(p.type), true);
                out.add(new Stmt.Store(new Expr.LocalAddr(mem), new Expr.LocalGet(param), p.span));
                locals.put(p, mem);
            } else {
                locals.put(p, param);
            }
        }
        if (f.name.equals("main") && f.owner == null) {
            for (Typed.Var g : dynamicInits) {
                CType t = g.type;
                Expr addr = new Expr.GlobalAddr(globals.get(g));
                storeInit(addr, t, g.globalInit, g.span);
            }
        }
        for (Typed.Stmt s : f.body.stmts()) {
            stmt(s);
        }
        if (f.name.equals("main") && f.owner == null && type(f.result) instanceof Type.Int it
                && (out.isEmpty() || !(out.get(out.size() - 1) instanceof Stmt.Return))) {
            out.add(new Stmt.Return(new Expr.IntConst(it, 0), f.body.span()));
        }
        fn.setBody(new Stmt.Block(out, f.body.span()));
    }

    // ================================================================= statements

    @Override
    void stmt(Typed.Stmt s) {
        switch (s) {
            case Typed.Block b -> {
                for (Typed.Stmt x : b.stmts()) {
                    stmt(x);
                }
            }
            case Typed.ExprStmt e -> effect(e.expr());
            case Typed.LocalDef d -> localDef(d);
            case Typed.If i -> {
                Expr c = value(i.cond());
                Stmt.Block then = block(i.then());
                Stmt.Block otherwise = i.otherwise() == null ? Stmt.Block.empty(i.span()) : block(i.otherwise());
                out.add(new Stmt.If(c, then, otherwise, i.span()));
            }
            case Typed.Loop l -> loop(l);
            case Typed.Switch sw -> switchStmt(sw);
            case Typed.Break b -> out.add(new Stmt.Break(b.span()));
            case Typed.Continue c -> out.add(new Stmt.Continue(c.span()));
            case Typed.Return r -> {
                if (r.value() == null) {
                    out.add(new Stmt.Return(null, r.span()));
                } else {
                    out.add(new Stmt.Return(value(r.value()), r.span()));
                }
            }
            case Typed.Barrier b -> out.add(new Stmt.Barrier(b.span()));
        }
    }

    private Stmt.Block block(Typed.Stmt s) {
        List<Stmt> save = out;
        out = new ArrayList<>();
        stmt(s);
        Stmt.Block b = new Stmt.Block(out, s.span());
        out = save;
        return b;
    }

    private void loop(Typed.Loop l) {
        List<Stmt> save = out;
        if (l.doWhile()) {
            Stmt.Block body = block(l.body());
            out = new ArrayList<>();
            Expr c = l.cond() == null ? new Expr.BoolConst(true) : value(l.cond());
            Stmt.Block continuing = new Stmt.Block(out, l.span());
            out = save;
            out.add(new Stmt.Loop(body, continuing, new Expr.Unary(UnaryOp.LNOT, c, Type.BOOL), l.span()));
            return;
        }
        out = new ArrayList<>();
        if (l.cond() != null) {
            Expr c = value(l.cond());
            out.add(new Stmt.If(new Expr.Unary(UnaryOp.LNOT, c, Type.BOOL), new Stmt.Block(List.of(new Stmt.Break(l.span())), l.span()),
                    Stmt.Block.empty(l.span()), l.span()));
        }
        List<Stmt> bodyStmts = out;
        Stmt.Block inner = block(l.body());
        bodyStmts.addAll(inner.stmts());
        Stmt.Block body = new Stmt.Block(bodyStmts, l.span());
        out = new ArrayList<>();
        if (l.step() != null) {
            effect(l.step());
        }
        Stmt.Block continuing = new Stmt.Block(out, l.span());
        out = save;
        out.add(new Stmt.Loop(body, continuing, null, l.span()));
    }

    private void switchStmt(Typed.Switch sw) {
        Expr sel = value(sw.selector());
        Type.Int selType = (Type.Int) sel.type();
        List<Stmt.Case> cases = new ArrayList<>();
        List<Typed.Section> sections = sw.sections();
        for (int i = 0; i < sections.size(); i++) {
            List<Stmt> save = out;
            out = new ArrayList<>();
            // a section that does not end in a jump falls through into the next one: copy it
            for (int k = i; k < sections.size(); k++) {
                for (Typed.Stmt s : sections.get(k).body()) {
                    stmt(s);
                }
                List<Typed.Stmt> body = sections.get(k).body();
                if (!body.isEmpty() && endsInJump(body.get(body.size() - 1))) {
                    break;
                }
            }
            Stmt.Block b = new Stmt.Block(out, sw.span());
            out = save;
            List<Long> values = new ArrayList<>();
            for (Long v : sections.get(i).values()) {
                long nv = selType.normalize(v);
                if (!values.contains(nv)) {
                    values.add(nv);
                }
            }
            cases.add(new Stmt.Case(values, sections.get(i).isDefault(), b));
        }
        out.add(new Stmt.Switch(sel, cases, sw.span()));
    }

    private static boolean endsInJump(Typed.Stmt s) {
        return s instanceof Typed.Break || s instanceof Typed.Continue || s instanceof Typed.Return
                || s instanceof Typed.Block b && !b.stmts().isEmpty() && endsInJump(b.stmts().get(b.stmts().size() - 1));
    }

    private void localDef(Typed.LocalDef d) {
        Typed.Var v = d.var();
        Local l = local(v);
        if (d.init() == null) {
            return;
        }
        if (v.type instanceof CType.Ref) {
            out.add(new Stmt.Assign(l, value(d.init()), d.span()));
            return;
        }
        if (l.addressable()) {
            storeInit(new Expr.LocalAddr(l), v.type, d.init(), d.span());
        } else {
            out.add(new Stmt.Assign(l, value(d.init()), d.span()));
        }
    }

    /** Initialises the object at {@code addr} from an initializer (construction, aggregate or value). */
    private void storeInit(Expr addr, CType t, Typed.Expr init, Span span) {
        if (init instanceof Typed.Cleanup c) {
            storeInit(addr, t, c.value(), span);
            c.after().forEach(this::stmt);
        } else if (init instanceof Typed.Construct c) {
            construct(addr, c);
        } else if (init instanceof Typed.Aggregate a) {
            aggregate(addr, t, a);
        } else {
            out.add(new Stmt.Store(addr, value(init), span));
        }
    }

    @Override
    void construct(Expr addr, Typed.Construct c) {
        List<Expr> args = new ArrayList<>();
        args.add(addr);
        for (Typed.Expr a : c.args()) {
            args.add(value(a));
        }
        out.add(new Stmt.Call(null, function(c.constructor()), args, c.span()));
    }

    @Override
    void aggregate(Expr addr, CType t, Typed.Aggregate a) {
        if (leaves(t) > a.inits().size()) {
            Function memset = extern("memset", Type.ptr(Type.VOID), List.of(Type.ptr(Type.VOID), Type.I32, Type.U64));
            out.add(new Stmt.Call(null, memset, List.of(new Expr.Convert(Type.ptr(Type.VOID), addr), new Expr.IntConst(Type.I32, 0),
                    new Expr.IntConst(Type.U64, CType.sizeOf(t))), a.span()));
        }
        for (Typed.Init init : a.inits()) {
            Expr p = addr;
            for (Typed.Step s : init.path()) {
                if (s.field() != null) {
                    p = new Expr.FieldAddr(p, s.field().index());
                } else {
                    p = new Expr.ElementAddr(p, new Expr.IntConst(Type.I64, s.element()));
                }
            }
            out.add(new Stmt.Store(p, value(init.value()), a.span()));
        }
    }

    private static long leaves(CType t) {
        if (t instanceof CType.Arr a) {
            return Math.max(0, a.count()) * leaves(a.element());
        }
        if (t instanceof CType.Record r) {
            long n = 0;
            for (CType.Field f : r.fields) {
                n += leaves(f.type());
            }
            return r.isUnion ? Math.min(n, 1) : n;
        }
        return 1;
    }
}
