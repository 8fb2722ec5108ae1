package webcu.vulkan;

import static org.lwjgl.system.MemoryStack.stackPush;
import static org.lwjgl.vulkan.EXTDebugUtils.VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
import static org.lwjgl.vulkan.EXTDebugUtils.VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT;
import static org.lwjgl.vulkan.EXTDebugUtils.VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT;
import static org.lwjgl.vulkan.EXTDebugUtils.VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
import static org.lwjgl.vulkan.EXTDebugUtils.VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT;
import static org.lwjgl.vulkan.EXTDebugUtils.VK_EXT_DEBUG_UTILS_EXTENSION_NAME;
import static org.lwjgl.vulkan.EXTDebugUtils.vkCreateDebugUtilsMessengerEXT;
import static org.lwjgl.vulkan.EXTDebugUtils.vkDestroyDebugUtilsMessengerEXT;
import static org.lwjgl.vulkan.VK10.*;
import static org.lwjgl.vulkan.VK11.vkGetPhysicalDeviceFeatures2;
import static org.lwjgl.vulkan.VK12.VK_API_VERSION_1_2;

import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.util.ArrayList;
import java.util.List;
import org.lwjgl.PointerBuffer;
import org.lwjgl.system.Configuration;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.system.MemoryUtil;
import org.lwjgl.vulkan.VK12;
import org.lwjgl.vulkan.VkApplicationInfo;
import org.lwjgl.vulkan.VkBufferCopy;
import org.lwjgl.vulkan.VkBufferCreateInfo;
import org.lwjgl.vulkan.VkCommandBuffer;
import org.lwjgl.vulkan.VkCommandBufferAllocateInfo;
import org.lwjgl.vulkan.VkCommandBufferBeginInfo;
import org.lwjgl.vulkan.VkCommandPoolCreateInfo;
import org.lwjgl.vulkan.VkComputePipelineCreateInfo;
import org.lwjgl.vulkan.VkDebugUtilsMessengerCallbackDataEXT;
import org.lwjgl.vulkan.VkDebugUtilsMessengerCallbackEXT;
import org.lwjgl.vulkan.VkDebugUtilsMessengerCreateInfoEXT;
import org.lwjgl.vulkan.VkDescriptorBufferInfo;
import org.lwjgl.vulkan.VkDescriptorPoolCreateInfo;
import org.lwjgl.vulkan.VkDescriptorPoolSize;
import org.lwjgl.vulkan.VkDescriptorSetAllocateInfo;
import org.lwjgl.vulkan.VkDescriptorSetLayoutBinding;
import org.lwjgl.vulkan.VkDescriptorSetLayoutCreateInfo;
import org.lwjgl.vulkan.VkDevice;
import org.lwjgl.vulkan.VkDeviceCreateInfo;
import org.lwjgl.vulkan.VkDeviceQueueCreateInfo;
import org.lwjgl.vulkan.VkFenceCreateInfo;
import org.lwjgl.vulkan.VkInstance;
import org.lwjgl.vulkan.VkInstanceCreateInfo;
import org.lwjgl.vulkan.VkLayerProperties;
import org.lwjgl.vulkan.VkMemoryAllocateInfo;
import org.lwjgl.vulkan.VkMemoryBarrier;
import org.lwjgl.vulkan.VkMemoryRequirements;
import org.lwjgl.vulkan.VkPhysicalDevice;
import org.lwjgl.vulkan.VkPhysicalDeviceMemoryProperties;
import org.lwjgl.vulkan.VkPhysicalDeviceProperties;
import org.lwjgl.vulkan.VkPipelineLayoutCreateInfo;
import org.lwjgl.vulkan.VkPhysicalDeviceFeatures;
import org.lwjgl.vulkan.VkPhysicalDeviceFeatures2;
import org.lwjgl.vulkan.VkPhysicalDeviceVulkan11Features;
import org.lwjgl.vulkan.VkPhysicalDeviceVulkan12Features;
import org.lwjgl.vulkan.VkPipelineShaderStageCreateInfo;
import org.lwjgl.vulkan.VkQueryPoolCreateInfo;
import org.lwjgl.vulkan.VkQueue;
import org.lwjgl.vulkan.VkQueueFamilyProperties;
import org.lwjgl.vulkan.VkShaderModuleCreateInfo;
import org.lwjgl.vulkan.VkSpecializationInfo;
import org.lwjgl.vulkan.VkSpecializationMapEntry;
import org.lwjgl.vulkan.VkSubmitInfo;
import org.lwjgl.vulkan.VkWriteDescriptorSet;

/**
 * Compute on Vulkan through LWJGL: one instance, device and queue; buffers the host maps, or on a
 * discrete GPU in its own memory, reached by copies; a SPIR-V module's entry point dispatched with
 * one descriptor set of buffers, waited for with a fence.
 * The Vulkan device of issue 15 is built on this. With validation on (tests), the Khronos
 * validation layer's warnings and errors are collected and {@link #validationMessages()} returns
 * them, so a test fails on any.
 *
 * <p>The loader: the system's {@code libvulkan.so.1}, or the file the system property
 * {@code webcu.vulkan.loader} names (Debian's chromium ships one in /usr/lib/chromium, beside
 * SwiftShader's Vulkan driver, on machines that have no other).
 */
public final class VulkanCompute implements AutoCloseable {
    /** A buffer's kind in a dispatch's descriptor set. */
    public enum Kind { STORAGE, UNIFORM }

    /**
     * A buffer: in host-visible, host-coherent memory, mapped for its whole life ({@link #buffer}),
     * or in a discrete GPU's own memory, which the host reaches through {@link #copy} and
     * {@link #fill} ({@link #deviceBuffer}).
     */
    public final class Buffer implements AutoCloseable {
        final long handle;
        final long memory;
        public final long size;
        private final ByteBuffer mapped;
        /** Its device address (vkGetBufferDeviceAddress) where {@link #physicalPointers} is on, else 0. */
        public final long address;

