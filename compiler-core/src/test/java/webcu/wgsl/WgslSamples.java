package webcu.wgsl;

import static webcu.passes.TestIr.*;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import webcu.diag.Diagnostics;
import webcu.diag.Span;
import webcu.ir.AddressSpace;
import webcu.ir.BinaryOp;
import webcu.ir.ExecutionSpace;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Global;
import webcu.ir.Local;
import webcu.ir.Module;
import webcu.ir.Stmt;
import webcu.ir.Type;
import webcu.ir.UnaryOp;
import webcu.passes.TestIr;

/**
 * Hand-built kernels, one per construct the WGSL writer handles, as the lowering would produce
 * them. The writer tests check pieces of their WGSL, the golden tests whole files, and
 * {@link WgslValidationTest} runs every one of them through Tint.
 */
final class WgslSamples {
    private WgslSamples() {
    }

    static final Map<String, Supplier<Module>> ALL = new LinkedHashMap<>();

    static {
        ALL.put("vector_add_i32", () -> TestIr.vectorAdd("addInts", Type.I32));
        ALL.put("vector_add_f32", () -> TestIr.vectorAdd("vecAdd", Type.F32));
        ALL.put("index_2d", WgslSamples::index2d);
        ALL.put("control_flow", WgslSamples::controlFlow);
        ALL.put("switch", WgslSamples::switchKernel);
        ALL.put("select", WgslSamples::selects);
        ALL.put("literals", WgslSamples::literals);
        ALL.put("operators", WgslSamples::operators);
        ALL.put("shared_memory", WgslSamples::sharedMemory);
        ALL.put("names", WgslSamples::names);
        ALL.put("two_kernels", WgslSamples::twoKernels);
        ALL.put("math", WgslSamples::math);
        ALL.put("int64", () -> cuda("""
                __global__ void wide(unsigned long long *out, const long long *in, int n)
                {
                    size_t i = blockIdx.x * blockDim.x + threadIdx.x;
                    long long v = in[i];
                    unsigned long long acc = (unsigned long long)v * 3000000000ULL + (v >> 7);
                    acc ^= acc << 33;
                    if (v < -5 || (unsigned long long)v / 7 > 100) acc += (unsigned long long)(float)v;
                    out[i] = acc % 1000003;
                }
                """));
        ALL.put("words", () -> cuda("""
                struct Rec { char tag; bool on; short s; int v; };
                __global__ void bytes(const char *in, char *out, float *rows, int pitch, Rec *recs)
                {
                    int i = threadIdx.x;
                    out[i] = in[i] - 32;
                    float *row = (float *)((char *)rows + i * pitch);
                    row[1] = row[0] * 2.0f;
                    if (recs[i].on) recs[i].s = (short)(recs[i].tag + recs[i].v);
                }
                """));
        ALL.put("structs", () -> cuda("""
                struct float3 { float x, y, z; };
                struct Body { float3 pos; float mass; };
                struct Params { int n; float scale; float *extra; };
                __global__ void step(Body *b, Params p)
                {
                    int i = threadIdx.x;
                    if (i >= p.n) return;
                    Body me = b[i];
                    me.pos.x += me.mass * p.scale;
                    b[i] = me;
                    p.extra[i] = me.pos.y;
                }
                """));
        ALL.put("atomics", () -> cuda("""
                __global__ void hist(const int *keys, int *bins, float *sum, unsigned *ring, int *mn)
                {
                    __shared__ int local[16];
                    int i = threadIdx.x;
                    if (i < 16) local[i] = 0;
                    __syncthreads();
                    atomicAdd(&local[keys[i] % 16], 1);
                    __syncthreads();
                    if (i < 16) atomicAdd(&bins[i], local[i]);
                    atomicAdd(sum, 0.5f);
                    atomicInc(ring, 15u);
                    atomicMin(mn, keys[i]);
                    if (atomicCAS(&bins[16], 0, i) == 0) atomicExch(&bins[17], i);
                }
                """));
        // 64-bit atomics: per word where nothing reads the old value, else under the stripe's lock
        ALL.put("atomics64", () -> cuda("""
                __global__ void bits(unsigned long long *acc)
                {
                    unsigned long long i = blockIdx.x * blockDim.x + threadIdx.x;
                    atomicAdd(&acc[0], 0xFFFFFFFFULL + i);
                    atomicOr(&acc[1], 1ULL << (i % 61));
                    atomicAnd(&acc[2], ~(1ULL << (i % 64)));
                    atomicXor(&acc[3], i * 0x0001000100010001ULL);
                }
                __global__ void counted(unsigned long long *n, unsigned long long *slot, long long *mx)
                {
                    int i = blockIdx.x * blockDim.x + threadIdx.x;
                    slot[i] = atomicAdd(n, 0x100000001ULL);
                    atomicMax(mx, (long long)i - 100);
                    unsigned long long old = n[1], assumed;
                    do {
                        assumed = old;
                        old = atomicCAS(&n[1], assumed, assumed + 3);
                    } while (old != assumed);
                }
                """));
        ALL.put("printf_assert", () -> cuda("""
                #include <cstdio>
                #include <cassert>
                __global__ void say(int n, double x, const char *msg)
                {
                    assert(n > 0);
                    printf("%d %s %.3f %s\\n", n + (int)threadIdx.x, threadIdx.x % 2 ? "odd" : "even", x, msg);
                }
                """));
        ALL.put("warps", () -> cuda("""
                __global__ void warp(const float *in, float *out, unsigned *votes)
                {
                    float v = in[threadIdx.x];
                    for (int off = 16; off > 0; off >>= 1) v += __shfl_xor_sync(0xffffffffu, v, off);
                    out[threadIdx.x] = v;
                    votes[threadIdx.x] = __ballot_sync(0xffffffffu, v > 0.0f) + __syncthreads_count(v < 1.0f);
                }
                """));
        // the same kind of kernel for a device with 32-lane subgroups (an NVIDIA GPU): the warp
        // reduction and the ballot become subgroup operations, the shuffle in the branch that only
        // the first 40 threads take keeps the emulation
        ALL.put("warps_subgroups", () -> cuda("""
                __global__ void warpSum(const float *in, float *out, unsigned *votes, int *firsts)
                {
                    float v = in[blockIdx.x * blockDim.x + threadIdx.x];
                    for (int off = 16; off > 0; off >>= 1) v += __shfl_xor_sync(0xffffffffu, v, off);
                    out[blockIdx.x * blockDim.x + threadIdx.x] = v;
                    votes[threadIdx.x] = __ballot_sync(0xffffffffu, v > 0.0f) + __reduce_add_sync(0xffffffffu, (unsigned)v);
                    if (threadIdx.x < 40) firsts[threadIdx.x] = __shfl_up_sync(0xffffffffu, (int)threadIdx.x, 1);
                }
                """));
        ALL.put("dynamic_shared", () -> cuda("""
                extern __shared__ unsigned char smem[];
                __global__ void carve(float *out, int n)
                {
                    float *fs = (float *)smem;
                    char *cs = (char *)(fs + n);
                    int t = threadIdx.x;
                    fs[t] = t * 0.5f;
                    cs[t] = (char)t;
                    __syncthreads();
                    out[t] = fs[n - 1 - t] + cs[t];
                }
                """));
        ALL.put("doubles", () -> cuda("""
                __global__ void affine(double *d, double mul, double add, int n)
                {
                    int i = threadIdx.x;
                    if (i < n && d[i] > -1.0) d[i] = d[i] * mul + add / (double)i - (float)d[i];
                }
                """));
        // the samples' SharedMemory<T> helper: a conversion function returning dynamic shared memory
        ALL.put("shared_memory_helper", () -> cuda("""
                template <class T> struct SharedMemory {
                    __device__ inline operator T *()
                    {
                        extern __shared__ int __smem[];
                        return (T *)__smem;
                    }
                };
                template <class T> __global__ void reduce(const T *in, T *out)
                {
                    T *sdata = SharedMemory<T>();
                    unsigned tid = threadIdx.x;
                    sdata[tid] = in[blockIdx.x * blockDim.x + tid];
                    __syncthreads();
                    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
                        if (tid < s) sdata[tid] += sdata[tid + s];
                        __syncthreads();
                    }
                    if (tid == 0) out[blockIdx.x] = sdata[0];
                }
                void run(const float *in, float *out) { reduce<float><<<4, 64, 64 * sizeof(float)>>>(in, out); }
                """));
        // heap mode: pointers loaded from and stored to device memory, atomics through them
        ALL.put("heap", () -> cuda("""
                struct Node { int value; Node *next; int *count; };
                __global__ void walk(Node *nodes, int *sums)
                {
                    int i = threadIdx.x;
                    int sum = 0;
                    for (Node *p = &nodes[i]; p; p = p->next) sum += p->value;
                    sums[i] = sum;
                    atomicAdd(nodes[i].count, 1);
                    nodes[i].next = i > 0 ? &nodes[i - 1] : nullptr;
                }
                """));
        // the watchdog on a spin loop, a loop that holds barriers and a 64-bit atomic's lock loop
        ALL.put("watchdog", () -> cuda("""
                __global__ void spin(const int *flag) { while (*flag == 0) { } }
                __global__ void tiles(const float *a, float *out, unsigned long long *total, int n)
                {
                    __shared__ float t[64];
                    float s = 0;
                    for (int i = 0; i < n; i += 64) {
                        t[threadIdx.x] = a[i + threadIdx.x];
                        __syncthreads();
                        for (int j = 0; j < 64; j++) s += t[j];
                        __syncthreads();
                    }
                    out[threadIdx.x] = s;
                    atomicMax(total, (unsigned long long) s);
                }
                """));
    }

