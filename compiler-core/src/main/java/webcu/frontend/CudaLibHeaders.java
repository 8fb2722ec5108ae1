package webcu.frontend;

/**
 * The text of the CUDA headers beyond cuda_runtime.h: cooperative_groups.h and its reduce.h,
 * cuda_fp16.h and cuda_profiler_api.h. Cooperative groups are written over the warp functions
 * (passes/Warps lowers those for WebGPU), so they run wherever __shfl_sync does.
 */
final class CudaLibHeaders {
    private CudaLibHeaders() {}

    static final String COOPERATIVE_GROUPS = """
        #pragma once
        namespace cooperative_groups {
        static __device__ inline unsigned int __webcu_linear_tid() {
            return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
        }
        static __device__ inline unsigned int __webcu_lane() { return __webcu_linear_tid() & 31u; }

        class thread_block {
        public:
            __device__ void sync() const { __syncthreads(); }
            __device__ unsigned int thread_rank() const { return __webcu_linear_tid(); }
            __device__ unsigned int size() const { return blockDim.x * blockDim.y * blockDim.z; }
            __device__ unsigned int num_threads() const { return blockDim.x * blockDim.y * blockDim.z; }
            __device__ dim3 group_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
            __device__ dim3 thread_index() const { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
            __device__ dim3 group_dim() const { return dim3(blockDim.x, blockDim.y, blockDim.z); }
            __device__ dim3 dim_threads() const { return dim3(blockDim.x, blockDim.y, blockDim.z); }
            __device__ bool is_valid() const { return true; }
        };

        static __device__ inline thread_block this_thread_block() { return thread_block(); }

        // A tile of Size consecutive threads (in the block's linear order) inside one warp.
        template <unsigned int Size> class thread_block_tile {
        public:
            __device__ unsigned int __mask() const {
                return (0xffffffffu >> (32u - Size)) << (__webcu_lane() & ~(Size - 1u));
            }
            __device__ void sync() const { __syncwarp(__mask()); }
            __device__ unsigned int thread_rank() const { return __webcu_linear_tid() & (Size - 1u); }
            __device__ unsigned int size() const { return Size; }
            __device__ unsigned int num_threads() const { return Size; }
            __device__ unsigned int meta_group_rank() const { return __webcu_linear_tid() / Size; }
            __device__ unsigned int meta_group_size() const {
                return (blockDim.x * blockDim.y * blockDim.z + Size - 1u) / Size;
            }
            __device__ bool is_valid() const { return true; }
            template <class T> __device__ T shfl(T var, int srcRank) const { return __shfl_sync(__mask(), var, srcRank, Size); }
            template <class T> __device__ T shfl_down(T var, unsigned int delta) const { return __shfl_down_sync(__mask(), var, delta, Size); }
            template <class T> __device__ T shfl_up(T var, unsigned int delta) const { return __shfl_up_sync(__mask(), var, delta, Size); }
            template <class T> __device__ T shfl_xor(T var, unsigned int laneMask) const { return __shfl_xor_sync(__mask(), var, laneMask, Size); }
            __device__ int any(int predicate) const { return __any_sync(__mask(), predicate); }
            __device__ int all(int predicate) const { return __all_sync(__mask(), predicate); }
            __device__ unsigned int ballot(int predicate) const {
                return (__ballot_sync(__mask(), predicate) >> (__webcu_lane() & ~(Size - 1u))) & (0xffffffffu >> (32u - Size));
            }
            // The orders of operations are CUDA 13's (cooperative_groups/details/coalesced_reduce.h
            // and coalesced_scan.h: a butterfly of shfl_xor, a Hillis-Steele scan), so float results agree.
            template <class T, class Op> __device__ T __webcu_reduce(T val, Op op) const {
                for (unsigned int m = Size >> 1; m > 0u; m >>= 1) val = op(val, shfl_xor(val, m));
                return val;
            }
            template <class T, class Op> __device__ T __webcu_scan(T val, Op op) const {
                for (unsigned int d = 1; d < Size; d <<= 1) {
                    T t = shfl_up(val, d);
                    if (d <= thread_rank()) val = op(val, t);
                }
                return val;
            }
        };

        template <unsigned int Size> __device__ thread_block_tile<Size> tiled_partition(const thread_block &parent) {
            return thread_block_tile<Size>();
        }

        // The threads of the warp that are active where it is made.
        class coalesced_group {
        public:
            unsigned int __bits;
            __device__ coalesced_group(unsigned int bits) : __bits(bits) {}
            __device__ unsigned int __lane_of(unsigned int rank) const {
                unsigned int m = __bits;
                for (unsigned int i = 0; i < rank; i++) m &= m - 1u;
                return (unsigned int)(__ffs((int)m) - 1);
            }
            __device__ void sync() const { __syncwarp(__bits); }
            __device__ unsigned int thread_rank() const { return (unsigned int)__popc(__bits & ((1u << __webcu_lane()) - 1u)); }
            __device__ unsigned int size() const { return (unsigned int)__popc(__bits); }
            __device__ unsigned int num_threads() const { return (unsigned int)__popc(__bits); }
            __device__ unsigned int meta_group_rank() const { return 0; }
            __device__ unsigned int meta_group_size() const { return 1; }
            __device__ bool is_valid() const { return true; }
            template <class T> __device__ T shfl(T var, unsigned int srcRank) const { return __shfl_sync(__bits, var, (int)__lane_of(srcRank), 32); }
            template <class T> __device__ T shfl_down(T var, unsigned int delta) const {
                unsigned int r = thread_rank() + delta;
                return __shfl_sync(__bits, var, (int)(r < size() ? __lane_of(r) : __webcu_lane()), 32);
            }
            template <class T> __device__ T shfl_up(T var, unsigned int delta) const {
                unsigned int r = thread_rank();
                return __shfl_sync(__bits, var, (int)(r >= delta ? __lane_of(r - delta) : __webcu_lane()), 32);
            }
            __device__ int any(int predicate) const { return __any_sync(__bits, predicate); }
            __device__ int all(int predicate) const { return __all_sync(__bits, predicate); }
            __device__ unsigned int ballot(int predicate) const {
                unsigned int b = __ballot_sync(__bits, predicate), out = 0, m = __bits;
                for (unsigned int r = 0; m != 0u; r++) {
                    unsigned int lane = (unsigned int)(__ffs((int)m) - 1);
                    if ((b >> lane) & 1u) out |= 1u << r;
                    m &= m - 1u;
                }
                return out;
            }
            template <class T, class Op> __device__ T __webcu_scan(T val, Op op) const {
                for (unsigned int d = 1; d < size(); d <<= 1) {
                    T t = shfl_up(val, d);
                    if (d <= thread_rank()) val = op(val, t);
                }
                return val;
            }
            template <class T, class Op> __device__ T __webcu_reduce(T val, Op op) const {
                if (__bits == 0xffffffffu) {
                    for (unsigned int m = 16; m > 0u; m >>= 1) val = op(val, __shfl_xor_sync(0xffffffffu, val, m, 32));
                    return val;
                }
                return shfl(__webcu_scan(val, op), size() - 1u);
            }
        };

        static __device__ inline coalesced_group coalesced_threads() { return coalesced_group(__activemask()); }

        // A group known only at run time: the whole block, or a tile of it (tiled_partition(block, n)).
        class thread_group {
        public:
            unsigned int __tile;
            __device__ thread_group(unsigned int tile) : __tile(tile) {}
            __device__ thread_group(const thread_block &) : __tile(0) {}
            template <unsigned int Size> __device__ thread_group(const thread_block_tile<Size> &) : __tile(Size) {}
            __device__ void sync() const {
                if (__tile == 0u) {
                    __syncthreads();
                } else {
                    __syncwarp((0xffffffffu >> (32u - __tile)) << (__webcu_lane() & ~(__tile - 1u)));
                }
            }
            __device__ unsigned int thread_rank() const {
                return __tile == 0u ? __webcu_linear_tid() : __webcu_linear_tid() & (__tile - 1u);
            }
            __device__ unsigned int size() const { return __tile == 0u ? blockDim.x * blockDim.y * blockDim.z : __tile; }
            __device__ unsigned int num_threads() const { return size(); }
            __device__ bool is_valid() const { return true; }
        };

        static __device__ inline thread_group tiled_partition(const thread_group &parent, unsigned int tileSize) {
            return thread_group(tileSize);
        }
        static __device__ inline thread_group tiled_partition(const thread_block &parent, unsigned int tileSize) {
            return thread_group(tileSize);
        }

        template <class Group> __device__ void sync(const Group &g) { g.sync(); }
        template <class Group> __device__ unsigned int thread_rank(const Group &g) { return g.thread_rank(); }
        template <class Group> __device__ unsigned int group_size(const Group &g) { return g.size(); }

        // The whole grid. Its sync() needs a cooperative launch (cudaLaunchCooperativeKernel), which webcu does not have.
        class grid_group {
        public:
            __device__ unsigned long long thread_rank() const {
                return (unsigned long long)(blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z))
                    * (blockDim.x * blockDim.y * blockDim.z) + __webcu_linear_tid();
            }
            __device__ unsigned long long size() const {
                return (unsigned long long)gridDim.x * gridDim.y * gridDim.z * (blockDim.x * blockDim.y * blockDim.z);
            }
            __device__ unsigned long long num_threads() const { return size(); }
            __device__ unsigned long long block_rank() const { return blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z); }
            __device__ unsigned long long num_blocks() const { return (unsigned long long)gridDim.x * gridDim.y * gridDim.z; }
            __device__ dim3 group_dim() const { return dim3(gridDim.x, gridDim.y, gridDim.z); }
            __device__ dim3 dim_blocks() const { return dim3(gridDim.x, gridDim.y, gridDim.z); }
            __device__ dim3 block_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
            __device__ bool is_valid() const { return false; }
            // Declared only: a call is reported when the program links.
            __device__ void sync() const;
        };
        static __device__ inline grid_group this_grid() { return grid_group(); }

        template <class T> struct plus { __device__ T operator()(T a, T b) const { return a + b; } };
        template <class T> struct less { __device__ T operator()(T a, T b) const { return (b < a) ? b : a; } };
        template <class T> struct greater { __device__ T operator()(T a, T b) const { return (a < b) ? b : a; } };
        template <class T> struct bit_and { __device__ T operator()(T a, T b) const { return a & b; } };
        template <class T> struct bit_or { __device__ T operator()(T a, T b) const { return a | b; } };
        template <class T> struct bit_xor { __device__ T operator()(T a, T b) const { return a ^ b; } };
        }
        """;

