package webcu.runtime;

/**
 * cudaError_t: CUDA 13's numbering, names and messages, as cudaGetErrorName and cudaGetErrorString
 * print them. Also the convention by which a {@link Device} reports a kernel fault through the
 * error text of {@link Device#synchronize}'s completion: the text starts with the error's name
 * (e.g. "cudaErrorIllegalAddress: …"); text without a known name counts as a launch failure.
 */
public final class CudaError {
    private CudaError() {
    }

    public static final int SUCCESS = 0;
    public static final int INVALID_VALUE = 1;
    public static final int MEMORY_ALLOCATION = 2;
    public static final int INITIALIZATION_ERROR = 3;
    public static final int CUDART_UNLOADING = 4;
    public static final int PROFILER_DISABLED = 5;
    public static final int INVALID_CONFIGURATION = 9;
    public static final int INVALID_PITCH_VALUE = 12;
    public static final int INVALID_SYMBOL = 13;
    public static final int INVALID_HOST_POINTER = 16;
    public static final int INVALID_DEVICE_POINTER = 17;
    public static final int INVALID_TEXTURE = 18;
    public static final int INVALID_MEMCPY_DIRECTION = 21;
    public static final int INSUFFICIENT_DRIVER = 35;
    public static final int MISSING_CONFIGURATION = 52;
    public static final int INVALID_DEVICE_FUNCTION = 98;
    public static final int NO_DEVICE = 100;
    public static final int INVALID_DEVICE = 101;
    public static final int STARTUP_FAILURE = 127;
    public static final int INVALID_KERNEL_IMAGE = 200;
    public static final int DEVICE_UNINITIALIZED = 201;
    public static final int NO_KERNEL_IMAGE_FOR_DEVICE = 209;
    public static final int UNSUPPORTED_LIMIT = 215;
    public static final int INVALID_PTX = 218;
    public static final int INVALID_SOURCE = 300;
    public static final int FILE_NOT_FOUND = 301;
    public static final int OPERATING_SYSTEM = 304;
    public static final int INVALID_RESOURCE_HANDLE = 400;
    public static final int ILLEGAL_STATE = 401;
    public static final int SYMBOL_NOT_FOUND = 500;
    public static final int NOT_READY = 600;
    public static final int ILLEGAL_ADDRESS = 700;
    public static final int LAUNCH_OUT_OF_RESOURCES = 701;
    public static final int LAUNCH_TIMEOUT = 702;
    public static final int PEER_ACCESS_ALREADY_ENABLED = 704;
    public static final int PEER_ACCESS_NOT_ENABLED = 705;
    public static final int SET_ON_ACTIVE_PROCESS = 708;
    public static final int CONTEXT_IS_DESTROYED = 709;
    public static final int ASSERT = 710;
    public static final int HOST_MEMORY_ALREADY_REGISTERED = 712;
    public static final int HOST_MEMORY_NOT_REGISTERED = 713;
    public static final int HARDWARE_STACK_ERROR = 714;
    public static final int ILLEGAL_INSTRUCTION = 715;
    public static final int MISALIGNED_ADDRESS = 716;
    public static final int INVALID_ADDRESS_SPACE = 717;
    public static final int INVALID_PC = 718;
    public static final int LAUNCH_FAILURE = 719;
    public static final int COOPERATIVE_LAUNCH_TOO_LARGE = 720;
    public static final int NOT_PERMITTED = 800;
    public static final int NOT_SUPPORTED = 801;
    public static final int UNKNOWN = 999;

    private static final int[] CODES = {
        SUCCESS, INVALID_VALUE, MEMORY_ALLOCATION, INITIALIZATION_ERROR, CUDART_UNLOADING, PROFILER_DISABLED,
        INVALID_CONFIGURATION, INVALID_PITCH_VALUE, INVALID_SYMBOL, INVALID_HOST_POINTER, INVALID_DEVICE_POINTER,
        INVALID_TEXTURE, INVALID_MEMCPY_DIRECTION, INSUFFICIENT_DRIVER, MISSING_CONFIGURATION,
        INVALID_DEVICE_FUNCTION, NO_DEVICE, INVALID_DEVICE, STARTUP_FAILURE, INVALID_KERNEL_IMAGE,
        DEVICE_UNINITIALIZED, NO_KERNEL_IMAGE_FOR_DEVICE, UNSUPPORTED_LIMIT, INVALID_PTX, INVALID_SOURCE,
        FILE_NOT_FOUND, OPERATING_SYSTEM, INVALID_RESOURCE_HANDLE, ILLEGAL_STATE, SYMBOL_NOT_FOUND, NOT_READY,
        ILLEGAL_ADDRESS, LAUNCH_OUT_OF_RESOURCES, LAUNCH_TIMEOUT, PEER_ACCESS_ALREADY_ENABLED,
        PEER_ACCESS_NOT_ENABLED, SET_ON_ACTIVE_PROCESS, CONTEXT_IS_DESTROYED, ASSERT,
        HOST_MEMORY_ALREADY_REGISTERED, HOST_MEMORY_NOT_REGISTERED, HARDWARE_STACK_ERROR, ILLEGAL_INSTRUCTION,
        MISALIGNED_ADDRESS, INVALID_ADDRESS_SPACE, INVALID_PC, LAUNCH_FAILURE, COOPERATIVE_LAUNCH_TOO_LARGE,
        NOT_PERMITTED, NOT_SUPPORTED, UNKNOWN,
    };