    /** A sample compiled from CUDA by the front end, for constructs that are long to build by hand. */
    static Module cuda(String source) {
        webcu.frontend.SourceSet set = new webcu.frontend.SourceSet();
        set.file("t.cu", source, true);
        webcu.driver.CompileResult r = webcu.driver.Compiler.compile(set);
        if (!r.ok()) {
            throw new AssertionError("the sample does not compile:\n" + r.render(false));
        }
        return r.module();
    }

    /** The samples compiled for a device whose 32-lane subgroups passed WebGpuDevice's probe. */
    static final java.util.Set<String> ON_SUBGROUPS = java.util.Set.of("warps_subgroups");

    /**
     * The samples compiled with the watchdog (the pass's own test and this snapshot show it; the
     * other samples leave it out, so that each shows the writer's construct it is about).
     */
    static final java.util.Set<String> WITH_WATCHDOG = java.util.Set.of("watchdog");

    /** Sample {@code name} compiled for the device its name asks for. */
    static WgslProgram compile(String name, Module m) {
        webcu.passes.DeviceTarget t = ON_SUBGROUPS.contains(name) ? webcu.passes.DeviceTarget.IEEE.withSubgroupSize(32)
                : webcu.passes.DeviceTarget.IEEE;
        return compile(m, WITH_WATCHDOG.contains(name) ? t : t.withWatchdog(0));
    }

