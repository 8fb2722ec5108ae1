package webcu.ir;

import java.util.ArrayList;
import java.util.List;

/** A whole program: its globals and its functions, host and device alike. */
public final class Module {
    private final List<Global> globals = new ArrayList<>();
    private final List<Function> functions = new ArrayList<>();

    public List<Global> globals() { return globals; }
    public List<Function> functions() { return functions; }

    public Global add(Global g) {
        globals.add(g);
        return g;
    }

    public Function add(Function f) {
        functions.add(f);
        return f;
    }

    public Function function(String name) {
        for (Function f : functions) {
            if (f.name().equals(name)) {
                return f;
            }
        }
        return null;
    }

    public List<Function> kernels() {
        return functions.stream().filter(Function::isKernel).toList();
    }
}