        private Buffer(long handle, long memory, long size, ByteBuffer mapped, long address) {
            this.handle = handle;
            this.memory = memory;
            this.size = size;
            this.mapped = mapped;
            this.address = address;
        }

        /** Whether the host reads and writes the buffer's memory directly ({@link #contents()}). */
        public boolean isMapped() {
            return mapped != null;
        }

        /** The buffer's bytes, little-endian as the GPU sees them; only for a mapped buffer. */
        public ByteBuffer contents() {
            if (mapped == null) {
                throw new IllegalStateException("a buffer in the GPU's own memory has no host mapping");
            }
            return mapped.duplicate().order(java.nio.ByteOrder.LITTLE_ENDIAN);
        }

        @Override
        public void close() {
            if (mapped != null) {
                vkUnmapMemory(device, memory);
            }
            vkDestroyBuffer(device, handle, null);
            vkFreeMemory(device, memory, null);
        }
    }

    /**
     * One binding of a dispatch: binding {@code index} of descriptor set {@code set} is the first
     * {@code range} bytes of {@code buffer} (0: the whole buffer).
     */
    public record Binding(int set, int index, Buffer buffer, Kind kind, long range) {
        public Binding(int set, int index, Buffer buffer, Kind kind) {
            this(set, index, buffer, kind, 0);
        }

        /** A binding of set 0. */
        public Binding(int index, Buffer buffer, Kind kind) {
            this(0, index, buffer, kind);
        }
    }

    private final VkInstance instance;
    private final VkPhysicalDevice physical;
    final VkDevice device;
    final VkQueue queue;
    private final int queueFamily;
    private final long commandPool;
    /**
     * One command buffer, fence and descriptor pool for every submit: each submit waits for its
     * fence before the next is recorded, so they are free again (made once, not per launch).
     */
    final VkCommandBuffer commands;
    final long fence;
    /** Launches recorded and not yet submitted ({@link #enqueue}), made at the first. */
    private LaunchBatch batch;
    private long descriptorPool = VK_NULL_HANDLE;
    private int poolSets;
    private int poolStorage;
    private int poolUniform;
    private final long messenger;
    private final VkDebugUtilsMessengerCallbackEXT callback;
    private final List<String> messages = new ArrayList<>();
    private final String deviceName;
    private final int apiVersion;
    private final boolean bufferDeviceAddress;
    /** bufferDeviceAddress enabled, with Int64: heap-mode kernels follow physical pointers; every buffer has a device address. */
    private final boolean physicalPointers;
    private final Limits limits;
    private final java.util.Set<String> capabilities;
    /** A discrete GPU (its own memory, apart from the host's: {@link #deviceBuffer}), or a test that acts as one. */
    private final boolean discrete;
    /** A CPU implementation (SwiftShader, lavapipe): VK_PHYSICAL_DEVICE_TYPE_CPU. */
    private final boolean cpu;
    /** Nanoseconds per timestamp tick, and whether the queue's timestamps count at all. */
    final double timestampPeriod;
    private final boolean timestamps;
    /** Two timestamps, made at the first timed dispatch. */
    private long queryPool = VK_NULL_HANDLE;