    static WgslProgram compile(Module m) {
        return compile(m, webcu.passes.DeviceTarget.IEEE.withWatchdog(0));
    }

    static WgslProgram compile(Module m, webcu.passes.DeviceTarget target) {
        Diagnostics d = new Diagnostics();
        WgslProgram p = WgslBackend.compile(m, d, new java.util.HashMap<>(), target);
        if (d.hasErrors()) {
            throw new AssertionError("unexpected diagnostics: " + d.all());
        }
        return p;
    }

    /**
     * {@code __global__ void scale2d(float *m, int width, int height, float s)}: a 2D index,
     * {@code if (x < width && y < height) m[y * width + x] *= s;}.
     */
    static Module index2d() {
        line = 1;
        Local m = param(0, "m", Type.ptr(Type.F32));
        Local w = param(1, "width", Type.I32);
        Local h = param(2, "height", Type.I32);
        Local s = param(3, "s", Type.F32);
        Function k = kernel("scale2d", m, w, h, s);
        Local x = k.newLocal("x", Type.I32, false);
        Local y = k.newLocal("y", Type.I32, false);
        Expr at = ptradd(get(m), add(mul(get(y), get(w)), get(x)));
        k.setBody(block(
                assign(x, globalIndex(0)),
                assign(y, globalIndex(1)),
                ifThen(bin(BinaryOp.LAND, lt(get(x), get(w)), lt(get(y), get(h))),
                        store(at, mul(load(at), get(s))))));
        return module(k);
    }

