package webcu.vm;

import webcu.ir.Function;

/**
 * Functions implemented in Java and bound by name to the IR's external functions (a function
 * without a body): the C library, the CUDA runtime API, device printf. A library reads its
 * arguments and writes its result through the calling {@link VmThread}.
 */
public interface NativeLibrary {
    /** The call finished; the thread goes on. */
    int CONTINUE = 0;
    /** The call waits for {@link VmThread#block}'s completion; the thread stops until it is done. */
    int BLOCK = 1;
    /** The program ends ({@code exit}); the status is in {@link VmThread#exitStatus}. */
    int EXIT = 2;
    /**
     * The call moved the thread to another frame and pc (a throw unwinding to its handler, see
     * {@link ExceptionLibrary}); the interpreter reloads the thread's state and goes on there.
     */
    int UNWIND = 3;

    /**
     * The C name of an external function: the IR tells overloads of one C++ name apart with a
     * suffix (abs, abs.2, abs.3); a library matches the name without it and looks at the types.
     */
    static String cName(Function f) {
        String n = f.name();
        int dot = n.lastIndexOf('.');
        if (dot <= 0 || dot == n.length() - 1) {
            return n;
        }
        for (int i = dot + 1; i < n.length(); i++) {
            if (n.charAt(i) < '0' || n.charAt(i) > '9') {
                return n;
            }
        }
        return n.substring(0, dot);
    }

    /** The id of the function this library provides for {@code f} (by name and signature), or -1. */
    int lookup(Function f);

    /** Runs function {@code id} for thread {@code t}; returns CONTINUE, BLOCK or EXIT. */
    int call(int id, VmThread t);
}