    static final String COOPERATIVE_GROUPS_REDUCE = """
        #pragma once
        #include <cooperative_groups.h>
        namespace cooperative_groups {
        // Each group type does the work in a member (__webcu_reduce, __webcu_scan), so that one
        // template serves tiles of every size and coalesced groups.
        template <class Group, class T, class Op> __device__ T reduce(const Group &g, T val, Op op) { return g.__webcu_reduce(val, op); }
        template <class Group, class T, class Op> __device__ T inclusive_scan(const Group &g, T val, Op op) { return g.__webcu_scan(val, op); }
        template <class Group, class T> __device__ T inclusive_scan(const Group &g, T val) { return g.__webcu_scan(val, plus<T>()); }
        template <class Group, class T, class Op> __device__ T exclusive_scan(const Group &g, T val, Op op) {
            T inclusive = g.__webcu_scan(val, op);
            T before = g.shfl_up(inclusive, 1);
            return g.thread_rank() == 0u ? T() : before;
        }
        template <class Group, class T> __device__ T exclusive_scan(const Group &g, T val) { return exclusive_scan(g, val, plus<T>()); }
        }
        """;

    static final String PROFILER_API = """
        #pragma once
        #include <cuda_runtime.h>
        extern "C" {
        __host__ cudaError_t cudaProfilerStart(void);
        __host__ cudaError_t cudaProfilerStop(void);
        }
        """;