    /** Loops with continuing and break-if, break, continue, early return, else-if chains, a barrier. */
    static Module controlFlow() {
        line = 1;
        Local out = param(0, "out", Type.ptr(Type.I32));
        Local n = param(1, "n", Type.I32);
        Function k = kernel("control", out, n);
        Local i = k.newLocal("i", Type.I32, false);
        Local acc = k.newLocal("acc", Type.I32, false);
        Local t = k.newLocal("t", Type.I32, false);
        k.setBody(block(
                assign(t, globalIndex(0)),
                ifThen(lt(get(n), i32(0)), ret()),
                assign(acc, i32(0)),
                assign(i, i32(0)),
                loop(block(
                        ifThen(bin(BinaryOp.GE, get(i), i32(10)), brk()),
                        ifThen(bin(BinaryOp.EQ, bin(BinaryOp.REM, get(i), i32(3)), i32(0)), cont()),
                        ifElse(lt(get(i), i32(2)), block(assign(acc, add(get(acc), i32(1)))),
                                block(ifElse(lt(get(i), i32(5)), block(assign(acc, add(get(acc), i32(2)))),
                                        block(assign(acc, sub(get(acc), i32(1)))))))),
                        block(assign(i, add(get(i), i32(1)))), null),
                loop(block(assign(acc, bin(BinaryOp.SHR, get(acc), u32(1)))), block(),
                        lt(get(acc), i32(100))),
                barrier(),
                storeAt(out, get(t), get(acc))));
        return module(k);
    }

    /** A switch with several values per case and a default, and one without a default. */
    static Module switchKernel() {
        line = 1;
        Local out = param(0, "out", Type.ptr(Type.U32));
        Function k = kernel("classify", out);
        Local c = k.newLocal("c", Type.U32, false);
        k.setBody(block(
                assign(c, tid(0)),
                new Stmt.Switch(get(c), List.of(
                        new Stmt.Case(List.of(0L, 1L), false, block(storeAt(out, get(c), u32(10)))),
                        new Stmt.Case(List.of(2L), true, block(storeAt(out, get(c), u32(20)), brk()))), here()),
                new Stmt.Switch(cvt(Type.I32, get(c)), List.of(
                        new Stmt.Case(List.of(-1L, 4L), false, block(storeAt(out, get(c), u32(40))))), here())));
        return module(k);
    }

    /** Selects: plain values use select(); operands that read memory become a temporary and an if. */
    static Module selects() {
        line = 1;
        Local a = param(0, "a", Type.ptr(Type.F32));
        Local n = param(1, "n", Type.I32);
        Function k = kernel("selects", a, n);
        Local i = k.newLocal("i", Type.I32, false);
        Local v = k.newLocal("v", Type.F32, false);
        Local ok = k.newLocal("ok", Type.BOOL, false);
        k.setBody(block(
                assign(i, globalIndex(0)),
                assign(v, select(lt(get(i), get(n)), f32(1), f32(2))),
                assign(v, add(get(v), select(lt(get(i), get(n)), at(a, get(i)), f32(0)))),
                assign(ok, bin(BinaryOp.LAND, lt(get(i), get(n)),
                        bin(BinaryOp.GT, select(lt(get(i), i32(4)), at(a, get(i)), at(a, i32(0))), f32(0)))),
                ifThen(get(ok), storeAt(a, get(i), get(v)))));
        return module(k);
    }

