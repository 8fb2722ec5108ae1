package webcu.webgpu;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.function.IntToLongFunction;
import webcu.runtime.BoundsProofs;
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
        /** The pipeline without bounds checks, made at the first launch proven in bounds; null before. */
        GPUComputePipeline unchecked;
        /** The uniform bytes {@link #proven} was found for (BoundsProofs), or null before the first. */
        byte[] provenFor;
        boolean proven;
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

        /**
         * Whether no bounds check of a launch of this entry can fail ({@link BoundsProofs}): its
         * uniform, just written at {@code at} of {@code args}, and the sizes of the allocations
         * bound. A loop of launches with the same arguments evaluates the facts once: the entry's
         * memory has not changed since (the cache is cleared when it does).
         */
        boolean provenInBounds(byte[] args, int at, int size, int[] block, IntToLongFunction sizeOf) {
            byte[] last = provenFor;
            if (last != null && !plan.hasScalars()) {
                // the uniform is the plan's own bytes at every launch of the entry
                return proven;
            }
            if (last != null) {
                boolean same = true;
                for (int i = 0; i < size && same; i++) {
                    same = last[i] == args[at + i];
                }
                if (same) {
                    return proven;
                }
            }
            double[] bytes = new double[plan.bindings.size()];
            for (int i = 0; i < bytes.length; i++) {
                int id = plan.bindings.get(i).buffer();
                bytes[i] = id >= 0 ? sizeOf.applyAsLong(id) : 0;
            }
            proven = BoundsProofs.holds(layout, args, at, block, plan.dispatch, bytes);
            provenFor = Arrays.copyOfRange(args, at, at + size);
            return proven;
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