    static final String FP16 = """
        #pragma once
        #include <cuda_runtime.h>
        // IEEE binary16 in an unsigned short, converted in integer arithmetic with round-to-nearest-even
        // (cuda_fp16.hpp's host path, which the device's cvt.rn.f16.f32 agrees with), so results are
        // bit-exact on the host, the CPU device and WebGPU (which needs no shader-f16 for it).
        // Arithmetic is done in float and rounded once: float's 24 bits make that correctly rounded for
        // + - * / and sqrt (2p+2 <= 24).
        static __host__ __device__ inline unsigned int __webcu_fbits(float f) { return __float_as_uint(f); }
        static __host__ __device__ inline unsigned short __webcu_f2h(float f) {
            unsigned int x = __webcu_fbits(f);
            unsigned int sign = (x >> 16) & 0x8000u;
            unsigned int ax = x & 0x7fffffffu;
            if (ax >= 0x7f800000u) return (unsigned short)(ax == 0x7f800000u ? (sign | 0x7c00u) : 0x7fffu);
            if (ax >= 0x477ff000u) return (unsigned short)(sign | 0x7c00u);
            if (ax < 0x38800000u) {
                if (ax <= 0x33000000u) return (unsigned short)sign;
                unsigned int e = ax >> 23;
                unsigned int m = (ax & 0x7fffffu) | 0x800000u;
                unsigned int shift = 126u - e;
                unsigned int r = m >> shift;
                unsigned int rem = m & ((1u << shift) - 1u);
                unsigned int half = 1u << (shift - 1u);
                if (rem > half || (rem == half && (r & 1u) != 0u)) r++;
                return (unsigned short)(sign | r);
            }
            unsigned int r = (ax - 0x38000000u) >> 13;
            unsigned int rem = ax & 0x1fffu;
            if (rem > 0x1000u || (rem == 0x1000u && (r & 1u) != 0u)) r++;
            return (unsigned short)(sign | r);
        }
        static __host__ __device__ inline unsigned short __webcu_f2h_rz(float f) {
            unsigned int x = __webcu_fbits(f);
            unsigned int sign = (x >> 16) & 0x8000u;
            unsigned int ax = x & 0x7fffffffu;
            if (ax >= 0x7f800000u) return (unsigned short)(ax == 0x7f800000u ? (sign | 0x7c00u) : 0x7fffu);
            if (ax >= 0x47800000u) return (unsigned short)(sign | 0x7bffu);
            if (ax < 0x38800000u) {
                if (ax < 0x33800000u) return (unsigned short)sign;
                unsigned int e = ax >> 23;
                return (unsigned short)(sign | ((ax & 0x7fffffu) | 0x800000u) >> (126u - e));
            }
            return (unsigned short)(sign | (ax - 0x38000000u) >> 13);
        }
        static __host__ __device__ inline float __webcu_h2f(unsigned short h) {
            unsigned int sign = ((unsigned int)h >> 15) & 1u;
            unsigned int exponent = ((unsigned int)h >> 10) & 0x1fu;
            unsigned int mantissa = ((unsigned int)h & 0x3ffu) << 13;
            if (exponent == 0x1fu) {
                sign = mantissa != 0u ? 0u : sign;
                mantissa = mantissa != 0u ? 0x7fffffu : 0u;
                exponent = 0xffu;
            } else if (exponent == 0u) {
                if (mantissa != 0u) {
                    unsigned int msb;
                    exponent = 0x71u;
                    do {
                        msb = mantissa & 0x400000u;
                        mantissa <<= 1;
                        --exponent;
                    } while (msb == 0u);
                    mantissa &= 0x7fffffu;
                }
            } else {
                exponent += 0x70u;
            }
            return __uint_as_float((sign << 31) | (exponent << 23) | mantissa);
        }

        struct __half_raw { unsigned short x; };
        struct __half2_raw { unsigned short x, y; };

        struct __align__(2) __half {
            unsigned short __x;
            __host__ __device__ __half() {}
            __host__ __device__ __half(const __half_raw &r) : __x(r.x) {}
            __host__ __device__ __half(float f) : __x(__webcu_f2h(f)) {}
            __host__ __device__ __half(double d) : __x(__webcu_f2h((float)d)) {}
            __host__ __device__ __half(int i) : __x(__webcu_f2h((float)i)) {}
            __host__ __device__ __half(unsigned int i) : __x(__webcu_f2h((float)i)) {}
            __host__ __device__ __half(short i) : __x(__webcu_f2h((float)i)) {}
            __host__ __device__ __half(unsigned short i) : __x(__webcu_f2h((float)i)) {}
            __host__ __device__ __half(long long i) : __x(__webcu_f2h((float)i)) {}
            __host__ __device__ __half(unsigned long long i) : __x(__webcu_f2h((float)i)) {}
            __host__ __device__ __half(const __half &o) = default;
            __host__ __device__ __half &operator=(const __half &o) { __x = o.__x; return *this; }
            __host__ __device__ __half &operator=(const __half_raw &r) { __x = r.x; return *this; }
            __host__ __device__ __half &operator=(float f) { __x = __webcu_f2h(f); return *this; }
            __host__ __device__ __half &operator=(double d) { __x = __webcu_f2h((float)d); return *this; }
            __host__ __device__ __half &operator=(int i) { __x = __webcu_f2h((float)i); return *this; }
            __host__ __device__ operator float() const { return __webcu_h2f(__x); }
        };
        typedef __half half;

        struct __align__(4) __half2 {
            __half x, y;
            __host__ __device__ __half2() {}
            __host__ __device__ __half2(const __half &a, const __half &b) : x(a), y(b) {}
            __host__ __device__ __half2(const __half2_raw &r) { x.__x = r.x; y.__x = r.y; }
        };
        typedef __half2 half2;

        static __host__ __device__ inline __half __webcu_mkhalf(unsigned short bits) { __half h; h.__x = bits; return h; }

        // Conversions
        static __host__ __device__ inline __half __float2half(float a) { return __webcu_mkhalf(__webcu_f2h(a)); }
        static __host__ __device__ inline __half __float2half_rn(float a) { return __webcu_mkhalf(__webcu_f2h(a)); }
        static __host__ __device__ inline __half __float2half_rz(float a) { return __webcu_mkhalf(__webcu_f2h_rz(a)); }
        static __host__ __device__ inline __half __double2half(double a) { return __webcu_mkhalf(__webcu_f2h((float)a)); }
        static __host__ __device__ inline float __half2float(__half a) { return __webcu_h2f(a.__x); }
        static __host__ __device__ inline __half2 __float2half2_rn(float a) { return __half2(__float2half(a), __float2half(a)); }
        static __host__ __device__ inline __half2 __floats2half2_rn(float a, float b) { return __half2(__float2half(a), __float2half(b)); }
        static __host__ __device__ inline float2 __half22float2(__half2 a) { return make_float2(__half2float(a.x), __half2float(a.y)); }
        static __host__ __device__ inline __half2 __float22half2_rn(float2 a) { return __half2(__float2half(a.x), __float2half(a.y)); }
        static __host__ __device__ inline __half2 __half2half2(__half a) { return __half2(a, a); }
        static __host__ __device__ inline __half2 __halves2half2(__half a, __half b) { return __half2(a, b); }
        static __host__ __device__ inline __half __low2half(__half2 a) { return a.x; }
        static __host__ __device__ inline __half __high2half(__half2 a) { return a.y; }
        static __host__ __device__ inline float __low2float(__half2 a) { return __half2float(a.x); }
        static __host__ __device__ inline float __high2float(__half2 a) { return __half2float(a.y); }
        static __host__ __device__ inline __half2 __low2half2(__half2 a) { return __half2(a.x, a.x); }
        static __host__ __device__ inline __half2 __high2half2(__half2 a) { return __half2(a.y, a.y); }
        static __host__ __device__ inline __half2 __lows2half2(__half2 a, __half2 b) { return __half2(a.x, b.x); }
        static __host__ __device__ inline __half2 __highs2half2(__half2 a, __half2 b) { return __half2(a.y, b.y); }
        static __host__ __device__ inline __half2 __lowhigh2highlow(__half2 a) { return __half2(a.y, a.x); }
        static __host__ __device__ inline short __half_as_short(__half h) { return (short)h.__x; }
        static __host__ __device__ inline unsigned short __half_as_ushort(__half h) { return h.__x; }
        static __host__ __device__ inline __half __short_as_half(short i) { return __webcu_mkhalf((unsigned short)i); }
        static __host__ __device__ inline __half __ushort_as_half(unsigned short i) { return __webcu_mkhalf(i); }
        static __host__ __device__ inline __half __int2half_rn(int i) { return __float2half((float)i); }
        static __host__ __device__ inline __half __uint2half_rn(unsigned int i) { return __float2half((float)i); }
        static __host__ __device__ inline __half __short2half_rn(short i) { return __float2half((float)i); }
        static __host__ __device__ inline __half __ushort2half_rn(unsigned short i) { return __float2half((float)i); }
        static __host__ __device__ inline __half __ll2half_rn(long long i) { return __float2half((float)i); }
        static __host__ __device__ inline __half __ull2half_rn(unsigned long long i) { return __float2half((float)i); }
        // half to integer: NaN gives 0 and out-of-range values saturate, as cvt does.
        static __host__ __device__ inline int __half2int_rz(__half h) { float f = __half2float(h); return f != f ? 0 : (int)f; }
        static __host__ __device__ inline int __half2int_rn(__half h) { float f = __half2float(h); return f != f ? 0 : (int)rintf(f); }
        static __host__ __device__ inline int __half2int_rd(__half h) { float f = __half2float(h); return f != f ? 0 : (int)floorf(f); }
        static __host__ __device__ inline int __half2int_ru(__half h) { float f = __half2float(h); return f != f ? 0 : (int)ceilf(f); }
        static __host__ __device__ inline unsigned int __half2uint_rz(__half h) { float f = __half2float(h); return f != f || f <= 0.0f ? 0u : (unsigned int)f; }
        static __host__ __device__ inline unsigned int __half2uint_rn(__half h) { float f = rintf(__half2float(h)); return f != f || f <= 0.0f ? 0u : (unsigned int)f; }
        static __host__ __device__ inline short __half2short_rz(__half h) { float f = __half2float(h); return f != f ? (short)0 : f >= 32767.0f ? (short)32767 : f <= -32768.0f ? (short)-32768 : (short)f; }
        static __host__ __device__ inline short __half2short_rn(__half h) { return __half2short_rz(__float2half(rintf(__half2float(h)))); }
        static __host__ __device__ inline unsigned short __half2ushort_rz(__half h) { float f = __half2float(h); return f != f || f <= 0.0f ? (unsigned short)0 : (unsigned short)f; }
        static __host__ __device__ inline long long __half2ll_rz(__half h) { float f = __half2float(h); return f != f ? (long long)0x8000000000000000ull : (long long)f; }

        // Arithmetic
        static __host__ __device__ inline __half __hadd(__half a, __half b) { return __float2half(__half2float(a) + __half2float(b)); }
        static __host__ __device__ inline __half __hsub(__half a, __half b) { return __float2half(__half2float(a) - __half2float(b)); }
        static __host__ __device__ inline __half __hmul(__half a, __half b) { return __float2half(__half2float(a) * __half2float(b)); }
        static __host__ __device__ inline __half __hdiv(__half a, __half b) { return __float2half(__half2float(a) / __half2float(b)); }
        static __host__ __device__ inline __half __hadd_rn(__half a, __half b) { return __hadd(a, b); }
        static __host__ __device__ inline __half __hsub_rn(__half a, __half b) { return __hsub(a, b); }
        static __host__ __device__ inline __half __hmul_rn(__half a, __half b) { return __hmul(a, b); }
        static __host__ __device__ inline float __webcu_sat(float f) { return f != f ? 0.0f : f < 0.0f ? 0.0f : f > 1.0f ? 1.0f : f; }
        static __host__ __device__ inline __half __hadd_sat(__half a, __half b) { return __float2half(__webcu_sat(__half2float(a) + __half2float(b))); }
        static __host__ __device__ inline __half __hsub_sat(__half a, __half b) { return __float2half(__webcu_sat(__half2float(a) - __half2float(b))); }
        static __host__ __device__ inline __half __hmul_sat(__half a, __half b) { return __float2half(__webcu_sat(__half2float(a) * __half2float(b))); }
        static __host__ __device__ inline __half __hfma(__half a, __half b, __half c) { return __float2half(fmaf(__half2float(a), __half2float(b), __half2float(c))); }
        static __host__ __device__ inline __half __hfma_sat(__half a, __half b, __half c) { return __float2half(__webcu_sat(fmaf(__half2float(a), __half2float(b), __half2float(c)))); }
        static __host__ __device__ inline __half __hneg(__half a) { return __webcu_mkhalf((unsigned short)(a.__x ^ 0x8000u)); }
        static __host__ __device__ inline __half __habs(__half a) { return __webcu_mkhalf((unsigned short)(a.__x & 0x7fffu)); }
        static __host__ __device__ inline bool __hisnan(__half a) { return (a.__x & 0x7fffu) > 0x7c00u; }
        static __host__ __device__ inline int __hisinf(__half a) { return a.__x == 0x7c00u ? 1 : a.__x == 0xfc00u ? -1 : 0; }
        static __host__ __device__ inline bool __heq(__half a, __half b) { return __half2float(a) == __half2float(b); }
        static __host__ __device__ inline bool __hne(__half a, __half b) { return __half2float(a) != __half2float(b) && !__hisnan(a) && !__hisnan(b); }
        static __host__ __device__ inline bool __hlt(__half a, __half b) { return __half2float(a) < __half2float(b); }
        static __host__ __device__ inline bool __hle(__half a, __half b) { return __half2float(a) <= __half2float(b); }
        static __host__ __device__ inline bool __hgt(__half a, __half b) { return __half2float(a) > __half2float(b); }
        static __host__ __device__ inline bool __hge(__half a, __half b) { return __half2float(a) >= __half2float(b); }
        static __host__ __device__ inline bool __hequ(__half a, __half b) { return !(__half2float(a) != __half2float(b)); }
        static __host__ __device__ inline bool __hneu(__half a, __half b) { return __half2float(a) != __half2float(b); }
        static __host__ __device__ inline bool __hltu(__half a, __half b) { return !(__half2float(a) >= __half2float(b)); }
        static __host__ __device__ inline bool __hgtu(__half a, __half b) { return !(__half2float(a) <= __half2float(b)); }
        // __hmax/__hmin: the other operand when one is NaN, as fmaxf does.
        static __host__ __device__ inline __half __hmax(__half a, __half b) { return __float2half(fmaxf(__half2float(a), __half2float(b))); }
        static __host__ __device__ inline __half __hmin(__half a, __half b) { return __float2half(fminf(__half2float(a), __half2float(b))); }
        static __host__ __device__ inline __half hsqrt(__half a) { return __float2half(sqrtf(__half2float(a))); }
        static __host__ __device__ inline __half hrsqrt(__half a) { return __float2half(1.0f / sqrtf(__half2float(a))); }
        static __host__ __device__ inline __half hrcp(__half a) { return __float2half(1.0f / __half2float(a)); }
        static __host__ __device__ inline __half hexp(__half a) { return __float2half(expf(__half2float(a))); }
        static __host__ __device__ inline __half hexp2(__half a) { return __float2half(exp2f(__half2float(a))); }
        static __host__ __device__ inline __half hlog(__half a) { return __float2half(logf(__half2float(a))); }
        static __host__ __device__ inline __half hlog2(__half a) { return __float2half(log2f(__half2float(a))); }
        static __host__ __device__ inline __half hsin(__half a) { return __float2half(sinf(__half2float(a))); }
        static __host__ __device__ inline __half hcos(__half a) { return __float2half(cosf(__half2float(a))); }
        static __host__ __device__ inline __half hfloor(__half a) { return __float2half(floorf(__half2float(a))); }
        static __host__ __device__ inline __half hceil(__half a) { return __float2half(ceilf(__half2float(a))); }
        static __host__ __device__ inline __half htrunc(__half a) { return __float2half(truncf(__half2float(a))); }
        static __host__ __device__ inline __half hrint(__half a) { return __float2half(rintf(__half2float(a))); }

        static __host__ __device__ inline __half2 __hadd2(__half2 a, __half2 b) { return __half2(__hadd(a.x, b.x), __hadd(a.y, b.y)); }
        static __host__ __device__ inline __half2 __hsub2(__half2 a, __half2 b) { return __half2(__hsub(a.x, b.x), __hsub(a.y, b.y)); }
        static __host__ __device__ inline __half2 __hmul2(__half2 a, __half2 b) { return __half2(__hmul(a.x, b.x), __hmul(a.y, b.y)); }
        static __host__ __device__ inline __half2 __h2div(__half2 a, __half2 b) { return __half2(__hdiv(a.x, b.x), __hdiv(a.y, b.y)); }
        static __host__ __device__ inline __half2 __hfma2(__half2 a, __half2 b, __half2 c) { return __half2(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)); }
        static __host__ __device__ inline __half2 __hneg2(__half2 a) { return __half2(__hneg(a.x), __hneg(a.y)); }
        static __host__ __device__ inline __half2 __habs2(__half2 a) { return __half2(__habs(a.x), __habs(a.y)); }
        static __host__ __device__ inline __half2 __hmax2(__half2 a, __half2 b) { return __half2(__hmax(a.x, b.x), __hmax(a.y, b.y)); }
        static __host__ __device__ inline __half2 __hmin2(__half2 a, __half2 b) { return __half2(__hmin(a.x, b.x), __hmin(a.y, b.y)); }
        static __host__ __device__ inline __half2 h2sqrt(__half2 a) { return __half2(hsqrt(a.x), hsqrt(a.y)); }
        static __host__ __device__ inline bool __hbeq2(__half2 a, __half2 b) { return __heq(a.x, b.x) && __heq(a.y, b.y); }

        // Operators (cuda_fp16.hpp's, without __CUDA_NO_HALF_OPERATORS__)
        static __host__ __device__ inline __half operator+(const __half &a, const __half &b) { return __hadd(a, b); }
        static __host__ __device__ inline __half operator-(const __half &a, const __half &b) { return __hsub(a, b); }
        static __host__ __device__ inline __half operator*(const __half &a, const __half &b) { return __hmul(a, b); }
        static __host__ __device__ inline __half operator/(const __half &a, const __half &b) { return __hdiv(a, b); }
        static __host__ __device__ inline __half &operator+=(__half &a, const __half &b) { a = __hadd(a, b); return a; }
        static __host__ __device__ inline __half &operator-=(__half &a, const __half &b) { a = __hsub(a, b); return a; }
        static __host__ __device__ inline __half &operator*=(__half &a, const __half &b) { a = __hmul(a, b); return a; }
        static __host__ __device__ inline __half &operator/=(__half &a, const __half &b) { a = __hdiv(a, b); return a; }
        static __host__ __device__ inline __half operator-(const __half &a) { return __hneg(a); }
        static __host__ __device__ inline __half operator+(const __half &a) { return a; }
        static __host__ __device__ inline bool operator==(const __half &a, const __half &b) { return __heq(a, b); }
        static __host__ __device__ inline bool operator!=(const __half &a, const __half &b) { return __hneu(a, b); }
        static __host__ __device__ inline bool operator<(const __half &a, const __half &b) { return __hlt(a, b); }
        static __host__ __device__ inline bool operator<=(const __half &a, const __half &b) { return __hle(a, b); }
        static __host__ __device__ inline bool operator>(const __half &a, const __half &b) { return __hgt(a, b); }
        static __host__ __device__ inline bool operator>=(const __half &a, const __half &b) { return __hge(a, b); }
        static __host__ __device__ inline __half2 operator+(const __half2 &a, const __half2 &b) { return __hadd2(a, b); }
        static __host__ __device__ inline __half2 operator-(const __half2 &a, const __half2 &b) { return __hsub2(a, b); }
        static __host__ __device__ inline __half2 operator*(const __half2 &a, const __half2 &b) { return __hmul2(a, b); }
        static __host__ __device__ inline __half2 operator/(const __half2 &a, const __half2 &b) { return __h2div(a, b); }
        static __host__ __device__ inline __half2 &operator+=(__half2 &a, const __half2 &b) { a = __hadd2(a, b); return a; }
        static __host__ __device__ inline __half2 &operator-=(__half2 &a, const __half2 &b) { a = __hsub2(a, b); return a; }
        static __host__ __device__ inline __half2 &operator*=(__half2 &a, const __half2 &b) { a = __hmul2(a, b); return a; }
        static __host__ __device__ inline __half2 operator-(const __half2 &a) { return __hneg2(a); }

        // Warp shuffles of halves move their 16 bits (a __half2's 32) through the 32-bit shuffles.
        static __device__ inline __half __shfl_sync(unsigned int mask, __half var, int srcLane, int width = 32) { return __ushort_as_half((unsigned short)__shfl_sync(mask, (unsigned int)var.__x, srcLane, width)); }
        static __device__ inline __half __shfl_up_sync(unsigned int mask, __half var, unsigned int delta, int width = 32) { return __ushort_as_half((unsigned short)__shfl_up_sync(mask, (unsigned int)var.__x, delta, width)); }
        static __device__ inline __half __shfl_down_sync(unsigned int mask, __half var, unsigned int delta, int width = 32) { return __ushort_as_half((unsigned short)__shfl_down_sync(mask, (unsigned int)var.__x, delta, width)); }
        static __device__ inline __half __shfl_xor_sync(unsigned int mask, __half var, int laneMask, int width = 32) { return __ushort_as_half((unsigned short)__shfl_xor_sync(mask, (unsigned int)var.__x, laneMask, width)); }
        static __device__ inline unsigned int __webcu_h2bits(__half2 v) { return (unsigned int)v.x.__x | (unsigned int)v.y.__x << 16; }
        static __device__ inline __half2 __webcu_bits2h(unsigned int b) { return __half2(__ushort_as_half((unsigned short)(b & 0xffffu)), __ushort_as_half((unsigned short)(b >> 16))); }
        static __device__ inline __half2 __shfl_sync(unsigned int mask, __half2 var, int srcLane, int width = 32) { return __webcu_bits2h(__shfl_sync(mask, __webcu_h2bits(var), srcLane, width)); }
        static __device__ inline __half2 __shfl_up_sync(unsigned int mask, __half2 var, unsigned int delta, int width = 32) { return __webcu_bits2h(__shfl_up_sync(mask, __webcu_h2bits(var), delta, width)); }
        static __device__ inline __half2 __shfl_down_sync(unsigned int mask, __half2 var, unsigned int delta, int width = 32) { return __webcu_bits2h(__shfl_down_sync(mask, __webcu_h2bits(var), delta, width)); }
        static __device__ inline __half2 __shfl_xor_sync(unsigned int mask, __half2 var, int laneMask, int width = 32) { return __webcu_bits2h(__shfl_xor_sync(mask, __webcu_h2bits(var), laneMask, width)); }

        #define CUDART_INF_FP16 __ushort_as_half((unsigned short)0x7C00U)
        #define CUDART_NAN_FP16 __ushort_as_half((unsigned short)0x7FFFU)
        #define CUDART_MIN_DENORM_FP16 __ushort_as_half((unsigned short)0x0001U)
        #define CUDART_MAX_NORMAL_FP16 __ushort_as_half((unsigned short)0x7BFFU)
        #define CUDART_NEG_ZERO_FP16 __ushort_as_half((unsigned short)0x8000U)
        #define CUDART_ZERO_FP16 __ushort_as_half((unsigned short)0x0000U)
        #define CUDART_ONE_FP16 __ushort_as_half((unsigned short)0x3C00U)
        """;

