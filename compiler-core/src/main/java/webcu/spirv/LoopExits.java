package webcu.spirv;

import java.util.ArrayList;
import java.util.List;
import webcu.ir.Stmt;
import webcu.passes.DebugBuffer;

/**
 * Notices a loop that the driver ended: on a device whose driver stops loops by itself
 * ({@code DeviceTarget.loopLimit}), each loop sets a flag on entry that every branch to its merge
 * (a break, or the back edge's {@code breakIf}) clears; an invocation that reaches the merge with
 * the flag still set left the loop some other way, and records a {@link DebugBuffer#LOOP_LIMIT}
 * fault at the loop. Mesa's lavapipe (llvmpipe) ends a kernel's loops after 65,535 iterations
 * of all of them together and says nothing: without this, a long loop there gives wrong results
 * and the watchdog's endless loop ends as if it had finished.
 *
 * <p>The flags are elements of Function arrays indexed by a value the driver's front end cannot
 * fold (0 at run time, read from the uniform block): Mesa's NIR turns a plain Function variable
 * into SSA values and, seeing only the breaks reach the merge, folds the flag to false there,
 * before the back end adds the limit's exit. One array per loop nesting depth; elsewhere none.
 */
final class LoopExits {
    private final KernelWriter kw;
    private final SpirvModule m;
    /** Per loop nesting depth, a {@code bool[2]} Function variable; empty when the driver runs loops to their end. */
    private final List<Integer> flags = new ArrayList<>();
    private int slot;

    /** Declares the flags (in the entry block, with the kernel's other variables) where the target needs them. */
    LoopExits(KernelWriter kw, Stmt.Block body, boolean needed) {
        this.kw = kw;
        this.m = kw.m;
        if (!needed) {
            return;
        }
        int array = m.typePointer("Function", m.typeArray(kw.types.bool(), m.constantU32(2)));
        for (int depth = depth(body); flags.size() < depth; ) {
            int flag = kw.f.value("OpVariable", array, SpirvModule.enumValue("StorageClass", "Function"));
            m.name(flag, "webcu_in_loop" + flags.size());
            flags.add(flag);
        }
    }

    /** The index of the flags: {@code gridDim.x == 0 ? 1 : 0}, which is 0 (once, before the kernel's statements). */
    void start(int uniformVar) {
        if (flags.isEmpty()) {
            return;
        }
        int u32 = kw.types.u32();
        int gridX = kw.f.value("OpLoad", u32, kw.f.value("OpAccessChain", m.typePointer("Uniform", u32), uniformVar,
                m.constantU32(0), m.constantU32(0)));
        slot = kw.f.value("OpSelect", u32, kw.f.value("OpIEqual", kw.types.bool(), gridX, m.constantU32(0)),
                m.constantU32(1), m.constantU32(0));
    }

    /** Sets the flag of a loop at {@code depth} (the loops around it) before its header; -1 when not checked. */
    int enter(int depth) {
        if (flags.isEmpty()) {
            return -1;
        }
        int flag = flags.get(depth);
        set(flag, m.constantBool(true));
        return flag;
    }

    /** Clears the loop's flag before a break. */
    void leave(int flag) {
        if (flag >= 0) {
            set(flag, m.constantBool(false));
        }
    }

    /** Before a back edge that leaves when {@code done}: the flag stays set only when it goes round again. */
    void leaveIf(int flag, int done) {
        if (flag >= 0) {
            set(flag, kw.f.value("OpLogicalNot", kw.types.bool(), done));
        }
    }

    /** At the loop's merge: a flag still set records the fault, at the loop's position. */
    void check(int flag, int site) {
        if (flag < 0) {
            return;
        }
        int stillIn = kw.f.value("OpLoad", kw.types.bool(), element(flag));
        int ended = m.id();
        int after = m.id();
        kw.f.op("OpSelectionMerge", after, SpirvModule.enumValue("SelectionControl", "None"));
        kw.f.op("OpBranchConditional", stillIn, ended, after);
        kw.label(ended);
        kw.values.fault(m.constantU32(DebugBuffer.LOOP_LIMIT), m.constantU32(site));
        kw.branch(after);
        kw.label(after);
    }

    /** Whether loops are checked: the site a loop's fault names is then made. */
    boolean on() {
        return !flags.isEmpty();
    }

    private void set(int flag, int value) {
        kw.f.op("OpStore", element(flag), value);
    }

    private int element(int flag) {
        return kw.f.value("OpAccessChain", m.typePointer("Function", kw.types.bool()), flag, slot);
    }

    /** The deepest nesting of loops in {@code s}. */
    static int depth(Stmt s) {
        return switch (s) {
            case Stmt.Block b -> b.stmts().stream().mapToInt(LoopExits::depth).max().orElse(0);
            case Stmt.If i -> Math.max(depth(i.then()), depth(i.otherwise()));
            case Stmt.Loop l -> 1 + Math.max(depth(l.body()), depth(l.continuing()));
            case Stmt.Switch sw -> sw.cases().stream().mapToInt(c -> depth(c.body())).max().orElse(0);
            default -> 0;
        };
    }
}
