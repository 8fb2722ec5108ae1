package webcu.frontend;

/** The text of cuda_runtime.h (included implicitly in every .cu file, as nvcc does) and hip_runtime.h. */
final class CudaHeaders {
    private CudaHeaders() {}

    static final String RUNTIME = """
        #pragma once
        #include <cstddef>
        #include <climits>
        #include <cmath>
        #include <cstdlib>
        #include <cstring>
        #include <ctime>
        #include <cstdint>
        // nvcc's cuda_runtime.h reaches these through its own includes: programs use std::swap,
        // std::pair, std::move, std::numeric_limits and int64_t without including anything
        #include <utility>
        #include <limits>
        #include <type_traits>
        #include <initializer_list>
        struct uint3 { unsigned int x, y, z; };
        struct dim3 {
            unsigned int x, y, z;
            __host__ __device__ dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1) : x(vx), y(vy), z(vz) {}
            __host__ __device__ dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
        };
        VECTOR_TYPES
        typedef enum cudaError {
        ERROR_CODES
        } cudaError_t;
        enum cudaMemcpyKind {
            cudaMemcpyHostToHost = 0, cudaMemcpyHostToDevice = 1, cudaMemcpyDeviceToHost = 2,
            cudaMemcpyDeviceToDevice = 3, cudaMemcpyDefault = 4
        };
        typedef struct CUstream_st *cudaStream_t;
        typedef struct CUevent_st *cudaEvent_t;
        #define cudaStreamDefault 0x00
        #define cudaStreamNonBlocking 0x01
        #define cudaStreamPerThread ((cudaStream_t)0x2)
        #define cudaHostAllocDefault 0x00
        #define cudaHostAllocPortable 0x01
        #define cudaHostAllocMapped 0x02
        #define cudaHostAllocWriteCombined 0x04
        #define cudaMemAttachGlobal 0x01
        #define cudaEventDefault 0x00
        #define cudaEventBlockingSync 0x01
        #define cudaEventDisableTiming 0x02
        extern "C" {
        __host__ cudaError_t cudaMalloc(void **devPtr, size_t size);
        __host__ cudaError_t cudaFree(void *devPtr);
        __host__ cudaError_t cudaMallocHost(void **ptr, size_t size);
        __host__ cudaError_t cudaHostAlloc(void **ptr, size_t size, unsigned int flags);
        __host__ cudaError_t cudaFreeHost(void *ptr);
        __host__ cudaError_t cudaMallocManaged(void **devPtr, size_t size, unsigned int flags);
        __host__ cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch, size_t width, size_t height);
        __host__ cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, cudaMemcpyKind kind);
        __host__ cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, cudaMemcpyKind kind, cudaStream_t stream);
        __host__ cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height, cudaMemcpyKind kind);
        __host__ cudaError_t cudaMemset(void *devPtr, int value, size_t count);
        __host__ cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream);
        __host__ cudaError_t cudaMemGetInfo(size_t *free, size_t *total);
        __host__ cudaError_t cudaDeviceSynchronize(void);
        __host__ cudaError_t cudaThreadSynchronize(void);
        __host__ cudaError_t cudaDeviceReset(void);
        __host__ __device__ cudaError_t cudaGetLastError(void);
        __host__ __device__ cudaError_t cudaPeekAtLastError(void);
        __host__ __device__ const char *cudaGetErrorString(cudaError_t error);
        __host__ __device__ const char *cudaGetErrorName(cudaError_t error);
        __host__ cudaError_t cudaGetDeviceCount(int *count);
        __host__ cudaError_t cudaGetDevice(int *device);
        __host__ cudaError_t cudaSetDevice(int device);
        __host__ cudaError_t cudaStreamCreate(cudaStream_t *stream);
        __host__ cudaError_t cudaStreamCreateWithFlags(cudaStream_t *stream, unsigned int flags);
        __host__ cudaError_t cudaStreamDestroy(cudaStream_t stream);
        __host__ cudaError_t cudaStreamSynchronize(cudaStream_t stream);
        __host__ cudaError_t cudaStreamQuery(cudaStream_t stream);
        __host__ cudaError_t cudaEventCreate(cudaEvent_t *event);
        __host__ cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags);
        __host__ cudaError_t cudaEventDestroy(cudaEvent_t event);
        __host__ cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = 0);
        __host__ cudaError_t cudaEventSynchronize(cudaEvent_t event);
        __host__ cudaError_t cudaEventQuery(cudaEvent_t event);
        __host__ cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end);
        __device__ void __syncthreads(void);
        __device__ void __threadfence(void);
        __device__ void __threadfence_block(void);
        __device__ void __trap(void);
        }
        enum cudaMemoryType { cudaMemoryTypeUnregistered = 0, cudaMemoryTypeHost = 1, cudaMemoryTypeDevice = 2, cudaMemoryTypeManaged = 3 };
        struct cudaPointerAttributes { cudaMemoryType type; int device; void *devicePointer; void *hostPointer; };
        // CUDA 13's layout (driver_types.h): clockRate, memoryClockRate, deviceOverlap,
        // kernelExecTimeoutEnabled and computeMode are gone from it (cudaDeviceGetAttribute has them).
        struct CUuuid_st { char bytes[16]; };
        typedef struct CUuuid_st cudaUUID_t;
        struct cudaDeviceProp {
            char name[256];
            cudaUUID_t uuid;
            char luid[8];
            unsigned int luidDeviceNodeMask;
            size_t totalGlobalMem;
            size_t sharedMemPerBlock;
            int regsPerBlock;
            int warpSize;
            size_t memPitch;
            int maxThreadsPerBlock;
            int maxThreadsDim[3];
            int maxGridSize[3];
            size_t totalConstMem;
            int major;
            int minor;
            size_t textureAlignment;
            size_t texturePitchAlignment;
            int multiProcessorCount;
            int integrated;
            int canMapHostMemory;
            int maxTexture1D;
            int maxTexture1DMipmap;
            int maxTexture2D[2];
            int maxTexture2DMipmap[2];
            int maxTexture2DLinear[3];
            int maxTexture2DGather[2];
            int maxTexture3D[3];
            int maxTexture3DAlt[3];
            int maxTextureCubemap;
            int maxTexture1DLayered[2];
            int maxTexture2DLayered[3];
            int maxTextureCubemapLayered[2];
            int maxSurface1D;
            int maxSurface2D[2];
            int maxSurface3D[3];
            int maxSurface1DLayered[2];
            int maxSurface2DLayered[3];
            int maxSurfaceCubemap;
            int maxSurfaceCubemapLayered[2];
            size_t surfaceAlignment;
            int concurrentKernels;
            int ECCEnabled;
            int pciBusID;
            int pciDeviceID;
            int pciDomainID;
            int tccDriver;
            int asyncEngineCount;
            int unifiedAddressing;
            int memoryBusWidth;
            int l2CacheSize;
            int persistingL2CacheMaxSize;
            int maxThreadsPerMultiProcessor;
            int streamPrioritiesSupported;
            int globalL1CacheSupported;
            int localL1CacheSupported;
            size_t sharedMemPerMultiprocessor;
            int regsPerMultiprocessor;
            int managedMemory;
            int isMultiGpuBoard;
            int multiGpuBoardGroupID;
            int hostNativeAtomicSupported;
            int pageableMemoryAccess;
            int concurrentManagedAccess;
            int computePreemptionSupported;
            int canUseHostPointerForRegisteredMem;
            int cooperativeLaunch;
            size_t sharedMemPerBlockOptin;
            int pageableMemoryAccessUsesHostPageTables;
            int directManagedMemAccessFromHost;
            int maxBlocksPerMultiProcessor;
            int accessPolicyMaxWindowSize;
            size_t reservedSharedMemPerBlock;
            int hostRegisterSupported;
            int sparseCudaArraySupported;
            int hostRegisterReadOnlySupported;
            int timelineSemaphoreInteropSupported;
            int memoryPoolsSupported;
            int gpuDirectRDMASupported;
            unsigned int gpuDirectRDMAFlushWritesOptions;
            int gpuDirectRDMAWritesOrdering;
            unsigned int memoryPoolSupportedHandleTypes;
            int deferredMappingCudaArraySupported;
            int ipcEventSupported;
            int clusterLaunch;
            int unifiedFunctionPointers;
            int deviceNumaConfig;
            int deviceNumaId;
            int mpsEnabled;
            int hostNumaId;
            unsigned int gpuPciDeviceID;
            unsigned int gpuPciSubsystemID;
            int hostNumaMultinodeIpcSupported;
            int reserved[56];
        };
        #define cudaErrorInvalidResourceHandle cudaErrorInvalidHandle
        enum cudaDeviceAttr {
            cudaDevAttrMaxThreadsPerBlock = 1, cudaDevAttrMaxBlockDimX = 2, cudaDevAttrMaxBlockDimY = 3,
            cudaDevAttrMaxBlockDimZ = 4, cudaDevAttrMaxGridDimX = 5, cudaDevAttrMaxGridDimY = 6, cudaDevAttrMaxGridDimZ = 7,
            cudaDevAttrMaxSharedMemoryPerBlock = 8, cudaDevAttrTotalConstantMemory = 9, cudaDevAttrWarpSize = 10,
            cudaDevAttrMaxPitch = 11, cudaDevAttrMaxRegistersPerBlock = 12, cudaDevAttrClockRate = 13,
            cudaDevAttrTextureAlignment = 14, cudaDevAttrGpuOverlap = 15, cudaDevAttrMultiProcessorCount = 16,
            cudaDevAttrKernelExecTimeout = 17, cudaDevAttrIntegrated = 18, cudaDevAttrCanMapHostMemory = 19,
            cudaDevAttrComputeMode = 20, cudaDevAttrMaxTexture1DWidth = 21, cudaDevAttrMaxTexture2DWidth = 22,
            cudaDevAttrMaxTexture2DHeight = 23, cudaDevAttrMaxTexture3DWidth = 24, cudaDevAttrMaxTexture3DHeight = 25,
            cudaDevAttrMaxTexture3DDepth = 26, cudaDevAttrMaxTexture2DLayeredWidth = 27,
            cudaDevAttrMaxTexture2DLayeredHeight = 28, cudaDevAttrMaxTexture2DLayeredLayers = 29,
            cudaDevAttrSurfaceAlignment = 30, cudaDevAttrConcurrentKernels = 31, cudaDevAttrEccEnabled = 32,
            cudaDevAttrPciBusId = 33, cudaDevAttrPciDeviceId = 34, cudaDevAttrTccDriver = 35,
            cudaDevAttrMemoryClockRate = 36, cudaDevAttrGlobalMemoryBusWidth = 37, cudaDevAttrL2CacheSize = 38,
            cudaDevAttrMaxThreadsPerMultiProcessor = 39, cudaDevAttrAsyncEngineCount = 40, cudaDevAttrUnifiedAddressing = 41,
            cudaDevAttrMaxTexture1DLayeredWidth = 42, cudaDevAttrMaxTexture1DLayeredLayers = 43,
            cudaDevAttrMaxTexture2DGatherWidth = 45, cudaDevAttrMaxTexture2DGatherHeight = 46,
            cudaDevAttrMaxTexture3DWidthAlt = 47, cudaDevAttrMaxTexture3DHeightAlt = 48,
            cudaDevAttrMaxTexture3DDepthAlt = 49, cudaDevAttrPciDomainId = 50, cudaDevAttrTexturePitchAlignment = 51,
            cudaDevAttrMaxTextureCubemapWidth = 52, cudaDevAttrMaxTextureCubemapLayeredWidth = 53,
            cudaDevAttrMaxTextureCubemapLayeredLayers = 54, cudaDevAttrMaxSurface1DWidth = 55,
            cudaDevAttrMaxSurface2DWidth = 56, cudaDevAttrMaxSurface2DHeight = 57, cudaDevAttrMaxSurface3DWidth = 58,
            cudaDevAttrMaxSurface3DHeight = 59, cudaDevAttrMaxSurface3DDepth = 60, cudaDevAttrMaxSurface1DLayeredWidth = 61,
            cudaDevAttrMaxSurface1DLayeredLayers = 62, cudaDevAttrMaxSurface2DLayeredWidth = 63,
            cudaDevAttrMaxSurface2DLayeredHeight = 64, cudaDevAttrMaxSurface2DLayeredLayers = 65,
            cudaDevAttrMaxSurfaceCubemapWidth = 66, cudaDevAttrMaxSurfaceCubemapLayeredWidth = 67,
            cudaDevAttrMaxSurfaceCubemapLayeredLayers = 68, cudaDevAttrMaxTexture1DLinearWidth = 69,
            cudaDevAttrMaxTexture2DLinearWidth = 70, cudaDevAttrMaxTexture2DLinearHeight = 71,
            cudaDevAttrMaxTexture2DLinearPitch = 72, cudaDevAttrMaxTexture2DMipmappedWidth = 73,
            cudaDevAttrMaxTexture2DMipmappedHeight = 74, cudaDevAttrComputeCapabilityMajor = 75,
            cudaDevAttrComputeCapabilityMinor = 76, cudaDevAttrMaxTexture1DMipmappedWidth = 77,
            cudaDevAttrStreamPrioritiesSupported = 78, cudaDevAttrGlobalL1CacheSupported = 79,
            cudaDevAttrLocalL1CacheSupported = 80, cudaDevAttrMaxSharedMemoryPerMultiprocessor = 81,
            cudaDevAttrMaxRegistersPerMultiprocessor = 82, cudaDevAttrManagedMemory = 83, cudaDevAttrIsMultiGpuBoard = 84,
            cudaDevAttrMultiGpuBoardGroupID = 85, cudaDevAttrHostNativeAtomicSupported = 86,
            cudaDevAttrSingleToDoublePrecisionPerfRatio = 87, cudaDevAttrPageableMemoryAccess = 88,
            cudaDevAttrConcurrentManagedAccess = 89, cudaDevAttrComputePreemptionSupported = 90,
            cudaDevAttrCanUseHostPointerForRegisteredMem = 91, cudaDevAttrReserved92 = 92, cudaDevAttrReserved93 = 93,
            cudaDevAttrReserved94 = 94, cudaDevAttrCooperativeLaunch = 95, cudaDevAttrReserved96 = 96,
            cudaDevAttrMaxSharedMemoryPerBlockOptin = 97, cudaDevAttrCanFlushRemoteWrites = 98,
            cudaDevAttrHostRegisterSupported = 99, cudaDevAttrPageableMemoryAccessUsesHostPageTables = 100,
            cudaDevAttrDirectManagedMemAccessFromHost = 101, cudaDevAttrMaxBlocksPerMultiprocessor = 106,
            cudaDevAttrMaxPersistingL2CacheSize = 108, cudaDevAttrMaxAccessPolicyWindowSize = 109,
            cudaDevAttrReservedSharedMemoryPerBlock = 111, cudaDevAttrSparseCudaArraySupported = 112,
            cudaDevAttrHostRegisterReadOnlySupported = 113, cudaDevAttrTimelineSemaphoreInteropSupported = 114,
            cudaDevAttrMemoryPoolsSupported = 115, cudaDevAttrGPUDirectRDMASupported = 116,
            cudaDevAttrGPUDirectRDMAFlushWritesOptions = 117, cudaDevAttrGPUDirectRDMAWritesOrdering = 118,
            cudaDevAttrMemoryPoolSupportedHandleTypes = 119, cudaDevAttrClusterLaunch = 120,
            cudaDevAttrDeferredMappingCudaArraySupported = 121, cudaDevAttrReserved122 = 122, cudaDevAttrReserved123 = 123,
            cudaDevAttrReserved124 = 124, cudaDevAttrIpcEventSupport = 125, cudaDevAttrMemSyncDomainCount = 126,
            cudaDevAttrReserved127 = 127, cudaDevAttrReserved128 = 128, cudaDevAttrReserved129 = 129,
            cudaDevAttrNumaConfig = 130, cudaDevAttrNumaId = 131, cudaDevAttrReserved132 = 132, cudaDevAttrMpsEnabled = 133,
            cudaDevAttrHostNumaId = 134, cudaDevAttrD3D12CigSupported = 135, cudaDevAttrVulkanCigSupported = 138,
            cudaDevAttrGpuPciDeviceId = 139, cudaDevAttrGpuPciSubsystemId = 140, cudaDevAttrReserved141 = 141,
            cudaDevAttrHostNumaMemoryPoolsSupported = 142, cudaDevAttrHostNumaMultinodeIpcSupported = 143,
            cudaDevAttrHostMemoryPoolsSupported = 144, cudaDevAttrReserved145 = 145,
            cudaDevAttrOnlyPartialHostNativeAtomicSupported = 147
        };
        enum cudaLimit {
            cudaLimitStackSize = 0x00, cudaLimitPrintfFifoSize = 0x01, cudaLimitMallocHeapSize = 0x02,
            cudaLimitDevRuntimeSyncDepth = 0x03, cudaLimitDevRuntimePendingLaunchCount = 0x04,
            cudaLimitMaxL2FetchGranularity = 0x05, cudaLimitPersistingL2CacheSize = 0x06
        };
        enum cudaFuncCache { cudaFuncCachePreferNone = 0, cudaFuncCachePreferShared = 1, cudaFuncCachePreferL1 = 2, cudaFuncCachePreferEqual = 3 };
        enum cudaSharedMemConfig { cudaSharedMemBankSizeDefault = 0, cudaSharedMemBankSizeFourByte = 1, cudaSharedMemBankSizeEightByte = 2 };
        enum cudaSharedCarveout { cudaSharedmemCarveoutDefault = -1, cudaSharedmemCarveoutMaxShared = 100, cudaSharedmemCarveoutMaxL1 = 0 };
        enum cudaFuncAttribute {
            cudaFuncAttributeMaxDynamicSharedMemorySize = 8, cudaFuncAttributePreferredSharedMemoryCarveout = 9,
            cudaFuncAttributeClusterDimMustBeSet = 10, cudaFuncAttributeRequiredClusterWidth = 11,
            cudaFuncAttributeRequiredClusterHeight = 12, cudaFuncAttributeRequiredClusterDepth = 13,
            cudaFuncAttributeNonPortableClusterSizeAllowed = 14, cudaFuncAttributeClusterSchedulingPolicyPreference = 15,
            cudaFuncAttributeMax = 16
        };
        struct cudaFuncAttributes {
            size_t sharedSizeBytes;
            size_t constSizeBytes;
            size_t localSizeBytes;
            int maxThreadsPerBlock;
            int numRegs;
            int ptxVersion;
            int binaryVersion;
            int cacheModeCA;
            int maxDynamicSharedSizeBytes;
            int preferredShmemCarveout;
            int clusterDimMustBeSet;
            int requiredClusterWidth;
            int requiredClusterHeight;
            int requiredClusterDepth;
            int clusterSchedulingPolicyPreference;
            int nonPortableClusterSizeAllowed;
            int reserved[16];
        };
        #define cudaDeviceScheduleAuto 0x00
        #define cudaDeviceScheduleSpin 0x01
        #define cudaDeviceScheduleYield 0x02
        #define cudaDeviceScheduleBlockingSync 0x04
        #define cudaDeviceBlockingSync 0x04
        #define cudaDeviceScheduleMask 0x07
        #define cudaDeviceMapHost 0x08
        #define cudaDeviceLmemResizeToMax 0x10
        #define cudaDeviceSyncMemops 0x80
        #define cudaDeviceMask 0xff
        #define cudaOccupancyDefault 0x00
        #define cudaOccupancyDisableCachingOverride 0x01
        #define cudaEventRecordDefault 0x00
        #define cudaEventRecordExternal 0x01
        #define cudaEventInterprocess 0x04
        #define cudaHostRegisterDefault 0x00
        #define cudaHostRegisterPortable 0x01
        #define cudaHostRegisterMapped 0x02
        #define cudaHostRegisterIoMemory 0x04
        #define cudaHostRegisterReadOnly 0x08
        #define cudaMemAttachHost 0x02
        #define cudaMemAttachSingle 0x04
        #define cudaCpuDeviceId ((int)-1)
        #define cudaInvalidDeviceId ((int)-2)
        #define CUDART_VERSION 13000
        #define __CUDART_API_VERSION 13000
        extern "C" {
        __host__ cudaError_t cudaGetDeviceProperties(cudaDeviceProp *prop, int device);
        __host__ cudaError_t cudaDeviceGetAttribute(int *value, cudaDeviceAttr attr, int device);
        __host__ cudaError_t cudaPointerGetAttributes(cudaPointerAttributes *attributes, const void *ptr);
        __host__ cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags);
        __host__ cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height, cudaMemcpyKind kind, cudaStream_t stream);
        __host__ cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned int flags);
        __host__ cudaError_t cudaHostUnregister(void *ptr);
        __host__ cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count, int dstDevice, cudaStream_t stream);
        __host__ cudaError_t cudaDriverGetVersion(int *version);
        __host__ cudaError_t cudaRuntimeGetVersion(int *version);
        __host__ cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem, cudaStream_t stream);
        __host__ cudaError_t cudaMemset2D(void *devPtr, size_t pitch, int value, size_t width, size_t height);
        __host__ cudaError_t cudaMemset2DAsync(void *devPtr, size_t pitch, int value, size_t width, size_t height, cudaStream_t stream = 0);
        __host__ cudaError_t cudaSetDeviceFlags(unsigned int flags);
        __host__ cudaError_t cudaGetDeviceFlags(unsigned int *flags);
        __host__ cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache cacheConfig);
        __host__ cudaError_t cudaDeviceGetCacheConfig(cudaFuncCache *cacheConfig);
        __host__ cudaError_t cudaDeviceSetSharedMemConfig(cudaSharedMemConfig config);
        __host__ cudaError_t cudaDeviceGetSharedMemConfig(cudaSharedMemConfig *config);
        __host__ cudaError_t cudaDeviceSetLimit(cudaLimit limit, size_t value);
        __host__ cudaError_t cudaDeviceGetLimit(size_t *value, cudaLimit limit);
        __host__ cudaError_t cudaDeviceGetStreamPriorityRange(int *leastPriority, int *greatestPriority);
        __host__ cudaError_t cudaStreamCreateWithPriority(cudaStream_t *stream, unsigned int flags, int priority);
        __host__ cudaError_t cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t stream = 0, unsigned int flags = 0);
        __host__ cudaError_t cudaFuncGetAttributes(cudaFuncAttributes *attr, const void *func);
        __host__ cudaError_t cudaFuncSetAttribute(const void *func, cudaFuncAttribute attr, int value);
        __host__ cudaError_t cudaFuncSetCacheConfig(const void *func, cudaFuncCache cacheConfig);
        __host__ cudaError_t cudaFuncSetSharedMemConfig(const void *func, cudaSharedMemConfig config);
        __host__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *func, int blockSize, size_t dynamicSMemSize);
        __host__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, const void *func, int blockSize, size_t dynamicSMemSize, unsigned int flags);
        __host__ cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem, cudaStream_t stream);
        __host__ cudaError_t cudaDeviceCanAccessPeer(int *canAccessPeer, int device, int peerDevice);
        __host__ cudaError_t cudaChooseDevice(int *device, const cudaDeviceProp *prop);
        __host__ cudaError_t __webcu_memcpyToSymbol(const void *symbol, const void *src, size_t count, size_t offset, cudaMemcpyKind kind);
        __host__ cudaError_t __webcu_memcpyFromSymbol(void *dst, const void *symbol, size_t count, size_t offset, cudaMemcpyKind kind);
        __host__ cudaError_t __webcu_getSymbolAddress(void **devPtr, const void *symbol);
        __host__ cudaError_t __webcu_getSymbolSize(size_t *size, const void *symbol);
        }
        template <class T> static __host__ inline cudaError_t cudaMemcpyToSymbol(const T &symbol, const void *src, size_t count, size_t offset = 0, cudaMemcpyKind kind = cudaMemcpyHostToDevice) { return __webcu_memcpyToSymbol((const void *)&symbol, src, count, offset, kind); }
        template <class T> static __host__ inline cudaError_t cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count, size_t offset = 0, cudaMemcpyKind kind = cudaMemcpyDeviceToHost) { return __webcu_memcpyFromSymbol(dst, (const void *)&symbol, count, offset, kind); }
        template <class T> static __host__ inline cudaError_t cudaGetSymbolAddress(void **devPtr, const T &symbol) { return __webcu_getSymbolAddress(devPtr, (const void *)&symbol); }
        template <class T> static __host__ inline cudaError_t cudaGetSymbolSize(size_t *size, const T &symbol) { return __webcu_getSymbolSize(size, (const void *)&symbol); }
        DEVICE_INTRINSICS
        template <class T> static __host__ inline cudaError_t cudaMalloc(T **devPtr, size_t size) { return cudaMalloc((void **)devPtr, size); }
        template <class T> static __host__ inline cudaError_t cudaMallocHost(T **ptr, size_t size) { return cudaMallocHost((void **)ptr, size); }
        template <class T> static __host__ inline cudaError_t cudaHostAlloc(T **ptr, size_t size, unsigned int flags) { return cudaHostAlloc((void **)ptr, size, flags); }
        template <class T> static __host__ inline cudaError_t cudaMallocManaged(T **devPtr, size_t size, unsigned int flags = cudaMemAttachGlobal) { return cudaMallocManaged((void **)devPtr, size, flags); }
        template <class T> static __host__ inline cudaError_t cudaMallocPitch(T **devPtr, size_t *pitch, size_t width, size_t height) { return cudaMallocPitch((void **)devPtr, pitch, width, height); }
        template <class T> static __host__ inline cudaError_t cudaMemcpyToSymbolAsync(const T &symbol, const void *src, size_t count, size_t offset = 0, cudaMemcpyKind kind = cudaMemcpyHostToDevice, cudaStream_t stream = 0) { return __webcu_memcpyToSymbol((const void *)&symbol, src, count, offset, kind); }
        template <class T> static __host__ inline cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const T &symbol, size_t count, size_t offset = 0, cudaMemcpyKind kind = cudaMemcpyDeviceToHost, cudaStream_t stream = 0) { return __webcu_memcpyFromSymbol(dst, (const void *)&symbol, count, offset, kind); }
        template <class T> static __host__ inline cudaError_t cudaFuncGetAttributes(cudaFuncAttributes *attr, T *entry) { return cudaFuncGetAttributes(attr, (const void *)entry); }
        template <class T> static __host__ inline cudaError_t cudaFuncSetAttribute(T *entry, cudaFuncAttribute attr, int value) { return cudaFuncSetAttribute((const void *)entry, attr, value); }
        template <class T> static __host__ inline cudaError_t cudaFuncSetCacheConfig(T *func, cudaFuncCache cacheConfig) { return cudaFuncSetCacheConfig((const void *)func, cacheConfig); }
        template <class T> static __host__ inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, T func, int blockSize, size_t dynamicSMemSize) {
            return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(numBlocks, (const void *)func, blockSize, dynamicSMemSize, cudaOccupancyDefault);
        }
        // cuda_runtime.h's search (cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags): from the
        // largest block size down by warps, the first size that reaches the best occupancy wins.
        template <class T> static __host__ inline cudaError_t cudaOccupancyMaxPotentialBlockSize(int *minGridSize, int *blockSize, T func, size_t dynamicSMemSize = 0, int blockSizeLimit = 0) {
            if (minGridSize == 0 || blockSize == 0) return cudaErrorInvalidValue;
            int device = 0, maxThreadsPerMultiProcessor = 0, warpSize = 0, multiProcessorCount = 0, maxThreadsPerBlock = 0;
            cudaError_t status = cudaGetDevice(&device);
            if (status != cudaSuccess) return status;
            cudaDeviceGetAttribute(&maxThreadsPerMultiProcessor, cudaDevAttrMaxThreadsPerMultiProcessor, device);
            cudaDeviceGetAttribute(&warpSize, cudaDevAttrWarpSize, device);
            cudaDeviceGetAttribute(&multiProcessorCount, cudaDevAttrMultiProcessorCount, device);
            cudaFuncAttributes attr;
            status = cudaFuncGetAttributes(&attr, (const void *)func);
            if (status != cudaSuccess) return status;
            maxThreadsPerBlock = attr.maxThreadsPerBlock;
            int blockSizeToTryAligned, blockSizeToTry, blockSizeLimitAligned, occupancyInBlocks, occupancyInThreads;
            int granularity = warpSize, maxBlockSize = 0, numBlocks = 0, maxOccupancy = 0;
            if (blockSizeLimit == 0 || blockSizeLimit > maxThreadsPerBlock) blockSizeLimit = maxThreadsPerBlock;
            blockSizeLimitAligned = ((blockSizeLimit + (granularity - 1)) / granularity) * granularity;
            for (blockSizeToTryAligned = blockSizeLimitAligned; blockSizeToTryAligned > 0; blockSizeToTryAligned -= granularity) {
                blockSizeToTry = blockSizeLimit < blockSizeToTryAligned ? blockSizeLimit : blockSizeToTryAligned;
                status = cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&occupancyInBlocks, (const void *)func, blockSizeToTry, dynamicSMemSize, cudaOccupancyDefault);
                if (status != cudaSuccess) return status;
                occupancyInThreads = blockSizeToTry * occupancyInBlocks;
                if (occupancyInThreads > maxOccupancy) {
                    maxBlockSize = blockSizeToTry;
                    numBlocks = occupancyInBlocks;
                    maxOccupancy = occupancyInThreads;
                }
                if (maxThreadsPerMultiProcessor == maxOccupancy) break;
            }
            *minGridSize = numBlocks * multiProcessorCount;
            *blockSize = maxBlockSize;
            return status;
        }
        template <class T> static __host__ inline cudaError_t cudaLaunchKernel(T *func, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem = 0, cudaStream_t stream = 0) {
            return cudaLaunchKernel((const void *)func, gridDim, blockDim, args, sharedMem, stream);
        }
        """.replace("DEVICE_INTRINSICS", DeviceIntrinsics.TEXT).replace("VECTOR_TYPES", CudaHeaders.VECTOR_TYPES).replace("ERROR_CODES", CudaHeaders.ERROR_CODES);

