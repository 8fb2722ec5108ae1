package webcu.webgpu;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntToLongFunction;
import webcu.ir.Type;
import webcu.runtime.KernelArg;
import webcu.runtime.KernelLaunch;
import webcu.wgsl.KernelLayout;

/**
 * What one kernel launch binds and writes on WebGPU, decided in plain Java (so JVM tests can check
 * it): the buffer behind each storage binding, the bytes of the uniform buffer, the pipeline
 * cache key, or the reason the launch cannot run. {@link WebGpuDevice} turns a plan into WebGPU
 * calls.
 */
final class LaunchPlan {
    /** The adapter limits a launch is checked against. */
    record Limits(int maxInvocationsPerWorkgroup, int[] maxWorkgroupSize, int maxWorkgroupsPerDimension,
                  double maxStorageBufferBindingSize) {
    }

    /** Storage binding {@code binding} gets buffer {@code buffer} (-1: a null pointer, bound to a dummy buffer). */
    record Binding(int binding, int buffer, boolean readOnly) {
    }

    final List<Binding> bindings;
    /** The uniform buffer's contents, or null when the kernel has none. */
    final byte[] uniform;
    /** The cache key of the pipeline: entry point, block dims, dynamic shared size, binding pattern. */
    final String pipelineKey;
    /** Why the launch cannot run, or null. */
    final String error;

    private LaunchPlan(List<Binding> bindings, byte[] uniform, String pipelineKey, String error) {
        this.bindings = bindings;
        this.uniform = uniform;
        this.pipelineKey = pipelineKey;
        this.error = error;
    }

    private static LaunchPlan failed(String error) {
        return new LaunchPlan(List.of(), null, null, error);
    }

    /**
     * Plans {@code launch} of the kernel laid out as {@code layout}. {@code bufferSize} gives the
     * byte size of a buffer by id.
     */
    static LaunchPlan of(KernelLayout layout, KernelLaunch launch, Limits limits, IntToLongFunction bufferSize) {
        int[] b = launch.block();
        long threads = (long) b[0] * b[1] * b[2];
        if (threads > limits.maxInvocationsPerWorkgroup()) {
            return failed("not supported on WebGPU yet: blocks of " + threads + " threads (this adapter allows "
                    + limits.maxInvocationsPerWorkgroup() + ")");
        }
        String[] dims = {"x", "y", "z"};
        for (int i = 0; i < 3; i++) {
            if (b[i] > limits.maxWorkgroupSize()[i]) {
                return failed("not supported on WebGPU yet: blockDim." + dims[i] + " = " + b[i]
                        + " (this adapter allows " + limits.maxWorkgroupSize()[i] + ")");
            }
            if (launch.grid()[i] > limits.maxWorkgroupsPerDimension()) {
                return failed("not supported on WebGPU yet: gridDim." + dims[i] + " = " + launch.grid()[i]
                        + " (this adapter allows " + limits.maxWorkgroupsPerDimension() + " blocks per dimension)");
            }
        }
        if (launch.dynamicSharedBytes() != 0) {
            return failed("not supported on WebGPU yet: dynamic shared memory (extern __shared__)");
        }
        List<Binding> bindings = new ArrayList<>();
        long[] hiddenOffset = new long[launch.args().size()];
        StringBuilder pattern = new StringBuilder();
        for (KernelLayout.Buffer buf : layout.buffers()) {
            int id = -1;
            for (int param : buf.params()) {
                if (!(launch.args().get(param) instanceof KernelArg.Pointer p)) {
                    return failed("internal error: argument " + (param + 1) + " of '" + layout.kernel()
                            + "' is not a pointer");
                }
                if (p.buffer() >= 0) {
                    if (p.offset() % buf.elementSize() != 0) {
                        return failed("misaligned address: pointer argument " + (param + 1) + " of '" + layout.kernel()
                                + "' is not aligned to its " + buf.elementSize() + "-byte elements");
                    }
                    id = p.buffer();
                    hiddenOffset[param] = p.offset() / buf.elementSize();
                }
            }
            if (id >= 0 && bufferSize.applyAsLong(id) > limits.maxStorageBufferBindingSize()) {
                return failed("not supported on WebGPU yet: an allocation of " + bufferSize.applyAsLong(id)
                        + " bytes in a kernel (this adapter binds at most " + (long) limits.maxStorageBufferBindingSize()
                        + " bytes)");
            }
            bindings.add(new Binding(buf.binding(), id, buf.readOnly()));
            pattern.append(buf.readOnly() ? 'r' : 'w');
        }
        for (int i = 0; i < bindings.size(); i++) {
            for (int j = i + 1; j < bindings.size(); j++) {
                Binding x = bindings.get(i);
                Binding y = bindings.get(j);
                if (x.buffer() >= 0 && x.buffer() == y.buffer() && !(x.readOnly() && y.readOnly())) {
                    return failed("not supported on WebGPU yet: pointer arguments '"
                            + layout.buffers().get(i).name() + "' and '" + layout.buffers().get(j).name()
                            + "' point into one allocation and the kernel writes through one of them");
                }
            }
        }
        byte[] uniform = null;
        if (layout.uniform() != null) {
            uniform = new byte[layout.uniform().size()];
            for (KernelLayout.UniformField f : layout.uniform().fields()) {
                int bits;
                if (f.hiddenOffset()) {
                    bits = (int) hiddenOffset[f.param()];
                } else if (launch.args().get(f.param()) instanceof KernelArg.Scalar s) {
                    bits = f.type() instanceof Type.Bool ? (s.bits() != 0 ? 1 : 0) : (int) s.bits();
                } else {
                    return failed("internal error: argument " + (f.param() + 1) + " of '" + layout.kernel()
                            + "' is not a scalar");
                }
                putInt(uniform, f.offset(), bits);
            }
        }
        String key = layout.entryPoint() + "|" + b[0] + "," + b[1] + "," + b[2] + "|" + launch.dynamicSharedBytes()
                + "|" + pattern;
        return new LaunchPlan(bindings, uniform, key, null);
    }

    static void putInt(byte[] a, int at, int v) {
        a[at] = (byte) v;
        a[at + 1] = (byte) (v >>> 8);
        a[at + 2] = (byte) (v >>> 16);
        a[at + 3] = (byte) (v >>> 24);
    }
}