    /**
     * cuda.h: the runtime, plus the driver API's types and the calls that need no module loading,
     * written over the runtime (one device, its primary context). Modules, contexts and
     * cuLaunchKernel are not declared: webcu compiles the program's kernels itself.
     */
    static final String DRIVER = """
        #pragma once
        #include <cuda_runtime.h>
        #define CUDA_VERSION 13000
        typedef enum cudaError_enum {
            CUDA_SUCCESS = 0, CUDA_ERROR_INVALID_VALUE = 1, CUDA_ERROR_OUT_OF_MEMORY = 2,
            CUDA_ERROR_NOT_INITIALIZED = 3, CUDA_ERROR_DEINITIALIZED = 4, CUDA_ERROR_NO_DEVICE = 100,
            CUDA_ERROR_INVALID_DEVICE = 101, CUDA_ERROR_INVALID_CONTEXT = 201, CUDA_ERROR_INVALID_HANDLE = 400,
            CUDA_ERROR_NOT_FOUND = 500, CUDA_ERROR_NOT_READY = 600, CUDA_ERROR_ILLEGAL_ADDRESS = 700,
            CUDA_ERROR_LAUNCH_FAILED = 719, CUDA_ERROR_NOT_SUPPORTED = 801, CUDA_ERROR_UNKNOWN = 999
        } CUresult;
        typedef int CUdevice;
        typedef unsigned long long CUdeviceptr;
        typedef cudaStream_t CUstream;
        typedef cudaEvent_t CUevent;
        typedef cudaDeviceAttr CUdevice_attribute;
        #define CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK cudaDevAttrMaxThreadsPerBlock
        #define CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X cudaDevAttrMaxBlockDimX
        #define CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X cudaDevAttrMaxGridDimX
        #define CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK cudaDevAttrMaxSharedMemoryPerBlock
        #define CU_DEVICE_ATTRIBUTE_WARP_SIZE cudaDevAttrWarpSize
        #define CU_DEVICE_ATTRIBUTE_CLOCK_RATE cudaDevAttrClockRate
        #define CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT cudaDevAttrMultiProcessorCount
        #define CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR cudaDevAttrComputeCapabilityMajor
        #define CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR cudaDevAttrComputeCapabilityMinor
        #define CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR cudaDevAttrMaxThreadsPerMultiProcessor
        static inline CUresult __webcu_cu(cudaError_t e) {
            switch (e) {
            case cudaSuccess: return CUDA_SUCCESS;
            case cudaErrorMemoryAllocation: return CUDA_ERROR_OUT_OF_MEMORY;
            case cudaErrorInvalidDevice: return CUDA_ERROR_INVALID_DEVICE;
            case cudaErrorInvalidValue: case cudaErrorInvalidDevicePointer: case cudaErrorInvalidMemcpyDirection: return CUDA_ERROR_INVALID_VALUE;
            case cudaErrorIllegalAddress: return CUDA_ERROR_ILLEGAL_ADDRESS;
            case cudaErrorLaunchFailure: return CUDA_ERROR_LAUNCH_FAILED;
            case cudaErrorNotSupported: return CUDA_ERROR_NOT_SUPPORTED;
            default: return CUDA_ERROR_UNKNOWN;
            }
        }
        static inline CUresult cuInit(unsigned int flags) { return flags == 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE; }
        static inline CUresult cuDriverGetVersion(int *version) { return __webcu_cu(cudaDriverGetVersion(version)); }
        static inline CUresult cuDeviceGetCount(int *count) { return __webcu_cu(cudaGetDeviceCount(count)); }
        static inline CUresult cuDeviceGet(CUdevice *device, int ordinal) {
            if (device == 0) return CUDA_ERROR_INVALID_VALUE;
            if (ordinal != 0) return CUDA_ERROR_INVALID_DEVICE;
            *device = 0;
            return CUDA_SUCCESS;
        }
        static inline CUresult cuDeviceGetName(char *name, int len, CUdevice dev) {
            if (name == 0 || len <= 0) return CUDA_ERROR_INVALID_VALUE;
            cudaDeviceProp prop;
            CUresult r = __webcu_cu(cudaGetDeviceProperties(&prop, dev));
            if (r != CUDA_SUCCESS) return r;
            strncpy(name, prop.name, (size_t)len);
            name[len - 1] = 0;
            return CUDA_SUCCESS;
        }
        static inline CUresult cuDeviceTotalMem(size_t *bytes, CUdevice dev) {
            if (bytes == 0) return CUDA_ERROR_INVALID_VALUE;
            cudaDeviceProp prop;
            CUresult r = __webcu_cu(cudaGetDeviceProperties(&prop, dev));
            if (r == CUDA_SUCCESS) *bytes = prop.totalGlobalMem;
            return r;
        }
        static inline CUresult cuDeviceGetAttribute(int *value, CUdevice_attribute attrib, CUdevice dev) { return __webcu_cu(cudaDeviceGetAttribute(value, attrib, dev)); }
        static inline CUresult cuDeviceComputeCapability(int *major, int *minor, CUdevice dev) {
            CUresult r = __webcu_cu(cudaDeviceGetAttribute(major, cudaDevAttrComputeCapabilityMajor, dev));
            return r != CUDA_SUCCESS ? r : __webcu_cu(cudaDeviceGetAttribute(minor, cudaDevAttrComputeCapabilityMinor, dev));
        }
        static inline CUresult cuCtxSynchronize(void) { return __webcu_cu(cudaDeviceSynchronize()); }
        static inline CUresult cuMemAlloc(CUdeviceptr *dptr, size_t bytesize) {
            if (dptr == 0) return CUDA_ERROR_INVALID_VALUE;
            void *p = 0;
            CUresult r = __webcu_cu(cudaMalloc(&p, bytesize));
            *dptr = (CUdeviceptr)p;
            return r;
        }
        static inline CUresult cuMemFree(CUdeviceptr dptr) { return __webcu_cu(cudaFree((void *)dptr)); }
        static inline CUresult cuMemcpyHtoD(CUdeviceptr dst, const void *src, size_t n) { return __webcu_cu(cudaMemcpy((void *)dst, src, n, cudaMemcpyHostToDevice)); }
        static inline CUresult cuMemcpyDtoH(void *dst, CUdeviceptr src, size_t n) { return __webcu_cu(cudaMemcpy(dst, (const void *)src, n, cudaMemcpyDeviceToHost)); }
        static inline CUresult cuMemcpyDtoD(CUdeviceptr dst, CUdeviceptr src, size_t n) { return __webcu_cu(cudaMemcpy((void *)dst, (const void *)src, n, cudaMemcpyDeviceToDevice)); }
        static inline CUresult cuMemsetD8(CUdeviceptr dst, unsigned char v, size_t n) { return __webcu_cu(cudaMemset((void *)dst, v, n)); }
        static inline CUresult cuMemGetInfo(size_t *free, size_t *total) { return __webcu_cu(cudaMemGetInfo(free, total)); }
        static inline CUresult cuGetErrorName(CUresult error, const char **name) {
            if (name == 0) return CUDA_ERROR_INVALID_VALUE;
            switch (error) {
            case CUDA_SUCCESS: *name = "CUDA_SUCCESS"; break;
            case CUDA_ERROR_INVALID_VALUE: *name = "CUDA_ERROR_INVALID_VALUE"; break;
            case CUDA_ERROR_OUT_OF_MEMORY: *name = "CUDA_ERROR_OUT_OF_MEMORY"; break;
            case CUDA_ERROR_NOT_INITIALIZED: *name = "CUDA_ERROR_NOT_INITIALIZED"; break;
            case CUDA_ERROR_DEINITIALIZED: *name = "CUDA_ERROR_DEINITIALIZED"; break;
            case CUDA_ERROR_NO_DEVICE: *name = "CUDA_ERROR_NO_DEVICE"; break;
            case CUDA_ERROR_INVALID_DEVICE: *name = "CUDA_ERROR_INVALID_DEVICE"; break;
            case CUDA_ERROR_INVALID_CONTEXT: *name = "CUDA_ERROR_INVALID_CONTEXT"; break;
            case CUDA_ERROR_INVALID_HANDLE: *name = "CUDA_ERROR_INVALID_HANDLE"; break;
            case CUDA_ERROR_NOT_FOUND: *name = "CUDA_ERROR_NOT_FOUND"; break;
            case CUDA_ERROR_NOT_READY: *name = "CUDA_ERROR_NOT_READY"; break;
            case CUDA_ERROR_ILLEGAL_ADDRESS: *name = "CUDA_ERROR_ILLEGAL_ADDRESS"; break;
            case CUDA_ERROR_LAUNCH_FAILED: *name = "CUDA_ERROR_LAUNCH_FAILED"; break;
            case CUDA_ERROR_NOT_SUPPORTED: *name = "CUDA_ERROR_NOT_SUPPORTED"; break;
            case CUDA_ERROR_UNKNOWN: *name = "CUDA_ERROR_UNKNOWN"; break;
            default: *name = 0; return CUDA_ERROR_INVALID_VALUE;
            }
            return CUDA_SUCCESS;
        }
        static inline CUresult cuGetErrorString(CUresult error, const char **str) {
            if (str == 0) return CUDA_ERROR_INVALID_VALUE;
            switch (error) {
            case CUDA_SUCCESS: *str = "no error"; break;
            case CUDA_ERROR_INVALID_VALUE: *str = "invalid argument"; break;
            case CUDA_ERROR_OUT_OF_MEMORY: *str = "out of memory"; break;
            case CUDA_ERROR_NOT_INITIALIZED: *str = "initialization error"; break;
            case CUDA_ERROR_DEINITIALIZED: *str = "driver shutting down"; break;
            case CUDA_ERROR_NO_DEVICE: *str = "no CUDA-capable device is detected"; break;
            case CUDA_ERROR_INVALID_DEVICE: *str = "invalid device ordinal"; break;
            case CUDA_ERROR_INVALID_CONTEXT: *str = "invalid device context"; break;
            case CUDA_ERROR_INVALID_HANDLE: *str = "invalid resource handle"; break;
            case CUDA_ERROR_NOT_FOUND: *str = "named symbol not found"; break;
            case CUDA_ERROR_NOT_READY: *str = "device not ready"; break;
            case CUDA_ERROR_ILLEGAL_ADDRESS: *str = "an illegal memory access was encountered"; break;
            case CUDA_ERROR_LAUNCH_FAILED: *str = "unspecified launch failure"; break;
            case CUDA_ERROR_NOT_SUPPORTED: *str = "operation not supported"; break;
            case CUDA_ERROR_UNKNOWN: *str = "unknown error"; break;
            default: *str = 0; return CUDA_ERROR_INVALID_VALUE;
            }
            return CUDA_SUCCESS;
        }
        """;
}
