package webcu.vm;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import webcu.ir.Function;

/**
 * C++ exceptions on the host VM: the runtime that {@code webcu.frontend.Exceptions} lowers
 * throw, try and catch to. There are no handler tables and no new instructions: a try block
 * registers a handler with {@code __webcu_eh_enter}, which returns 0 as setjmp does, and a throw
 * pops the VM frames above the handler's (their memory frames included) and makes that call return
 * 1, with the frame's registers as the throw left them. The generated code then asks each catch
 * clause in turn ({@code __webcu_eh_catch}); cleanups (destructors of locals, the end of a catch)
 * are handlers that take nothing and go on with {@code __webcu_eh_resume}.
 *
 * <p>As libstdc++ does, a throw first searches without unwinding (its first phase): when no
 * handler takes the type, or a noexcept function lies between the throw and that handler, it
 * prints {@code terminate called after throwing an instance of 'T'} (and {@code what():} for a
 * std::exception) and aborts with status 134, leaving destructors unrun.
 *
 * <p>Exception objects live in heap segments of their own. When the last catch of an exception
 * ends, the runtime cannot call back into the program, so {@code __webcu_eh_end_catch} returns
 * the object's destructor, the generated code calls it on {@code __webcu_eh_dying()}, and
 * {@code __webcu_eh_free_dying} frees the storage.
 */
public final class ExceptionLibrary implements NativeLibrary {
    private static final int ENTER = 0, LEAVE = 1, THROW = 2, CATCH = 3, END_CATCH = 4, RESUME = 5, RETHROW = 6,
            ALLOCATE = 7, DYING = 8, FREE_DYING = 9, CURRENT = 10, PTR_REF = 11, PTR_RELEASE = 12, RETHROW_PTR = 13, PTR_FREE = 14;
    private static final HashMap<String, Integer> NAMES = new HashMap<>();

    static {
        String[] names = {"__webcu_eh_enter", "__webcu_eh_leave", "__webcu_eh_throw", "__webcu_eh_catch",
            "__webcu_eh_end_catch", "__webcu_eh_resume", "__webcu_eh_rethrow", "__webcu_eh_allocate", "__webcu_eh_dying",
            "__webcu_eh_free_dying", "__webcu_eh_current", "__webcu_eh_ptr_ref", "__webcu_eh_ptr_release",
            "__webcu_eh_rethrow_ptr", "__webcu_eh_ptr_free"};
        for (int i = 0; i < names.length; i++) {
            NAMES.put(names[i], i);
        }
    }

    /** A registered try block or cleanup: the frame it belongs to and where its enter call returns. */
    private record Handler(int depth, Code code, int pc, int ib, int fb, long frameAddr, Segment frameSeg,
                           int resultOperand, List<String> catches) {
        boolean takes(Thrown e) {
            if (catches == null) {
                return false;
            }
            for (String c : catches) {
                if (c.equals("...") || e.names.contains(c)) {
                    return true;
                }
            }
            return false;
        }
    }

    /** An exception object, the names a handler may catch it by (its type's first), and its what(). */
    private static final class Thrown {
        final long object;
        final Segment segment;
        final List<String> names;
        final String what;
        /** The address of its destructor, or 0. */
        final long dtor;
        /** Catch clauses that have taken it and not yet ended. */
        int handlers;
        /** std::exception_ptr objects that hold it: it lives until the last of them goes too. */
        int refs;

        Thrown(long object, Segment segment, List<String> names, String what, long dtor) {
            this.object = object;
            this.segment = segment;
            this.names = names;
            this.what = what;
            this.dtor = dtor;
        }
    }