    private VulkanCompute(boolean validation, boolean unmapped, boolean allowPhysicalPointers) {
        String loader = System.getProperty("webcu.vulkan.loader");
        if (loader != null && !loader.isEmpty()) {
            Configuration.VULKAN_LIBRARY_NAME.set(loader);
        }
        try (MemoryStack stack = stackPush()) {
            boolean layer = validation && hasLayer("VK_LAYER_KHRONOS_validation");
            if (validation && !layer) {
                throw new IllegalStateException("the Khronos validation layer is not available (VK_LAYER_PATH)");
            }
            VkApplicationInfo app = VkApplicationInfo.calloc(stack).sType$Default()
                    .pApplicationName(stack.UTF8("webcu")).pEngineName(stack.UTF8("webcu")).apiVersion(VK_API_VERSION_1_2);
            VkInstanceCreateInfo ci = VkInstanceCreateInfo.calloc(stack).sType$Default().pApplicationInfo(app);
            if (layer) {
                ci.ppEnabledLayerNames(stack.pointers(stack.UTF8("VK_LAYER_KHRONOS_validation")));
                ci.ppEnabledExtensionNames(stack.pointers(stack.UTF8(VK_EXT_DEBUG_UTILS_EXTENSION_NAME)));
            }
            PointerBuffer pp = stack.mallocPointer(1);
            check(vkCreateInstance(ci, null, pp), "vkCreateInstance");
            instance = new VkInstance(pp.get(0), ci);
            if (layer) {
                callback = VkDebugUtilsMessengerCallbackEXT.create((severity, types, data, user) -> {
                    VkDebugUtilsMessengerCallbackDataEXT d = VkDebugUtilsMessengerCallbackDataEXT.create(data);
                    synchronized (messages) {
                        messages.add(d.pMessageString());
                    }
                    return VK_FALSE;
                });
                VkDebugUtilsMessengerCreateInfoEXT mi = VkDebugUtilsMessengerCreateInfoEXT.calloc(stack).sType$Default()
                        .messageSeverity(VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT)
                        .messageType(VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT
                                | VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT)
                        .pfnUserCallback(callback);
                LongBuffer lp = stack.mallocLong(1);
                check(vkCreateDebugUtilsMessengerEXT(instance, mi, null, lp), "vkCreateDebugUtilsMessengerEXT");
                messenger = lp.get(0);
            } else {
                callback = null;
                messenger = VK_NULL_HANDLE;
            }

            IntBuffer count = stack.mallocInt(1);
            check(vkEnumeratePhysicalDevices(instance, count, null), "vkEnumeratePhysicalDevices");
            if (count.get(0) == 0) {
                throw new IllegalStateException("Vulkan found no device");
            }
            PointerBuffer devices = stack.mallocPointer(count.get(0));
            check(vkEnumeratePhysicalDevices(instance, count, devices), "vkEnumeratePhysicalDevices");
            physical = new VkPhysicalDevice(devices.get(0), instance);
            VkPhysicalDeviceProperties props = VkPhysicalDeviceProperties.malloc(stack);
            vkGetPhysicalDeviceProperties(physical, props);
            deviceName = props.deviceNameString();
            discrete = unmapped || props.deviceType() == VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU;
            cpu = props.deviceType() == VK_PHYSICAL_DEVICE_TYPE_CPU;
            apiVersion = props.apiVersion();
            org.lwjgl.vulkan.VkPhysicalDeviceLimits l = props.limits();
            limits = new Limits(l.maxComputeWorkGroupInvocations(),
                    new int[] {l.maxComputeWorkGroupSize(0), l.maxComputeWorkGroupSize(1), l.maxComputeWorkGroupSize(2)},
                    new int[] {l.maxComputeWorkGroupCount(0), l.maxComputeWorkGroupCount(1), l.maxComputeWorkGroupCount(2)},
                    l.maxComputeSharedMemorySize(), l.maxStorageBufferRange() & 0xFFFFFFFFL);
            timestampPeriod = l.timestampPeriod();

            vkGetPhysicalDeviceQueueFamilyProperties(physical, count, null);
            VkQueueFamilyProperties.Buffer families = VkQueueFamilyProperties.malloc(count.get(0), stack);
            vkGetPhysicalDeviceQueueFamilyProperties(physical, count, families);
            int family = -1;
            for (int i = 0; i < families.capacity() && family < 0; i++) {
                if ((families.get(i).queueFlags() & VK_QUEUE_COMPUTE_BIT) != 0) {
                    family = i;
                }
            }
            if (family < 0) {
                throw new IllegalStateException(deviceName + " has no compute queue");
            }
            queueFamily = family;
            timestamps = families.get(family).timestampValidBits() > 0 && timestampPeriod > 0;
            VkDeviceQueueCreateInfo.Buffer qci = VkDeviceQueueCreateInfo.calloc(1, stack);
            qci.get(0).sType$Default().queueFamilyIndex(family).pQueuePriorities(stack.floats(1f));
            // the shader features webcu's SPIR-V may declare, enabled where the device has them
            VkPhysicalDeviceVulkan11Features v11 = VkPhysicalDeviceVulkan11Features.calloc(stack).sType$Default();
            VkPhysicalDeviceVulkan12Features v12 = VkPhysicalDeviceVulkan12Features.calloc(stack).sType$Default();
            VkPhysicalDeviceFeatures2 all = VkPhysicalDeviceFeatures2.calloc(stack).sType$Default().pNext(v11).pNext(v12);
            vkGetPhysicalDeviceFeatures2(physical, all);
            VkPhysicalDeviceFeatures core = all.features();
            java.util.Set<String> caps = new java.util.TreeSet<>();
            VkPhysicalDeviceFeatures enable = VkPhysicalDeviceFeatures.calloc(stack);
            VkPhysicalDeviceVulkan11Features e11 = VkPhysicalDeviceVulkan11Features.calloc(stack).sType$Default();
            VkPhysicalDeviceVulkan12Features e12 = VkPhysicalDeviceVulkan12Features.calloc(stack).sType$Default();
            if (core.shaderInt64()) {
                enable.shaderInt64(true);
                caps.add("Int64");
            }
            if (core.shaderFloat64()) {
                enable.shaderFloat64(true);
                caps.add("Float64");
            }
            if (core.shaderInt16()) {
                enable.shaderInt16(true);
                caps.add("Int16");
            }
            if (v12.shaderInt8()) {
                e12.shaderInt8(true);
                caps.add("Int8");
            }
            if (v12.storageBuffer8BitAccess()) {
                e12.storageBuffer8BitAccess(true);
                caps.add("StorageBuffer8BitAccess");
            }
            if (v12.shaderBufferInt64Atomics() && core.shaderInt64()) {
                e12.shaderBufferInt64Atomics(true);
                caps.add("Int64Atomics");
            }
            if (v12.vulkanMemoryModel()) {
                // Tint's SPIR-V declares it (bench/vulkan's harness runs Tint's modules on this device)
                e12.vulkanMemoryModel(true).vulkanMemoryModelDeviceScope(v12.vulkanMemoryModelDeviceScope());
            }
            if (v11.storageBuffer16BitAccess()) {
                e11.storageBuffer16BitAccess(true);
                caps.add("StorageBuffer16BitAccess");
            }
            if (org.lwjgl.vulkan.VK10.VK_API_VERSION_MINOR(apiVersion) >= 2 || org.lwjgl.vulkan.VK10.VK_API_VERSION_MAJOR(apiVersion) > 1) {
                // Float controls: without SignedZeroInfNanPreserve a driver may compile float code as
                // fast math does (NVIDIA's folded 0/0 != 0/0 to false on the H200: cases/math/inf_nan);
                // properties, not features, so nothing to enable: the modules declare them per kernel
                org.lwjgl.vulkan.VkPhysicalDeviceFloatControlsProperties fc =
                        org.lwjgl.vulkan.VkPhysicalDeviceFloatControlsProperties.calloc(stack).sType$Default();
                org.lwjgl.vulkan.VK11.vkGetPhysicalDeviceProperties2(physical,
                        org.lwjgl.vulkan.VkPhysicalDeviceProperties2.calloc(stack).sType$Default().pNext(fc));
                if (fc.shaderSignedZeroInfNanPreserveFloat32()) {
                    caps.add("SignedZeroInfNanPreserve");
                }
                if (fc.shaderDenormPreserveFloat32()) {
                    caps.add("DenormPreserve");
                }
            }
            bufferDeviceAddress = v12.bufferDeviceAddress();
            // physical pointers need 64-bit integers for their addresses: SwiftShader has the feature, not Int64
            physicalPointers = allowPhysicalPointers && bufferDeviceAddress && core.shaderInt64();
            if (physicalPointers) {
                e12.bufferDeviceAddress(true);
                caps.add("PhysicalStorageBufferAddresses");
            }
            capabilities = java.util.Collections.unmodifiableSet(caps);
            VkDeviceCreateInfo dci = VkDeviceCreateInfo.calloc(stack).sType$Default().pQueueCreateInfos(qci).pEnabledFeatures(enable)
                    .pNext(e11).pNext(e12);
            check(vkCreateDevice(physical, dci, null, pp), "vkCreateDevice");
            device = new VkDevice(pp.get(0), physical, dci);
            vkGetDeviceQueue(device, family, 0, pp);
            queue = new VkQueue(pp.get(0), device);
            LongBuffer lp = stack.mallocLong(1);
            check(vkCreateCommandPool(device, VkCommandPoolCreateInfo.calloc(stack).sType$Default().queueFamilyIndex(family)
                    .flags(VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT), null, lp), "vkCreateCommandPool");
            commandPool = lp.get(0);
            check(vkAllocateCommandBuffers(device, VkCommandBufferAllocateInfo.calloc(stack).sType$Default().commandPool(commandPool)
                    .level(VK_COMMAND_BUFFER_LEVEL_PRIMARY).commandBufferCount(1), pp), "vkAllocateCommandBuffers");
            commands = new VkCommandBuffer(pp.get(0), device);
            check(vkCreateFence(device, VkFenceCreateInfo.calloc(stack).sType$Default(), null, lp), "vkCreateFence");
            fence = lp.get(0);
        }
        if (Boolean.getBoolean("webcu.vulkan.verbose")) {
            // for a benchmark's log: the device and what it enabled (PhysicalStorageBufferAddresses: physical pointers)
            System.err.println("webcu: Vulkan device " + deviceName + ", Vulkan " + apiVersion() + ", capabilities " + capabilities);
        }
    }

