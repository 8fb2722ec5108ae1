package webcu.app;

import java.util.ArrayList;
import java.util.List;
import webcu.runtime.DeviceInfo;
import webcu.webgpu.WebGpuDevice;

/**
 * The page's device panel as JSON: what the device is, its limits, and notes on where a CUDA
 * program will see a difference from an NVIDIA GPU. The notes follow what the device passes and
 * the launch planner do with these limits (Warps, ThreadCoarsening, CheckSupported, LaunchPlan).
 */
final class DevicePanel {
    /** What CUDA guarantees and programs assume: a warp, a block's threads, a block's shared memory. */
    private static final int CUDA_WARP = 32;
    private static final int CUDA_BLOCK = 1024;
    private static final long CUDA_SHARED = 48 * 1024;

    private DevicePanel() {
    }

    /**
     * {@code {backend: "webgpu", vendor, architecture, device, description, fallback, subgroupMinSize,
     * subgroupMaxSize, warpsOnSubgroups, ieeeFloat, maxInvocationsPerWorkgroup, maxWorkgroupSize,
     * maxWorkgroupsPerDimension, maxWorkgroupStorageSize, maxStorageBufferBindingSize, maxBufferSize,
     * maxStorageBuffersPerShaderStage, features: [{name, adapter, used}], notes: [...]}}
     */
    static String webGpu(WebGpuDevice.Facts f) {
        StringBuilder sb = new StringBuilder("{\"backend\":\"webgpu\"");
        field(sb, "vendor", f.vendor());
        field(sb, "architecture", f.architecture());
        field(sb, "device", f.device());
        field(sb, "description", f.description());
        sb.append(",\"fallback\":").append(f.fallback())
                .append(",\"subgroupMinSize\":").append(f.subgroupMinSize())
                .append(",\"subgroupMaxSize\":").append(f.subgroupMaxSize())
                .append(",\"warpsOnSubgroups\":").append(f.warpsOnSubgroups())
                .append(",\"ieeeFloat\":").append(f.ieeeFloat())
                .append(",\"maxInvocationsPerWorkgroup\":").append(f.maxInvocationsPerWorkgroup())
                .append(",\"maxWorkgroupSize\":[").append(f.maxWorkgroupSize()[0]).append(',')
                .append(f.maxWorkgroupSize()[1]).append(',').append(f.maxWorkgroupSize()[2]).append(']')
                .append(",\"maxWorkgroupsPerDimension\":").append(f.maxWorkgroupsPerDimension())
                .append(",\"maxWorkgroupStorageSize\":").append(f.maxWorkgroupStorageSize())
                .append(",\"maxStorageBufferBindingSize\":").append((long) f.maxStorageBufferBindingSize())
                .append(",\"maxBufferSize\":").append((long) f.maxBufferSize())
                .append(",\"maxStorageBuffersPerShaderStage\":").append(f.maxStorageBuffersPerShaderStage())
                .append(",\"features\":[");
        List<String> names = List.of("timestamp-query", "subgroups", "shader-f16");
        for (int i = 0; i < names.size(); i++) {
            String n = names.get(i);
            sb.append(i == 0 ? "{" : ",{").append("\"name\":\"").append(n).append("\",\"adapter\":")
                    .append(f.adapterFeatures().contains(n)).append(",\"used\":").append(f.deviceFeatures().contains(n)).append('}');
        }
        sb.append(']');
        notes(sb, webGpuNotes(f));
        return sb.append('}').toString();
    }

    /** Where a CUDA program meets this adapter's differences, most surprising first. */
    static List<String> webGpuNotes(WebGpuDevice.Facts f) {
        List<String> notes = new ArrayList<>();
        if (f.fallback()) {
            notes.add("A fallback (software) adapter: the browser runs the kernels on the CPU, so their times are not a GPU's.");
        }
        if (!f.warpsOnSubgroups()) {
            String size = f.subgroupMinSize() == 0 ? "unknown"
                    : f.subgroupMinSize() == f.subgroupMaxSize() ? Integer.toString(f.subgroupMinSize())
                    : f.subgroupMinSize() + " to " + f.subgroupMaxSize();
            notes.add("Subgroup size " + size + ", not " + CUDA_WARP + ": warps of " + CUDA_WARP
                    + " threads are emulated through workgroup memory, so warp functions (__shfl_sync, __ballot_sync …)"
                    + " must be reached by the whole block, and cost a barrier each.");
        } else {
            notes.add("Warp functions run as subgroup operations on 32-lane subgroups.");
        }
        if (f.maxInvocationsPerWorkgroup() < CUDA_BLOCK) {
            notes.add("At most " + f.maxInvocationsPerWorkgroup() + " invocations per workgroup (CUDA allows "
                    + CUDA_BLOCK + " threads per block): larger blocks are coarsened, each invocation running several CUDA threads.");
        }
        if (f.maxWorkgroupStorageSize() < CUDA_SHARED) {
            notes.add("Workgroup storage is " + f.maxWorkgroupStorageSize() + " bytes (CUDA gives a block "
                    + CUDA_SHARED + "): a kernel whose shared memory does not fit cannot run here.");
        }
        notes.add("WGSL has no double: doubles are emulated in software as pairs of 32-bit words, exact but far slower"
                + " than float; the few double operations without an emulation are refused with a diagnostic.");
        notes.add("64-bit integers are emulated with pairs of 32-bit words: correct, but slower than 32-bit ones.");
        if (!f.ieeeFloat()) {
            notes.add("This adapter does not keep IEEE infinities, NaN and subnormals (fast math): kernels that call"
                    + " isnan, isinf or isfinite are refused here.");
        }
        if (!f.deviceFeatures().contains("timestamp-query")) {
            notes.add("No timestamp-query: the launches panel shows wall-clock times instead of GPU times.");
        }
        notes.add("One allocation bound by a kernel may hold at most " + (long) f.maxStorageBufferBindingSize()
                + " bytes; WebGPU does not tell the memory size, so cudaGetDeviceProperties reports 4 GiB.");
        return notes;
    }

    /** {@code {backend: "cpu", name, warpSize, maxThreadsPerBlock, sharedMemPerBlock, totalGlobalMem, notes}} */
    static String cpu(DeviceInfo info) {
        StringBuilder sb = new StringBuilder("{\"backend\":\"cpu\"");
        field(sb, "name", info.name());
        sb.append(",\"warpSize\":").append(info.warpSize())
                .append(",\"maxThreadsPerBlock\":").append(info.maxThreadsPerBlock())
                .append(",\"sharedMemPerBlock\":").append(info.sharedMemPerBlock())
                .append(",\"totalGlobalMem\":").append(info.totalGlobalMem());
        notes(sb, List.of(
                "Kernels are interpreted here, in the page's worker: each block's threads run interleaved between"
                        + " barriers, blocks one after another.",
                "It emulates a CUDA GPU as the program sees it: warps of 32 threads, blocks of up to 1024 threads,"
                        + " 48 KiB of shared memory, double and 64-bit arithmetic, device printf and assert.",
                "A bad access or a failed assert stops the kernel with a report like compute-sanitizer's.",
                "Times in the launches panel are the emulator's wall-clock times, far slower than a GPU's."));
        return sb.append('}').toString();
    }

    private static void field(StringBuilder sb, String name, String value) {
        sb.append(",\"").append(name).append("\":");
        Progress.quote(value == null ? "" : value, sb);
    }

    private static void notes(StringBuilder sb, List<String> notes) {
        sb.append(",\"notes\":[");
        for (int i = 0; i < notes.size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            Progress.quote(notes.get(i), sb);
        }
        sb.append(']');
    }
}
