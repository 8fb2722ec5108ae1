package webcu.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.Test;
import webcu.diag.Span;
import webcu.passes.DeviceTarget;

/** What the devices hand the runtime instead of naming the compiler's stages: the same targets, the same fault rules. */
class DeviceFactsTest {
    @Test
    void aWebGpuDevicesFactsMakeTheTargetItUsedToBuild() {
        assertEquals(new DeviceTarget(true, 8, 32, DeviceTarget.SOFTWARE_WATCHDOG, DeviceTarget.Fma.HARDWARE),
                new DeviceFacts(true, 8, 32, DeviceFacts.SOFTWARE_WATCHDOG, DeviceFacts.Fma.FUSED).target());
        assertEquals(new DeviceTarget(false, 10, 0, 5, DeviceTarget.Fma.SOFTWARE),
                new DeviceFacts(false, 10, 0, 5, DeviceFacts.Fma.UNFUSED).target());
        assertEquals(new DeviceTarget(true, 0, 0, DeviceTarget.DEFAULT_WATCHDOG, DeviceTarget.Fma.PROBE),
                new DeviceFacts(true, 0, 0, DeviceFacts.DEFAULT_WATCHDOG, DeviceFacts.Fma.UNMEASURED).target());
    }

    @Test
    void aVulkanDevicesFactsMakeTheVulkanTargetWithItsCapabilitiesAndLoopLimit() {
        Set<String> caps = Set.of("Int64", "Int8", "SignedZeroInfNanPreserve");
        DeviceTarget t = DeviceFacts.vulkan(caps, 0).target();
        assertEquals(DeviceTarget.VULKAN.withSpirvCapabilities(caps), t);
        assertTrue(t.spirv());
        // lavapipe's: its driver ends loops after 65,535 iterations
        assertEquals(DeviceTarget.VULKAN.withSpirvCapabilities(caps).withLoopLimit(65535), DeviceFacts.vulkan(caps, 65535).target());
    }

    /**
     * A Vulkan device keeps IEEE NaN and infinities only where its modules may declare
     * SignedZeroInfNanPreserve (NVIDIA's driver folded NaN comparisons without it); elsewhere the
     * target is not IEEE, so isnan/isinf are reported as unsupported as on a fast-math adapter.
     */
    @Test
    void aVulkanDeviceWithoutNanPreservingFloatControlsIsNotIeee() {
        assertTrue(DeviceFacts.vulkan(Set.of("SignedZeroInfNanPreserve"), 0).target().ieeeFloat());
        assertFalse(DeviceFacts.vulkan(Set.of("Int64", "DenormPreserve"), 0).target().ieeeFloat());
    }

    @Test
    void theFirstFaultSticksAndIsShownOnce() {
        CapturingConsole console = new CapturingConsole();
        StickyFault fault = new StickyFault(console);
        Completion ok = new Completion();
        fault.finish(ok);
        assertTrue(ok.isDone());
        assertNull(ok.error());
        fault.stop("a.cu:3:1: error: first");
        fault.fail("second");
        assertEquals("a.cu:3:1: error: first", fault.message());
        assertEquals("", console.err.toString(), "stop shows nothing, and a later fault is dropped");
        Completion failed = new Completion();
        fault.finish(failed);
        assertEquals("a.cu:3:1: error: first", failed.error());
        fault.clear();
        fault.fail("third");
        assertEquals("third\n", console.err.toString());
        assertEquals("webcu: error: ", StickyFault.at(Span.NONE));
        assertEquals("a.cu:2:5: error: ", StickyFault.at(new Span("a.cu", 2, 5)));
    }
}
