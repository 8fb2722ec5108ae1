package webcu.vm;

/**
 * A second tier for hot loops of the host program: when a backward branch of a host function has
 * been taken often enough, the {@link Interpreter} asks for the loop it closes to be compiled and
 * then runs the compiled loop instead of interpreting it. Only the JVM has one ({@code LoopJit}, in
 * the JVM-only module vm-jit with ASM and Unsafe, installed by the command line through
 * {@link #installFromClassPath} and by tests through {@link Interpreter#setLoopCompiler}); the
 * browser build cannot define classes at run time and cannot see that module, so there the
 * interpreter runs alone.
 */
public interface LoopCompiler {
    /** What a module offering a loop compiler registers as a service (META-INF/services). */
    interface Installer {
        void install();
    }

    /**
     * Installs the loop compiler of the first {@link Installer} on the class path; false when there
     * is none (the interpreter then runs alone, correctly, only slower).
     */
    static boolean installFromClassPath() {
        for (Installer i : java.util.ServiceLoader.load(Installer.class)) {
            i.install();
            return true;
        }
        return false;
    }

    /**
     * Compiles the instructions of {@code c} from {@code header} to the end of the backward branch
     * at {@code backEdge}; null when the region holds an instruction this compiler does not handle
     * (the interpreter remembers the refusal and keeps interpreting).
     */
    Loop compile(Code c, int header, int backEdge);

    /** One compiled loop. */
    abstract class Loop {
        /**
         * Runs the loop from its header with the thread's registers (the windows at {@code ib} and
         * {@code fb}) until it leaves the region, an instruction needs the interpreter (a memory
         * access that faults, a division by zero) or the budget in {@code t.loopBudget} is spent at a
         * backward branch. Returns the pc where the interpreter goes on, with every register written
         * back and {@code t.loopBudget} lowered by about the instructions executed.
         */
        public abstract int run(VmThread t, long[] ir, double[] fr, int ib, int fb, Segment[] cache);

        /**
         * True once a speculation the loop was compiled with failed: it still runs correctly, but
         * the interpreter drops the function's compiled loops and has them compiled again.
         */
        public boolean retired() {
            return false;
        }
    }
}
