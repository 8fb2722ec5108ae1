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
}
