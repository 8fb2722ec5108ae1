package webcu.webgpu;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.teavm.jso.JSObject;
import org.teavm.jso.core.JSPromise;
import org.teavm.jso.typedarrays.Int8Array;

/**
 * The work a {@link WebGpuDevice} has recorded but not submitted: launches, copies and fills in
 * one command encoder, consecutive launches in one compute pass, submitted when the host needs
 * the GPU's results ({@link WebGpuDevice#flush}) or a limit is reached. A submit per launch cost
 * ~60 µs of an H200's 85 µs per tiny launch; one pass for 1000 dispatches costs ~5 µs each.
 *
 * <p>The launches' scalar arguments are slices of one uniform buffer (a dynamic offset each),
 * written with one {@code writeBuffer} just before the submit: writes of the queue happen before
 * the commands submitted after them, and after those submitted before, so the same buffer serves
 * every batch. Buffers that the recorded commands use are destroyed only after the submit.
 */
final class CommandBatch {
    /**
     * Commands (launches, copies, fills) per submit at most. The GPU starts on a batch only when it
     * is submitted, so a loop of small launches keeps it busy while the host records the next ones
     * only if batches are short: with 1024 the GPU waited for a loop of 1000 launches to end, and
     * the loop's time was the host's and the GPU's added up. A submit costs ~20 µs of host time
     * on an H200 (one submit per launch: 27 µs a launch, one pass for 1000: 4.5), 0.2 µs a launch here.
     */
    static final int MAX_COMMANDS = 128;
    /**
     * Commands in the first batch after the queue drained. A batch limit of 128 from the start keeps
     * an idle GPU waiting for the host to record 128 launches (at the host's ~5 µs a launch, ~0.6 ms
     * of heat.cu's 1000 steps); the limit doubles with each submit up to {@link #MAX_COMMANDS}, so
     * the GPU starts after 8, at the cost of four more submits. An A/B on an H200 measured no
     * difference within its noise (bench/README.md, session 10).
     */
    static final int FIRST_COMMANDS = 8;
    /** The arguments buffer's first size: 1024 launches of up to 256 bytes of arguments. */
    private static final int ARGS_BYTES = 256 * 1024;

    private final WebGpuDevice owner;
    private final GPUDevice device;
    private final GPUQueue queue;
    private final GPUBindGroup debugGroup;
    /** minUniformBufferOffsetAlignment: where each launch's arguments may start. */
    private final int align;
    private GPUCommandEncoder encoder;
    private GPUComputePassEncoder pass;
    /** What the open pass has set, so that a launch like the last one sets nothing again. */
    private GPUComputePipeline passPipeline;
    private GPUBindGroup passGroup;
    private int passOffset;
    private int passSize;
    /** The kernel launched last in this batch: a loop of launches of it adds no set entry each time. */
    private String lastKernel;
    private int commands;
    /** This batch's limit: {@link #FIRST_COMMANDS}, doubled by each submit up to {@link #MAX_COMMANDS}. */
    private int limit = FIRST_COMMANDS;
    private byte[] args = new byte[ARGS_BYTES];
    private int argsUsed;
    private GPUBuffer argsBuffer;
    /** Bumped when {@link #argsBuffer} is replaced: bind groups made with the old one are stale. */
    private int argsGeneration;
    private final JSObject offsets = WebGpu.offsetArray();
    private final List<GPUBuffer> destroyAfterSubmit = new ArrayList<>();
    /** The kernels launched in this batch, for a validation error's message. */
    private final Set<String> kernels = new LinkedHashSet<>();
    private boolean flushScheduled;

    CommandBatch(WebGpuDevice owner, GPUDevice device, GPUBindGroup debugGroup, int align) {
        this.owner = owner;
        this.device = device;
        this.queue = device.getQueue();
        this.debugGroup = debugGroup;
        this.align = Math.max(16, align);
        this.argsBuffer = argsBuffer(ARGS_BYTES);
    }

    private GPUBuffer argsBuffer(int bytes) {
        return owner.raw(bytes, WebGpu.BUFFER_UNIFORM | WebGpu.BUFFER_COPY_DST, "webcu kernel arguments");
    }

    boolean isEmpty() {
        return encoder == null;
    }

    /** The encoder, for a copy or a fill (which ends the open compute pass). */
    GPUCommandEncoder encoder() {
        endPass();
        commands++;
        return open();
    }

    private GPUCommandEncoder open() {
        if (encoder == null) {
            encoder = device.createCommandEncoder();
            if (!flushScheduled) {
                // the host may compute for a while before it waits: the GPU need not wait for it
                flushScheduled = true;
                WebGpu.soon(() -> {
                    flushScheduled = false;
                    owner.flush();
                });
            }
        }
        return encoder;
    }

    private void endPass() {
        if (pass != null) {
            pass.end();
            pass = null;
        }
    }

