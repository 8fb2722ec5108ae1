package webcu.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Error names and strings as CUDA 13 prints them (conformance case errorapi/error_strings). */
class CudaErrorTest {
    @Test
    void namesAndStrings_matchNvcc() {
        String expected = """
                0 cudaSuccess: no error
                1 cudaErrorInvalidValue: invalid argument
                2 cudaErrorMemoryAllocation: out of memory
                3 cudaErrorInitializationError: initialization error
                719 cudaErrorLaunchFailure: unspecified launch failure
                702 cudaErrorLaunchTimeout: the launch timed out and was terminated
                701 cudaErrorLaunchOutOfResources: too many resources requested for launch
                98 cudaErrorInvalidDeviceFunction: invalid device function
                9 cudaErrorInvalidConfiguration: invalid configuration argument
                101 cudaErrorInvalidDevice: invalid device ordinal
                13 cudaErrorInvalidSymbol: invalid device symbol
                17 cudaErrorInvalidDevicePointer: invalid device pointer
                21 cudaErrorInvalidMemcpyDirection: invalid copy direction for memcpy
                400 cudaErrorInvalidResourceHandle: invalid resource handle
                600 cudaErrorNotReady: device not ready
                700 cudaErrorIllegalAddress: an illegal memory access was encountered
                710 cudaErrorAssert: device-side assert triggered
                100 cudaErrorNoDevice: no CUDA-capable device is detected
                716 cudaErrorMisalignedAddress: misaligned address
                """;
        int[] codes = {0, 1, 2, 3, 719, 702, 701, 98, 9, 101, 13, 17, 21, 400, 600, 700, 710, 100, 716};
        StringBuilder sb = new StringBuilder();
        for (int c : codes) {
            sb.append(c).append(' ').append(CudaError.name(c)).append(": ").append(CudaError.string(c)).append('\n');
        }
        assertEquals(expected, sb.toString());
    }

    @Test
    void unknownCode_isUnrecognized() {
        assertEquals("unrecognized error code", CudaError.name(12345));
    }

    @Test
    void faultText_roundTrips() {
        assertEquals(CudaError.ILLEGAL_ADDRESS, CudaError.fromFaultText(CudaError.faultText(700, "write out of bounds")));
        assertEquals(CudaError.MISALIGNED_ADDRESS, CudaError.fromFaultText("cudaErrorMisalignedAddress"));
        assertEquals(CudaError.LAUNCH_FAILURE, CudaError.fromFaultText("device lost"));
        // A longer name sharing a prefix must not be taken for the shorter one.
        assertEquals(CudaError.LAUNCH_OUT_OF_RESOURCES, CudaError.fromFaultText("cudaErrorLaunchOutOfResources: x"));
    }

    @Test
    void stickiness() {
        assertTrue(CudaError.isSticky(CudaError.ILLEGAL_ADDRESS));
        assertTrue(CudaError.isSticky(CudaError.ASSERT));
        assertFalse(CudaError.isSticky(CudaError.INVALID_VALUE));
    }

    @Test
    void hipNames() {
        assertEquals("hipErrorInvalidValue", CudaError.hipName(1));
        assertEquals("hipErrorOutOfMemory", CudaError.hipName(2));
        assertEquals("hipSuccess", CudaError.hipName(0));
    }
}
