package webcu.lower;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import webcu.diag.Diagnostics;
import webcu.diag.Span;
import webcu.frontend.CType;
import webcu.frontend.Sema;
import webcu.frontend.Typed;
import webcu.ir.AddressSpace;
import webcu.ir.BinaryOp;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Global;
import webcu.ir.Local;
import webcu.ir.Module;
import webcu.ir.Stmt;
import webcu.ir.Type;
import webcu.ir.UnaryOp;
/**
 * The expression half of {@link Lower}: the state both halves share (the module being built, the
 * function being lowered, its locals and the statements emitted so far), C++ types as IR types,
 * and the lowering of expressions: side effects become statements before the use of their value,
 * short-circuit operators with effects become ifs, calls and launches become IR calls. Apart from
 * Lower because it is the larger half and needs from the other only what the hooks below name:
 * globals, functions, statements and object initialisation, which Lower builds.
 */
abstract sealed class LowerExpr permits Lower {
    final Diagnostics diags;
    final Module module = new Module();
    final Map<Sema.FunctionSym, Function> functions = new IdentityHashMap<>();
    final Map<Typed.Var, Global> globals = new IdentityHashMap<>();
    final Map<CType.Record, Type.Struct> structs = new IdentityHashMap<>();
    final Map<String, Global> strings = new HashMap<>();
    final ArrayDeque<Sema.FunctionSym> work = new ArrayDeque<>();
    final List<Typed.Var> dynamicInits = new ArrayList<>();
    final Map<String, Integer> globalNames = new HashMap<>();
    /** The device-side analysis when the program tests __CUDA_ARCH__ (empty otherwise). */
    final Map<Sema.FunctionSym, Boolean> deviceSyms = new IdentityHashMap<>();
    final Map<String, Sema.FunctionSym> deviceByKey = new HashMap<>();
    final Map<String, Typed.Var> hostGlobalsByKey = new HashMap<>();
    /** Functions whose address the program takes, and the object that stands for each address. */
    final List<Sema.FunctionSym> addressTaken = new ArrayList<>();
    final Map<Sema.FunctionSym, Global> functionObjects = new IdentityHashMap<>();

    // per function
    Function fn;
    Sema.FunctionSym sym;
    final Map<Typed.Var, Local> locals = new IdentityHashMap<>();
    List<Stmt> out;
    int temps;
    LowerExpr(Diagnostics diags) {
        this.diags = diags;
    }

    /** Lowers a global variable once (Lower's module level). */
    abstract void global(Typed.Var g);

    /** The IR function of a function symbol, queued for lowering when first met. */
    abstract Function function(Sema.FunctionSym f);

    /** Lowers a statement (the cleanups a call or temporary leaves to run after it). */
    abstract void stmt(Typed.Stmt s);

    /** Runs a constructor on the object at {@code addr}. */
    abstract void construct(Expr addr, Typed.Construct c);

    /** Initialises the object at {@code addr} from a braced aggregate initializer. */
    abstract void aggregate(Expr addr, CType t, Typed.Aggregate a);

    // ================================================================= types

    Type type(CType t) {
        return switch (t) {
            case CType.Void v -> Type.VOID;
            case CType.Int i -> switch (i.kind()) {
                case BOOL -> Type.BOOL;
                case CHAR, SCHAR -> Type.I8;
                case UCHAR -> Type.U8;
                case SHORT -> Type.I16;
                case USHORT -> Type.U16;
                case INT -> Type.I32;
                case UINT -> Type.U32;
                case LONG, LLONG -> Type.I64;
                case ULONG, ULLONG -> Type.U64;
            };
            case CType.Enum e -> type(e.underlying);
            case CType.Flt f -> f.isDouble() ? Type.F64 : Type.F32;
            case CType.Ptr p -> new Type.Ptr(p.pointee() instanceof CType.Fn ? Type.VOID : type(p.pointee()));
            case CType.Ref r -> new Type.Ptr(type(r.referee()));
            case CType.NullPtr n -> new Type.Ptr(Type.VOID);
            case CType.Arr a -> new Type.Array(type(a.element()), Math.max(0, a.count()));
            case CType.Fn f -> Type.VOID;
            case CType.Record r -> struct(r);
        };
    }

