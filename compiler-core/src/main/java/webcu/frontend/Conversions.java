package webcu.frontend;

import java.util.List;
import webcu.diag.DiagKey;
import webcu.diag.Span;

/**
 * User-defined conversions for {@link ExprSema} and {@link Sema}: a class's conversion functions
 * ({@code operator float()}, {@code operator T *()}, {@code operator bool()}) chosen for a target
 * type and applied. Apart from the expression classes because these are static lookups over a
 * class's members that Sema's implicit conversions use as well.
 */
final class Conversions {
    private Conversions() {
    }

    /**
     * A class object used as a condition (if (std::cin >> x), while (getline(in, s))): its
     * operator bool, called on the object itself; null when {@code e} is not of class type.
     */
    static Typed.Expr classToBool(Sema sema, Typed.Expr e, Span span) {
        if (!(e.type() instanceof CType.Record)) {
            return null;
        }
        Typed.Expr obj = e instanceof Typed.Load l ? l.operand() : e;
        Typed.Expr call = new ExprSema(sema).operatorCall("operator bool", obj, List.of(), span);
        if (call == null) {
            // if (h) through operator int *() or operator int(): that value tested against zero
            for (Sema.FunctionSym f : ((CType.Record) e.type()).methods) {
                Typed.Expr got = conversion(f, false) && f.result != null && CType.isScalar(f.result)
                        ? new ExprSema(sema).operatorCall(f.name, obj, List.of(), span) : null;
                if (got != null) {
                    Typed.Expr v = sema.rvalue(got);
                    return v.type() instanceof CType.Int i && i.isBool() ? v : new Typed.Convert(v, CType.BOOL, span);
                }
            }
        }
        if (call == null) {
            sema.diags().error(span, DiagKey.ERR_INCOMPATIBLE, "bool", e.type());
            return new Typed.IntConst(CType.BOOL, 0, span);
        }
        return call;
    }

    /**
     * A class's conversion function to an arithmetic type ({@code operator float()}) applied to
     * {@code e}, the one whose result is {@code to} if there is one; null when the class has none.
     */
    static Typed.Expr userConversion(Sema sema, Typed.Expr e, CType to, Span span) {
        return userConversion(sema, e, to, span, false);
    }

    /** Through a conversion function; an {@code explicit} one only for a cast ({@code allowExplicit}). */
    static Typed.Expr userConversion(Sema sema, Typed.Expr e, CType to, Span span, boolean allowExplicit) {
        Sema.FunctionSym f = conversionFunction(e.type(), to, allowExplicit);
        return f == null ? null : new ExprSema(sema).operatorCall(f.name, e, List.of(), span);
    }

    /** A class's conversion function to a pointer type when it has exactly one, else null. */
    static Sema.FunctionSym pointerConversion(CType.Record rec) {
        Sema.FunctionSym found = null;
        for (Sema.FunctionSym f : rec.methods) {
            if (conversion(f, false) && f.result instanceof CType.Ptr) {
                if (found != null) {
                    return null;
                }
                found = f;
            }
        }
        return found;
    }

    static Sema.FunctionSym conversionFunction(CType from, CType to) {
        return conversionFunction(from, to, false);
    }

    /** Whether member {@code f} is a conversion function that this conversion may use. */
    static boolean conversion(Sema.FunctionSym f, boolean allowExplicit) {
        return f.name.startsWith("operator ") && !f.isTemplate && f.params.size() == 1
                && (allowExplicit || f.decl == null || !f.decl.specs().isExplicit());
    }

    static Sema.FunctionSym conversionFunction(CType from, CType to, boolean allowExplicit) {
        if (!(from instanceof CType.Record rec)) {
            return null;
        }
        if (to instanceof CType.Ptr pt) {
            // operator T *(): a pointer result converts on as pointers do (to const T *, void *, a base)
            for (Sema.FunctionSym f : rec.methods) {
                if (conversion(f, allowExplicit) && f.result instanceof CType.Ptr pf
                        && (!pf.constPointee() || pt.constPointee())
                        && (Sema.sameTypeOf(pf.pointee(), pt.pointee()) || pt.pointee() instanceof CType.Void
                            || pf.pointee() instanceof CType.Record a && pt.pointee() instanceof CType.Record b && Sema.derivesFrom(a, b))) {
                    return f;
                }
            }
            return null;
        }
        if (!CType.isArithmetic(to)) {
            return null;
        }
        Sema.FunctionSym best = null;
        for (Sema.FunctionSym f : rec.methods) {
            if (conversion(f, allowExplicit) && f.result != null && CType.isArithmetic(f.result)) {
                if (f.result.equals(to)) {
                    return f;
                }
                if (best == null) {
                    best = f;
                }
            }
        }
        return best;
    }
}
