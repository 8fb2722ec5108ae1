package webcu.runtime;

import java.util.List;

/**
 * A device that can time each kernel launch on the GPU itself (timestamp queries), as Nsight
 * Systems' kernel summary does: the WebGPU device for the page's launch log and bench/webgpu, the
 * Vulkan device for {@code ./webcu run --kernel-times FILE} and bench/vulkan.
 */
public interface TimedDevice {
    /** One launch's GPU time: from the dispatch's start to its end, in nanoseconds. */
    record KernelTime(String kernel, double nanoseconds) {
        /**
         * This time as one JSON object, {@code {"kernel": NAME, "ns": TIME}} with whole nanoseconds
         * ({@code null} for a launch whose timestamps could not be read): the one shape the CLI's
         * {@code --kernel-times} lines and the page's {@code kernelTimes} array both use.
         */
        public String json() {
            return "{\"kernel\": \"" + kernel.replace("\\", "\\\\").replace("\"", "\\\"") + "\", \"ns\": "
                    + (Double.isNaN(nanoseconds) ? "null" : Long.toString(Math.round(nanoseconds))) + "}";
        }
    }

    /** Whether the device can time launches (a queue with valid timestamps). */
    boolean canTimeKernels();

    /** Times every launch from now on ({@code true}) or none. */
    void setKernelTiming(boolean on);

    /** The times of the launches timed so far, in launch order. */
    List<KernelTime> kernelTimes();
}
