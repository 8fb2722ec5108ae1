package webcu.frontend;

import java.util.List;
import webcu.diag.DiagKey;
import webcu.diag.Span;

/**
 * C++'s rule that a name of namespace std is found unqualified only through a using-directive
 * ({@code using namespace std;}), a using-declaration ({@code using std::cout;}) or
 * argument-dependent lookup ({@code sort(v.begin(), v.end())}, {@code getline(std::cin, s)}).
 *
 * <p>The built-in headers' own text, and the template machinery that instantiates it, find std's
 * names under their simple names, so {@link Sema} declares them so and its lookup stays as it is.
 * This class records, beside each scope's names, what C++ would see: which simple names come from
 * namespace std (and not also from the global one, as C's {@code printf} and CUDA's {@code min}
 * do), and which using-directives and using-declarations are in force. At a use in the program's
 * own text it reports, as clang does, a std name the program could not have named so. The records
 * are ordinary entries of {@link Sema.Names} under keys no identifier can spell, so a header's
 * journal replays them into every unit that includes it, and inner scopes see outer ones.
 */
final class StdNames {
    private StdNames() {}

    private static final String STD = "#std ";
    private static final String GLOBAL = "#global ";
    private static final String USING = "#using ";
    private static final String USING_NAMESPACE = "#using namespace ";

    /** A simple name declared in namespace {@code namespace} (std or one nested in it) as {@code entity}. */
    record Declared(String namespace, Object entity) {}

    /** The entity of a namespace's own name ({@code chrono} of std::chrono). */
    static final Object NAMESPACE = new Object() {
        @Override
        public String toString() {
            return "namespace";
        }
    };

    static boolean isStd(String namespace) {
        return namespace != null && (namespace.equals("std") || namespace.startsWith("std::"));
    }

    /** Notes that {@code name} is declared in {@code namespace} (null or empty: the global namespace). */
    static void declared(Sema.Scope s, String name, Object what, String namespace) {
        if (isStd(namespace)) {
            if (s.names.get(STD + name) == null) {
                s.names.put(STD + name, new Declared(namespace, what));
            }
        } else if (namespace == null || namespace.isEmpty()) {
            if (s.names.get(GLOBAL + name) == null) {
                s.names.put(GLOBAL + name, Boolean.TRUE);
            }
        }
    }

    /** Notes a namespace definition: {@code std::chrono} makes {@code chrono} a name of std. */
    static void namespaceDefined(Sema.Scope s, String qualified) {
        int k = qualified.lastIndexOf("::");
        if (k > 0 && isStd(qualified.substring(0, k))) {
            declared(s, qualified.substring(k + 2), NAMESPACE, qualified.substring(0, k));
        }
    }

    static void usingDirective(Sema.Scope s, String namespace) {
        s.names.put(USING_NAMESPACE + (namespace.startsWith("::") ? namespace.substring(2) : namespace), Boolean.TRUE);
    }

    static void usingDeclaration(Sema.Scope s, String qualified) {
        int k = qualified.lastIndexOf("::");
        s.names.put(USING + (k < 0 ? qualified : qualified.substring(k + 2)), Boolean.TRUE);
    }

    /** What a use reports: an identifier (variable, function), a type name, or a template name. */
    enum Use { IDENTIFIER, TYPE, TEMPLATE }

    /**
     * Reports {@code name}, found in scope {@code s} as {@code found} at {@code span}, when it names an entity of
     * namespace std that C++ would not find there. {@code args} are a call's arguments (for
     * argument-dependent lookup), or null where the name is not called. Returns whether it reported.
     */
    static boolean check(Sema sema, Sema.Scope s, String name, Object found, Span span, List<Typed.Expr> args, Use use) {
        if (span == null || span.file().startsWith("<built-in>/") || name.startsWith("::") || name.startsWith("std::")) {
            return false;
        }
        String first = name.contains("::") ? name.substring(0, name.indexOf("::")) : name;
        if (first.isEmpty() || s.lookup(GLOBAL + first) != null || !(s.lookup(STD + first) instanceof Declared d)) {
            return false;
        }
        if (!first.equals(name)) {
            // chrono::seconds, numeric_limits<int>::max: what matters is the first name
            found = s.lookup(first);
            use = d.entity() instanceof Sema.ClassTemplate ? Use.TEMPLATE : d.entity() instanceof CType ? Use.TYPE : Use.IDENTIFIER;
            if (found == null && d.entity() == StdNames.NAMESPACE) {
                found = StdNames.NAMESPACE;
            }
        }
        if (!fromStd(found, d)) {
            return false; // the program's own entity of that name (a local, a parameter, its own class)
        }
        if (s.lookup(USING + first) != null || s.lookup(USING_NAMESPACE + d.namespace()) != null) {
            return false;
        }
        Sema.FunctionSym fn = sema.currentFunction();
        if (fn != null && (fn.inStd || fn.owner != null && sema.inStd(fn.owner))) {
            return false; // the program's own code in namespace std (a specialization of std::hash)
        }
        if (fn != null && fn.owner != null && sema.isBaseName(fn.owner, found)) {
            return false; // a base class's injected name: MyError() : runtime_error("…")
        }
        if (args != null) {
            for (Typed.Expr a : args) {
                if (sema.stdAssociated(a)) {
                    return false; // argument-dependent lookup looks in std
                }
            }
        }
        DiagKey key = switch (use) {
            case TYPE -> DiagKey.ERR_STD_UNQUALIFIED_TYPE;
            case TEMPLATE -> DiagKey.ERR_STD_UNQUALIFIED_TEMPLATE;
            case IDENTIFIER -> DiagKey.ERR_STD_UNQUALIFIED;
        };
        sema.diags().error(new Span(span.file(), span.line(), span.column(), first.length()), key, first, d.namespace() + "::" + first);
        return true;
    }

    /** Whether {@code found} is std's entity {@code d} (for an overload set: only std's functions). */
    private static boolean fromStd(Object found, Declared d) {
        if (found instanceof Sema.FunctionSym f) {
            return f.inStd;
        }
        if (found instanceof List<?> set) {
            for (Object o : set) {
                if (!(o instanceof Sema.FunctionSym f) || !f.inStd) {
                    return false;
                }
            }
            return !set.isEmpty();
        }
        return found != null && found == d.entity();
    }
}
