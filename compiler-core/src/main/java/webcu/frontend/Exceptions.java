package webcu.frontend;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import webcu.diag.Span;
import webcu.ir.ExecutionSpace;

/**
 * How {@link Sema} lowers C++ exceptions to calls of the VM's exception runtime
 * ({@code webcu.vm.ExceptionLibrary}); the IR and the bytecode know nothing of exceptions.
 *
 * <p>A try block works as setjmp does: {@code __webcu_eh_enter(catches)} registers a handler
 * (the types its catch clauses take, or none for a cleanup) and returns 0; when an exception
 * arrives, the runtime pops the frames above the handler's and makes that same call return 1,
 * with the frame's locals as the throw left them (locals live in fixed registers or the frame,
 * never in expression temporaries across statements). {@code __webcu_eh_leave()} unregisters the
 * handler on every normal way out of the region, jumps included. A throw first looks for a
 * handler that takes the type (libstdc++'s first phase): when none does, or a noexcept function
 * stands in between, it terminates without unwinding, as libstdc++ does. Type matching compares
 * names as g++ demangles them: a thrown object carries its own type's name and its bases'.
 *
 * <p>This class holds what needs no Sema state: the runtime's function declarations, the names
 * of types, and the calls; Sema builds the statements around them.
 */
final class Exceptions {
    static final CType CSTR = new CType.Ptr(CType.CHAR, true);
    static final CType VOIDP = new CType.Ptr(CType.VOID, false);

    private final Map<String, Sema.FunctionSym> natives = new HashMap<>();

    /** The runtime function {@code name}: external, host, declared here rather than in a header. */
    private Sema.FunctionSym nativeFn(String name, CType result, CType... params) {
        return natives.computeIfAbsent(name, n -> {
            Sema.FunctionSym f = new Sema.FunctionSym(n, Span.NONE);
            f.result = result;
            f.space = ExecutionSpace.HOST;
            for (int i = 0; i < params.length; i++) {
                f.params.add(new Typed.Var("a" + i, params[i], Span.NONE, false, false, null));
            }
            return f;
        });
    }

    Typed.Expr call(String name, CType result, List<CType> params, List<Typed.Expr> args, Span span) {
        return new Typed.Call(nativeFn(name, result, params.toArray(CType[]::new)), args, result, span);
    }

    /** {@code __webcu_eh_enter(catches)}: 0 now, 1 when an exception lands here; catches null for a cleanup. */
    Typed.Expr enter(List<String> catches, Span span) {
        Typed.Expr desc = catches == null ? new Typed.NullConst(CSTR, span) : cstring(String.join("\n", catches), span);
        return call("__webcu_eh_enter", CType.INT, List.of(CSTR), List.of(desc), span);
    }

    Typed.Stmt leave(Span span) {
        return stmt("__webcu_eh_leave", span);
    }

    /**
     * Ends the innermost catch: {@code d = end_catch(); if (d) { d(dying()); free_dying(); }}. When
     * that was the exception's last handler, its object dies; the runtime cannot call into the
     * program, so it hands back the object's destructor for this code to call.
     */
    Typed.Stmt endCatch(Typed.Var d, Span span) {
        CType.Fn sig = new CType.Fn(CType.VOID, List.of(VOIDP), false);
        Typed.Expr dtor = new Typed.Convert(Sema.load(new Typed.VarRef(d, span)), new CType.Ptr(sig, false), span);
        Typed.Expr dying = call("__webcu_eh_dying", VOIDP, List.of(), List.of(), span);
        Typed.Stmt destroy = new Typed.Block(List.of(
                new Typed.ExprStmt(new Typed.CallIndirect(dtor, sig, List.of(dying), span), span),
                stmt("__webcu_eh_free_dying", span)), span);
        Typed.Expr some = new Typed.Binary("!=", Sema.load(new Typed.VarRef(d, span)), new Typed.NullConst(VOIDP, span), CType.BOOL, span);
        return new Typed.Block(List.of(
                new Typed.LocalDef(d, call("__webcu_eh_end_catch", VOIDP, List.of(), List.of(), span), span),
                new Typed.If(some, destroy, null, span)), span);
    }

    /** Goes on unwinding with the exception that landed in a cleanup or that no clause took. */
    Typed.Stmt resume(Span span) {
        return stmt("__webcu_eh_resume", span);
    }

    /** {@code throw;} */
    Typed.Expr rethrow(Span span) {
        return call("__webcu_eh_rethrow", CType.VOID, List.of(), List.of(), span);
    }

