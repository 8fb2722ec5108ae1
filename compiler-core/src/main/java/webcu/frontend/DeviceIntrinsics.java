package webcu.frontend;

/**
 * Device intrinsics of cuda_runtime.h: atomics, warp functions and bit/rounding intrinsics. Each
 * C++ overload is an inline wrapper around an external with a unique name,
 * {@code __webcu_<op>_<type>} (type one of i32 u32 i64 u64 f32 f64), which the VM and the device
 * passes implement by name.
 */
final class DeviceIntrinsics {
    private DeviceIntrinsics() {}

    static final String TEXT = """
        extern "C" {
        __device__ int __webcu_atomicAdd_i32(int *address, int val);
        __device__ unsigned int __webcu_atomicAdd_u32(unsigned int *address, unsigned int val);
        __device__ unsigned long long __webcu_atomicAdd_u64(unsigned long long *address, unsigned long long val);
        __device__ float __webcu_atomicAdd_f32(float *address, float val);
        __device__ double __webcu_atomicAdd_f64(double *address, double val);
        __device__ int __webcu_atomicSub_i32(int *address, int val);
        __device__ unsigned int __webcu_atomicSub_u32(unsigned int *address, unsigned int val);
        __device__ int __webcu_atomicExch_i32(int *address, int val);
        __device__ unsigned int __webcu_atomicExch_u32(unsigned int *address, unsigned int val);
        __device__ unsigned long long __webcu_atomicExch_u64(unsigned long long *address, unsigned long long val);
        __device__ float __webcu_atomicExch_f32(float *address, float val);
        __device__ int __webcu_atomicMin_i32(int *address, int val);
        __device__ unsigned int __webcu_atomicMin_u32(unsigned int *address, unsigned int val);
        __device__ long long __webcu_atomicMin_i64(long long *address, long long val);
        __device__ unsigned long long __webcu_atomicMin_u64(unsigned long long *address, unsigned long long val);
        __device__ int __webcu_atomicMax_i32(int *address, int val);
        __device__ unsigned int __webcu_atomicMax_u32(unsigned int *address, unsigned int val);
        __device__ long long __webcu_atomicMax_i64(long long *address, long long val);
        __device__ unsigned long long __webcu_atomicMax_u64(unsigned long long *address, unsigned long long val);
        __device__ int __webcu_atomicAnd_i32(int *address, int val);
        __device__ unsigned int __webcu_atomicAnd_u32(unsigned int *address, unsigned int val);
        __device__ unsigned long long __webcu_atomicAnd_u64(unsigned long long *address, unsigned long long val);
        __device__ int __webcu_atomicOr_i32(int *address, int val);
        __device__ unsigned int __webcu_atomicOr_u32(unsigned int *address, unsigned int val);
        __device__ unsigned long long __webcu_atomicOr_u64(unsigned long long *address, unsigned long long val);
        __device__ int __webcu_atomicXor_i32(int *address, int val);
        __device__ unsigned int __webcu_atomicXor_u32(unsigned int *address, unsigned int val);
        __device__ unsigned long long __webcu_atomicXor_u64(unsigned long long *address, unsigned long long val);
        __device__ int __webcu_atomicCAS_i32(int *address, int compare, int val);
        __device__ unsigned int __webcu_atomicCAS_u32(unsigned int *address, unsigned int compare, unsigned int val);
        __device__ unsigned long long __webcu_atomicCAS_u64(unsigned long long *address, unsigned long long compare, unsigned long long val);
        __device__ unsigned short __webcu_atomicCAS_u16(unsigned short *address, unsigned short compare, unsigned short val);
        __device__ unsigned int __webcu_atomicInc_u32(unsigned int *address, unsigned int val);
        __device__ unsigned int __webcu_atomicDec_u32(unsigned int *address, unsigned int val);
        __device__ int __webcu_shfl_i32(unsigned int mask, int var, int srcLane, int width);
        __device__ int __webcu_shfl_up_i32(unsigned int mask, int var, unsigned, int width);
        __device__ int __webcu_shfl_down_i32(unsigned int mask, int var, unsigned, int width);
        __device__ int __webcu_shfl_xor_i32(unsigned int mask, int var, int laneMask, int width);
        __device__ unsigned int __webcu_shfl_u32(unsigned int mask, unsigned int var, int srcLane, int width);
        __device__ unsigned int __webcu_shfl_up_u32(unsigned int mask, unsigned int var, unsigned, int width);
        __device__ unsigned int __webcu_shfl_down_u32(unsigned int mask, unsigned int var, unsigned, int width);
        __device__ unsigned int __webcu_shfl_xor_u32(unsigned int mask, unsigned int var, int laneMask, int width);
        __device__ long long __webcu_shfl_i64(unsigned int mask, long long var, int srcLane, int width);
        __device__ long long __webcu_shfl_up_i64(unsigned int mask, long long var, unsigned, int width);
        __device__ long long __webcu_shfl_down_i64(unsigned int mask, long long var, unsigned, int width);
        __device__ long long __webcu_shfl_xor_i64(unsigned int mask, long long var, int laneMask, int width);
        __device__ unsigned long long __webcu_shfl_u64(unsigned int mask, unsigned long long var, int srcLane, int width);
        __device__ unsigned long long __webcu_shfl_up_u64(unsigned int mask, unsigned long long var, unsigned, int width);
        __device__ unsigned long long __webcu_shfl_down_u64(unsigned int mask, unsigned long long var, unsigned, int width);
        __device__ unsigned long long __webcu_shfl_xor_u64(unsigned int mask, unsigned long long var, int laneMask, int width);
        __device__ float __webcu_shfl_f32(unsigned int mask, float var, int srcLane, int width);
        __device__ float __webcu_shfl_up_f32(unsigned int mask, float var, unsigned, int width);
        __device__ float __webcu_shfl_down_f32(unsigned int mask, float var, unsigned, int width);
        __device__ float __webcu_shfl_xor_f32(unsigned int mask, float var, int laneMask, int width);
        __device__ double __webcu_shfl_f64(unsigned int mask, double var, int srcLane, int width);
        __device__ double __webcu_shfl_up_f64(unsigned int mask, double var, unsigned, int width);
        __device__ double __webcu_shfl_down_f64(unsigned int mask, double var, unsigned, int width);
        __device__ double __webcu_shfl_xor_f64(unsigned int mask, double var, int laneMask, int width);
        __device__ unsigned int __webcu_match_any_i32(unsigned int mask, int value);
        __device__ unsigned int __webcu_match_all_i32(unsigned int mask, int value, int *pred);
        __device__ unsigned int __webcu_match_any_u32(unsigned int mask, unsigned int value);
        __device__ unsigned int __webcu_match_all_u32(unsigned int mask, unsigned int value, int *pred);
        __device__ unsigned int __webcu_match_any_i64(unsigned int mask, long long value);
        __device__ unsigned int __webcu_match_all_i64(unsigned int mask, long long value, int *pred);
        __device__ unsigned int __webcu_match_any_u64(unsigned int mask, unsigned long long value);
        __device__ unsigned int __webcu_match_all_u64(unsigned int mask, unsigned long long value, int *pred);
        __device__ unsigned int __webcu_match_any_f32(unsigned int mask, float value);
        __device__ unsigned int __webcu_match_all_f32(unsigned int mask, float value, int *pred);
        __device__ unsigned int __webcu_match_any_f64(unsigned int mask, double value);
        __device__ unsigned int __webcu_match_all_f64(unsigned int mask, double value, int *pred);
        __device__ unsigned int __ballot_sync(unsigned int mask, int predicate);
        __device__ int __any_sync(unsigned int mask, int predicate);
        __device__ int __all_sync(unsigned int mask, int predicate);
        __device__ unsigned int __activemask(void);
        __device__ void __syncwarp(unsigned int mask);
        __device__ int __syncthreads_count(int predicate);
        __device__ int __syncthreads_and(int predicate);
        __device__ int __syncthreads_or(int predicate);
        __device__ int __webcu_reduce_add_i32(unsigned int mask, int value);
        __device__ unsigned int __webcu_reduce_add_u32(unsigned int mask, unsigned int value);
        __device__ int __webcu_reduce_min_i32(unsigned int mask, int value);
        __device__ unsigned int __webcu_reduce_min_u32(unsigned int mask, unsigned int value);
        __device__ int __webcu_reduce_max_i32(unsigned int mask, int value);
        __device__ unsigned int __webcu_reduce_max_u32(unsigned int mask, unsigned int value);
        __device__ unsigned int __reduce_and_sync(unsigned int mask, unsigned int value);
        __device__ unsigned int __reduce_or_sync(unsigned int mask, unsigned int value);
        __device__ unsigned int __reduce_xor_sync(unsigned int mask, unsigned int value);
        __device__ long long clock64(void);
                __device__ double __dadd_rn(double x, double y);
        __device__ double __dsub_rn(double x, double y);
        __device__ double __dmul_rn(double x, double y);
        __device__ double __ddiv_rn(double x, double y);
        __device__ double __fma_rn(double x, double y, double z);
        __device__ int __double2int_rn(double x);
        __device__ int __double2int_rz(double x);
        __device__ long long __double2ll_rn(double x);
        __device__ float __double2float_rn(double x);
        __device__ float __double2float_rz(double x);
        __device__ float __double2float_ru(double x);
        __device__ float __double2float_rd(double x);
        __device__ long long __double_as_longlong(double x);
        __device__ double __longlong_as_double(long long x);
        __device__ unsigned long long __brevll(unsigned long long x);
        __device__ int __ffsll(long long x);
        __device__ unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s);
        __device__ unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int shift);
        __device__ unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int shift);
        __device__ unsigned int __usad(unsigned int x, unsigned int y, unsigned int z);
        __device__ int __sad(int x, int y, unsigned int z);
        __device__ int __hadd(int x, int y);
        __device__ int __rhadd(int x, int y);
        __device__ unsigned int __uhadd(unsigned int x, unsigned int y);
        __device__ long long __mul64hi(long long x, long long y);
        __device__ unsigned long long __umul64hi(unsigned long long x, unsigned long long y);
        __device__ float __frcp_rn(float x);
        __device__ float __fsqrt_rn(float x);
        __device__ float __frsqrt_rn(float x);
        __device__ float __exp10f(float x);
        __device__ float __log2f(float x);
        __device__ float __log10f(float x);
        __device__ float __tanf(float x);
        __device__ void __sincosf(float x, float *s, float *c);
        __host__ __device__ void sincosf(float x, float *s, float *c);
        __host__ __device__ void sincos(double x, double *s, double *c);
        __device__ float __ll2float_rn(long long x);
        __device__ float __uint2float_rn(unsigned int x);
        __device__ double __int2double_rn(int x);
        __device__ long long __float2ll_rn(float x);
        __device__ long long __float2ll_rz(float x);
        __device__ unsigned long long __float2ull_rn(float x);
        __device__ float __float2float_rn(float x);
        __device__ int __float2int_rd_(float x);
        __device__ float exp10f(float x);
        __device__ unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi, unsigned int shift);
        __device__ unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi, unsigned int shift);
        __device__ float __int2float_rz(int x);
        __device__ float __int2float_ru(int x);
        __device__ float __int2float_rd(int x);
        __device__ float __uint2float_rz(unsigned int x);
        __device__ unsigned int __umul24(unsigned int x, unsigned int y);
        __device__ int __float2int_rd_compat(float x);
        __device__ float __fsub_rz(float x, float y);
        __device__ float __fadd_rz(float x, float y);
        __device__ float __fmul_rz(float x, float y);
        __device__ float __fadd_rd(float x, float y);
        __device__ float __fadd_ru(float x, float y);
        __device__ float __fmul_rd(float x, float y);
        __device__ float __fmul_ru(float x, float y);
        __device__ float __fdiv_rz(float x, float y);
        __device__ float __fdiv_rd(float x, float y);
        __device__ float __fdiv_ru(float x, float y);
        }
        static __device__ inline int atomicAdd(int *address, int val) { return __webcu_atomicAdd_i32(address, val); }
        static __device__ inline unsigned int atomicAdd(unsigned int *address, unsigned int val) { return __webcu_atomicAdd_u32(address, val); }
        static __device__ inline unsigned long long atomicAdd(unsigned long long *address, unsigned long long val) { return __webcu_atomicAdd_u64(address, val); }
        static __device__ inline float atomicAdd(float *address, float val) { return __webcu_atomicAdd_f32(address, val); }
        static __device__ inline double atomicAdd(double *address, double val) { return __webcu_atomicAdd_f64(address, val); }
        static __device__ inline int atomicSub(int *address, int val) { return __webcu_atomicSub_i32(address, val); }
        static __device__ inline unsigned int atomicSub(unsigned int *address, unsigned int val) { return __webcu_atomicSub_u32(address, val); }
        static __device__ inline int atomicExch(int *address, int val) { return __webcu_atomicExch_i32(address, val); }
        static __device__ inline unsigned int atomicExch(unsigned int *address, unsigned int val) { return __webcu_atomicExch_u32(address, val); }
        static __device__ inline unsigned long long atomicExch(unsigned long long *address, unsigned long long val) { return __webcu_atomicExch_u64(address, val); }
        static __device__ inline float atomicExch(float *address, float val) { return __webcu_atomicExch_f32(address, val); }
        static __device__ inline int atomicMin(int *address, int val) { return __webcu_atomicMin_i32(address, val); }
        static __device__ inline unsigned int atomicMin(unsigned int *address, unsigned int val) { return __webcu_atomicMin_u32(address, val); }
        static __device__ inline long long atomicMin(long long *address, long long val) { return __webcu_atomicMin_i64(address, val); }
        static __device__ inline unsigned long long atomicMin(unsigned long long *address, unsigned long long val) { return __webcu_atomicMin_u64(address, val); }
        static __device__ inline int atomicMax(int *address, int val) { return __webcu_atomicMax_i32(address, val); }
        static __device__ inline unsigned int atomicMax(unsigned int *address, unsigned int val) { return __webcu_atomicMax_u32(address, val); }
        static __device__ inline long long atomicMax(long long *address, long long val) { return __webcu_atomicMax_i64(address, val); }
        static __device__ inline unsigned long long atomicMax(unsigned long long *address, unsigned long long val) { return __webcu_atomicMax_u64(address, val); }
        static __device__ inline int atomicAnd(int *address, int val) { return __webcu_atomicAnd_i32(address, val); }
        static __device__ inline unsigned int atomicAnd(unsigned int *address, unsigned int val) { return __webcu_atomicAnd_u32(address, val); }
        static __device__ inline unsigned long long atomicAnd(unsigned long long *address, unsigned long long val) { return __webcu_atomicAnd_u64(address, val); }
        static __device__ inline int atomicOr(int *address, int val) { return __webcu_atomicOr_i32(address, val); }
        static __device__ inline unsigned int atomicOr(unsigned int *address, unsigned int val) { return __webcu_atomicOr_u32(address, val); }
        static __device__ inline unsigned long long atomicOr(unsigned long long *address, unsigned long long val) { return __webcu_atomicOr_u64(address, val); }
        static __device__ inline int atomicXor(int *address, int val) { return __webcu_atomicXor_i32(address, val); }
        static __device__ inline unsigned int atomicXor(unsigned int *address, unsigned int val) { return __webcu_atomicXor_u32(address, val); }
        static __device__ inline unsigned long long atomicXor(unsigned long long *address, unsigned long long val) { return __webcu_atomicXor_u64(address, val); }
        static __device__ inline int atomicCAS(int *address, int compare, int val) { return __webcu_atomicCAS_i32(address, compare, val); }
        static __device__ inline unsigned int atomicCAS(unsigned int *address, unsigned int compare, unsigned int val) { return __webcu_atomicCAS_u32(address, compare, val); }
        static __device__ inline unsigned long long atomicCAS(unsigned long long *address, unsigned long long compare, unsigned long long val) { return __webcu_atomicCAS_u64(address, compare, val); }
        static __device__ inline unsigned short atomicCAS(unsigned short *address, unsigned short compare, unsigned short val) { return __webcu_atomicCAS_u16(address, compare, val); }
        static __device__ inline unsigned int atomicInc(unsigned int *address, unsigned int val) { return __webcu_atomicInc_u32(address, val); }
        static __device__ inline unsigned int atomicDec(unsigned int *address, unsigned int val) { return __webcu_atomicDec_u32(address, val); }
        static __device__ inline int atomicAdd_block(int *address, int val) { return __webcu_atomicAdd_i32(address, val); }
        static __device__ inline int atomicAdd_system(int *address, int val) { return __webcu_atomicAdd_i32(address, val); }
        static __device__ inline unsigned int atomicAdd_block(unsigned int *address, unsigned int val) { return __webcu_atomicAdd_u32(address, val); }
        static __device__ inline unsigned int atomicAdd_system(unsigned int *address, unsigned int val) { return __webcu_atomicAdd_u32(address, val); }
        static __device__ inline unsigned long long atomicAdd_block(unsigned long long *address, unsigned long long val) { return __webcu_atomicAdd_u64(address, val); }
        static __device__ inline unsigned long long atomicAdd_system(unsigned long long *address, unsigned long long val) { return __webcu_atomicAdd_u64(address, val); }
        static __device__ inline float atomicAdd_block(float *address, float val) { return __webcu_atomicAdd_f32(address, val); }
        static __device__ inline float atomicAdd_system(float *address, float val) { return __webcu_atomicAdd_f32(address, val); }
        static __device__ inline double atomicAdd_block(double *address, double val) { return __webcu_atomicAdd_f64(address, val); }
        static __device__ inline double atomicAdd_system(double *address, double val) { return __webcu_atomicAdd_f64(address, val); }
        static __device__ inline int atomicSub_block(int *address, int val) { return __webcu_atomicSub_i32(address, val); }
        static __device__ inline int atomicSub_system(int *address, int val) { return __webcu_atomicSub_i32(address, val); }
        static __device__ inline unsigned int atomicSub_block(unsigned int *address, unsigned int val) { return __webcu_atomicSub_u32(address, val); }
        static __device__ inline unsigned int atomicSub_system(unsigned int *address, unsigned int val) { return __webcu_atomicSub_u32(address, val); }
        static __device__ inline int atomicExch_block(int *address, int val) { return __webcu_atomicExch_i32(address, val); }
        static __device__ inline int atomicExch_system(int *address, int val) { return __webcu_atomicExch_i32(address, val); }
        static __device__ inline unsigned int atomicExch_block(unsigned int *address, unsigned int val) { return __webcu_atomicExch_u32(address, val); }
        static __device__ inline unsigned int atomicExch_system(unsigned int *address, unsigned int val) { return __webcu_atomicExch_u32(address, val); }
        static __device__ inline unsigned long long atomicExch_block(unsigned long long *address, unsigned long long val) { return __webcu_atomicExch_u64(address, val); }
        static __device__ inline unsigned long long atomicExch_system(unsigned long long *address, unsigned long long val) { return __webcu_atomicExch_u64(address, val); }
        static __device__ inline float atomicExch_block(float *address, float val) { return __webcu_atomicExch_f32(address, val); }
        static __device__ inline float atomicExch_system(float *address, float val) { return __webcu_atomicExch_f32(address, val); }
        static __device__ inline int atomicMin_block(int *address, int val) { return __webcu_atomicMin_i32(address, val); }
        static __device__ inline int atomicMin_system(int *address, int val) { return __webcu_atomicMin_i32(address, val); }
        static __device__ inline unsigned int atomicMin_block(unsigned int *address, unsigned int val) { return __webcu_atomicMin_u32(address, val); }
        static __device__ inline unsigned int atomicMin_system(unsigned int *address, unsigned int val) { return __webcu_atomicMin_u32(address, val); }
        static __device__ inline long long atomicMin_block(long long *address, long long val) { return __webcu_atomicMin_i64(address, val); }
        static __device__ inline long long atomicMin_system(long long *address, long long val) { return __webcu_atomicMin_i64(address, val); }
        static __device__ inline unsigned long long atomicMin_block(unsigned long long *address, unsigned long long val) { return __webcu_atomicMin_u64(address, val); }
        static __device__ inline unsigned long long atomicMin_system(unsigned long long *address, unsigned long long val) { return __webcu_atomicMin_u64(address, val); }
        static __device__ inline int atomicMax_block(int *address, int val) { return __webcu_atomicMax_i32(address, val); }
        static __device__ inline int atomicMax_system(int *address, int val) { return __webcu_atomicMax_i32(address, val); }
        static __device__ inline unsigned int atomicMax_block(unsigned int *address, unsigned int val) { return __webcu_atomicMax_u32(address, val); }
        static __device__ inline unsigned int atomicMax_system(unsigned int *address, unsigned int val) { return __webcu_atomicMax_u32(address, val); }
        static __device__ inline long long atomicMax_block(long long *address, long long val) { return __webcu_atomicMax_i64(address, val); }
        static __device__ inline long long atomicMax_system(long long *address, long long val) { return __webcu_atomicMax_i64(address, val); }
        static __device__ inline unsigned long long atomicMax_block(unsigned long long *address, unsigned long long val) { return __webcu_atomicMax_u64(address, val); }
        static __device__ inline unsigned long long atomicMax_system(unsigned long long *address, unsigned long long val) { return __webcu_atomicMax_u64(address, val); }
        static __device__ inline int atomicAnd_block(int *address, int val) { return __webcu_atomicAnd_i32(address, val); }
        static __device__ inline int atomicAnd_system(int *address, int val) { return __webcu_atomicAnd_i32(address, val); }
        static __device__ inline unsigned int atomicAnd_block(unsigned int *address, unsigned int val) { return __webcu_atomicAnd_u32(address, val); }
        static __device__ inline unsigned int atomicAnd_system(unsigned int *address, unsigned int val) { return __webcu_atomicAnd_u32(address, val); }
        static __device__ inline unsigned long long atomicAnd_block(unsigned long long *address, unsigned long long val) { return __webcu_atomicAnd_u64(address, val); }
        static __device__ inline unsigned long long atomicAnd_system(unsigned long long *address, unsigned long long val) { return __webcu_atomicAnd_u64(address, val); }
        static __device__ inline int atomicOr_block(int *address, int val) { return __webcu_atomicOr_i32(address, val); }
        static __device__ inline int atomicOr_system(int *address, int val) { return __webcu_atomicOr_i32(address, val); }
        static __device__ inline unsigned int atomicOr_block(unsigned int *address, unsigned int val) { return __webcu_atomicOr_u32(address, val); }
        static __device__ inline unsigned int atomicOr_system(unsigned int *address, unsigned int val) { return __webcu_atomicOr_u32(address, val); }
        static __device__ inline unsigned long long atomicOr_block(unsigned long long *address, unsigned long long val) { return __webcu_atomicOr_u64(address, val); }
        static __device__ inline unsigned long long atomicOr_system(unsigned long long *address, unsigned long long val) { return __webcu_atomicOr_u64(address, val); }
        static __device__ inline int atomicXor_block(int *address, int val) { return __webcu_atomicXor_i32(address, val); }
        static __device__ inline int atomicXor_system(int *address, int val) { return __webcu_atomicXor_i32(address, val); }
        static __device__ inline unsigned int atomicXor_block(unsigned int *address, unsigned int val) { return __webcu_atomicXor_u32(address, val); }
        static __device__ inline unsigned int atomicXor_system(unsigned int *address, unsigned int val) { return __webcu_atomicXor_u32(address, val); }
        static __device__ inline unsigned long long atomicXor_block(unsigned long long *address, unsigned long long val) { return __webcu_atomicXor_u64(address, val); }
        static __device__ inline unsigned long long atomicXor_system(unsigned long long *address, unsigned long long val) { return __webcu_atomicXor_u64(address, val); }
        static __device__ inline int __shfl_sync(unsigned int mask, int var, int srcLane, int width = 32) { return __webcu_shfl_i32(mask, var, srcLane, width); }
        static __device__ inline int __shfl_up_sync(unsigned int mask, int var, unsigned int delta, int width = 32) { return __webcu_shfl_up_i32(mask, var, delta, width); }
        static __device__ inline int __shfl_down_sync(unsigned int mask, int var, unsigned int delta, int width = 32) { return __webcu_shfl_down_i32(mask, var, delta, width); }
        static __device__ inline int __shfl_xor_sync(unsigned int mask, int var, int laneMask, int width = 32) { return __webcu_shfl_xor_i32(mask, var, laneMask, width); }
        static __device__ inline unsigned int __shfl_sync(unsigned int mask, unsigned int var, int srcLane, int width = 32) { return __webcu_shfl_u32(mask, var, srcLane, width); }
        static __device__ inline unsigned int __shfl_up_sync(unsigned int mask, unsigned int var, unsigned int delta, int width = 32) { return __webcu_shfl_up_u32(mask, var, delta, width); }
        static __device__ inline unsigned int __shfl_down_sync(unsigned int mask, unsigned int var, unsigned int delta, int width = 32) { return __webcu_shfl_down_u32(mask, var, delta, width); }
        static __device__ inline unsigned int __shfl_xor_sync(unsigned int mask, unsigned int var, int laneMask, int width = 32) { return __webcu_shfl_xor_u32(mask, var, laneMask, width); }
        static __device__ inline long long __shfl_sync(unsigned int mask, long long var, int srcLane, int width = 32) { return __webcu_shfl_i64(mask, var, srcLane, width); }
        static __device__ inline long long __shfl_up_sync(unsigned int mask, long long var, unsigned int delta, int width = 32) { return __webcu_shfl_up_i64(mask, var, delta, width); }
        static __device__ inline long long __shfl_down_sync(unsigned int mask, long long var, unsigned int delta, int width = 32) { return __webcu_shfl_down_i64(mask, var, delta, width); }
        static __device__ inline long long __shfl_xor_sync(unsigned int mask, long long var, int laneMask, int width = 32) { return __webcu_shfl_xor_i64(mask, var, laneMask, width); }
        static __device__ inline unsigned long long __shfl_sync(unsigned int mask, unsigned long long var, int srcLane, int width = 32) { return __webcu_shfl_u64(mask, var, srcLane, width); }
        static __device__ inline unsigned long long __shfl_up_sync(unsigned int mask, unsigned long long var, unsigned int delta, int width = 32) { return __webcu_shfl_up_u64(mask, var, delta, width); }
        static __device__ inline unsigned long long __shfl_down_sync(unsigned int mask, unsigned long long var, unsigned int delta, int width = 32) { return __webcu_shfl_down_u64(mask, var, delta, width); }
        static __device__ inline unsigned long long __shfl_xor_sync(unsigned int mask, unsigned long long var, int laneMask, int width = 32) { return __webcu_shfl_xor_u64(mask, var, laneMask, width); }
        static __device__ inline float __shfl_sync(unsigned int mask, float var, int srcLane, int width = 32) { return __webcu_shfl_f32(mask, var, srcLane, width); }
        static __device__ inline float __shfl_up_sync(unsigned int mask, float var, unsigned int delta, int width = 32) { return __webcu_shfl_up_f32(mask, var, delta, width); }
        static __device__ inline float __shfl_down_sync(unsigned int mask, float var, unsigned int delta, int width = 32) { return __webcu_shfl_down_f32(mask, var, delta, width); }
        static __device__ inline float __shfl_xor_sync(unsigned int mask, float var, int laneMask, int width = 32) { return __webcu_shfl_xor_f32(mask, var, laneMask, width); }
        static __device__ inline double __shfl_sync(unsigned int mask, double var, int srcLane, int width = 32) { return __webcu_shfl_f64(mask, var, srcLane, width); }
        static __device__ inline double __shfl_up_sync(unsigned int mask, double var, unsigned int delta, int width = 32) { return __webcu_shfl_up_f64(mask, var, delta, width); }
        static __device__ inline double __shfl_down_sync(unsigned int mask, double var, unsigned int delta, int width = 32) { return __webcu_shfl_down_f64(mask, var, delta, width); }
        static __device__ inline double __shfl_xor_sync(unsigned int mask, double var, int laneMask, int width = 32) { return __webcu_shfl_xor_f64(mask, var, laneMask, width); }
        static __device__ inline unsigned int __match_any_sync(unsigned int mask, int value) { return __webcu_match_any_i32(mask, value); }
        static __device__ inline unsigned int __match_all_sync(unsigned int mask, int value, int *pred) { return __webcu_match_all_i32(mask, value, pred); }
        static __device__ inline unsigned int __match_any_sync(unsigned int mask, unsigned int value) { return __webcu_match_any_u32(mask, value); }
        static __device__ inline unsigned int __match_all_sync(unsigned int mask, unsigned int value, int *pred) { return __webcu_match_all_u32(mask, value, pred); }
        static __device__ inline unsigned int __match_any_sync(unsigned int mask, long long value) { return __webcu_match_any_i64(mask, value); }
        static __device__ inline unsigned int __match_all_sync(unsigned int mask, long long value, int *pred) { return __webcu_match_all_i64(mask, value, pred); }
        static __device__ inline unsigned int __match_any_sync(unsigned int mask, unsigned long long value) { return __webcu_match_any_u64(mask, value); }
        static __device__ inline unsigned int __match_all_sync(unsigned int mask, unsigned long long value, int *pred) { return __webcu_match_all_u64(mask, value, pred); }
        static __device__ inline unsigned int __match_any_sync(unsigned int mask, float value) { return __webcu_match_any_f32(mask, value); }
        static __device__ inline unsigned int __match_all_sync(unsigned int mask, float value, int *pred) { return __webcu_match_all_f32(mask, value, pred); }
        static __device__ inline unsigned int __match_any_sync(unsigned int mask, double value) { return __webcu_match_any_f64(mask, value); }
        static __device__ inline unsigned int __match_all_sync(unsigned int mask, double value, int *pred) { return __webcu_match_all_f64(mask, value, pred); }
        static __device__ inline int __reduce_add_sync(unsigned int mask, int value) { return __webcu_reduce_add_i32(mask, value); }
        static __device__ inline unsigned int __reduce_add_sync(unsigned int mask, unsigned int value) { return __webcu_reduce_add_u32(mask, value); }
        static __device__ inline int __reduce_min_sync(unsigned int mask, int value) { return __webcu_reduce_min_i32(mask, value); }
        static __device__ inline unsigned int __reduce_min_sync(unsigned int mask, unsigned int value) { return __webcu_reduce_min_u32(mask, value); }
        static __device__ inline int __reduce_max_sync(unsigned int mask, int value) { return __webcu_reduce_max_i32(mask, value); }
        static __device__ inline unsigned int __reduce_max_sync(unsigned int mask, unsigned int value) { return __webcu_reduce_max_u32(mask, value); }
        static __device__ inline void __syncwarp() { __syncwarp(0xffffffffu); }
        template <class T> static __device__ inline T __ldg(const T *p) { return *p; }
        template <class T> static __device__ inline T __ldcg(const T *p) { return *p; }
        template <class T> static __device__ inline T __ldca(const T *p) { return *p; }
        """;
}