    static final String HIP = """
        #pragma once
        #include <cuda_runtime.h>
        #include <cuda_profiler_api.h>
        typedef enum hipError {
        HIP_ERROR_CODES
        } hipError_t;
        #define hipErrorInvalidResourceHandle hipErrorInvalidHandle
        #define __HIP_PLATFORM_WEBCU__ 1
        #define __HIP_PLATFORM_NVIDIA__ 1
        #define __HIP_PLATFORM_NVCC__ 1
        #define HIP_VERSION_MAJOR 6
        #define HIP_VERSION_MINOR 0
        #define HIP_SYMBOL(x) x
        #define HIP_KERNEL_NAME(...) __VA_ARGS__
        #define HIP_DYNAMIC_SHARED(type, var) extern __shared__ type var[];
        #define HIP_DYNAMIC_SHARED_ATTRIBUTE
        #define hipMemcpyHostToHost cudaMemcpyHostToHost
        #define hipMemcpyHostToDevice cudaMemcpyHostToDevice
        #define hipMemcpyDeviceToHost cudaMemcpyDeviceToHost
        #define hipMemcpyDeviceToDevice cudaMemcpyDeviceToDevice
        #define hipMemcpyDefault cudaMemcpyDefault
        typedef cudaMemcpyKind hipMemcpyKind;
        typedef cudaStream_t hipStream_t;
        typedef cudaEvent_t hipEvent_t;
        typedef cudaFuncAttributes hipFuncAttributes;
        typedef cudaFuncCache hipFuncCache_t;
        typedef cudaSharedMemConfig hipSharedMemConfig;
        typedef cudaLimit hipLimit_t;
        typedef cudaPointerAttributes hipPointerAttribute_t;
        typedef cudaDeviceAttr hipDeviceAttribute_t;
        #define hipStreamDefault cudaStreamDefault
        #define hipStreamNonBlocking cudaStreamNonBlocking
        #define hipStreamPerThread cudaStreamPerThread
        #define hipEventDefault cudaEventDefault
        #define hipEventBlockingSync cudaEventBlockingSync
        #define hipEventDisableTiming cudaEventDisableTiming
        #define hipEventInterprocess cudaEventInterprocess
        #define hipHostMallocDefault 0x0
        #define hipHostMallocPortable 0x1
        #define hipHostMallocMapped 0x2
        #define hipHostMallocWriteCombined 0x4
        #define hipHostMallocCoherent 0x40000000
        #define hipHostMallocNonCoherent 0x80000000
        #define hipHostRegisterDefault cudaHostRegisterDefault
        #define hipHostRegisterPortable cudaHostRegisterPortable
        #define hipHostRegisterMapped cudaHostRegisterMapped
        #define hipMemAttachGlobal cudaMemAttachGlobal
        #define hipMemAttachHost cudaMemAttachHost
        #define hipDeviceScheduleAuto cudaDeviceScheduleAuto
        #define hipDeviceScheduleSpin cudaDeviceScheduleSpin
        #define hipDeviceScheduleYield cudaDeviceScheduleYield
        #define hipDeviceScheduleBlockingSync cudaDeviceScheduleBlockingSync
        #define hipDeviceMapHost cudaDeviceMapHost
        #define hipFuncCachePreferNone cudaFuncCachePreferNone
        #define hipFuncCachePreferShared cudaFuncCachePreferShared
        #define hipFuncCachePreferL1 cudaFuncCachePreferL1
        #define hipFuncCachePreferEqual cudaFuncCachePreferEqual
        #define hipSharedMemBankSizeDefault cudaSharedMemBankSizeDefault
        #define hipSharedMemBankSizeFourByte cudaSharedMemBankSizeFourByte
        #define hipSharedMemBankSizeEightByte cudaSharedMemBankSizeEightByte
        #define hipLimitStackSize cudaLimitStackSize
        #define hipLimitPrintfFifoSize cudaLimitPrintfFifoSize
        #define hipLimitMallocHeapSize cudaLimitMallocHeapSize
        #define hipFuncAttributeMaxDynamicSharedMemorySize cudaFuncAttributeMaxDynamicSharedMemorySize
        #define hipFuncAttributePreferredSharedMemoryCarveout cudaFuncAttributePreferredSharedMemoryCarveout
        #define hipMemoryTypeHost cudaMemoryTypeHost
        #define hipMemoryTypeDevice cudaMemoryTypeDevice
        #define hipMemoryTypeManaged cudaMemoryTypeManaged
        #define hipMemoryTypeUnregistered cudaMemoryTypeUnregistered
        #define hipDeviceAttributeMaxThreadsPerBlock cudaDevAttrMaxThreadsPerBlock
        #define hipDeviceAttributeMaxBlockDimX cudaDevAttrMaxBlockDimX
        #define hipDeviceAttributeMaxBlockDimY cudaDevAttrMaxBlockDimY
        #define hipDeviceAttributeMaxBlockDimZ cudaDevAttrMaxBlockDimZ
        #define hipDeviceAttributeMaxGridDimX cudaDevAttrMaxGridDimX
        #define hipDeviceAttributeMaxGridDimY cudaDevAttrMaxGridDimY
        #define hipDeviceAttributeMaxGridDimZ cudaDevAttrMaxGridDimZ
        #define hipDeviceAttributeMaxSharedMemoryPerBlock cudaDevAttrMaxSharedMemoryPerBlock
        #define hipDeviceAttributeTotalConstantMemory cudaDevAttrTotalConstantMemory
        #define hipDeviceAttributeWarpSize cudaDevAttrWarpSize
        #define hipDeviceAttributeMaxRegistersPerBlock cudaDevAttrMaxRegistersPerBlock
        #define hipDeviceAttributeClockRate cudaDevAttrClockRate
        #define hipDeviceAttributeMemoryClockRate cudaDevAttrMemoryClockRate
        #define hipDeviceAttributeMemoryBusWidth cudaDevAttrGlobalMemoryBusWidth
        #define hipDeviceAttributeMultiprocessorCount cudaDevAttrMultiProcessorCount
        #define hipDeviceAttributeL2CacheSize cudaDevAttrL2CacheSize
        #define hipDeviceAttributeMaxThreadsPerMultiProcessor cudaDevAttrMaxThreadsPerMultiProcessor
        #define hipDeviceAttributeComputeCapabilityMajor cudaDevAttrComputeCapabilityMajor
        #define hipDeviceAttributeComputeCapabilityMinor cudaDevAttrComputeCapabilityMinor
        #define hipDeviceAttributeConcurrentKernels cudaDevAttrConcurrentKernels
        #define hipDeviceAttributeMaxSharedMemoryPerMultiprocessor cudaDevAttrMaxSharedMemoryPerMultiprocessor
        #define hipDeviceAttributeManagedMemory cudaDevAttrManagedMemory
        #define hipDeviceAttributeCooperativeLaunch cudaDevAttrCooperativeLaunch
        // HIP's own device properties (hip_runtime_api.h): unlike CUDA 13's they keep clockRate and
        // memoryClockRate, and add AMD's fields (zero on this device).
        typedef struct hipDeviceProp_t {
            char name[256];
            cudaUUID_t uuid;
            char luid[8];
            unsigned int luidDeviceNodeMask;
            size_t totalGlobalMem;
            size_t sharedMemPerBlock;
            int regsPerBlock;
            int warpSize;
            size_t memPitch;
            int maxThreadsPerBlock;
            int maxThreadsDim[3];
            int maxGridSize[3];
            int clockRate;
            size_t totalConstMem;
            int major;
            int minor;
            size_t textureAlignment;
            size_t texturePitchAlignment;
            int deviceOverlap;
            int multiProcessorCount;
            int kernelExecTimeoutEnabled;
            int integrated;
            int canMapHostMemory;
            int computeMode;
            int maxTexture1D;
            int maxTexture2D[2];
            int maxTexture3D[3];
            size_t surfaceAlignment;
            int concurrentKernels;
            int ECCEnabled;
            int pciBusID;
            int pciDeviceID;
            int pciDomainID;
            int tccDriver;
            int asyncEngineCount;
            int unifiedAddressing;
            int memoryClockRate;
            int memoryBusWidth;
            int l2CacheSize;
            int persistingL2CacheMaxSize;
            int maxThreadsPerMultiProcessor;
            int streamPrioritiesSupported;
            int globalL1CacheSupported;
            int localL1CacheSupported;
            size_t sharedMemPerMultiprocessor;
            int regsPerMultiprocessor;
            int managedMemory;
            int isMultiGpuBoard;
            int multiGpuBoardGroupID;
            int hostNativeAtomicSupported;
            int pageableMemoryAccess;
            int concurrentManagedAccess;
            int computePreemptionSupported;
            int canUseHostPointerForRegisteredMem;
            int cooperativeLaunch;
            int cooperativeMultiDeviceLaunch;
            size_t sharedMemPerBlockOptin;
            int pageableMemoryAccessUsesHostPageTables;
            int directManagedMemAccessFromHost;
            int maxBlocksPerMultiProcessor;
            int accessPolicyMaxWindowSize;
            size_t reservedSharedMemPerBlock;
            int hostRegisterSupported;
            int sparseHipArraySupported;
            int hostRegisterReadOnlySupported;
            int timelineSemaphoreInteropSupported;
            int memoryPoolsSupported;
            int gpuDirectRDMASupported;
            unsigned int gpuDirectRDMAFlushWritesOptions;
            int gpuDirectRDMAWritesOrdering;
            unsigned int memoryPoolSupportedHandleTypes;
            int deferredMappingHipArraySupported;
            int ipcEventSupported;
            int clusterLaunch;
            int unifiedFunctionPointers;
            int reserved[63];
            int hipReserved[32];
            char gcnArchName[256];
            size_t maxSharedMemoryPerMultiProcessor;
            int clockInstructionRate;
            int isLargeBar;
            int asicRevision;
            int isAPU;
        } hipDeviceProp_t;
        extern "C" {
        __host__ hipError_t hipGetDeviceProperties(hipDeviceProp_t *prop, int device);
        }
        // The HIP API over the CUDA one, as HIP's NVIDIA backend maps it; the variadic forms keep
        // CUDA's default arguments (hipMemcpyToSymbol's offset and kind, hipEventRecord's stream).
        #define hipMalloc(...) ((hipError_t)cudaMalloc(__VA_ARGS__))
        #define hipFree(...) ((hipError_t)cudaFree(__VA_ARGS__))
        #define hipMallocManaged(...) ((hipError_t)cudaMallocManaged(__VA_ARGS__))
        #define hipMallocPitch(...) ((hipError_t)cudaMallocPitch(__VA_ARGS__))
        #define hipMallocHost(...) ((hipError_t)cudaMallocHost(__VA_ARGS__))
        #define hipHostMalloc(...) ((hipError_t)__webcu_hipHostMalloc(__VA_ARGS__))
        #define hipHostAlloc(...) ((hipError_t)cudaHostAlloc(__VA_ARGS__))
        #define hipHostFree(...) ((hipError_t)cudaFreeHost(__VA_ARGS__))
        #define hipFreeHost(...) ((hipError_t)cudaFreeHost(__VA_ARGS__))
        #define hipHostRegister(...) ((hipError_t)cudaHostRegister(__VA_ARGS__))
        #define hipHostUnregister(...) ((hipError_t)cudaHostUnregister(__VA_ARGS__))
        #define hipMemcpy(...) ((hipError_t)cudaMemcpy(__VA_ARGS__))
        #define hipMemcpyAsync(...) ((hipError_t)cudaMemcpyAsync(__VA_ARGS__))
        #define hipMemcpyHtoD(dst, src, n) ((hipError_t)cudaMemcpy((void *)(dst), (src), (n), cudaMemcpyHostToDevice))
        #define hipMemcpyDtoH(dst, src, n) ((hipError_t)cudaMemcpy((dst), (const void *)(src), (n), cudaMemcpyDeviceToHost))
        #define hipMemcpyDtoD(dst, src, n) ((hipError_t)cudaMemcpy((void *)(dst), (const void *)(src), (n), cudaMemcpyDeviceToDevice))
        #define hipMemcpy2D(...) ((hipError_t)cudaMemcpy2D(__VA_ARGS__))
        #define hipMemcpy2DAsync(...) ((hipError_t)cudaMemcpy2DAsync(__VA_ARGS__))
        #define hipMemset(...) ((hipError_t)cudaMemset(__VA_ARGS__))
        #define hipMemsetAsync(...) ((hipError_t)cudaMemsetAsync(__VA_ARGS__))
        #define hipMemset2D(...) ((hipError_t)cudaMemset2D(__VA_ARGS__))
        #define hipMemset2DAsync(...) ((hipError_t)cudaMemset2DAsync(__VA_ARGS__))
        #define hipMemGetInfo(...) ((hipError_t)cudaMemGetInfo(__VA_ARGS__))
        #define hipMemPrefetchAsync(...) ((hipError_t)cudaMemPrefetchAsync(__VA_ARGS__))
        #define hipPointerGetAttributes(...) ((hipError_t)cudaPointerGetAttributes(__VA_ARGS__))
        #define hipMemcpyToSymbol(...) ((hipError_t)cudaMemcpyToSymbol(__VA_ARGS__))
        #define hipMemcpyFromSymbol(...) ((hipError_t)cudaMemcpyFromSymbol(__VA_ARGS__))
        #define hipMemcpyToSymbolAsync(...) ((hipError_t)cudaMemcpyToSymbolAsync(__VA_ARGS__))
        #define hipMemcpyFromSymbolAsync(...) ((hipError_t)cudaMemcpyFromSymbolAsync(__VA_ARGS__))
        #define hipGetSymbolAddress(...) ((hipError_t)cudaGetSymbolAddress(__VA_ARGS__))
        #define hipGetSymbolSize(...) ((hipError_t)cudaGetSymbolSize(__VA_ARGS__))
        #define hipDeviceSynchronize() ((hipError_t)cudaDeviceSynchronize())
        #define hipDeviceReset() ((hipError_t)cudaDeviceReset())
        #define hipGetLastError() ((hipError_t)cudaGetLastError())
        #define hipPeekAtLastError() ((hipError_t)cudaPeekAtLastError())
        #define hipGetErrorString(e) cudaGetErrorString((cudaError_t)(e))
        #define hipGetErrorName(e) cudaGetErrorName((cudaError_t)(e))
        #define hipSetDevice(...) ((hipError_t)cudaSetDevice(__VA_ARGS__))
        #define hipGetDevice(...) ((hipError_t)cudaGetDevice(__VA_ARGS__))
        #define hipGetDeviceCount(...) ((hipError_t)cudaGetDeviceCount(__VA_ARGS__))
        #define hipDeviceGetAttribute(...) ((hipError_t)cudaDeviceGetAttribute(__VA_ARGS__))
        #define hipSetDeviceFlags(...) ((hipError_t)cudaSetDeviceFlags(__VA_ARGS__))
        #define hipGetDeviceFlags(...) ((hipError_t)cudaGetDeviceFlags(__VA_ARGS__))
        #define hipDeviceSetCacheConfig(...) ((hipError_t)cudaDeviceSetCacheConfig(__VA_ARGS__))
        #define hipDeviceGetCacheConfig(...) ((hipError_t)cudaDeviceGetCacheConfig(__VA_ARGS__))
        #define hipDeviceSetSharedMemConfig(...) ((hipError_t)cudaDeviceSetSharedMemConfig(__VA_ARGS__))
        #define hipDeviceSetLimit(...) ((hipError_t)cudaDeviceSetLimit(__VA_ARGS__))
        #define hipDeviceGetLimit(...) ((hipError_t)cudaDeviceGetLimit(__VA_ARGS__))
        #define hipDriverGetVersion(...) ((hipError_t)cudaDriverGetVersion(__VA_ARGS__))
        #define hipRuntimeGetVersion(...) ((hipError_t)cudaRuntimeGetVersion(__VA_ARGS__))
        #define hipStreamCreate(...) ((hipError_t)cudaStreamCreate(__VA_ARGS__))
        #define hipStreamCreateWithFlags(...) ((hipError_t)cudaStreamCreateWithFlags(__VA_ARGS__))
        #define hipStreamCreateWithPriority(...) ((hipError_t)cudaStreamCreateWithPriority(__VA_ARGS__))
        #define hipStreamDestroy(...) ((hipError_t)cudaStreamDestroy(__VA_ARGS__))
        #define hipStreamSynchronize(...) ((hipError_t)cudaStreamSynchronize(__VA_ARGS__))
        #define hipStreamQuery(...) ((hipError_t)cudaStreamQuery(__VA_ARGS__))
        #define hipStreamWaitEvent(...) ((hipError_t)cudaStreamWaitEvent(__VA_ARGS__))
        #define hipDeviceGetStreamPriorityRange(...) ((hipError_t)cudaDeviceGetStreamPriorityRange(__VA_ARGS__))
        #define hipEventCreate(...) ((hipError_t)cudaEventCreate(__VA_ARGS__))
        #define hipEventCreateWithFlags(...) ((hipError_t)cudaEventCreateWithFlags(__VA_ARGS__))
        #define hipEventRecord(...) ((hipError_t)cudaEventRecord(__VA_ARGS__))
        #define hipEventSynchronize(...) ((hipError_t)cudaEventSynchronize(__VA_ARGS__))
        #define hipEventQuery(...) ((hipError_t)cudaEventQuery(__VA_ARGS__))
        #define hipEventElapsedTime(...) ((hipError_t)cudaEventElapsedTime(__VA_ARGS__))
        #define hipEventDestroy(...) ((hipError_t)cudaEventDestroy(__VA_ARGS__))
        #define hipFuncGetAttributes(...) ((hipError_t)cudaFuncGetAttributes(__VA_ARGS__))
        #define hipFuncSetAttribute(...) ((hipError_t)cudaFuncSetAttribute(__VA_ARGS__))
        #define hipFuncSetCacheConfig(...) ((hipError_t)cudaFuncSetCacheConfig(__VA_ARGS__))
        #define hipOccupancyMaxActiveBlocksPerMultiprocessor(...) ((hipError_t)cudaOccupancyMaxActiveBlocksPerMultiprocessor(__VA_ARGS__))
        #define hipOccupancyMaxPotentialBlockSize(...) ((hipError_t)cudaOccupancyMaxPotentialBlockSize(__VA_ARGS__))
        #define hipLaunchKernel(...) ((hipError_t)cudaLaunchKernel(__VA_ARGS__))
        #define hipLaunchCooperativeKernel(...) ((hipError_t)cudaLaunchCooperativeKernel(__VA_ARGS__))
        #define hipProfilerStart() ((hipError_t)cudaProfilerStart())
        #define hipProfilerStop() ((hipError_t)cudaProfilerStop())
        #define hipLaunchKernelGGL(kernel, grid, block, shmem, stream, ...) kernel<<<(grid), (block), (shmem), (stream)>>>(__VA_ARGS__)
        template <class T> static __host__ inline cudaError_t __webcu_hipHostMalloc(T **ptr, size_t size, unsigned int flags = 0) {
            return cudaHostAlloc((void **)ptr, size, flags & 0xF);
        }
        #define hipThreadIdx_x threadIdx.x
        #define hipThreadIdx_y threadIdx.y
        #define hipThreadIdx_z threadIdx.z
        #define hipBlockIdx_x blockIdx.x
        #define hipBlockIdx_y blockIdx.y
        #define hipBlockIdx_z blockIdx.z
        #define hipBlockDim_x blockDim.x
        #define hipBlockDim_y blockDim.y
        #define hipBlockDim_z blockDim.z
        #define hipGridDim_x gridDim.x
        #define hipGridDim_y gridDim.y
        #define hipGridDim_z gridDim.z
        // HIP's warp functions without a mask act on the whole warp; HIP's ballot is 64 bits wide.
        template <class T> static __device__ inline T __shfl(T var, int srcLane, int width = 32) { return __shfl_sync(0xffffffffu, var, srcLane, width); }
        template <class T> static __device__ inline T __shfl_up(T var, unsigned int delta, int width = 32) { return __shfl_up_sync(0xffffffffu, var, delta, width); }
        template <class T> static __device__ inline T __shfl_down(T var, unsigned int delta, int width = 32) { return __shfl_down_sync(0xffffffffu, var, delta, width); }
        template <class T> static __device__ inline T __shfl_xor(T var, int laneMask, int width = 32) { return __shfl_xor_sync(0xffffffffu, var, laneMask, width); }
        static __device__ inline unsigned long long __ballot(int predicate) { return __ballot_sync(0xffffffffu, predicate); }
        static __device__ inline int __any(int predicate) { return __any_sync(0xffffffffu, predicate); }
        static __device__ inline int __all(int predicate) { return __all_sync(0xffffffffu, predicate); }
        """.replace("HIP_ERROR_CODES", CudaHeaders.HIP_ERROR_CODES);

