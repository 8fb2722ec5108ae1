package webcu.webgpu;

import java.util.HashMap;
import java.util.Map;
import webcu.runtime.KernelLaunch;
import webcu.runtime.LaunchLayout;

/**
 * The plans of a {@link WebGpuDevice}'s recent launches, per kernel, with the pipeline and the
 * bind group they used: a loop that launches one kernel on the same buffers plans it once and
 * finds its WebGPU objects again, so that such a launch costs little more than its uniform's
 * bytes and its dispatch ({@link LaunchPlan#repeats}). Planning cost ~8 µs of a launch's ~30 in
 * the page's JavaScript build (strings, BigInt longs, lists). The device clears the cache when
 * its memory changes (an allocation made, mapped or freed) or another program is loaded.
 */
final class LaunchCache {
    /** Plans kept per kernel: a kernel launched on alternating buffers (a ping-pong stencil) stays planned. */
    static final int WAYS = 4;

    /** One planned launch and what WebGPU made for it; the bind group is remade when its buffers' generation moves on. */
    static final class Entry {
        /** The program loaded (a coarsened variant's base), and the one the launch runs. */
        final Programs.Compiled program;
        final Programs.Compiled compiled;
        final LaunchLayout layout;
        final LaunchPlan plan;
        final GPUBindGroupLayout bindGroupLayout;
        final GPUComputePipeline pipeline;
        GPUBindGroup group;
        int groupGeneration;

        Entry(Programs.Compiled program, Programs.Compiled compiled, LaunchLayout layout, LaunchPlan plan,
              GPUBindGroupLayout bindGroupLayout, GPUComputePipeline pipeline) {
            this.program = program;
            this.compiled = compiled;
            this.layout = layout;
            this.plan = plan;
            this.bindGroupLayout = bindGroupLayout;
            this.pipeline = pipeline;
        }
    }

    /** A kernel's entries, the oldest replaced first. */
    private static final class Ways {
        final Entry[] entries = new Entry[WAYS];
        int next;
    }

    /** By the launch's kernel, its IR function as the runtime passes it (identity is all the cache needs of it). */
    private final Map<Object, Ways> byKernel = new HashMap<>();
    /** The kernel looked up last: a loop of launches of one kernel does no map lookup. */
    private Object lastKernel;
    private Ways lastWays;

    void clear() {
        byKernel.clear();
        lastKernel = null;
        lastWays = null;
    }

    /** The entry whose plan {@code launch} of {@code program} repeats, or null. */
    Entry find(Programs.Compiled program, KernelLaunch launch) {
        Object k = launch.kernel();
        Ways ways = k == lastKernel ? lastWays : byKernel.get(k);
        if (ways == null) {
            return null;
        }
        lastKernel = k;
        lastWays = ways;
        for (Entry e : ways.entries) {
            if (e != null && e.program == program && e.plan.repeats(launch)) {
                return e;
            }
        }
        return null;
    }

    /** Keeps {@code e}, planned for {@code launch}, unless its plan cannot repeat. */
    void add(KernelLaunch launch, Entry e) {
        if (!e.plan.repeatable()) {
            return;
        }
        Ways ways = byKernel.computeIfAbsent(launch.kernel(), x -> new Ways());
        ways.entries[ways.next] = e;
        ways.next = (ways.next + 1) % WAYS;
    }
}
