// A helper_cuda.h in the style of NVIDIA's samples: error checking by macro and template.
#ifndef COMMON_HELPER_CUDA_H_
#define COMMON_HELPER_CUDA_H_

#include <cstdio>
#include <cstdlib>
#include <cstring>

#ifndef EXIT_WAIVED
#define EXIT_WAIVED 2
#endif

static const char *_cudaGetErrorEnum(cudaError_t error) { return cudaGetErrorName(error); }

template <typename T>
void check(T result, char const *const func, const char *const file, int const line)
{
    if (result) {
        fprintf(stderr, "CUDA error at %s:%d code=%d(%s) \"%s\" \n", file, line, static_cast<unsigned int>(result),
                _cudaGetErrorEnum(result), func);
        exit(EXIT_FAILURE);
    }
}

#define checkCudaErrors(val) check((val), #val, __FILE__, __LINE__)
#define getLastCudaError(msg) __getLastCudaError(msg, __FILE__, __LINE__)

inline void __getLastCudaError(const char *errorMessage, const char *file, const int line)
{
    cudaError_t err = cudaGetLastError();
    if (cudaSuccess != err) {
        fprintf(stderr, "%s(%i) : getLastCudaError() CUDA error : %s : (%d) %s.\n", file, line, errorMessage,
                static_cast<int>(err), cudaGetErrorString(err));
        exit(EXIT_FAILURE);
    }
}

inline int _ConvertSMVer2Cores(int major, int minor)
{
    typedef struct {
        int SM;
        int Cores;
    } sSMtoCores;
    sSMtoCores nGpuArchCoresPerSM[] = {{0x70, 64}, {0x80, 64}, {0x86, 128}, {0x90, 128}, {-1, -1}};
    int index = 0;
    while (nGpuArchCoresPerSM[index].SM != -1) {
        if (nGpuArchCoresPerSM[index].SM == ((major << 4) + minor)) return nGpuArchCoresPerSM[index].Cores;
        index++;
    }
    return nGpuArchCoresPerSM[index - 1].Cores;
}

#endif
