package webcu.vulkan;

import static org.lwjgl.system.MemoryStack.stackPush;
import static org.lwjgl.vulkan.VK10.*;

import java.nio.ByteBuffer;
import java.nio.LongBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleConsumer;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.vulkan.VkCommandBuffer;
import org.lwjgl.vulkan.VkCommandBufferBeginInfo;
import org.lwjgl.vulkan.VkDescriptorPoolCreateInfo;
import org.lwjgl.vulkan.VkDescriptorPoolSize;
import org.lwjgl.vulkan.VkMemoryBarrier;
import org.lwjgl.vulkan.VkQueryPoolCreateInfo;
import org.lwjgl.vulkan.VkSubmitInfo;

/**
 * Kernel launches recorded into one command buffer, one after another (a barrier between them, as
 * a CUDA stream orders them), and submitted together at the next {@link #flush}: before any other
 * submit of {@link VulkanCompute} and wherever the host touches memory. Each launch's small
 * buffer writes (its uniform block, the watchdog's tick count) go into the command stream, so one
 * uniform buffer serves every launch of a batch.
 *
 * <p>Why: a submit and a fence per launch made the memory-bound kernels slow on NVIDIA's driver:
 * SAXPY 64M took 0.96 ms per dispatch fenced against 0.26 ms in one command buffer, the reduction's
 * three passes 1.25 against 0.22 (H200, bench/README.md, the Vulkan bisection), the SGEMMs the same
 * either way.
 */
final class LaunchBatch {
    /** Launches per batch at most: a longer run of launches is submitted in batches of this many. */
    static final int MAX = 256;

    /** A write of {@code bytes} (a multiple of 4 bytes, at most 65536) at {@code offset} of {@code buffer}, before the dispatch. */
    record Update(VulkanCompute.Buffer buffer, long offset, byte[] bytes) {
    }

    private final VulkanCompute vk;
    private long pool = VK_NULL_HANDLE;
    private int poolSets;
    private int poolStorage;
    private int poolUniform;
    private int usedSets;
    private int usedStorage;
    private int usedUniform;
    private long queries = VK_NULL_HANDLE;
    /** Per recorded launch, what receives its GPU nanoseconds (null where untimed). */
    private final List<DoubleConsumer> times = new ArrayList<>();
    private boolean open;

    LaunchBatch(VulkanCompute vk) {
        this.vk = vk;
    }

    /** Whether launches are recorded and not yet submitted. */
    boolean pending() {
        return open;
    }