    /** Literals that WGSL spells differently, and constant expressions Tint would refuse. */
    static Module literals() {
        line = 1;
        Local f = param(0, "f", Type.ptr(Type.F32));
        Local q = param(1, "q", Type.ptr(Type.I32));
        Function k = kernel("literals", f, q);
        k.setBody(block(
                storeAt(f, i32(0), f32(Float.POSITIVE_INFINITY)),
                storeAt(f, i32(1), f32(Float.MIN_VALUE)),
                storeAt(f, i32(2), f32(Float.MAX_VALUE)),
                storeAt(f, i32(3), f32(-0.0)),
                storeAt(f, i32(4), f32(0.1)),
                storeAt(f, i32(5), mul(f32(1e38), f32(10))),
                storeAt(f, i32(6), f32(Float.NaN)),
                storeAt(q, i32(0), i32(Integer.MIN_VALUE)),
                storeAt(q, i32(1), add(i32(Integer.MAX_VALUE), i32(1))),
                storeAt(q, i32(2), bin(BinaryOp.SHL, i32(1), u32(31))),
                storeAt(q, i32(3), bin(BinaryOp.DIV, at(q, i32(3)), i32(0))),
                storeAt(q, i32(4), bin(BinaryOp.REM, at(q, i32(4)), i32(0))),
                storeAt(q, i32(5), cvt(Type.I32, f32(3e10))),
                storeAt(q, i32(6), i32(-7))));
        return module(k);
    }

    /** Unary operators, shifts by a variable count, bool xor, conversions. */
    static Module operators() {
        line = 1;
        Local u = param(0, "u", Type.ptr(Type.U32));
        Local fl = param(1, "fl", Type.ptr(Type.F32));
        Local s = param(2, "sh", Type.I32);
        Local flag = param(3, "flag", Type.BOOL);
        Function k = kernel("operators", u, fl, s, flag);
        Local x = k.newLocal("x", Type.U32, false);
        Local b = k.newLocal("b", Type.BOOL, false);
        k.setBody(block(
                assign(x, at(u, i32(0))),
                storeAt(u, i32(1), new Expr.Unary(UnaryOp.NEG, get(x), Type.U32)),
                storeAt(u, i32(2), new Expr.Unary(UnaryOp.NOT, get(x), Type.U32)),
                storeAt(u, i32(3), bin(BinaryOp.SHL, get(x), get(s))),
                storeAt(u, i32(4), bin(BinaryOp.SHR, get(x), get(x))),
                assign(b, bin(BinaryOp.XOR, get(flag), lt(get(x), u32(3)))),
                storeAt(u, i32(5), cvt(Type.U32, get(b))),
                storeAt(u, i32(6), cvt(Type.U32, at(fl, i32(0)))),
                storeAt(fl, i32(1), cvt(Type.F32, cvt(Type.I32, get(x)))),
                ifThen(new Expr.Unary(UnaryOp.LNOT, cvt(Type.BOOL, at(fl, i32(2))), Type.BOOL),
                        storeAt(fl, i32(2), new Expr.Unary(UnaryOp.NEG, at(fl, i32(2)), Type.F32)))));
        return module(k);
    }

