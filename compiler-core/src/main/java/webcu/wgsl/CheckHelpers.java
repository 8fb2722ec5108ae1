package webcu.wgsl;

/**
 * WGSL helpers for checked accesses: a bounds-checked index into a typed binding or a word
 * binding, the invocation's first fault kept privately, and its flush to the debug buffer when the
 * invocation ends. Registered with {@link WgslLibrary}.
 */
final class CheckHelpers {
    private CheckHelpers() {
    }

    private static void def(String name, String code, String... uses) {
        WgslLibrary.def(name, code, uses);
    }

    static void define() {
        def("webcu_fault", """
                fn webcu_fault(site: u32, kind: u32) {
                  if atomicAdd(&webcu_debug[0], 1u) == 0u {
                    atomicStore(&webcu_debug[1], kind);
                    atomicStore(&webcu_debug[2], site);
                  }
                }
                """);
        // Bounds checks note the first bad access of an invocation in a private variable and
        // report it when the invocation ends (webcu_flush_faults before every return): an atomic
        // in the check itself kept drivers from scheduling the loads of a loop together (naive
        // SGEMM ran at 0.57x of unchecked WGSL on an H100). A bad index reads or writes element 0.
        def("webcu_oob", """
                var<private> webcu_oob: u32;
                """);
        def("webcu_flush_faults", """
                fn webcu_flush_faults() {
                  if webcu_oob != 0u {
                    webcu_fault(webcu_oob >> 3u, webcu_oob & 7u);
                  }
                }
                """, "webcu_oob", "webcu_fault");
        // false where the runtime proved that no check of the launch can fail (passes.AccessRanges,
        // docs/bounds-checks.md): Tint folds the checks away
        def("webcu_checks", """
                override webcu_checks: bool = true;
                """);
        def("webcu_checked", """
                fn webcu_checked(i: u32, n: u32, site: u32, kind: u32) -> u32 {
                  if !webcu_checks {
                    return i;
                  }
                  let bad = i >= n;
                  webcu_oob = select(webcu_oob, (site << 3u) | kind, bad && webcu_oob == 0u);
                  return select(i, 0u, bad);
                }
                """, "webcu_oob", "webcu_checks");
        def("webcu_checked_word", """
                fn webcu_checked_word(byte: u32, size: u32, n: u32, site: u32, kind: u32) -> u32 {
                  let misaligned = (byte & (min(size, 4u) - 1u)) != 0u;
                  let w = byte >> 2u;
                  let outside = w + select(0u, 1u, size > 4u) >= n;
                  let code = select((site << 3u) | kind, (site << 3u) | 4u, misaligned);
                  webcu_oob = select(webcu_oob, code, (misaligned || outside) && webcu_oob == 0u);
                  return select(w, 0u, misaligned || outside);
                }
                """, "webcu_oob");
    }
}