    private static final String VECTOR_TYPES = """
        struct __align__(1) char1 { char x; };
        static __host__ __device__ inline char1 make_char1(char x) { char1 t; t.x = x; return t; }
        struct __align__(2) char2 { char x, y; };
        static __host__ __device__ inline char2 make_char2(char x, char y) { char2 t; t.x = x; t.y = y; return t; }
        struct __align__(1) char3 { char x, y, z; };
        static __host__ __device__ inline char3 make_char3(char x, char y, char z) { char3 t; t.x = x; t.y = y; t.z = z; return t; }
        struct __align__(4) char4 { char x, y, z, w; };
        static __host__ __device__ inline char4 make_char4(char x, char y, char z, char w) { char4 t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
        struct __align__(1) uchar1 { unsigned char x; };
        static __host__ __device__ inline uchar1 make_uchar1(unsigned char x) { uchar1 t; t.x = x; return t; }
        struct __align__(2) uchar2 { unsigned char x, y; };
        static __host__ __device__ inline uchar2 make_uchar2(unsigned char x, unsigned char y) { uchar2 t; t.x = x; t.y = y; return t; }
        struct __align__(1) uchar3 { unsigned char x, y, z; };
        static __host__ __device__ inline uchar3 make_uchar3(unsigned char x, unsigned char y, unsigned char z) { uchar3 t; t.x = x; t.y = y; t.z = z; return t; }
        struct __align__(4) uchar4 { unsigned char x, y, z, w; };
        static __host__ __device__ inline uchar4 make_uchar4(unsigned char x, unsigned char y, unsigned char z, unsigned char w) { uchar4 t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
        struct __align__(2) short1 { short x; };
        static __host__ __device__ inline short1 make_short1(short x) { short1 t; t.x = x; return t; }
        struct __align__(4) short2 { short x, y; };
        static __host__ __device__ inline short2 make_short2(short x, short y) { short2 t; t.x = x; t.y = y; return t; }
        struct __align__(2) short3 { short x, y, z; };
        static __host__ __device__ inline short3 make_short3(short x, short y, short z) { short3 t; t.x = x; t.y = y; t.z = z; return t; }
        struct __align__(8) short4 { short x, y, z, w; };
        static __host__ __device__ inline short4 make_short4(short x, short y, short z, short w) { short4 t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
        struct __align__(2) ushort1 { unsigned short x; };
        static __host__ __device__ inline ushort1 make_ushort1(unsigned short x) { ushort1 t; t.x = x; return t; }
        struct __align__(4) ushort2 { unsigned short x, y; };
        static __host__ __device__ inline ushort2 make_ushort2(unsigned short x, unsigned short y) { ushort2 t; t.x = x; t.y = y; return t; }
        struct __align__(2) ushort3 { unsigned short x, y, z; };
        static __host__ __device__ inline ushort3 make_ushort3(unsigned short x, unsigned short y, unsigned short z) { ushort3 t; t.x = x; t.y = y; t.z = z; return t; }
        struct __align__(8) ushort4 { unsigned short x, y, z, w; };
        static __host__ __device__ inline ushort4 make_ushort4(unsigned short x, unsigned short y, unsigned short z, unsigned short w) { ushort4 t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
        struct __align__(4) int1 { int x; };
        static __host__ __device__ inline int1 make_int1(int x) { int1 t; t.x = x; return t; }
        struct __align__(8) int2 { int x, y; };
        static __host__ __device__ inline int2 make_int2(int x, int y) { int2 t; t.x = x; t.y = y; return t; }
        struct __align__(4) int3 { int x, y, z; };
        static __host__ __device__ inline int3 make_int3(int x, int y, int z) { int3 t; t.x = x; t.y = y; t.z = z; return t; }
        struct __align__(16) int4 { int x, y, z, w; };
        static __host__ __device__ inline int4 make_int4(int x, int y, int z, int w) { int4 t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
        struct __align__(4) uint1 { unsigned int x; };
        static __host__ __device__ inline uint1 make_uint1(unsigned int x) { uint1 t; t.x = x; return t; }
        struct __align__(8) uint2 { unsigned int x, y; };
        static __host__ __device__ inline uint2 make_uint2(unsigned int x, unsigned int y) { uint2 t; t.x = x; t.y = y; return t; }
        struct __align__(4) uint3 { unsigned int x, y, z; };
        static __host__ __device__ inline uint3 make_uint3(unsigned int x, unsigned int y, unsigned int z) { uint3 t; t.x = x; t.y = y; t.z = z; return t; }
        struct __align__(16) uint4 { unsigned int x, y, z, w; };
        static __host__ __device__ inline uint4 make_uint4(unsigned int x, unsigned int y, unsigned int z, unsigned int w) { uint4 t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
        struct __align__(8) long1 { long x; };
        static __host__ __device__ inline long1 make_long1(long x) { long1 t; t.x = x; return t; }
        struct __align__(16) long2 { long x, y; };
        static __host__ __device__ inline long2 make_long2(long x, long y) { long2 t; t.x = x; t.y = y; return t; }
        struct __align__(8) long3 { long x, y, z; };
        static __host__ __device__ inline long3 make_long3(long x, long y, long z) { long3 t; t.x = x; t.y = y; t.z = z; return t; }
        struct __align__(16) long4 { long x, y, z, w; };
        static __host__ __device__ inline long4 make_long4(long x, long y, long z, long w) { long4 t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
        struct __align__(8) ulong1 { unsigned long x; };
        static __host__ __device__ inline ulong1 make_ulong1(unsigned long x) { ulong1 t; t.x = x; return t; }
        struct __align__(16) ulong2 { unsigned long x, y; };
        static __host__ __device__ inline ulong2 make_ulong2(unsigned long x, unsigned long y) { ulong2 t; t.x = x; t.y = y; return t; }
        struct __align__(8) ulong3 { unsigned long x, y, z; };
        static __host__ __device__ inline ulong3 make_ulong3(unsigned long x, unsigned long y, unsigned long z) { ulong3 t; t.x = x; t.y = y; t.z = z; return t; }
        struct __align__(16) ulong4 { unsigned long x, y, z, w; };
        static __host__ __device__ inline ulong4 make_ulong4(unsigned long x, unsigned long y, unsigned long z, unsigned long w) { ulong4 t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
        struct __align__(8) longlong1 { long long x; };
        static __host__ __device__ inline longlong1 make_longlong1(long long x) { longlong1 t; t.x = x; return t; }
        struct __align__(16) longlong2 { long long x, y; };
        static __host__ __device__ inline longlong2 make_longlong2(long long x, long long y) { longlong2 t; t.x = x; t.y = y; return t; }
        struct __align__(8) longlong3 { long long x, y, z; };
        static __host__ __device__ inline longlong3 make_longlong3(long long x, long long y, long long z) { longlong3 t; t.x = x; t.y = y; t.z = z; return t; }
        struct __align__(16) longlong4 { long long x, y, z, w; };
        static __host__ __device__ inline longlong4 make_longlong4(long long x, long long y, long long z, long long w) { longlong4 t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
        struct __align__(8) ulonglong1 { unsigned long long x; };
        static __host__ __device__ inline ulonglong1 make_ulonglong1(unsigned long long x) { ulonglong1 t; t.x = x; return t; }
        struct __align__(16) ulonglong2 { unsigned long long x, y; };
        static __host__ __device__ inline ulonglong2 make_ulonglong2(unsigned long long x, unsigned long long y) { ulonglong2 t; t.x = x; t.y = y; return t; }
        struct __align__(8) ulonglong3 { unsigned long long x, y, z; };
        static __host__ __device__ inline ulonglong3 make_ulonglong3(unsigned long long x, unsigned long long y, unsigned long long z) { ulonglong3 t; t.x = x; t.y = y; t.z = z; return t; }
        struct __align__(16) ulonglong4 { unsigned long long x, y, z, w; };
        static __host__ __device__ inline ulonglong4 make_ulonglong4(unsigned long long x, unsigned long long y, unsigned long long z, unsigned long long w) { ulonglong4 t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
        struct __align__(4) float1 { float x; };
        static __host__ __device__ inline float1 make_float1(float x) { float1 t; t.x = x; return t; }
        struct __align__(8) float2 { float x, y; };
        static __host__ __device__ inline float2 make_float2(float x, float y) { float2 t; t.x = x; t.y = y; return t; }
        struct __align__(4) float3 { float x, y, z; };
        static __host__ __device__ inline float3 make_float3(float x, float y, float z) { float3 t; t.x = x; t.y = y; t.z = z; return t; }
        struct __align__(16) float4 { float x, y, z, w; };
        static __host__ __device__ inline float4 make_float4(float x, float y, float z, float w) { float4 t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
        struct __align__(8) double1 { double x; };
        static __host__ __device__ inline double1 make_double1(double x) { double1 t; t.x = x; return t; }
        struct __align__(16) double2 { double x, y; };
        static __host__ __device__ inline double2 make_double2(double x, double y) { double2 t; t.x = x; t.y = y; return t; }
        struct __align__(8) double3 { double x, y, z; };
        static __host__ __device__ inline double3 make_double3(double x, double y, double z) { double3 t; t.x = x; t.y = y; t.z = z; return t; }
        struct __align__(16) double4 { double x, y, z, w; };
        static __host__ __device__ inline double4 make_double4(double x, double y, double z, double w) { double4 t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
        """;

