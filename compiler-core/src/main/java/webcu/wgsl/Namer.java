package webcu.wgsl;

import java.util.HashSet;
import java.util.Set;

/**
 * Gives WGSL declarations legal, unique names that stay close to the CUDA ones: characters WGSL
 * does not allow become {@code _}, reserved words get a {@code _} suffix, a leading {@code __}
 * (reserved in WGSL) gets a {@code v} prefix, and a taken name gets {@code _1}, {@code _2} ….
 * A function's namer starts from the module's names, so a local never shadows a module-scope
 * declaration that the function needs.
 */
final class Namer {
    private final Set<String> used;

    Namer() {
        used = new HashSet<>();
    }

    private Namer(Set<String> used) {
        this.used = new HashSet<>(used);
    }

    /** A namer for one function's scope, seeded with every name taken so far. */
    Namer child() {
        return new Namer(used);
    }

    /** A fresh legal name based on {@code base}, now taken. */
    String fresh(String base) {
        String name = legal(base);
        if (used.add(name)) {
            return name;
        }
        for (int i = 1; ; i++) {
            String candidate = name + "_" + i;
            if (!WgslKeywords.isReserved(candidate) && used.add(candidate)) {
                return candidate;
            }
        }
    }

    static String legal(String base) {
        StringBuilder sb = new StringBuilder(base.length() + 2);
        for (int i = 0; i < base.length(); i++) {
            char c = base.charAt(i);
            boolean ok = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_';
            sb.append(ok ? c : '_');
        }
        String s = sb.toString();
        if (s.isEmpty() || s.charAt(0) >= '0' && s.charAt(0) <= '9' || s.startsWith("__") || s.equals("_")) {
            s = "v" + s;
        }
        if (WgslKeywords.isReserved(s)) {
            s = s + "_";
        }
        return s;
    }
}