    private static final String[] NAMES = {
        "cudaSuccess", "cudaErrorInvalidValue", "cudaErrorMemoryAllocation", "cudaErrorInitializationError",
        "cudaErrorCudartUnloading", "cudaErrorProfilerDisabled", "cudaErrorInvalidConfiguration",
        "cudaErrorInvalidPitchValue", "cudaErrorInvalidSymbol", "cudaErrorInvalidHostPointer",
        "cudaErrorInvalidDevicePointer", "cudaErrorInvalidTexture", "cudaErrorInvalidMemcpyDirection",
        "cudaErrorInsufficientDriver", "cudaErrorMissingConfiguration", "cudaErrorInvalidDeviceFunction",
        "cudaErrorNoDevice", "cudaErrorInvalidDevice", "cudaErrorStartupFailure", "cudaErrorInvalidKernelImage",
        "cudaErrorDeviceUninitialized", "cudaErrorNoKernelImageForDevice", "cudaErrorUnsupportedLimit",
        "cudaErrorInvalidPtx", "cudaErrorInvalidSource", "cudaErrorFileNotFound", "cudaErrorOperatingSystem",
        "cudaErrorInvalidResourceHandle", "cudaErrorIllegalState", "cudaErrorSymbolNotFound", "cudaErrorNotReady",
        "cudaErrorIllegalAddress", "cudaErrorLaunchOutOfResources", "cudaErrorLaunchTimeout",
        "cudaErrorPeerAccessAlreadyEnabled", "cudaErrorPeerAccessNotEnabled", "cudaErrorSetOnActiveProcess",
        "cudaErrorContextIsDestroyed", "cudaErrorAssert", "cudaErrorHostMemoryAlreadyRegistered",
        "cudaErrorHostMemoryNotRegistered", "cudaErrorHardwareStackError", "cudaErrorIllegalInstruction",
        "cudaErrorMisalignedAddress", "cudaErrorInvalidAddressSpace", "cudaErrorInvalidPc",
        "cudaErrorLaunchFailure", "cudaErrorCooperativeLaunchTooLarge", "cudaErrorNotPermitted",
        "cudaErrorNotSupported", "cudaErrorUnknown",
    };

    private static final String[] STRINGS = {
        "no error", "invalid argument", "out of memory", "initialization error", "driver shutting down",
        "profiler disabled while using external profiling tool", "invalid configuration argument",
        "invalid pitch argument", "invalid device symbol", "invalid host pointer", "invalid device pointer",
        "invalid texture reference", "invalid copy direction for memcpy",
        "CUDA driver version is insufficient for CUDA runtime version",
        "__global__ function call is not configured", "invalid device function",
        "no CUDA-capable device is detected", "invalid device ordinal", "initialization error",
        "device kernel image is invalid", "invalid device context",
        "no kernel image is available for execution on the device", "limit is not supported on this architecture",
        "a PTX JIT compilation failed", "device kernel image is invalid", "file not found",
        "OS call failed or operation not supported on this OS", "invalid resource handle",
        "the operation cannot be performed in the present state", "named symbol not found", "device not ready",
        "an illegal memory access was encountered", "too many resources requested for launch",
        "the launch timed out and was terminated", "peer access is already enabled",
        "peer access has not been enabled", "cannot set while device is active in this process",
        "context is destroyed", "device-side assert triggered",
        "part or all of the requested memory range is already mapped",
        "pointer does not correspond to a registered memory region", "hardware stack error",
        "an illegal instruction was encountered", "misaligned address",
        "operation not supported on global/shared address space", "invalid program counter",
        "unspecified launch failure", "too many blocks in cooperative launch", "operation not permitted",
        "operation not supported", "unknown error",
    };

    private static int indexOf(int code) {
        for (int i = 0; i < CODES.length; i++) {
            if (CODES[i] == code) {
                return i;
            }
        }
        return -1;
    }

    /** cudaGetErrorName; CUDA answers unknown codes with "unrecognized error code". */
    public static String name(int code) {
        int i = indexOf(code);
        return i < 0 ? "unrecognized error code" : NAMES[i];
    }

    /** cudaGetErrorString. */
    public static String string(int code) {
        int i = indexOf(code);
        return i < 0 ? "unrecognized error code" : STRINGS[i];
    }

    /** hipGetErrorName: HIP's names are CUDA's with the hip prefix (hipErrorOutOfMemory aside). */
    public static String hipName(int code) {
        if (code == MEMORY_ALLOCATION) {
            return "hipErrorOutOfMemory";
        }
        String n = name(code);
        return n.startsWith("cuda") ? "hip" + n.substring(4) : n;
    }

    /** Faults that leave the context unusable: every later call returns them. */
    public static boolean isSticky(int code) {
        return code == ILLEGAL_ADDRESS || code == LAUNCH_FAILURE || code == ASSERT || code == MISALIGNED_ADDRESS
                || code == ILLEGAL_INSTRUCTION || code == HARDWARE_STACK_ERROR || code == INVALID_PC
                || code == INVALID_ADDRESS_SPACE || code == LAUNCH_TIMEOUT;
    }

    /** The fault text a device puts in a completion's error: the error name, then a detail. */
    public static String faultText(int code, String detail) {
        return detail == null || detail.isEmpty() ? name(code) : name(code) + ": " + detail;
    }

    /** The error a device's fault text reports (see {@link #faultText}); launch failure if unnamed. */
    public static int fromFaultText(String text) {
        if (text == null) {
            return SUCCESS;
        }
        int best = -1;
        for (int i = 1; i < NAMES.length; i++) {
            if (text.startsWith(NAMES[i]) && (text.length() == NAMES[i].length()
                    || !Character.isLetterOrDigit(text.charAt(NAMES[i].length())))) {
                best = i;
            }
        }
        return best < 0 ? LAUNCH_FAILURE : CODES[best];
    }
}