    private Type.Struct struct(CType.Record r) {
        Type.Struct s = structs.get(r);
        if (s == null) {
            s = new Type.Struct(r.name.replace(" ", ""));
            structs.put(r, s);
            List<Type.Field> fields = new ArrayList<>();
            for (CType.Field f : r.fields) {
                fields.add(new Type.Field(f.name(), type(f.type()), (int) f.offset()));
            }
            s.complete(fields, (int) r.size, r.align);
        }
        return s;
    }

    Global stringGlobal(byte[] bytes, Span span) {
        String key = new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1);
        Global g = strings.get(key);
        if (g == null) {
            byte[] withNul = java.util.Arrays.copyOf(bytes, bytes.length + 1);
            g = new Global(".str" + strings.size(), new Type.Array(Type.I8, withNul.length), AddressSpace.HOST, withNul, true, false, span);
            strings.put(key, g);
            module.add(g);
        }
        return g;
    }

    static boolean needsMemory(Typed.Var v) {
        return v.addressTaken || v.type instanceof CType.Arr || v.type instanceof CType.Record;
    }

    /** Parameters that hold the address of the caller's object (see Sema.byAddress). */
    final java.util.Set<Typed.Var> byAddress = java.util.Collections.newSetFromMap(new IdentityHashMap<>());

    Local local(Typed.Var v) {
        Local l = locals.get(v);
        if (l == null) {
            boolean mem = needsMemory(v) && !(v.type instanceof CType.Ref);
            l = fn.newLocal(v.name, type(v.type), mem);
            locals.put(v, l);
        }
        return l;
    }

    Local temp(Type t) {
        return fn.newLocal("t" + (temps++), t, false);
    }

    Function extern(String name, Type result, List<Type> params) {
        Function f = module.function(name);
        if (f != null) {
            return f;
        }
        List<Local> ps = new ArrayList<>();
        for (int i = 0; i < params.size(); i++) {
            ps.add(new Local(i, "a" + i, params.get(i), false));
        }
        return module.add(new Function(name, webcu.ir.ExecutionSpace.HOST_DEVICE, result, ps, false, Span.NONE));
    }

    // ================================================================= expressions

    /** Lowers an expression evaluated only for its effects. */
    void effect(Typed.Expr e) {
        switch (e) {
            case Typed.Assign a -> assign(a);
            case Typed.CompoundAssign c -> compoundAssign(c);
            case Typed.IncDec i -> {
                Place p = place(i.target());
                Expr old = p.load();
                p.store(step(old, i.delta()), i.span());
            }
            case Typed.Call c -> call(c, false);
            case Typed.Launch l -> launch(l);
            case Typed.LaunchIndirect l -> launchIndirect(l);
            case Typed.Comma c -> {
                effect(c.left());
                effect(c.right());
            }
            case Typed.Convert c when c.type() instanceof CType.Void -> effect(c.operand());
            case Typed.Construct c -> value(e);
            case Typed.Cleanup c -> {
                effect(c.value());
                c.after().forEach(this::stmt);
            }
            case Typed.Conditional c when hasEffects(c.ifTrue()) || hasEffects(c.ifFalse()) -> {
                Expr cond = value(c.cond());
                List<Stmt> save = out;
                out = new ArrayList<>();
                effect(c.ifTrue());
                Stmt.Block a = new Stmt.Block(out, c.span());
                out = new ArrayList<>();
                effect(c.ifFalse());
                Stmt.Block b = new Stmt.Block(out, c.span());
                out = save;
                out.add(new Stmt.If(cond, a, b, c.span()));
            }
            default -> value(e); // evaluated for effects inside (and for faults on the VM)
        }
    }

    /** Whether evaluating {@code e} may change memory or locals (so that it must be ordered). */
    static boolean hasEffects(Typed.Expr e) {
        return switch (e) {
            case Typed.Call c -> true;
            case Typed.CallIndirect c -> true;
            case Typed.FunctionRef f -> false;
            case Typed.Assign a -> true;
            case Typed.CompoundAssign c -> true;
            case Typed.IncDec i -> true;
            case Typed.Launch l -> true;
            case Typed.LaunchIndirect l -> true;
            case Typed.Construct c -> true;
            case Typed.Aggregate a -> true;
            case Typed.Cleanup c -> true;
            case Typed.Made m -> true;
            case Typed.IntConst c -> false;
            case Typed.FloatConst f -> false;
            case Typed.NullConst n -> false;
            case Typed.StringConst s -> false;
            case Typed.VarRef v -> false;
            case Typed.BuiltinVar b -> false;
            case Typed.Load l -> hasEffects(l.operand());
            case Typed.Decay d -> hasEffects(d.array());
            case Typed.AddressOf a -> hasEffects(a.operand());
            case Typed.Deref d -> hasEffects(d.pointer());
            case Typed.Member m -> hasEffects(m.base());
            case Typed.Convert c -> hasEffects(c.operand());
            case Typed.Unary u -> hasEffects(u.operand());
            case Typed.Binary b -> hasEffects(b.left()) || hasEffects(b.right());
            case Typed.PtrArith p -> hasEffects(p.pointer()) || hasEffects(p.offset());
            case Typed.PtrDiff d -> hasEffects(d.left()) || hasEffects(d.right());
            case Typed.Conditional c -> hasEffects(c.cond()) || hasEffects(c.ifTrue()) || hasEffects(c.ifFalse());
            case Typed.Comma c -> hasEffects(c.left()) || hasEffects(c.right());
        };
    }

    /** A place in memory or a register local that an lvalue denotes. */
    final class Place {
        final Local local;
        final Expr address;
        final CType type;

        Place(Local local, Expr address, CType type) {
            this.local = local;
            this.address = address;
            this.type = type;
        }

        Expr load() {
            return local != null ? new Expr.LocalGet(local) : new Expr.Load(address);
        }

        void store(Expr v, Span span) {
            if (local != null) {
                out.add(new Stmt.Assign(local, v, span));
            } else {
                out.add(new Stmt.Store(address, v, span));
            }
        }

        Expr addressOf() {
            if (address == null) {
                throw new webcu.diag.InternalCompilerError("address of register local " + local);
            }
            return address;
        }
    }

    /** Sets a temporary's flag once it is made (see {@link Typed.Made}). */
    void made(Typed.Made m) {
        Span span = m.span();
        assign(new Typed.Assign(new Typed.VarRef(m.flag(), span), new Typed.IntConst(CType.INT, 1, span), span));
    }

    /** Evaluates {@code v} now into a fresh local, so that what runs next cannot change it. */
    Expr keep(Expr v, CType t, Span span) {
        if (t instanceof CType.Record || t instanceof CType.Arr) {
            Local l = fn.newLocal("obj" + (temps++), type(t), true);
            out.add(new Stmt.Store(new Expr.LocalAddr(l), v, span));
            return new Expr.Load(new Expr.LocalAddr(l));
        }
        Local l = temp(v.type());
        out.add(new Stmt.Assign(l, v, span));
        return new Expr.LocalGet(l);
    }

    /** Whether an lvalue has an address (not a register local), so that a pointer to it may be formed. */
    boolean inMemory(Typed.Expr e) {
        return switch (e) {
            case Typed.VarRef v -> v.var().isGlobal || v.var().type instanceof CType.Ref || byAddress.contains(v.var()) || local(v.var()).addressable();
            case Typed.Deref d -> true;
            case Typed.Member m -> inMemory(m.base());
            default -> false;
        };
    }

    Place place(Typed.Expr e) {
        switch (e) {
            case Typed.VarRef v -> {
                Typed.Var var = v.var();
                if (var.isGlobal) {
                    Global g = globals.get(var);
                    if (g == null && hostGlobalsByKey.get(var.name + "@" + var.span) != null) {
                        g = globals.get(hostGlobalsByKey.get(var.name + "@" + var.span));
                        globals.put(var, g);
                    }
                    if (g == null) {
                        global(var);
                        g = globals.get(var);
                    }
                    return new Place(null, new Expr.GlobalAddr(g), v.type());
                }
                Local l = local(var);
                if (var.type instanceof CType.Ref || byAddress.contains(var)) {
                    return new Place(null, new Expr.LocalGet(l), v.type());
                }
                return l.addressable() ? new Place(null, new Expr.LocalAddr(l), v.type()) : new Place(l, null, v.type());
            }
            case Typed.Deref d -> {
                return new Place(null, value(d.pointer()), d.type());
            }
            case Typed.Conditional c when c.lvalue() && inMemory(c.ifTrue()) && inMemory(c.ifFalse()) -> {
                // c ? x : y with both lvalues designates x or y itself (a reference returned by
                // std::min): the place is the chosen operand's address, not a copy of its value
                CType.Ptr pt = new CType.Ptr(c.type(), false);
                Typed.Expr x = new Typed.AddressOf(c.ifTrue(), pt, c.span());
                Typed.Expr y = new Typed.AddressOf(c.ifFalse(), pt, c.span());
                return new Place(null, value(new Typed.Conditional(c.cond(), x, y, pt, c.span())), c.type());
            }
            case Typed.Member m -> {
                Place base = place(m.base());
                Expr field = new Expr.FieldAddr(base.addressOf(), m.field().index());
                // a reference member holds the address of its referent, as a reference local does
                return new Place(null, m.field().type() instanceof CType.Ref ? new Expr.Load(field) : field, m.type());
            }
            case Typed.StringConst s -> {
                return new Place(null, new Expr.GlobalAddr(stringGlobal(s.bytes(), s.span())), s.type());
            }
            case Typed.Assign a -> {
                assign(a);
                return place(a.target());
            }
            case Typed.CompoundAssign c -> {
                compoundAssign(c);
                return place(c.target());
            }
            case Typed.IncDec i -> {
                Place p = place(i.target());
                Expr old = p.load();
                p.store(step(old, i.delta()), i.span());
                return p;
            }
            case Typed.Comma c -> {
                effect(c.left());
                return place(c.right());
            }
            case Typed.Made m -> {
                Place p = place(m.object());
                made(m);
                return p;
            }
            case Typed.Construct c -> {
                Local l = local(c.temp());
                Expr addr = new Expr.LocalAddr(l);
                construct(addr, c);
                return new Place(null, addr, c.type());
            }
            case Typed.Aggregate a -> {
                Local l = local(a.temp());
                Expr addr = new Expr.LocalAddr(l);
                aggregate(addr, a.type(), a);
                return new Place(null, addr, a.type());
            }
            default -> {
                // an rvalue of record type used as an object: materialise it
                Local l = fn.newLocal("obj" + (temps++), type(e.type()), true);
                out.add(new Stmt.Store(new Expr.LocalAddr(l), value(e), e.span()));
                return new Place(null, new Expr.LocalAddr(l), e.type());
            }
        }
    }

    void assign(Typed.Assign a) {
        Expr v = value(a.value());
        Place p = place(a.target());
        p.store(v, a.span());
    }

    void compoundAssign(Typed.CompoundAssign c) {
        Place p = place(c.target());
        Expr old = p.load();
        Expr rhs = value(c.value());
        Expr result;
        if (c.target().type() instanceof CType.Ptr) {
            Expr idx = c.op().equals("-") ? new Expr.Unary(UnaryOp.NEG, rhs, rhs.type()) : rhs;
            result = new Expr.PtrAdd(old, idx);
        } else {
            Type opType = type(c.opType());
            Expr l = convert(old, opType);
            BinaryOp op = binaryOp(c.op());
            Expr r = op == BinaryOp.SHL || op == BinaryOp.SHR ? rhs : convert(rhs, opType);
            result = convert(new Expr.Binary(op, l, r, opType), type(c.target().type()));
        }
        p.store(result, c.span());
    }

    Expr step(Expr old, int delta) {
        Type t = old.type();
        if (t instanceof Type.Ptr) {
            return new Expr.PtrAdd(old, new Expr.IntConst(Type.I64, delta));
        }
        if (t instanceof Type.Float f) {
            return new Expr.Binary(BinaryOp.ADD, old, new Expr.FloatConst(f, delta), t);
        }
        if (t instanceof Type.Bool) {
            return new Expr.BoolConst(delta > 0);
        }
        Type.Int it = (Type.Int) t;
        if (it.bits() < 32) {
            Expr wide = convert(old, Type.I32);
            return convert(new Expr.Binary(BinaryOp.ADD, wide, new Expr.IntConst(Type.I32, delta), Type.I32), t);
        }
        return new Expr.Binary(BinaryOp.ADD, old, new Expr.IntConst(it, delta), t);
    }

    static Expr convert(Expr e, Type to) {
        return e.type().equals(to) ? e : new Expr.Convert(to, e);
    }

    static BinaryOp binaryOp(String op) {
        return switch (op) {
            case "+" -> BinaryOp.ADD;
            case "-" -> BinaryOp.SUB;
            case "*" -> BinaryOp.MUL;
            case "/" -> BinaryOp.DIV;
            case "%" -> BinaryOp.REM;
            case "&" -> BinaryOp.AND;
            case "|" -> BinaryOp.OR;
            case "^" -> BinaryOp.XOR;
            case "<<" -> BinaryOp.SHL;
            case ">>" -> BinaryOp.SHR;
            case "==" -> BinaryOp.EQ;
            case "!=" -> BinaryOp.NE;
            case "<" -> BinaryOp.LT;
            case "<=" -> BinaryOp.LE;
            case ">" -> BinaryOp.GT;
            case ">=" -> BinaryOp.GE;
            case "&&" -> BinaryOp.LAND;
            case "||" -> BinaryOp.LOR;
            default -> throw new webcu.diag.InternalCompilerError("unknown operator " + op);
        };
    }

    /** Lowers an expression for its value, emitting what it must do first. */
    Expr value(Typed.Expr e) {
        switch (e) {
            case Typed.IntConst c -> {
                Type t = type(c.type());
                return t instanceof Type.Bool ? new Expr.BoolConst(c.value() != 0) : new Expr.IntConst((Type.Int) t, c.value());
            }
            case Typed.FloatConst f -> {
                return new Expr.FloatConst((Type.Float) type(f.type()), f.value());
            }
            case Typed.NullConst n -> {
                return new Expr.NullPtr((Type.Ptr) type(n.type()));
            }
            case Typed.StringConst s -> {
                return new Expr.ElementAddr(new Expr.GlobalAddr(stringGlobal(s.bytes(), s.span())), new Expr.IntConst(Type.I64, 0));
            }
            case Typed.Load l when l.operand() instanceof Typed.VarRef v && v.var().isGlobal && v.var().constValue != null
                    && type(l.type()) instanceof Type.Int it -> {
                // a const integer global is its value, as in C++: device code may read a host
                // constexpr (kCount) without the variable existing on the device
                return new Expr.IntConst(it, webcu.frontend.ConstEval.wrap(l.type(), v.var().constValue));
            }
            case Typed.Load l -> {
                return place(l.operand()).load();
            }
            case Typed.Decay d -> {
                return new Expr.ElementAddr(place(d.array()).addressOf(), new Expr.IntConst(Type.I64, 0));
            }
            case Typed.AddressOf a -> {
                return place(a.operand()).addressOf();
            }
            case Typed.BuiltinVar b -> {
                return new Expr.BuiltinGet(b.builtin(), b.component());
            }
            case Typed.Unary u -> {
                Expr x = value(u.operand());
                UnaryOp op = switch (u.op()) {
                    case "-" -> UnaryOp.NEG;
                    case "~" -> UnaryOp.NOT;
                    default -> UnaryOp.LNOT;
                };
                return new Expr.Unary(op, x, type(u.type()));
            }
            case Typed.Binary b -> {
                return binary(b);
            }
            case Typed.PtrArith p -> {
                Expr base = value(p.pointer());
                Expr off = value(p.offset());
                if (p.op().equals("-")) {
                    off = new Expr.Unary(UnaryOp.NEG, off, off.type());
                }
                return new Expr.PtrAdd(base, off);
            }
            case Typed.PtrDiff d -> {
                Expr a = new Expr.Convert(Type.I64, value(d.left()));
                Expr b = new Expr.Convert(Type.I64, value(d.right()));
                long size = CType.sizeOf(((CType.Ptr) d.left().type()).pointee());
                Expr diff = new Expr.Binary(BinaryOp.SUB, a, b, Type.I64);
                return size == 1 ? diff : new Expr.Binary(BinaryOp.DIV, diff, new Expr.IntConst(Type.I64, size), Type.I64);
            }
            case Typed.Convert c -> {
                if (c.type() instanceof CType.Void) {
                    effect(c.operand());
                    return new Expr.IntConst(Type.I32, 0);
                }
                return convert(value(c.operand()), type(c.type()));
            }
            case Typed.Conditional c -> {
                return conditional(c);
            }
            case Typed.Comma c -> {
                effect(c.left());
                return value(c.right());
            }
            case Typed.Made m -> {
                Expr v = value(m.object());
                if (m.object().lvalue()) {
                    made(m);
                    return v;
                }
                Expr kept = keep(v, m.object().type(), m.span());
                made(m);
                return kept;
            }
            case Typed.Cleanup c -> {
                Expr v = value(c.value());
                if (c.value().type() instanceof CType.Void) {
                    c.after().forEach(this::stmt);
                    return v;
                }
                Expr kept = keep(v, c.value().type(), c.span());
                c.after().forEach(this::stmt);
                return kept;
            }
            case Typed.Call c -> {
                return call(c, true);
            }
            case Typed.Launch l -> {
                launch(l);
                return new Expr.IntConst(Type.I32, 0);
            }
            case Typed.LaunchIndirect l -> {
                launchIndirect(l);
                return new Expr.IntConst(Type.I32, 0);
            }
            case Typed.FunctionRef f -> {
                return new Expr.Convert(Type.ptr(Type.VOID), new Expr.GlobalAddr(functionObject(f.function())));
            }
            case Typed.CallIndirect c -> {
                return callIndirect(c);
            }
            case Typed.Assign a -> {
                assign(a);
                return place(a.target()).load();
            }
            case Typed.CompoundAssign c -> {
                compoundAssign(c);
                return place(c.target()).load();
            }
            case Typed.IncDec i -> {
                Place p = place(i.target());
                Expr old = p.load();
                if (i.prefix()) {
                    p.store(step(old, i.delta()), i.span());
                    return p.load();
                }
                Local t = temp(old.type());
                out.add(new Stmt.Assign(t, old, i.span()));
                p.store(step(new Expr.LocalGet(t), i.delta()), i.span());
                return new Expr.LocalGet(t);
            }
            case Typed.VarRef v -> {
                return place(v).load();
            }
            case Typed.Deref d -> {
                return place(d).load();
            }
            case Typed.Member m -> {
                return place(m).load();
            }
            case Typed.Construct c -> {
                return place(c).load();
            }
            case Typed.Aggregate a -> {
                return place(a).load();
            }
        }
    }

    Expr binary(Typed.Binary b) {
        BinaryOp op = binaryOp(b.op());
        Expr l = value(b.left());
        if (op.isLogical()) {
            List<Stmt> save = out;
            out = new ArrayList<>();
            Expr r = value(b.right());
            List<Stmt> rhsStmts = out;
            out = save;
            if (rhsStmts.isEmpty()) {
                return new Expr.Binary(op, l, r, Type.BOOL);
            }
            // the right operand has effects: evaluate it only when needed
            Local t = temp(Type.BOOL);
            out.add(new Stmt.Assign(t, l, b.span()));
            rhsStmts.add(new Stmt.Assign(t, r, b.span()));
            Expr test = op == BinaryOp.LAND ? new Expr.LocalGet(t) : new Expr.Unary(UnaryOp.LNOT, new Expr.LocalGet(t), Type.BOOL);
            out.add(new Stmt.If(test, new Stmt.Block(rhsStmts, b.span()), Stmt.Block.empty(b.span()), b.span()));
            return new Expr.LocalGet(t);
        }
        Expr r = value(b.right());
        return new Expr.Binary(op, l, r, op.isComparison() ? Type.BOOL : type(b.type()));
    }

    Expr conditional(Typed.Conditional c) {
        Expr cond = value(c.cond());
        List<Stmt> save = out;
        out = new ArrayList<>();
        Expr a = value(c.ifTrue());
        List<Stmt> aStmts = out;
        out = new ArrayList<>();
        Expr b = value(c.ifFalse());
        List<Stmt> bStmts = out;
        out = save;
        if (aStmts.isEmpty() && bStmts.isEmpty()) {
            return new Expr.Select(cond, a, b);
        }
        Local t = temp(a.type());
        aStmts.add(new Stmt.Assign(t, a, c.span()));
        bStmts.add(new Stmt.Assign(t, b, c.span()));
        out.add(new Stmt.If(cond, new Stmt.Block(aStmts, c.span()), new Stmt.Block(bStmts, c.span()), c.span()));
        return new Expr.LocalGet(t);
    }

    Expr call(Typed.Call c, boolean wantValue) {
        Function callee = function(c.function());
        List<Expr> args = new ArrayList<>();
        for (int i = 0; i < c.args().size(); i++) {
            Expr a = value(c.args().get(i));
            // a call's arguments are evaluated before it; keep loads from seeing later effects
            if (i < c.args().size() - 1 && laterArgsHaveEffects(c.args(), i + 1) && !(a instanceof Expr.IntConst) && !(a instanceof Expr.LocalGet)) {
                Local t = temp(a.type());
                out.add(new Stmt.Assign(t, a, c.span()));
                a = new Expr.LocalGet(t);
            }
            args.add(a);
        }
        Type rt = callee.returnType();
        if (rt instanceof Type.Void || !wantValue) {
            out.add(new Stmt.Call(null, callee, args, c.span()));
            return new Expr.IntConst(Type.I32, 0);
        }
        Local t = rt instanceof Type.Struct ? null : temp(rt);
        if (t == null) {
            Local tv = fn.newLocal("ret" + (temps++), rt, false);
            out.add(new Stmt.Call(tv, callee, args, c.span()));
            return new Expr.LocalGet(tv);
        }
        out.add(new Stmt.Call(t, callee, args, c.span()));
        return new Expr.LocalGet(t);
    }

    static boolean laterArgsHaveEffects(List<Typed.Expr> args, int from) {
        for (int k = from; k < args.size(); k++) {
            if (hasEffects(args.get(k))) {
                return true;
            }
        }
        return false;
    }

    /**
     * A function's address is that of a one-byte read-only object standing for it, named
     * {@code __webcu_fn.NAME} (the runtime finds kernels for cudaLaunchKernel by that name).
     */
    Global functionObject(Sema.FunctionSym f) {
        Global g = functionObjects.get(f);
        if (g == null) {
            Function irf = function(f);
            g = module.add(new Global("__webcu_fn." + irf.name(), Type.I8, AddressSpace.HOST, new byte[1], true, false, f.span));
            functionObjects.put(f, g);
        }
        return g;
    }

    /**
     * A call through a pointer compares it with the address of every function the program takes
     * the address of (with the pointer's parameter count) and calls the one it names; any other
     * value stops the program the way assert does, naming the call.
     */
    Expr callIndirect(Typed.CallIndirect c) {
        Expr target = value(c.target());
        Local t = temp(target.type());
        out.add(new Stmt.Assign(t, target, c.span()));
        List<Expr> args = new ArrayList<>();
        for (Typed.Expr a : c.args()) {
            Expr v = value(a);
            Local at = temp(v.type());
            out.add(new Stmt.Assign(at, v, c.span()));
            args.add(new Expr.LocalGet(at));
        }
        Type rt = type(c.signature().result());
        Local result = rt instanceof Type.Void ? null : temp(rt);
        List<Stmt> save = out;
        Stmt.Block otherwise = null;
        List<Sema.FunctionSym> cands = new ArrayList<>();
        for (Sema.FunctionSym f : addressTaken) {
            if (f.params.size() == c.signature().params().size() && type(f.result).equals(rt)) {
                cands.add(f);
            }
        }
        out = new ArrayList<>();
        Function fail = extern("__assert_fail", Type.VOID, List.of(Type.ptr(Type.I8), Type.ptr(Type.I8), Type.U32, Type.ptr(Type.I8)));
        out.add(new Stmt.Call(null, fail, List.of(stringPtr("call through a pointer that does not point to a function", c.span()),
                stringPtr(c.span().file(), c.span()), new Expr.IntConst(Type.U32, c.span().line()), stringPtr(sym.name, c.span())), c.span()));
        otherwise = new Stmt.Block(out, c.span());
        for (int i = cands.size() - 1; i >= 0; i--) {
            Sema.FunctionSym f = cands.get(i);
            Function irf = function(f);
            List<Expr> converted = new ArrayList<>();
            for (int k = 0; k < args.size(); k++) {
                converted.add(convert(args.get(k), irf.params().get(k).type()));
            }
            Stmt call = new Stmt.Call(result != null && irf.returnType().equals(rt) ? result : null, irf, converted, c.span());
            Expr test = new Expr.Binary(BinaryOp.EQ, new Expr.LocalGet(t),
                    new Expr.Convert(target.type(), new Expr.GlobalAddr(functionObject(f))), Type.BOOL);
            otherwise = new Stmt.Block(List.of(new Stmt.If(test, new Stmt.Block(List.of(call), c.span()), otherwise, c.span())), c.span());
        }
        out = save;
        out.addAll(otherwise.stmts());
        return result == null ? new Expr.IntConst(Type.I32, 0) : new Expr.LocalGet(result);
    }

    Expr stringPtr(String s, Span span) {
        return new Expr.ElementAddr(new Expr.GlobalAddr(stringGlobal(s.getBytes(java.nio.charset.StandardCharsets.UTF_8), span)),
                new Expr.IntConst(Type.I64, 0));
    }

    void launch(Typed.Launch l) {
        List<Expr> grid = dims(l.grid());
        List<Expr> block = dims(l.block());
        Expr shared = convert(value(l.shared()), Type.U64);
        Expr stream = value(l.stream());
        List<Expr> args = new ArrayList<>();
        for (Typed.Expr a : l.args()) {
            args.add(value(a));
        }
        out.add(new Stmt.Launch(function(l.kernel()), grid, block, shared, stream, args, l.span()));
    }

    /**
     * A launch through a pointer compares it with the address of every kernel the program takes
     * the address of (with the pointer's parameter count) and launches the one it names, as
     * {@link #callIndirect} calls; any other value is CUDA's invalid device function error, left
     * for cudaGetLastError. Each kernel is an ordinary launch, so WebGPU runs it as any other.
     */
    void launchIndirect(Typed.LaunchIndirect l) {
        Expr target = value(l.target());
        Local t = temp(target.type());
        out.add(new Stmt.Assign(t, target, l.span()));
        List<Expr> grid = inTemps(dims(l.grid()), l.span());
        List<Expr> block = inTemps(dims(l.block()), l.span());
        Expr shared = inTemps(List.of(convert(value(l.shared()), Type.U64)), l.span()).get(0);
        Expr stream = inTemps(List.of(value(l.stream())), l.span()).get(0);
        List<Expr> args = new ArrayList<>();
        for (Typed.Expr a : l.args()) {
            args.add(value(a));
        }
        args = inTemps(args, l.span());
        Function invalid = extern("__webcu_launchInvalid", Type.VOID, List.of());
        Stmt.Block otherwise = new Stmt.Block(List.of(new Stmt.Call(null, invalid, List.of(), l.span())), l.span());
        List<Sema.FunctionSym> kernels = new ArrayList<>();
        for (Sema.FunctionSym f : addressTaken) {
            if (f.space == webcu.ir.ExecutionSpace.KERNEL && f.params.size() == l.signature().params().size()) {
                kernels.add(f);
            }
        }
        for (int i = kernels.size() - 1; i >= 0; i--) {
            Sema.FunctionSym f = kernels.get(i);
            Function irf = function(f);
            List<Expr> converted = new ArrayList<>();
            for (int k = 0; k < args.size(); k++) {
                converted.add(convert(args.get(k), irf.params().get(k).type()));
            }
            Stmt launch = new Stmt.Launch(irf, grid, block, shared, stream, converted, l.span());
            Expr test = new Expr.Binary(BinaryOp.EQ, new Expr.LocalGet(t),
                    new Expr.Convert(target.type(), new Expr.GlobalAddr(functionObject(f))), Type.BOOL);
            otherwise = new Stmt.Block(List.of(new Stmt.If(test, new Stmt.Block(List.of(launch), l.span()), otherwise, l.span())), l.span());
        }
        out.addAll(otherwise.stmts());
    }

    /** Values computed once into temporaries, so that several branches may read them. */
    List<Expr> inTemps(List<Expr> values, Span span) {
        List<Expr> got = new ArrayList<>();
        for (Expr v : values) {
            if (v instanceof Expr.IntConst || v instanceof Expr.LocalGet) {
                got.add(v);
                continue;
            }
            Local t = temp(v.type());
            out.add(new Stmt.Assign(t, v, span));
            got.add(new Expr.LocalGet(t));
        }
        return got;
    }

    List<Expr> dims(Typed.Expr e) {
        if (e.type() instanceof CType.Record) {
            Typed.Expr obj = e instanceof Typed.Load ld ? ld.operand() : e;
            Place p = place(obj);
            Expr addr = p.addressOf();
            if (!(addr instanceof Expr.LocalAddr || addr instanceof Expr.GlobalAddr)) {
                Local t = temp(addr.type());
                out.add(new Stmt.Assign(t, addr, e.span()));
                addr = new Expr.LocalGet(t);
            }
            List<Expr> d = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                d.add(new Expr.Load(new Expr.FieldAddr(addr, i)));
            }
            return d;
        }
        return List.of(convert(value(e), Type.U32), new Expr.IntConst(Type.U32, 1), new Expr.IntConst(Type.U32, 1));
    }
}