    /**
     * Opens the first Vulkan device; with {@code validation}, through the Khronos validation layer.
     * Physical pointers are used where the device has them unless the system property
     * {@code webcu.vulkan.physicalPointers} is {@code false} (heap mode everywhere: bench/vulkan's comparison).
     */
    public static VulkanCompute open(boolean validation) {
        return new VulkanCompute(validation, false, Boolean.parseBoolean(System.getProperty("webcu.vulkan.physicalPointers", "true")));
    }

    /**
     * {@link #open} for tests: {@code unmapped}, allocations unmapped as on a discrete GPU whatever
     * the device; {@code physicalPointers}, allowed or not (heap mode).
     */
    static VulkanCompute open(boolean validation, boolean unmapped, boolean physicalPointers) {
        return new VulkanCompute(validation, unmapped, physicalPointers);
    }

    /**
     * The SPIR-V capabilities beyond Shader that webcu may use on this device, enabled at its
     * creation: Int64, Float64, Int16, Int8, StorageBuffer8BitAccess, StorageBuffer16BitAccess,
     * Int64Atomics (shaderBufferInt64Atomics), as
     * far as the device has the features behind them.
     */
    public java.util.Set<String> spirvCapabilities() {
        return capabilities;
    }

    /** The physical device, for what other classes of this package query of it (WarpSubgroups). */
    VkPhysicalDevice physicalDevice() {
        return physical;
    }

    public String deviceName() {
        return deviceName;
    }

    /** Whether the device has bufferDeviceAddress (64-bit pointers in shaders: PhysicalStorageBuffer64). */
    public boolean hasBufferDeviceAddress() {
        return bufferDeviceAddress;
    }

    /**
     * Whether heap-mode kernels follow physical pointers here: bufferDeviceAddress and Int64, enabled
     * at the device's creation (capability PhysicalStorageBufferAddresses); every buffer then has
     * its {@link Buffer#address}.
     */
    public boolean physicalPointers() {
        return physicalPointers;
    }

    /** The device's Vulkan version as "major.minor.patch". */
    public String apiVersion() {
        return VK_API_VERSION_MAJOR(apiVersion) + "." + VK_API_VERSION_MINOR(apiVersion) + "." + VK_API_VERSION_PATCH(apiVersion);
    }

    /** The validation layer's warnings and errors so far. */
    public List<String> validationMessages() {
        synchronized (messages) {
            return List.copyOf(messages);
        }
    }

    private static boolean hasLayer(String name) {
        try (MemoryStack stack = stackPush()) {
            IntBuffer count = stack.mallocInt(1);
            check(vkEnumerateInstanceLayerProperties(count, null), "vkEnumerateInstanceLayerProperties");
            VkLayerProperties.Buffer layers = VkLayerProperties.malloc(count.get(0), stack);
            check(vkEnumerateInstanceLayerProperties(count, layers), "vkEnumerateInstanceLayerProperties");
            for (VkLayerProperties l : layers) {
                if (l.layerNameString().equals(name)) {
                    return true;
                }
            }
            return false;
        }
    }

    /**
     * A buffer of {@code size} bytes in host-visible, coherent memory, zero-filled and mapped: for
     * what the host reads or writes on every launch (arguments, the debug buffer, staging).
     */
    public Buffer buffer(long size) {
        return allocate(size, true);
    }

    /**
     * A buffer of {@code size} bytes for a CUDA allocation, zero-filled: on a discrete GPU in its
     * own memory, unmapped (the host's copies go through {@link #copy}: a 64M-float SAXPY on NVIDIA's
     * host-mappable device memory ran at 0.80x of nvcc, with the pages Vulkan gives it); elsewhere
     * (SwiftShader, lavapipe, integrated GPUs: one memory) mapped, as {@link #buffer}.
     */
    public Buffer deviceBuffer(long size) {
        if (!discrete) {
            return allocate(size, true);
        }
        Buffer b = allocate(size, false);
        fill(b, 0, (size + 3) & ~3L, 0);
        return b;
    }

