package webcu.webgpu;

import java.util.function.Consumer;
import webcu.runtime.DeviceFacts;

/**
 * Asks the browser for an adapter and a device with the adapter's maximum limits and probes what
 * the device's floats and subgroups do; {@link WebGpuDevice} keeps the result for the worker's runs.
 */
final class DeviceRequest {
    /**
     * The browser's device and what its probes measured, kept for the next run in this worker:
     * asking for an adapter and a device and probing them costs more than compiling a small
     * program (about 150 ms of a 300 ms compile + run on SwiftShader).
     */
    record Opened(GPUAdapter adapter, GPUDevice device, boolean ieeeFloat, boolean warpSubgroups, DeviceFacts.Fma fma) {
    }

    private DeviceRequest() {
    }

    /** Asks for a core adapter first, then for a compatibility one (machines with only OpenGL ES). */
    static void open(GPU gpu, boolean compatibility, Consumer<Opened> ok, Consumer<String> failed) {
        gpu.requestAdapter(WebGpu.adapterOptions("high-performance", compatibility)).then(adapter -> {
            if (adapter == null) {
                if (!compatibility) {
                    open(gpu, true, ok, failed);
                } else {
                    failed.accept("the browser offers no WebGPU adapter");
                }
                return null;
            }
            adapter.requestDevice(WebGpu.deviceDescriptor(adapter)).then(device -> {
                // a probe failure counts as a fast-math adapter: refusing isnan is better than a wrong answer
                WebGpu.probeFloat(device, floats -> WebGpu.probeSubgroups(device, warps -> {
                    boolean ieee = floats >= 0 && (floats & WebGpu.PROBE_IEEE) != 0;
                    DeviceFacts.Fma fma = floats < 0 ? DeviceFacts.Fma.UNMEASURED
                            : (floats & WebGpu.PROBE_FMA_FUSED) != 0 ? DeviceFacts.Fma.FUSED
                            : (floats & WebGpu.PROBE_FMA_UNFUSED) != 0 ? DeviceFacts.Fma.UNFUSED : DeviceFacts.Fma.UNMEASURED;
                    ok.accept(new Opened(adapter, device, ieee, warps == 1, fma));
                }));
                return null;
            }, reason -> {
                failed.accept("the browser refused a WebGPU device: " + WebGpu.reasonMessage(reason));
                return null;
            });
            return null;
        }, reason -> {
            failed.accept("the browser refused a WebGPU adapter: " + WebGpu.reasonMessage(reason));
            return null;
        });
    }
}
