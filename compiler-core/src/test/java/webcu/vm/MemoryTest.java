package webcu.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import webcu.diag.Span;

/** The segmented address space: placement, lookup, and the faults it explains. */
class MemoryTest {
    private static final Span SITE = new Span("m.cu", 7, 5);

    @Test
    void allocate_alignsTo256AndLeavesAGap() {
        Memory m = Memory.host();
        Segment a = m.allocate(4096, Segment.HEAP, "malloc(4096)", SITE, false);
        Segment b = m.allocate(10, Segment.HEAP, "malloc(10)", SITE, false);
        assertEquals(0, a.base % 256);
        assertEquals(0, b.base % 256);
        assertTrue(b.base >= a.base + 4096 + 256, "no guard gap");
        assertSame(a, m.find(a.base + 4095));
        assertNull(m.find(a.base + 4096));
    }

    @Test
    void overrun_reportsOffsetAndAllocation() {
        Memory m = Memory.host();
        Segment a = m.allocate(4000, Segment.HEAP, "malloc(4000)", SITE, false);
        VmFault f = assertThrows(VmFault.class, () -> m.check(a.base + 4000, 4, true));
        assertEquals("invalid write of size 4 bytes", f.headline);
        assertEquals("address " + Hex.addr(a.base + 4000) + " is out of bounds: it is just past the end of the "
                + "4,000-byte allocation at " + Hex.addr(a.base) + " (malloc(4000) at m.cu:7:5)", f.detail);
    }

    @Test
    void straddlingAccess_isOutOfBounds() {
        Memory m = Memory.host();
        Segment a = m.allocate(10, Segment.HEAP, "malloc(10)", SITE, false);
        VmFault f = assertThrows(VmFault.class, () -> m.check(a.base + 8, 4, false));
        assertTrue(f.detail.contains("runs past the end"), f.detail);
    }

    @Test
    void useAfterFree_isRecognized() {
        Memory m = Memory.host();
        Segment a = m.allocate(16, Segment.HEAP, "malloc(16)", SITE, false);
        m.free(a);
        VmFault f = assertThrows(VmFault.class, () -> m.check(a.base, 4, false));
        assertTrue(f.detail.contains("already freed"), f.detail);
    }

    @Test
    void nullPointer_isNamed() {
        VmFault f = assertThrows(VmFault.class, () -> Memory.host().check(0, 4, false));
        assertTrue(f.detail.contains("null pointer"), f.detail);
    }

    @Test
    void readOnly_rejectsWrites() {
        Memory m = Memory.host();
        Segment s = m.allocate(8, Segment.LITERAL, "string literal", SITE, true);
        m.check(s.base, 4, false);
        VmFault f = assertThrows(VmFault.class, () -> m.check(s.base, 1, true));
        assertTrue(f.detail.contains("read-only"), f.detail);
    }

    @Test
    void deviceAccess_mustBeAligned() {
        Memory m = Memory.device();
        Segment s = m.allocate(64, Segment.DEVICE, "cudaMalloc(64)", SITE, false);
        VmFault f = assertThrows(VmFault.class, () -> m.check(s.base + 1, 4, true));
        assertEquals(716, f.cudaError);
        assertTrue(f.detail.contains("misaligned"), f.detail);
        assertEquals("invalid __global__ write of size 4 bytes", f.headline);
        // The host has no alignment rule (x86).
        Memory h = Memory.host();
        Segment hs = h.allocate(64, Segment.HEAP, "malloc(64)", SITE, false);
        assertSame(hs, h.check(hs.base + 1, 4, true));
    }

    @Test
    void farAddress_namesTheNearestAllocation() {
        Memory m = Memory.device();
        Segment s = m.map(0x7f0000000000L, 1024, new byte[1024], Segment.DEVICE, "cudaMalloc(1024)", SITE, false);
        VmFault f = assertThrows(VmFault.class, () -> m.check(s.base + (1L << 30), 4, true));
        assertTrue(f.detail.contains("1,073,740,800 bytes past the end of the 1,024-byte allocation"), f.detail);
    }

    @Test
    void stackFrames_comeAndGoAndStayDiagnosable() {
        Memory m = Memory.host();
        Segment f1 = m.pushFrame(0, 32, "locals of main");
        Segment f2 = m.pushFrame(0, 16, "locals of g");
        assertSame(f2, m.find(f2.base + 8));
        m.popFrame(0, f2);
        VmFault fault = assertThrows(VmFault.class, () -> m.check(f2.base, 4, false));
        assertTrue(fault.detail.contains("already returned"), fault.detail);
        Segment f3 = m.pushFrame(0, 16, "locals of h");
        assertSame(f3, m.find(f3.base));
        assertSame(f1, m.find(f1.base));
    }

    @Test
    void foreignAddresses_areExplained() {
        Memory m = Memory.host();
        m.setForeign(a -> a == 0x7f0000000000L ? "device memory" : null);
        VmFault f = assertThrows(VmFault.class, () -> m.check(0x7f0000000000L, 4, false));
        assertTrue(f.detail.endsWith("is device memory"), f.detail);
    }

    @Test
    void cstring_stopsAtTerminatorAndFaultsWithoutOne() {
        Memory m = Memory.host();
        Segment s = m.allocate(4, Segment.HEAP, "malloc(4)", SITE, false);
        s.data[0] = 'h';
        s.data[1] = 'i';
        assertEquals("hi", m.cstringText(s.base));
        s.data[2] = 'x';
        s.data[3] = 'y';
        assertThrows(VmFault.class, () -> m.cstring(s.base, Integer.MAX_VALUE));
    }
}