    private static final String ERROR_CODES = """
            cudaSuccess = 0,
            cudaErrorInvalidValue = 1,
            cudaErrorMemoryAllocation = 2,
            cudaErrorInitializationError = 3,
            cudaErrorCudartUnloading = 4,
            cudaErrorProfilerDisabled = 5,
            cudaErrorInvalidConfiguration = 9,
            cudaErrorInvalidPitchValue = 12,
            cudaErrorInvalidSymbol = 13,
            cudaErrorInvalidHostPointer = 16,
            cudaErrorInvalidDevicePointer = 17,
            cudaErrorInvalidTexture = 18,
            cudaErrorInvalidMemcpyDirection = 21,
            cudaErrorMissingConfiguration = 52,
            cudaErrorLaunchMaxDepthExceeded = 65,
            cudaErrorInvalidDeviceFunction = 98,
            cudaErrorNoDevice = 100,
            cudaErrorInvalidDevice = 101,
            cudaErrorDeviceNotLicensed = 102,
            cudaErrorStartupFailure = 127,
            cudaErrorInvalidKernelImage = 200,
            cudaErrorDeviceUninitialized = 201,
            cudaErrorAlreadyMapped = 208,
            cudaErrorNoKernelImageForDevice = 209,
            cudaErrorUnsupportedLimit = 215,
            cudaErrorInvalidSource = 300,
            cudaErrorFileNotFound = 301,
            cudaErrorInvalidHandle = 400,
            cudaErrorIllegalState = 401,
            cudaErrorSymbolNotFound = 500,
            cudaErrorNotReady = 600,
            cudaErrorIllegalAddress = 700,
            cudaErrorLaunchOutOfResources = 701,
            cudaErrorLaunchTimeout = 702,
            cudaErrorLaunchIncompatibleTexturing = 703,
            cudaErrorPeerAccessAlreadyEnabled = 704,
            cudaErrorPeerAccessNotEnabled = 705,
            cudaErrorSetOnActiveProcess = 708,
            cudaErrorContextIsDestroyed = 709,
            cudaErrorAssert = 710,
            cudaErrorTooManyPeers = 711,
            cudaErrorHostMemoryAlreadyRegistered = 712,
            cudaErrorHostMemoryNotRegistered = 713,
            cudaErrorHardwareStackError = 714,
            cudaErrorIllegalInstruction = 715,
            cudaErrorMisalignedAddress = 716,
            cudaErrorInvalidAddressSpace = 717,
            cudaErrorInvalidPc = 718,
            cudaErrorLaunchFailure = 719,
            cudaErrorCooperativeLaunchTooLarge = 720,
            cudaErrorNotPermitted = 800,
            cudaErrorNotSupported = 801,
            cudaErrorUnknown = 999
        """;

