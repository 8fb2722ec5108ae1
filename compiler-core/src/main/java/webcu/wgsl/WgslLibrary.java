package webcu.wgsl;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The registry of WGSL helper functions the writer calls where WGSL has no operator of its own.
 * The helpers live by topic: {@link Int64Helpers} (64-bit integers on {@code vec2<u32>}, low word
 * first), {@link MathHelpers} (float math and integer intrinsics), {@link CheckHelpers} (bounds
 * checks and faults), {@link DoubleHelpers} (doubles as bit patterns, exact fma). A kernel module
 * gets only the helpers it uses, each once, with the ones they call, in registration order. All
 * names start with {@code webcu_}; the writer reserves them before naming anything else.
 */
final class WgslLibrary {
    private record Helper(String code, List<String> uses) {
    }

    private static final Map<String, Helper> ALL = new LinkedHashMap<>();

    static void def(String name, String code, String... uses) {
        ALL.put(name, new Helper(code, List.of(uses)));
    }

    static {
        // in this order, which is the order of the helpers in a module
        Int64Helpers.define();
        MathHelpers.define();
        CheckHelpers.define();
        DoubleHelpers.define();
    }

    private final Set<String> used = new LinkedHashSet<>();

    /** Every helper's code (tests run it through Tint), with what it needs declared around it. */
    static String all() {
        StringBuilder sb = new StringBuilder("@group(1) @binding(0) var<storage, read_write> " + WgslWriter.DEBUG
                + ": array<atomic<u32>>;\n");
        for (Helper h : ALL.values()) {
            sb.append('\n').append(h.code());
        }
        return sb.append("\n@compute @workgroup_size(1)\nfn main() {\n}\n").toString();
    }

    /** Every helper's name, for the writer to reserve. */
    static Set<String> names() {
        return ALL.keySet();
    }

    /** Marks {@code name} (and what it calls) as used; returns the name. */
    String use(String name) {
        Helper h = ALL.get(name);
        if (h == null) {
            throw new IllegalArgumentException("no WGSL helper " + name);
        }
        if (!used.contains(name)) {
            for (String u : h.uses()) {
                use(u);
            }
            used.add(name);
        }
        return name;
    }

    boolean used(String name) {
        return used.contains(name);
    }

    boolean isEmpty() {
        return used.isEmpty();
    }

    /** The used helpers' code, in definition order. */
    String code() {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, Helper> e : ALL.entrySet()) {
            if (used.contains(e.getKey())) {
                sb.append('\n').append(e.getValue().code());
            }
        }
        return sb.toString();
    }
}