    /** The exception object adjusted to the clause's type {@code name}, or null when the clause does not take it. */
    Typed.Expr catchClause(String name, Span span) {
        return call("__webcu_eh_catch", VOIDP, List.of(CSTR), List.of(cstring(name, span)), span);
    }

    /** Storage for a thrown object; it lives until the last handler of the exception ends. */
    Typed.Expr allocate(long size, Span span) {
        return call("__webcu_eh_allocate", VOIDP, List.of(CType.ULONG), List.of(new Typed.IntConst(CType.ULONG, size, span)), span);
    }

    /**
     * Starts unwinding: the object, its type's catchable names, what() for the terminate message
     * (or null) and the object's destructor (or null).
     */
    Typed.Expr raise(Typed.Expr object, List<String> names, Typed.Expr what, Typed.Expr dtor, Span span) {
        return call("__webcu_eh_throw", CType.VOID, List.of(VOIDP, CSTR, CSTR, VOIDP),
                List.of(object, cstring(String.join("\n", names), span), what == null ? new Typed.NullConst(CSTR, span) : what,
                        dtor == null ? new Typed.NullConst(VOIDP, span) : dtor), span);
    }

    private Typed.Stmt stmt(String name, Span span) {
        return new Typed.ExprStmt(call(name, CType.VOID, List.of(), List.of(), span), span);
    }

    static Typed.Expr cstring(String s, Span span) {
        byte[] b = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        Typed.Expr lit = new Typed.StringConst(new CType.Arr(CType.CHAR, b.length + 1), b, span);
        return new Typed.Decay(lit, CSTR, span);
    }

    /** A type's name as g++ demangles it in the terminate message: {@code char const*}, {@code std::out_of_range}. */
    static String demangle(CType t) {
        return switch (t) {
            case CType.Ptr p -> demangle(p.pointee()) + (p.constPointee() ? " const" : "") + "*";
            case CType.Ref r -> demangle(r.referee());
            case CType.Record r -> {
                String name = r.namespace == null || r.name.contains("::") ? r.name : r.namespace + "::" + r.name;
                // libstdc++'s std::string is a typedef of this class template instance
                yield name.equals("std::string") ? "std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >" : name;
            }
            case CType.Enum e -> e.name;
            case CType.NullPtr n -> "decltype(nullptr)";
            default -> t.toString();
        };
    }

    /**
     * The names a handler may name to catch an object of type {@code t}, in order: the type itself,
     * then its bases; for a pointer, the same with the pointee made const, then {@code void*}.
     */
    static List<String> catchNames(CType t) {
        Set<String> out = new LinkedHashSet<>();
        if (t instanceof CType.Ptr p) {
            for (String n : classNames(p.pointee())) {
                out.add(n + (p.constPointee() ? " const" : "") + "*");
                out.add(n + " const*");
            }
            out.add(p.constPointee() ? "void const*" : "void*");
            out.add("void const*");
        } else {
            out.addAll(classNames(t));
        }
        return new ArrayList<>(out);
    }

    private static List<String> classNames(CType t) {
        List<String> out = new ArrayList<>();
        out.add(demangle(t));
        if (t instanceof CType.Record r) {
            for (CType.Base b : r.bases) {
                for (String n : classNames(b.record())) {
                    if (!out.contains(n)) {
                        out.add(n);
                    }
                }
            }
        }
        return out;
    }

    /** The name a catch clause of type {@code t} takes: references and top-level const do not count. */
    static String clauseName(CType t) {
        return demangle(t instanceof CType.Ref r ? r.referee() : t);
    }

    /** The copy constructor {@code rec(const rec &)} the class declares, or null (then copies are bitwise). */
    static Sema.FunctionSym copyConstructor(CType.Record rec) {
        for (Sema.FunctionSym c : rec.constructors) {
            if (c.params.size() == 2 && c.params.get(1).type instanceof CType.Ref r && r.referee() == rec) {
                return c;
            }
        }
        return null;
    }

    /** Whether {@code rec} is std::exception or derives from it, so that what() describes it. */
    static boolean isStdException(CType.Record rec) {
        return classNames(rec).contains("std::exception");
    }

    /** The final overrider of what() in {@code rec} (the last one declared along its bases), or null. */
    static Sema.FunctionSym what(CType.Record rec) {
        Sema.FunctionSym found = null;
        for (Sema.FunctionSym m : rec.methods) {
            if (m.name.equals("what") && m.params.size() == 1) {
                found = m;
            }
        }
        return found;
    }
}
