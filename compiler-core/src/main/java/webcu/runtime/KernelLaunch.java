package webcu.runtime;

import java.util.List;
import webcu.diag.Span;
import webcu.ir.Function;
import webcu.ir.Module;

/** One launch, validated by the runtime: the kernel, its grid and block, and its arguments. */
public record KernelLaunch(Module module, Function kernel, int[] grid, int[] block, long dynamicSharedBytes,
                           List<KernelArg> args, Span site) {
    /** The kernel's name in the IR, which a compiled program's layouts are keyed by. */
    public String kernelName() {
        return kernel.name();
    }
}