    private final Memory mem;
    private final StdStreams io;
    private final ArrayList<Handler> handlers = new ArrayList<>();
    /**
     * Exceptions that landed in a handler and are not yet caught or sent on, innermost last: a
     * destructor run by a cleanup may throw and catch an exception of its own meanwhile.
     */
    private final ArrayList<Thrown> landed = new ArrayList<>();
    /** Type-name lists by the address of their string literal, read once. */
    private final HashMap<Long, List<String>> nameLists = new HashMap<>();
    /** Exceptions being handled, innermost last: {@code throw;} rethrows the last. */
    private final ArrayList<Thrown> caught = new ArrayList<>();
    private final HashMap<Long, Segment> objects = new HashMap<>();
    /** Exception objects whose destructor the program is running, innermost last. */
    private final ArrayList<Thrown> dying = new ArrayList<>();
    /** Exceptions alive, by object address: what a std::exception_ptr holds is that address. */
    private final HashMap<Long, Thrown> live = new HashMap<>();

    public ExceptionLibrary(Memory mem, StdStreams io) {
        this.mem = mem;
        this.io = io;
    }

    @Override
    public int lookup(Function f) {
        Integer id = NAMES.get(f.name());
        return id == null ? -1 : id;
    }

    @Override
    public int call(int id, VmThread t) {
        switch (id) {
            case ENTER -> {
                long desc = t.argI(0);
                List<String> catches = desc == 0 ? null : names(desc);
                handlers.add(new Handler(t.depth, t.code, t.pc + 6 + t.nargs, t.ib, t.fb, t.frameAddr, t.frameSeg,
                        t.resultOperand, catches));
                t.returnI(0);
            }
            case LEAVE -> {
                if (!handlers.isEmpty()) {
                    handlers.remove(handlers.size() - 1);
                }
            }
            case ALLOCATE -> {
                long size = t.argI(0);
                Segment s = mem.allocate(size, Segment.HEAP, "exception object (" + size + " bytes)", t.span(), false);
                if (s == null) {
                    throw new VmFault(VmFault.TRAP, 0, "out of memory", "no memory left for an exception object of " + size + " bytes");
                }
                objects.put(s.base, s);
                t.returnI(s.base);
            }
            case THROW -> {
                long obj = t.argI(0);
                List<String> names = names(t.argI(1));
                long what = t.argI(2);
                Thrown e = new Thrown(obj, objects.remove(obj), names, what == 0 ? null : mem.cstringText(what), t.argI(3));
                live.put(obj, e);
                return raise(t, e);
            }
            case RETHROW -> {
                if (caught.isEmpty()) {
                    // libstdc++: a rethrow with no exception being handled calls terminate
                    io.report("terminate called without an active exception\n");
                    return abort(t);
                }
                return raise(t, caught.get(caught.size() - 1));
            }
            case RESUME -> {
                return landed.isEmpty() ? CONTINUE : raise(t, landed.remove(landed.size() - 1));
            }
            case CATCH -> {
                Thrown e = landed.isEmpty() ? null : landed.get(landed.size() - 1);
                String name = names(t.argI(0)).get(0);
                if (e != null && (name.equals("...") || e.names.contains(name))) {
                    landed.remove(landed.size() - 1);
                    e.handlers++;
                    caught.add(e);
                    t.returnI(e.object);
                } else {
                    t.returnI(0);
                }
            }
            case END_CATCH -> {
                long dtor = 0;
                if (!caught.isEmpty()) {
                    Thrown e = caught.remove(caught.size() - 1);
                    if (--e.handlers == 0) {
                        dtor = endIfUnused(e, true);
                    }
                }
                t.returnI(dtor);
            }
            case CURRENT -> {
                // std::current_exception(): the exception being handled, held by the new exception_ptr
                Thrown e = caught.isEmpty() ? null : caught.get(caught.size() - 1);
                if (e != null) {
                    e.refs++;
                }
                t.returnI(e == null ? 0 : e.object);
            }
            case PTR_REF -> {
                Thrown e = live.get(t.argI(0));
                if (e != null) {
                    e.refs++;
                }
            }
            case PTR_RELEASE -> {
                Thrown e = live.get(t.argI(0));
                // the program runs the destructor returned on the object, then __webcu_eh_ptr_free
                t.returnI(e != null && --e.refs == 0 ? endIfUnused(e, false) : 0);
            }
            case PTR_FREE -> {
                Thrown e = live.get(t.argI(0));
                if (e != null) {
                    release(e);
                }
            }
            case RETHROW_PTR -> {
                Thrown e = live.get(t.argI(0));
                if (e == null) {
                    // libstdc++ terminates for a null exception_ptr (its __cxa_rethrow of nothing)
                    io.report("terminate called without an active exception\n");
                    return abort(t);
                }
                return raise(t, e);
            }
            case DYING -> t.returnI(dying.isEmpty() ? 0 : dying.get(dying.size() - 1).object);
            case FREE_DYING -> {
                if (!dying.isEmpty()) {
                    release(dying.remove(dying.size() - 1));
                }
            }
            default -> throw new IllegalStateException("exception runtime function " + id);
        }
        return CONTINUE;
    }