    private static final String HIP_ERROR_CODES = """
            hipSuccess = 0,
            hipErrorInvalidValue = 1,
            hipErrorMemoryAllocation = 2,
            hipErrorInitializationError = 3,
            hipErrorCudartUnloading = 4,
            hipErrorProfilerDisabled = 5,
            hipErrorInvalidConfiguration = 9,
            hipErrorInvalidPitchValue = 12,
            hipErrorInvalidSymbol = 13,
            hipErrorInvalidHostPointer = 16,
            hipErrorInvalidDevicePointer = 17,
            hipErrorInvalidTexture = 18,
            hipErrorInvalidMemcpyDirection = 21,
            hipErrorMissingConfiguration = 52,
            hipErrorLaunchMaxDepthExceeded = 65,
            hipErrorInvalidDeviceFunction = 98,
            hipErrorNoDevice = 100,
            hipErrorInvalidDevice = 101,
            hipErrorDeviceNotLicensed = 102,
            hipErrorStartupFailure = 127,
            hipErrorInvalidKernelImage = 200,
            hipErrorDeviceUninitialized = 201,
            hipErrorAlreadyMapped = 208,
            hipErrorNoKernelImageForDevice = 209,
            hipErrorUnsupportedLimit = 215,
            hipErrorInvalidSource = 300,
            hipErrorFileNotFound = 301,
            hipErrorInvalidHandle = 400,
            hipErrorIllegalState = 401,
            hipErrorSymbolNotFound = 500,
            hipErrorNotReady = 600,
            hipErrorIllegalAddress = 700,
            hipErrorLaunchOutOfResources = 701,
            hipErrorLaunchTimeout = 702,
            hipErrorLaunchIncompatibleTexturing = 703,
            hipErrorPeerAccessAlreadyEnabled = 704,
            hipErrorPeerAccessNotEnabled = 705,
            hipErrorSetOnActiveProcess = 708,
            hipErrorContextIsDestroyed = 709,
            hipErrorAssert = 710,
            hipErrorTooManyPeers = 711,
            hipErrorHostMemoryAlreadyRegistered = 712,
            hipErrorHostMemoryNotRegistered = 713,
            hipErrorHardwareStackError = 714,
            hipErrorIllegalInstruction = 715,
            hipErrorMisalignedAddress = 716,
            hipErrorInvalidAddressSpace = 717,
            hipErrorInvalidPc = 718,
            hipErrorLaunchFailure = 719,
            hipErrorCooperativeLaunchTooLarge = 720,
            hipErrorNotPermitted = 800,
            hipErrorNotSupported = 801,
            hipErrorUnknown = 999
        """;
}
