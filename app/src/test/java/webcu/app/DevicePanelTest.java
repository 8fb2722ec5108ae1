package webcu.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import webcu.vm.CpuDevice;
import webcu.webgpu.WebGpuDevice;

/** The device panel's notes follow the adapter's limits: only the differences this adapter has. */
class DevicePanelTest {
    /** Chromium's SwiftShader: 4-lane subgroups, 256 invocations, fast math, a fallback adapter. */
    private static final WebGpuDevice.Facts SWIFTSHADER = new WebGpuDevice.Facts("google", "swiftshader", "", "SwiftShader Device",
            true, 4, 4, false, false, 256, new int[] {256, 256, 64}, 65535, 16384, 134217728, 268435456, 8,
            List.of("timestamp-query", "subgroups", "shader-f16"), List.of("timestamp-query", "subgroups"));
    /** A discrete GPU with 32-lane subgroups and CUDA-sized workgroups. */
    private static final WebGpuDevice.Facts BIG = new WebGpuDevice.Facts("nvidia", "hopper", "", "", false, 32, 32, true, true,
            1024, new int[] {1024, 1024, 64}, 65535, 49152, 2147483644, 4294967296.0, 10, List.of("subgroups"), List.of("subgroups"));

    private static boolean mentions(List<String> notes, String word) {
        return notes.stream().anyMatch(n -> n.contains(word));
    }

    @Test
    void aSoftwareAdapterWithSmallWorkgroupsGetsEveryNote() {
        List<String> notes = DevicePanel.webGpuNotes(SWIFTSHADER);
        assertTrue(notes.get(0).contains("fallback"), notes.get(0));
        assertTrue(mentions(notes, "Subgroup size 4, not 32: warps of 32 threads are emulated"), notes.toString());
        assertTrue(mentions(notes, "At most 256 invocations per workgroup (CUDA allows 1024 threads per block): larger blocks are coarsened"),
                notes.toString());
        assertTrue(mentions(notes, "Workgroup storage is 16384 bytes"), notes.toString());
        assertTrue(mentions(notes, "isnan"), notes.toString());
        assertFalse(mentions(notes, "timestamp-query"), "it has timestamps: " + notes);
        String json = DevicePanel.webGpu(SWIFTSHADER);
        assertTrue(json.startsWith("{\"backend\":\"webgpu\",\"vendor\":\"google\",\"architecture\":\"swiftshader\",\"device\":\"\","
                + "\"description\":\"SwiftShader Device\",\"fallback\":true,\"subgroupMinSize\":4,\"subgroupMaxSize\":4,"), json);
        assertTrue(json.contains("\"maxInvocationsPerWorkgroup\":256,\"maxWorkgroupSize\":[256,256,64]"), json);
        assertTrue(json.contains("{\"name\":\"shader-f16\",\"adapter\":true,\"used\":false}"), json);
    }

    @Test
    void aCudaSizedGpuOnlyHearsOfWhatWgslLacks() {
        List<String> notes = DevicePanel.webGpuNotes(BIG);
        assertFalse(mentions(notes, "fallback"), notes.toString());
        assertTrue(mentions(notes, "Warp functions run as subgroup operations"), notes.toString());
        assertFalse(mentions(notes, "coarsened"), notes.toString());
        assertFalse(mentions(notes, "Workgroup storage"), notes.toString());
        assertTrue(mentions(notes, "doubles are emulated in software"), notes.toString());
        assertTrue(mentions(notes, "No timestamp-query: the launches panel shows wall-clock times"), notes.toString());
        assertTrue(DevicePanel.webGpu(BIG).contains("\"maxBufferSize\":4294967296,"), DevicePanel.webGpu(BIG));
    }

    @Test
    void theCpuEmulatorSaysWhatItEmulates() {
        String json = DevicePanel.cpu(new CpuDevice(null).info());
        assertTrue(json.startsWith("{\"backend\":\"cpu\",\"name\":\"webcu CPU emulator\",\"warpSize\":32,\"maxThreadsPerBlock\":1024,"), json);
        assertTrue(json.contains("emulator's wall-clock"), json);
        assertEquals('}', json.charAt(json.length() - 1));
    }
}
