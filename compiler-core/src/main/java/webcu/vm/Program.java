package webcu.vm;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import webcu.diag.Span;
import webcu.ir.Function;
import webcu.ir.Global;
import webcu.ir.Module;

/**
 * The functions of a module compiled for one side (the host program, or a device's kernels) and
 * linked: each function has an index, translated when first needed; globals have addresses in the
 * side's memory; external functions are bound to the first library that provides them, and those
 * nobody provides are collected for a clear error before the program starts.
 */
public final class Program {
    /** Gives a global its address in this side's memory (allocating and initializing it). */
    public interface GlobalPlacer {
        long place(Global g);
    }

    /** An external function no library provides, and the first call that needs it. */
    public record Unresolved(Function function, Span firstCall) {}

    final Module module;
    final boolean device;
    final Memory memory;
    final NativeLibrary[] libraries;
    private final GlobalPlacer placer;
    Launcher launcher;

    private final HashMap<Function, Integer> index = new HashMap<>();
    private final ArrayList<Function> functions = new ArrayList<>();
    private Code[] codes = new Code[16];
    private final HashMap<Global, Long> addresses = new HashMap<>();
    private final HashMap<Function, int[]> natives = new HashMap<>();
    private final ArrayList<Unresolved> unresolved = new ArrayList<>();

    public Program(Module module, boolean device, Memory memory, GlobalPlacer placer, NativeLibrary... libraries) {
        this.module = module;
        this.device = device;
        this.memory = memory;
        this.placer = placer;
        this.libraries = libraries;
    }

    public void setLauncher(Launcher launcher) {
        this.launcher = launcher;
    }

    public boolean isDevice() {
        return device;
    }

    public Memory memory() {
        return memory;
    }

    int indexOf(Function f) {
        Integer i = index.get(f);
        if (i == null) {
            i = functions.size();
            functions.add(f);
            index.put(f, i);
            if (i == codes.length) {
                Code[] bigger = new Code[codes.length * 2];
                System.arraycopy(codes, 0, bigger, 0, codes.length);
                codes = bigger;
            }
        }
        return i;
    }

    /** The bytecode of function {@code i}, translated on first use. */
    Code code(int i) {
        Code c = codes[i];
        if (c == null) {
            c = new Translator(this, functions.get(i)).translate();
            codes[i] = c;
        }
        return c;
    }

    Code code(Function f) {
        return code(indexOf(f));
    }

    long globalAddress(Global g) {
        Long a = addresses.get(g);
        if (a == null) {
            a = placer.place(g);
            addresses.put(g, a);
        }
        return a;
    }

    /** {library, id} of the native implementing {@code f}, or null (recorded as unresolved). */
    int[] bindNative(Function f, Span site) {
        if (natives.containsKey(f)) {
            return natives.get(f);
        }
        int[] ref = null;
        for (int i = 0; i < libraries.length && ref == null; i++) {
            int id = libraries[i].lookup(f);
            if (id >= 0) {
                ref = new int[] {i, id};
            }
        }
        natives.put(f, ref);
        if (ref == null) {
            unresolved.add(new Unresolved(f, site));
        }
        return ref;
    }

    /**
     * Translates every function reachable from {@code roots} and returns the external functions
     * that no library provides (empty when the program can run).
     */
    public List<Unresolved> link(List<Function> roots) {
        for (Function f : roots) {
            indexOf(f);
        }
        for (int i = 0; i < functions.size(); i++) {
            if (!functions.get(i).isExternal()) {
                code(i);
            }
        }
        return List.copyOf(unresolved);
    }

    /** The bytecode listing of a function, for tests and debugging. */
    public String listing(Function f) {
        return code(f).toString();
    }
}