    /** Unwinds to the innermost handler if some handler takes {@code e}, else terminates. */
    private int raise(VmThread t, Thrown e) {
        int target = -1;
        for (int i = handlers.size() - 1; i >= 0; i--) {
            if (handlers.get(i).takes(e)) {
                target = i;
                break;
            }
        }
        int limit = target < 0 ? -1 : handlers.get(target).depth;
        if (target < 0 || passesNoexcept(t, limit)) {
            return terminate(t, e);
        }
        landed.add(e);
        Handler h = handlers.remove(handlers.size() - 1);
        while (t.depth > h.depth) {
            if (t.frameSeg != null) {
                mem.popFrame(t.slot, t.frameSeg);
            }
            int d = t.depth - 1;
            t.code = t.savedCode[d];
            t.ib = t.savedIb[d];
            t.fb = t.savedFb[d];
            t.frameAddr = t.savedFrameAddr[d];
            t.frameSeg = t.savedFrameSeg[d];
            t.savedCode[d] = null;
            t.savedFrameSeg[d] = null;
            t.depth = d;
        }
        t.pc = h.pc;
        t.ir[h.ib + (h.resultOperand >> 1)] = 1;
        return UNWIND;
    }

    /**
     * Ends an exception no catch and no exception_ptr holds any more (unless it is on its way to a
     * handler): the destructor for the program to call, or 0 when the storage is already freed.
     */
    private long endIfUnused(Thrown e, boolean endingCatch) {
        if (e.handlers > 0 || e.refs > 0 || landed.contains(e) || caught.contains(e)) {
            return 0;
        }
        if (e.dtor != 0) {
            if (endingCatch) {
                dying.add(e); // the program calls the destructor on __webcu_eh_dying(), then __webcu_eh_free_dying
            }
            return e.dtor;
        }
        release(e);
        return 0;
    }

    private void release(Thrown e) {
        live.remove(e.object);
        if (e.segment != null) {
            mem.free(e.segment);
        }
    }

    private List<String> names(long literal) {
        return nameLists.computeIfAbsent(literal, a -> List.of(mem.cstringText(a).split("\n", -1)));
    }

    /** Whether a noexcept function is active above frame depth {@code limit} (the handler's frame; -1: none). */
    private static boolean passesNoexcept(VmThread t, int limit) {
        if (t.depth > limit && t.code.function.isNoexcept()) {
            return true;
        }
        for (int d = t.depth - 1; d > limit; d--) {
            if (t.savedCode[d].function.isNoexcept()) {
                return true;
            }
        }
        return false;
    }

    private int terminate(VmThread t, Thrown e) {
        StringBuilder sb = new StringBuilder("terminate called after throwing an instance of '").append(e.names.get(0)).append("'\n");
        if (e.what != null) {
            sb.append("  what():  ").append(e.what).append('\n');
        }
        io.report(sb.toString());
        return abort(t);
    }

    private int abort(VmThread t) {
        io.report("Aborted (abort() was called)\n");
        t.setExitStatus(134);
        return EXIT;
    }
}