    /**
     * {@code __shared__ float tile[64]; tile[threadIdx.x] = in[i]; __syncthreads(); out[i] = tile[63 - threadIdx.x];}
     * plus a local array.
     */
    static Module sharedMemory() {
        line = 1;
        Global tile = new Global("tile", new Type.Array(Type.F32, 64), AddressSpace.SHARED, null, false, false,
                new Span("t.cu", 1, 1));
        Local in = param(0, "in", Type.ptr(Type.F32));
        Local out = param(1, "out", Type.ptr(Type.F32));
        Function k = kernel("reverse", in, out);
        Local i = k.newLocal("i", Type.I32, false);
        Local tmp = k.newLocal("tmp", new Type.Array(Type.F32, 2), true);
        Expr slot = elem(new Expr.GlobalAddr(tile), tid(0));
        k.setBody(block(
                assign(i, globalIndex(0)),
                store(slot, at(in, get(i))),
                barrier(),
                store(elem(addr(tmp), i32(0)), load(elem(new Expr.GlobalAddr(tile), sub(u32(63), tid(0))))),
                storeAt(out, get(i), load(elem(addr(tmp), i32(0))))));
        Module m = module(k);
        m.add(tile);
        return m;
    }

    /** CUDA names that WGSL reserves or predeclares, and names that collide. */
    static Module names() {
        line = 1;
        Local loop = param(0, "loop", Type.ptr(Type.I32));
        Local select = param(1, "select", Type.I32);
        Local under = param(2, "__n", Type.I32);
        Function k = kernel("fn", loop, select, under);
        Local min = k.newLocal("min", Type.I32, false);
        Local dup = k.newLocal("loop", Type.I32, false);
        Local dot = k.newLocal("a.b", Type.I32, false);
        k.setBody(block(
                assign(min, add(get(select), get(under))),
                assign(dup, get(min)),
                assign(dot, get(dup)),
                storeAt(loop, i32(0), get(dot))));
        return module(k);
    }

    /** Two kernels with the same parameter names share one module. */
    static Module twoKernels() {
        Module m = TestIr.vectorAdd("first", Type.I32);
        m.add(TestIr.vectorAdd("second", Type.F32).functions().get(0));
        return m;
    }

    /** WGSL built-ins for CUDA's float math. */
    static Module math() {
        line = 1;
        Function sqrtf = external("sqrtf", Type.F32, Type.F32);
        Function fmaxf = external("fmaxf", Type.F32, Type.F32, Type.F32);
        Function min = external("min", Type.I32, Type.I32, Type.I32);
        Local a = param(0, "a", Type.ptr(Type.F32));
        Local n = param(1, "n", Type.I32);
        Function k = kernel("norms", a, n);
        Local r = k.newLocal("r", Type.F32, false);
        Local m = k.newLocal("m", Type.I32, false);
        Function popc = external("__popc", Type.I32, Type.U32);
        Function ffs = external("__ffs", Type.I32, Type.I32);
        Function faddRn = external("__fadd_rn", Type.F32, Type.F32, Type.F32);
        Function umul24 = external("__umul24", Type.U32, Type.U32, Type.U32);
        Function absOverload = external("abs.2", Type.I32, Type.I32);
        Local u = k.newLocal("u", Type.U32, false);
        k.setBody(block(
                call(r, sqrtf, at(a, i32(0))),
                call(r, fmaxf, get(r), f32(1)),
                call(m, min, get(n), i32(3)),
                call(null, sqrtf, get(r)),
                call(m, popc, cvt(Type.U32, get(m))),
                call(m, ffs, add(get(m), get(n))),
                call(m, absOverload, get(m)),
                call(r, faddRn, get(r), at(a, i32(1))),
                call(u, umul24, cvt(Type.U32, get(n)), u32(3)),
                storeAt(a, add(get(m), cvt(Type.I32, get(u))), get(r))));
        return module(sqrtf, fmaxf, min, popc, ffs, faddRn, umul24, absOverload, k);
    }

    /** A device function that is only reached from the kernel (for the full pipeline). */
    static Function helper() {
        Local x = param(0, "x", Type.F32);
        Function f = function(ExecutionSpace.DEVICE, "helper", Type.F32, x);
        f.setBody(block(ret(mul(get(x), f32(2)))));
        return f;
    }
}