    /**
     * Reserves {@code size} bytes of arguments for the next launch and returns where they start,
     * submitting first when the batch is full; {@link #argsGeneration()} may change.
     */
    int reserve(int size) {
        int at = (argsUsed + align - 1) / align * align;
        if (commands >= limit || size > 0 && at + size > args.length) {
            owner.flush();
            at = 0;
        }
        if (size > args.length) {
            int bytes = (size + align - 1) / align * align;
            args = new byte[bytes];
            argsBuffer.destroy();
            argsBuffer = argsBuffer(bytes);
            argsGeneration++;
        }
        return at;
    }

    GPUBuffer argsBuffer() {
        return argsBuffer;
    }

    /** The arguments recorded so far: a launch writes its own at the offset {@link #reserve} gave it. */
    byte[] args() {
        return args;
    }

    /** The kernels launched in this batch. */
    Set<String> kernels() {
        return kernels;
    }

    int argsGeneration() {
        return argsGeneration;
    }

    /**
     * Records a dispatch; {@code timedPass} (a pass descriptor with timestamp writes) gives the
     * launch a pass of its own, else it joins the open pass. Its {@code size} bytes of arguments
     * are in {@link #args()} at {@code at} from {@link #reserve} (0: none, and the group has no
     * dynamic offset). A launch with the argument bytes of the pass's last launch uses that
     * launch's offset (its arguments take no room), and sets nothing again if its bind group is
     * that launch's too.
     */
    void dispatch(String kernel, GPUComputePipeline pipeline, GPUBindGroup group, int size, int at,
                  JSObject timedPass, int[] workgroups) {
        if (timedPass != null) {
            endPass();
        }
        GPUComputePassEncoder p = pass;
        if (p == null) {
            p = open().beginComputePass(timedPass != null ? timedPass : WebGpu.computePassDescriptor(null, 0, 0));
            p.setBindGroup(1, debugGroup);
            passPipeline = null;
            passGroup = null;
            passSize = 0;
        }
        commands++;
        if (kernel != lastKernel) {
            kernels.add(kernel);
            lastKernel = kernel;
        }
        if (pipeline != passPipeline) {
            p.setPipeline(pipeline);
            passPipeline = pipeline;
        }
        boolean dispatched = false;
        if (size > 0) {
            // a ping-pong loop's launches alternate two groups with the same arguments: one slice serves both
            boolean sameArgs = size == passSize && sameBytes(passOffset, at, size);
            if (sameArgs) {
                at = passOffset;
            } else {
                argsUsed = at + size;
            }
            if (!sameArgs || group != passGroup) {
                WebGpu.setBindGroupAndDispatch(p, group, offsets, at, workgroups[0], workgroups[1], workgroups[2]);
                dispatched = true;
            }
        } else if (group != passGroup) {
            p.setBindGroup(0, group);
        }
        passGroup = group;
        passOffset = at;
        passSize = size;
        if (!dispatched) {
            p.dispatchWorkgroups(workgroups[0], workgroups[1], workgroups[2]);
        }
        if (timedPass != null) {
            p.end();
        } else {
            pass = p;
        }
    }

    private boolean sameBytes(int x, int y, int size) {
        for (int i = 0; i < size; i++) {
            if (args[x + i] != args[y + i]) {
                return false;
            }
        }
        return true;
    }

    /** {@code b} is destroyed once the recorded commands that use it are submitted. */
    void destroyAfterSubmit(GPUBuffer b) {
        if (encoder == null) {
            b.destroy();
        } else {
            destroyAfterSubmit.add(b);
        }
    }

    /**
     * Submits the recorded commands, their arguments written first. A validation error of theirs
     * (the fast path pushes no error scope per launch) is reported when the scope's promise
     * settles, before the next synchronization completes, naming the batch's kernels.
     */
    void submit() {
        if (encoder == null) {
            return;
        }
        endPass();
        if (argsUsed > 0) {
            queue.writeBuffer(argsBuffer, 0, Int8Array.copyFromJavaArray(Arrays.copyOf(args, argsUsed)), 0, argsUsed);
        }
        device.pushErrorScope("validation");
        queue.submit(WebGpu.commands(encoder.finish()));
        JSPromise<GPUError> scope = device.popErrorScope();
        owner.check(scope, kernels.isEmpty() ? "a copy or fill"
                : kernels.size() == 1 ? "the launch of kernel '" + kernels.iterator().next() + "'"
                : "the launches of kernels '" + String.join("', '", kernels) + "'");
        for (GPUBuffer b : destroyAfterSubmit) {
            b.destroy();
        }
        destroyAfterSubmit.clear();
        kernels.clear();
        lastKernel = null;
        encoder = null;
        commands = 0;
        limit = Math.min(2 * limit, MAX_COMMANDS);
        argsUsed = 0;
    }

    /** The queue has drained (the host waited for it): the next batch starts small again. */
    void drained() {
        limit = FIRST_COMMANDS;
    }

    /** The run ended: the arguments buffer goes (after {@link #submit}). */
    void release() {
        argsBuffer.destroy();
    }
}