    void enqueue(VulkanCompute.Pipeline p, List<VulkanCompute.Binding> bindings, List<Update> updates, int groupsX, int groupsY,
                 int groupsZ, DoubleConsumer time) {
        int sets = p.setLayouts.length;
        if (open && (times.size() == MAX || usedSets + sets > poolSets || usedStorage + p.storage > poolStorage
                || usedUniform + p.uniform > poolUniform)) {
            flush();
        }
        if (!open) {
            begin(sets, p.storage, p.uniform);
        }
        VkCommandBuffer cb = vk.commands;
        try (MemoryStack stack = stackPush()) {
            LongBuffer set = vk.descriptorSets(pool, p, bindings, stack);
            usedSets += sets;
            usedStorage += p.storage;
            usedUniform += p.uniform;
            if (!times.isEmpty()) {
                // the previous launch's reads and writes before this one's updates and its dispatch
                barrier(cb, stack, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT | VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                        VK_ACCESS_SHADER_WRITE_BIT, VK_ACCESS_TRANSFER_WRITE_BIT | VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
            }
            if (!updates.isEmpty()) {
                for (Update u : updates) {
                    ByteBuffer data = stack.malloc(u.bytes().length);
                    data.put(0, u.bytes());
                    vkCmdUpdateBuffer(cb, u.buffer().handle, u.offset(), data);
                }
                barrier(cb, stack, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
                        VK_ACCESS_UNIFORM_READ_BIT | VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
            }
            vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, p.handle);
            vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, p.layout, 0, set, null);
            int k = times.size();
            boolean timed = time != null && vk.canTime();
            if (timed) {
                vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, queries, 2 * k);
            }
            vkCmdDispatch(cb, groupsX, groupsY, groupsZ);
            if (timed) {
                vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, queries, 2 * k + 1);
            }
            times.add(timed ? time : null);
        }
    }

    private void begin(int sets, int storage, int uniform) {
        try (MemoryStack stack = stackPush()) {
            LongBuffer lp = stack.mallocLong(1);
            if (pool == VK_NULL_HANDLE || sets > poolSets || storage > poolStorage || uniform > poolUniform) {
                if (pool != VK_NULL_HANDLE) {
                    vkDestroyDescriptorPool(vk.device, pool, null);
                }
                poolSets = Math.max(2 * MAX, sets);
                poolStorage = Math.max(8 * MAX, storage);
                poolUniform = Math.max(MAX, uniform);
                VkDescriptorPoolSize.Buffer sizes = VkDescriptorPoolSize.calloc(2, stack);
                sizes.get(0).type(VK_DESCRIPTOR_TYPE_STORAGE_BUFFER).descriptorCount(poolStorage);
                sizes.get(1).type(VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER).descriptorCount(poolUniform);
                VulkanCompute.check(vkCreateDescriptorPool(vk.device, VkDescriptorPoolCreateInfo.calloc(stack).sType$Default()
                        .maxSets(poolSets).pPoolSizes(sizes), null, lp), "vkCreateDescriptorPool");
                pool = lp.get(0);
            } else {
                VulkanCompute.check(vkResetDescriptorPool(vk.device, pool, 0), "vkResetDescriptorPool");
            }
            usedSets = 0;
            usedStorage = 0;
            usedUniform = 0;
            if (queries == VK_NULL_HANDLE && vk.canTime()) {
                VulkanCompute.check(vkCreateQueryPool(vk.device, VkQueryPoolCreateInfo.calloc(stack).sType$Default()
                        .queryType(VK_QUERY_TYPE_TIMESTAMP).queryCount(2 * MAX), null, lp), "vkCreateQueryPool");
                queries = lp.get(0);
            }
            VulkanCompute.check(vkBeginCommandBuffer(vk.commands, VkCommandBufferBeginInfo.calloc(stack).sType$Default()
                    .flags(VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT)), "vkBeginCommandBuffer");
            if (queries != VK_NULL_HANDLE) {
                vkCmdResetQueryPool(vk.commands, queries, 0, 2 * MAX);
            }
        }
        open = true;
    }

    /** Submits the recorded launches, waits until they are done and their writes visible to the host, and hands out their times. */
    void flush() {
        if (!open) {
            return;
        }
        open = false;
        VkCommandBuffer cb = vk.commands;
        try (MemoryStack stack = stackPush()) {
            barrier(cb, stack, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                    VK_PIPELINE_STAGE_HOST_BIT | VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT,
                    VK_ACCESS_SHADER_WRITE_BIT, VK_ACCESS_HOST_READ_BIT | VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT
                            | VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT);
            VulkanCompute.check(vkEndCommandBuffer(cb), "vkEndCommandBuffer");
            VulkanCompute.check(vkQueueSubmit(vk.queue, VkSubmitInfo.calloc(stack).sType$Default().pCommandBuffers(stack.pointers(cb)),
                    vk.fence), "vkQueueSubmit");
            VulkanCompute.check(vkWaitForFences(vk.device, stack.longs(vk.fence), true, Long.MAX_VALUE), "vkWaitForFences");
            VulkanCompute.check(vkResetFences(vk.device, vk.fence), "vkResetFences");
            List<DoubleConsumer> done = new ArrayList<>(times);
            int n = times.size();
            times.clear();
            // only the timed launches' queries were written (waiting on the others would never end)
            LongBuffer ticks = stack.mallocLong(2);
            for (int k = 0; k < n; k++) {
                if (done.get(k) != null) {
                    VulkanCompute.check(vkGetQueryPoolResults(vk.device, queries, 2 * k, 2, ticks, 8,
                            VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT), "vkGetQueryPoolResults");
                    done.get(k).accept((ticks.get(1) - ticks.get(0)) * vk.timestampPeriod);
                }
            }
        }
    }

    private static void barrier(VkCommandBuffer cb, MemoryStack stack, int srcStage, int dstStage, int srcAccess, int dstAccess) {
        VkMemoryBarrier.Buffer b = VkMemoryBarrier.calloc(1, stack);
        b.get(0).sType$Default().srcAccessMask(srcAccess).dstAccessMask(dstAccess);
        vkCmdPipelineBarrier(cb, srcStage, dstStage, 0, b, null, null);
    }

    void close() {
        if (pool != VK_NULL_HANDLE) {
            vkDestroyDescriptorPool(vk.device, pool, null);
        }
        if (queries != VK_NULL_HANDLE) {
            vkDestroyQueryPool(vk.device, queries, null);
        }
    }
}
