// Command-line and error-check helpers in the style of the CUDA samples' helper_string.h and
// helper_cuda.h (written for this suite): flags look like -name, -name=value or --name=value.
#ifndef SAMPLE_HELPERS_H
#define SAMPLE_HELPERS_H

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <cuda_runtime.h>

#define checkCudaErrors(val) check_cuda((val), #val, __FILE__, __LINE__)

template <typename T>
void check_cuda(T result, char const *const func, const char *const file, int const line)
{
    if (result) {
        fprintf(stderr, "CUDA error at %s:%d code=%d(%s) \"%s\"\n", file, line,
                static_cast<unsigned int>(result), cudaGetErrorName(result), func);
        exit(EXIT_FAILURE);
    }
}

#define getLastCudaError(msg) get_last_cuda_error(msg, __FILE__, __LINE__)

inline void get_last_cuda_error(const char *errorMessage, const char *file, const int line)
{
    cudaError_t err = cudaGetLastError();
    if (cudaSuccess != err) {
        fprintf(stderr, "%s(%i) : getLastCudaError() CUDA error : %s : (%d) %s.\n", file, line,
                errorMessage, static_cast<int>(err), cudaGetErrorString(err));
        exit(EXIT_FAILURE);
    }
}

// Number of leading '-' characters of an argument (0, 1 or 2).
inline int stringRemoveDelimiter(char delimiter, const char *string)
{
    int string_start = 0;
    while (string[string_start] == delimiter) {
        string_start++;
    }
    if (string_start >= (int)strlen(string) - 1) {
        return 0;
    }
    return string_start;
}

inline bool checkCmdLineFlag(const int argc, const char **argv, const char *string_ref)
{
    bool bFound = false;
    if (argc >= 1) {
        for (int i = 1; i < argc; i++) {
            int string_start = stringRemoveDelimiter('-', argv[i]);
            const char *string_argv = &argv[i][string_start];
            const char *equal_pos = strchr(string_argv, '=');
            int argv_length = (int)(equal_pos == 0 ? strlen(string_argv) : equal_pos - string_argv);
            int length = (int)strlen(string_ref);
            if (length == argv_length && !strncmp(string_argv, string_ref, length)) {
                bFound = true;
                continue;
            }
        }
    }
    return bFound;
}

inline int getCmdLineArgumentInt(const int argc, const char **argv, const char *string_ref)
{
    bool bFound = false;
    int value = -1;
    if (argc >= 1) {
        for (int i = 1; i < argc; i++) {
            int string_start = stringRemoveDelimiter('-', argv[i]);
            const char *string_argv = &argv[i][string_start];
            int length = (int)strlen(string_ref);
            if (!strncmp(string_argv, string_ref, length)) {
                if (length + 1 <= (int)strlen(string_argv)) {
                    int auto_inc = (string_argv[length] == '=') ? 1 : 0;
                    value = atoi(&string_argv[length + auto_inc]);
                } else {
                    value = 0;
                }
                bFound = true;
                continue;
            }
        }
    }
    return bFound ? value : 0;
}

inline float getCmdLineArgumentFloat(const int argc, const char **argv, const char *string_ref)
{
    float value = 0;
    for (int i = 1; i < argc; i++) {
        int string_start = stringRemoveDelimiter('-', argv[i]);
        const char *string_argv = &argv[i][string_start];
        int length = (int)strlen(string_ref);
        if (!strncmp(string_argv, string_ref, length) && string_argv[length] == '=') {
            value = (float)atof(&string_argv[length + 1]);
        }
    }
    return value;
}

inline bool getCmdLineArgumentString(const int argc, const char **argv, const char *string_ref,
                                     char **string_retval)
{
    for (int i = 1; i < argc; i++) {
        int string_start = stringRemoveDelimiter('-', argv[i]);
        char *string_argv = (char *)&argv[i][string_start];
        int length = (int)strlen(string_ref);
        if (!strncmp(string_argv, string_ref, length) && string_argv[length] == '=') {
            *string_retval = &string_argv[length + 1];
            return true;
        }
    }
    *string_retval = NULL;
    return false;
}

// Picks the device as the samples do: -device=N or device 0, and says which one.
inline int findCudaDevice(int argc, const char **argv)
{
    int devID = 0;
    if (checkCmdLineFlag(argc, argv, "device")) {
        devID = getCmdLineArgumentInt(argc, argv, "device");
    }
    int count = 0;
    checkCudaErrors(cudaGetDeviceCount(&count));
    if (devID < 0 || devID >= count) {
        fprintf(stderr, "Invalid device %d (have %d)\n", devID, count);
        exit(EXIT_FAILURE);
    }
    checkCudaErrors(cudaSetDevice(devID));
    cudaDeviceProp prop;
    checkCudaErrors(cudaGetDeviceProperties(&prop, devID));
    // The samples print the device's name here; these programs print only what every GPU shares.
    printf("GPU Device %d: warp size %d\n", devID, prop.warpSize);
    return devID;
}

// True when a file can be opened for reading (the samples look for data files this way).
inline bool fileExists(const std::string &path)
{
    std::ifstream f(path.c_str());
    return f.good();
}

#endif