    private Buffer allocate(long size, boolean mappable) {
        try (MemoryStack stack = stackPush()) {
            VkBufferCreateInfo bci = VkBufferCreateInfo.calloc(stack).sType$Default().size(size)
                    .usage(VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT
                            | VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT
                            | (physicalPointers ? VK12.VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT : 0))
                    .sharingMode(VK_SHARING_MODE_EXCLUSIVE);
            LongBuffer lp = stack.mallocLong(1);
            check(vkCreateBuffer(device, bci, null, lp), "vkCreateBuffer");
            long buffer = lp.get(0);
            VkMemoryRequirements req = VkMemoryRequirements.malloc(stack);
            vkGetBufferMemoryRequirements(device, buffer, req);
            int type = mappable
                    ? memoryType(req.memoryTypeBits(), VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT)
                    : memoryType(req.memoryTypeBits(), VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
            if (type < 0) {
                vkDestroyBuffer(device, buffer, null);
                throw new IllegalStateException(deviceName + " has no " + (mappable ? "host-visible coherent" : "device-local")
                        + " memory for this buffer");
            }
            VkMemoryAllocateInfo mai = VkMemoryAllocateInfo.calloc(stack).sType$Default().allocationSize(req.size()).memoryTypeIndex(type);
            if (physicalPointers) {
                mai.pNext(org.lwjgl.vulkan.VkMemoryAllocateFlagsInfo.calloc(stack).sType$Default()
                        .flags(VK12.VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT));
            }
            int result = vkAllocateMemory(device, mai, null, lp);
            if (result != VK_SUCCESS) {
                vkDestroyBuffer(device, buffer, null);
                check(result, "vkAllocateMemory");
            }
            long memory = lp.get(0);
            check(vkBindBufferMemory(device, buffer, memory, 0), "vkBindBufferMemory");
            long address = physicalPointers ? VK12.vkGetBufferDeviceAddress(device,
                    org.lwjgl.vulkan.VkBufferDeviceAddressInfo.calloc(stack).sType$Default().buffer(buffer)) : 0;
            if (!mappable) {
                return new Buffer(buffer, memory, size, null, address);
            }
            PointerBuffer pp = stack.mallocPointer(1);
            check(vkMapMemory(device, memory, 0, size, 0, pp), "vkMapMemory");
            ByteBuffer mapped = MemoryUtil.memByteBuffer(pp.get(0), (int) size);
            MemoryUtil.memSet(mapped, 0);
            return new Buffer(buffer, memory, size, mapped, address);
        }
    }

    /** Copies {@code length} bytes between two buffers (regions that do not overlap) and waits. */
    public void copy(Buffer src, long srcOffset, Buffer dst, long dstOffset, long length) {
        submitAndWait((cb, stack) -> {
            VkBufferCopy.Buffer region = VkBufferCopy.calloc(1, stack);
            region.get(0).srcOffset(srcOffset).dstOffset(dstOffset).size(length);
            vkCmdCopyBuffer(cb, src.handle, dst.handle, region);
        }, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT);
    }

    /** Fills {@code length} bytes (a multiple of 4, at an offset that is one) with the 32-bit {@code word}, and waits. */
    public void fill(Buffer b, long offset, long length, int word) {
        submitAndWait((cb, stack) -> vkCmdFillBuffer(cb, b.handle, offset, length, word),
                VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT);
    }

    /** Records commands into the command buffer, submits it, and waits until its writes are visible to the host. */
    private void submitAndWait(java.util.function.BiConsumer<VkCommandBuffer, MemoryStack> record, int stage, int access) {
        flush();
        try (MemoryStack stack = stackPush()) {
            VkCommandBuffer cb = commands;
            check(vkBeginCommandBuffer(cb, VkCommandBufferBeginInfo.calloc(stack).sType$Default()
                    .flags(VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT)), "vkBeginCommandBuffer");
            record.accept(cb, stack);
            VkMemoryBarrier.Buffer toHost = VkMemoryBarrier.calloc(1, stack);
            toHost.get(0).sType$Default().srcAccessMask(access).dstAccessMask(VK_ACCESS_HOST_READ_BIT | VK_ACCESS_SHADER_READ_BIT
                    | VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT);
            vkCmdPipelineBarrier(cb, stage, VK_PIPELINE_STAGE_HOST_BIT | VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT
                    | VK_PIPELINE_STAGE_TRANSFER_BIT, 0, toHost, null, null);
            check(vkEndCommandBuffer(cb), "vkEndCommandBuffer");
            check(vkQueueSubmit(queue, VkSubmitInfo.calloc(stack).sType$Default().pCommandBuffers(stack.pointers(cb)), fence),
                    "vkQueueSubmit");
            check(vkWaitForFences(device, stack.longs(fence), true, Long.MAX_VALUE), "vkWaitForFences");
            check(vkResetFences(device, fence), "vkResetFences");
        }
    }

    /**
     * The descriptor pool, empty, with room for {@code sets} sets of {@code storage} storage and
     * {@code uniform} uniform descriptors: reset after the previous submit (which has finished), or
     * made larger once.
     */
    private long descriptorPool(int sets, int storage, int uniform) {
        if (descriptorPool != VK_NULL_HANDLE && sets <= poolSets && storage <= poolStorage && uniform <= poolUniform) {
            check(vkResetDescriptorPool(device, descriptorPool, 0), "vkResetDescriptorPool");
            return descriptorPool;
        }
        if (descriptorPool != VK_NULL_HANDLE) {
            vkDestroyDescriptorPool(device, descriptorPool, null);
        }
        poolSets = Math.max(sets, Math.max(4, 2 * poolSets));
        poolStorage = Math.max(storage, Math.max(32, 2 * poolStorage));
        poolUniform = Math.max(uniform, Math.max(4, 2 * poolUniform));
        try (MemoryStack stack = stackPush()) {
            VkDescriptorPoolSize.Buffer sizes = VkDescriptorPoolSize.calloc(2, stack);
            sizes.get(0).type(VK_DESCRIPTOR_TYPE_STORAGE_BUFFER).descriptorCount(poolStorage);
            sizes.get(1).type(VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER).descriptorCount(poolUniform);
            LongBuffer lp = stack.mallocLong(1);
            check(vkCreateDescriptorPool(device, VkDescriptorPoolCreateInfo.calloc(stack).sType$Default().maxSets(poolSets)
                    .pPoolSizes(sizes), null, lp), "vkCreateDescriptorPool");
            descriptorPool = lp.get(0);
        }
        return descriptorPool;
    }

    /** The first memory type of {@code allowed} with all of {@code flags}, or -1. */
    private int memoryType(int allowed, int flags) {
        try (MemoryStack stack = stackPush()) {
            VkPhysicalDeviceMemoryProperties mp = VkPhysicalDeviceMemoryProperties.malloc(stack);
            vkGetPhysicalDeviceMemoryProperties(physical, mp);
            for (int i = 0; i < mp.memoryTypeCount(); i++) {
                if ((allowed & (1 << i)) != 0 && (mp.memoryTypes(i).propertyFlags() & flags) == flags) {
                    return i;
                }
            }
        }
        return -1;
    }

    /**
     * Runs entry point {@code entry} of the SPIR-V module {@code spirv} on {@code groups} workgroups
     * with {@code bindings} in their descriptor sets, and waits until it is done and its writes are
     * visible to the host.
     */
    public void dispatch(int[] spirv, String entry, List<Binding> bindings, int groupsX, int groupsY, int groupsZ) {
        dispatch(spirv, entry, bindings, new int[0], groupsX, groupsY, groupsZ);
    }

    /**
     * {@link #dispatch(int[], String, List, int, int, int)} with the 32-bit specialization constants
     * {@code specialization[i]} for SpecId {@code i} (webcu's SPIR-V: blockDim.x, y, z, then the
     * dynamic shared memory's words).
     */
    public void dispatch(int[] spirv, String entry, List<Binding> bindings, int[] specialization, int groupsX, int groupsY,
                         int groupsZ) {
        long module = shaderModule(spirv);
        try (Pipeline p = pipeline(module, entry, bindings, specialization)) {
            dispatch(p, bindings, groupsX, groupsY, groupsZ);
        } finally {
            vkDestroyShaderModule(device, module, null);
        }
    }

    /** A shader module of {@code spirv}, for {@link #pipeline}; the caller destroys it with {@link #destroyShaderModule}. */
    public long shaderModule(int[] spirv) {
        try (MemoryStack stack = stackPush()) {
            LongBuffer lp = stack.mallocLong(1);
            ByteBuffer code = MemoryUtil.memAlloc(spirv.length * 4).order(java.nio.ByteOrder.LITTLE_ENDIAN);
            try {
                code.asIntBuffer().put(spirv);
                check(vkCreateShaderModule(device, VkShaderModuleCreateInfo.calloc(stack).sType$Default().pCode(code), null, lp),
                        "vkCreateShaderModule");
            } finally {
                MemoryUtil.memFree(code);
            }
            return lp.get(0);
        }
    }

    public void destroyShaderModule(long module) {
        vkDestroyShaderModule(device, module, null);
    }

    /** A compute pipeline: its descriptor set layouts, pipeline layout and pipeline, made once and dispatched often. */
    public final class Pipeline implements AutoCloseable {
        final long[] setLayouts;
        final long layout;
        final long handle;
        final int storage;
        final int uniform;

        private Pipeline(long[] setLayouts, long layout, long handle, int storage, int uniform) {
            this.setLayouts = setLayouts;
            this.layout = layout;
            this.handle = handle;
            this.storage = storage;
            this.uniform = uniform;
        }

        @Override
        public void close() {
            vkDestroyPipeline(device, handle, null);
            vkDestroyPipelineLayout(device, layout, null);
            for (long l : setLayouts) {
                vkDestroyDescriptorSetLayout(device, l, null);
            }
        }
    }

    /**
     * The pipeline of entry point {@code entry} of {@code module} whose descriptor sets hold the
     * sets, bindings and kinds of {@code bindings} (their buffers are not used), specialized with
     * {@code specialization[i]} for SpecId {@code i}.
     */
    public Pipeline pipeline(long module, String entry, List<Binding> bindings, int[] specialization) {
        try (MemoryStack stack = stackPush()) {
            LongBuffer lp = stack.mallocLong(1);
            int sets = 1;
            int storage = 0;
            int uniform = 0;
            for (Binding b : bindings) {
                sets = Math.max(sets, b.set() + 1);
                if (b.kind() == Kind.STORAGE) {
                    storage++;
                } else {
                    uniform++;
                }
            }
            LongBuffer setLayouts = stack.mallocLong(sets);
            for (int s = 0; s < sets; s++) {
                int set = s;
                List<Binding> of = bindings.stream().filter(b -> b.set() == set).toList();
                VkDescriptorSetLayoutBinding.Buffer lb = VkDescriptorSetLayoutBinding.calloc(of.size(), stack);
                for (int i = 0; i < of.size(); i++) {
                    lb.get(i).binding(of.get(i).index()).descriptorType(type(of.get(i).kind())).descriptorCount(1)
                            .stageFlags(VK_SHADER_STAGE_COMPUTE_BIT);
                }
                check(vkCreateDescriptorSetLayout(device, VkDescriptorSetLayoutCreateInfo.calloc(stack).sType$Default().pBindings(lb),
                        null, lp), "vkCreateDescriptorSetLayout");
                setLayouts.put(s, lp.get(0));
            }
            check(vkCreatePipelineLayout(device, VkPipelineLayoutCreateInfo.calloc(stack).sType$Default().pSetLayouts(setLayouts),
                    null, lp), "vkCreatePipelineLayout");
            long pipelineLayout = lp.get(0);
            VkComputePipelineCreateInfo.Buffer cpi = VkComputePipelineCreateInfo.calloc(1, stack);
            VkPipelineShaderStageCreateInfo stage = VkPipelineShaderStageCreateInfo.calloc(stack).sType$Default()
                    .stage(VK_SHADER_STAGE_COMPUTE_BIT).module(module).pName(stack.UTF8(entry));
            if (specialization.length > 0) {
                VkSpecializationMapEntry.Buffer entries = VkSpecializationMapEntry.calloc(specialization.length, stack);
                ByteBuffer data = stack.malloc(4 * specialization.length).order(java.nio.ByteOrder.LITTLE_ENDIAN);
                for (int i = 0; i < specialization.length; i++) {
                    entries.get(i).constantID(i).offset(4 * i).size(4);
                    data.putInt(4 * i, specialization[i]);
                }
                stage.pSpecializationInfo(VkSpecializationInfo.calloc(stack).pMapEntries(entries).pData(data));
            }
            cpi.get(0).sType$Default().layout(pipelineLayout).stage(stage);
            check(vkCreateComputePipelines(device, VK_NULL_HANDLE, cpi, null, lp), "vkCreateComputePipelines");
            long[] layouts = new long[sets];
            setLayouts.get(0, layouts);
            return new Pipeline(layouts, pipelineLayout, lp.get(0), storage, uniform);
        }
    }

    /**
     * Runs {@code pipeline} on {@code groups} workgroups with {@code bindings} (the sets, bindings
     * and kinds it was made for) and waits until it is done and its writes are visible to the host.
     */
    public void dispatch(Pipeline pipeline, List<Binding> bindings, int groupsX, int groupsY, int groupsZ) {
        dispatch(pipeline, bindings, groupsX, groupsY, groupsZ, false);
    }

    /** Whether the device is a CPU implementation of Vulkan (SwiftShader, lavapipe) rather than a GPU. */
    public boolean isCpu() {
        return cpu;
    }

    /** Whether {@link #dispatch} can time: the compute queue writes valid timestamps. */
    public boolean canTime() {
        return timestamps;
    }

    /**
     * {@link #dispatch(Pipeline, List, int, int, int)}, timed on the GPU when {@code timed} and
     * {@link #canTime()}: returns the nanoseconds between timestamps written before and after the
     * dispatch, else NaN.
     */
    public double dispatch(Pipeline pipeline, List<Binding> bindings, int groupsX, int groupsY, int groupsZ, boolean timed) {
        flush();
        timed &= timestamps;
        try (MemoryStack stack = stackPush()) {
            LongBuffer lp = stack.mallocLong(1);
            int sets = pipeline.setLayouts.length;
            long pool = descriptorPool(sets, pipeline.storage, pipeline.uniform);
            LongBuffer set = descriptorSets(pool, pipeline, bindings, stack);

            boolean time = timed;
            // the host's writes to the mapped memory before the submit are visible to it (vkQueueSubmit's
            // host barrier); the kernel's writes, to the host's reads and to the copies and kernels
            // submitted after it (submitAndWait's barrier: its second scope reaches later submits)
            submitAndWait((cb, s) -> {
                vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline.handle);
                vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline.layout, 0, set, null);
                if (time) {
                    vkCmdResetQueryPool(cb, queryPool(), 0, 2);
                    vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, queryPool, 0);
                }
                vkCmdDispatch(cb, groupsX, groupsY, groupsZ);
                if (time) {
                    vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, queryPool, 1);
                }
            }, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT);
            if (!timed) {
                return Double.NaN;
            }
            LongBuffer ticks = stack.mallocLong(2);
            check(vkGetQueryPoolResults(device, queryPool, 0, 2, ticks, 8, VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT),
                    "vkGetQueryPoolResults");
            return (ticks.get(1) - ticks.get(0)) * timestampPeriod;
        }
    }

    /**
     * Records a launch of {@code pipeline} on {@code groups} workgroups with {@code bindings}, after
     * {@code updates} (small writes into buffers, made in the command stream, so that they reach
     * this launch and no other), behind the launches recorded before it; nothing runs before
     * {@link #flush}, which every other submit and wait of this class does first. Where {@code time}
     * is not null and {@link #canTime()}, it receives the launch's GPU nanoseconds at the flush.
     */
    public void enqueue(Pipeline pipeline, List<Binding> bindings, List<LaunchBatch.Update> updates, int groupsX, int groupsY,
                        int groupsZ, java.util.function.DoubleConsumer time) {
        if (batch == null) {
            batch = new LaunchBatch(this);
        }
        batch.enqueue(pipeline, bindings, updates, groupsX, groupsY, groupsZ, time);
    }

    /** Runs the launches {@link #enqueue} recorded and waits until they are done and their writes visible to the host. */
    public void flush() {
        if (batch != null) {
            batch.flush();
        }
    }

    /** One dispatch of {@link #dispatchAll}: a pipeline, its buffers and its workgroups. */
    public record Dispatch(Pipeline pipeline, List<Binding> bindings, int groupsX, int groupsY, int groupsZ) {
    }

    /**
     * Runs the dispatches in one command buffer, one after another (a compute-to-compute barrier
     * between them), with one submit and one fence, and waits. With {@code timed} and
     * {@link #canTime()}, returns each dispatch's nanoseconds between timestamps written before and
     * after it, else NaNs. (bench/vulkan's harness times dispatches this way, as Dawn does a batch
     * of compute passes, beside {@link #dispatch}'s fence per dispatch.)
     */
    public double[] dispatchAll(List<Dispatch> dispatches, boolean timed) {
        return dispatchAll(dispatches, timed, false);
    }

    /**
     * {@link #dispatchAll(List, boolean)}, with the barrier between dispatches that ends every
     * submit (their writes made visible to the host and to transfers too) where {@code hostBarrier}:
     * bench/vulkan's harness tells by it what a fenced launch's barrier costs.
     */
    double[] dispatchAll(List<Dispatch> dispatches, boolean timed, boolean hostBarrier) {
        flush();
        boolean time = timed && timestamps;
        int n = dispatches.size();
        double[] result = new double[n];
        java.util.Arrays.fill(result, Double.NaN);
        try (MemoryStack stack = stackPush()) {
            LongBuffer lp = stack.mallocLong(1);
            int sets = 0;
            int storage = 0;
            int uniform = 0;
            for (Dispatch d : dispatches) {
                sets += d.pipeline().setLayouts.length;
                storage += Math.max(1, d.pipeline().storage);
                uniform += Math.max(1, d.pipeline().uniform);
            }
            long pool = descriptorPool(sets, storage, uniform);
            long[][] setsOf = new long[n][];
            for (int k = 0; k < n; k++) {
                Dispatch d = dispatches.get(k);
                try (MemoryStack inner = stackPush()) {
                    LongBuffer set = descriptorSets(pool, d.pipeline(), d.bindings(), inner);
                    setsOf[k] = new long[d.pipeline().setLayouts.length];
                    set.get(0, setsOf[k]);
                }
            }
            long queries = VK_NULL_HANDLE;
            if (time) {
                check(vkCreateQueryPool(device, VkQueryPoolCreateInfo.calloc(stack).sType$Default().queryType(VK_QUERY_TYPE_TIMESTAMP)
                        .queryCount(2 * n), null, lp), "vkCreateQueryPool");
                queries = lp.get(0);
            }
            long qp = queries;
            submitAndWait((cb, s) -> {
                if (time) {
                    vkCmdResetQueryPool(cb, qp, 0, 2 * n);
                }
                for (int k = 0; k < n; k++) {
                    Dispatch d = dispatches.get(k);
                    try (MemoryStack inner = stackPush()) {
                        vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, d.pipeline().handle);
                        vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, d.pipeline().layout, 0, inner.longs(setsOf[k]), null);
                        if (time) {
                            vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, qp, 2 * k);
                        }
                        vkCmdDispatch(cb, d.groupsX(), d.groupsY(), d.groupsZ());
                        if (time) {
                            vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, qp, 2 * k + 1);
                        }
                        VkMemoryBarrier.Buffer between = VkMemoryBarrier.calloc(1, inner);
                        int dstAccess = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT | (hostBarrier
                                ? VK_ACCESS_HOST_READ_BIT | VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT : 0);
                        int dstStage = VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT
                                | (hostBarrier ? VK_PIPELINE_STAGE_HOST_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT : 0);
                        between.get(0).sType$Default().srcAccessMask(VK_ACCESS_SHADER_WRITE_BIT).dstAccessMask(dstAccess);
                        vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, dstStage, 0, between, null, null);
                    }
                }
            }, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT);
            if (time) {
                LongBuffer ticks = stack.mallocLong(2 * n);
                check(vkGetQueryPoolResults(device, qp, 0, 2 * n, ticks, 8, VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT),
                        "vkGetQueryPoolResults");
                for (int k = 0; k < n; k++) {
                    result[k] = (ticks.get(2 * k + 1) - ticks.get(2 * k)) * timestampPeriod;
                }
                vkDestroyQueryPool(device, qp, null);
            }
            return result;
        }
    }

    private long queryPool() {
        if (queryPool == VK_NULL_HANDLE) {
            try (MemoryStack stack = stackPush()) {
                LongBuffer lp = stack.mallocLong(1);
                check(vkCreateQueryPool(device, VkQueryPoolCreateInfo.calloc(stack).sType$Default().queryType(VK_QUERY_TYPE_TIMESTAMP)
                        .queryCount(2), null, lp), "vkCreateQueryPool");
                queryPool = lp.get(0);
            }
        }
        return queryPool;
    }

    /** What a dispatch may ask of the device (VkPhysicalDeviceLimits). */
    public record Limits(int maxInvocations, int[] maxWorkgroupSize, int[] maxWorkgroupCount, int maxSharedBytes,
                         long maxStorageRange) {
    }

    public Limits limits() {
        return limits;
    }

    /**
     * Allocates {@code pipeline}'s descriptor sets from {@code pool} (on {@code stack}) and writes
     * {@code bindings} into them: each binding's buffer, its first {@code range} bytes where given.
     */
    LongBuffer descriptorSets(long pool, Pipeline pipeline, List<Binding> bindings, MemoryStack stack) {
        LongBuffer set = stack.mallocLong(pipeline.setLayouts.length);
        check(vkAllocateDescriptorSets(device, VkDescriptorSetAllocateInfo.calloc(stack).sType$Default().descriptorPool(pool)
                .pSetLayouts(stack.longs(pipeline.setLayouts)), set), "vkAllocateDescriptorSets");
        VkWriteDescriptorSet.Buffer writes = VkWriteDescriptorSet.calloc(bindings.size(), stack);
        for (int i = 0; i < bindings.size(); i++) {
            Binding b = bindings.get(i);
            VkDescriptorBufferInfo.Buffer info = VkDescriptorBufferInfo.calloc(1, stack);
            info.get(0).buffer(b.buffer().handle).offset(0).range(b.range() > 0 ? b.range() : VK_WHOLE_SIZE);
            writes.get(i).sType$Default().dstSet(set.get(b.set())).dstBinding(b.index()).descriptorType(type(b.kind())).descriptorCount(1)
                    .pBufferInfo(info);
        }
        vkUpdateDescriptorSets(device, writes, null);
        return set;
    }

    static int type(Kind kind) {
        return kind == Kind.STORAGE ? VK_DESCRIPTOR_TYPE_STORAGE_BUFFER : VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
    }

    static void check(int result, String call) {
        if (result != VK_SUCCESS) {
            throw new IllegalStateException(call + " failed: VkResult " + result);
        }
    }

    @Override
    public void close() {
        flush();
        if (batch != null) {
            batch.close();
        }
        vkDeviceWaitIdle(device);
        if (queryPool != VK_NULL_HANDLE) {
            vkDestroyQueryPool(device, queryPool, null);
        }
        if (descriptorPool != VK_NULL_HANDLE) {
            vkDestroyDescriptorPool(device, descriptorPool, null);
        }
        vkDestroyFence(device, fence, null);
        vkDestroyCommandPool(device, commandPool, null);
        vkDestroyDevice(device, null);
        if (messenger != VK_NULL_HANDLE) {
            vkDestroyDebugUtilsMessengerEXT(instance, messenger, null);
            callback.free();
        }
        vkDestroyInstance(instance, null);
    }
}
