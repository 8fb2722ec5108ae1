package webcu.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static webcu.vm.Ir.*;

import org.junit.jupiter.api.Test;
import webcu.ir.BinaryOp;
import webcu.ir.Builtin;
import webcu.ir.ExecutionSpace;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Local;
import webcu.ir.Module;
import webcu.ir.Stmt;
import webcu.ir.Type;
import webcu.runtime.ByteOut;

/**
 * The walking skeleton's programs built as IR by hand (what the front end will produce for
 * conformance cases indexing/vector_add_1d and apps/vector_add_verify), run on the CPU device.
 */
class VectorAddTest {
    static final Type IP = ptr(Type.I32);
    static final Type FP = ptr(Type.F32);

    /** The kernel {@code if (i < n) c[i] = a[i] + b[i];} for int or float elements. */
    static Function addKernel(Module m, String name, Type elem) {
        Type p = ptr(elem);
        Function k = fn(m, name, ExecutionSpace.KERNEL, Type.VOID, "a", p, "b", p, "c", p, "n", Type.I32);
        Local a = k.params().get(0);
        Local b = k.params().get(1);
        Local c = k.params().get(2);
        Local n = k.params().get(3);
        Local i = k.newLocal("i", Type.I32, false);
        Expr tid = add(mul(builtin(Builtin.BLOCK_IDX, 0), builtin(Builtin.BLOCK_DIM, 0)), builtin(Builtin.THREAD_IDX, 0));
        k.setBody(block(
                assign(i, cvt(Type.I32, tid)),
                iff(lt(get(i), get(n)),
                        store(at(get(c), get(i)), add(load(at(get(a), get(i))), load(at(get(b), get(i)))), 9))));
        return k;
    }

    static Module vectorAdd1d() {
        Module m = new Module();
        Function kernel = addKernel(m, "addInts", Type.I32);
        Function malloc = ext(m, "malloc", VOIDP, false, Type.U64);
        Function free = ext(m, "free", Type.VOID, false, VOIDP);
        Function cudaMalloc = ext(m, "cudaMalloc", Type.I32, false, ptr(VOIDP), Type.U64);
        Function cudaMemcpy = ext(m, "cudaMemcpy", Type.I32, false, VOIDP, VOIDP, Type.U64, Type.I32);
        Function cudaSync = ext(m, "cudaDeviceSynchronize", Type.I32, false);
        Function cudaFree = ext(m, "cudaFree", Type.I32, false, VOIDP);
        Function main = fn(m, "main", ExecutionSpace.HOST, Type.I32);
        Local n = main.newLocal("n", Type.I32, false);
        Local threads = main.newLocal("threads", Type.I32, false);
        Local blocks = main.newLocal("blocks", Type.I32, false);
        Local bytes = main.newLocal("bytes", Type.U64, false);
        Local[] h = new Local[3];
        Local[] d = new Local[3];
        Local tmp = main.newLocal("tmp", VOIDP, false);
        for (int k = 0; k < 3; k++) {
            h[k] = main.newLocal("h" + "abc".charAt(k), IP, false);
            d[k] = main.newLocal("d" + "abc".charAt(k), IP, true);
        }
        Local i = main.newLocal("i", Type.I32, false);
        Local sum = main.newLocal("sum", Type.I64, false);
        Local bad = main.newLocal("bad", Type.I32, false);
        java.util.List<Stmt> body = new java.util.ArrayList<>();
        body.add(assign(n, i32(1000)));
        body.add(assign(threads, i32(256)));
        body.add(assign(blocks, bin(BinaryOp.DIV, sub(add(get(n), get(threads)), i32(1)), get(threads))));
        body.add(assign(bytes, mul(cvt(Type.U64, get(n)), u64(4))));
        for (int k = 0; k < 3; k++) {
            body.add(call(tmp, malloc, get(bytes)));
            body.add(assign(h[k], cvt(IP, get(tmp))));
        }
        body.add(forLoop(assign(i, i32(0)), lt(get(i), get(n)), assign(i, add(get(i), i32(1))),
                store(at(get(h[0]), get(i)), get(i)),
                store(at(get(h[1]), get(i)), sub(mul(i32(3), get(i)), i32(7))),
                store(at(get(h[2]), get(i)), i32(-1))));
        for (int k = 0; k < 3; k++) {
            body.add(call(null, cudaMalloc, cvt(ptr(VOIDP), addr(d[k])), get(bytes)));
        }
        body.add(call(null, cudaMemcpy, cvt(VOIDP, load(addr(d[0]))), cvt(VOIDP, get(h[0])), get(bytes), i32(1)));
        body.add(call(null, cudaMemcpy, cvt(VOIDP, load(addr(d[1]))), cvt(VOIDP, get(h[1])), get(bytes), i32(1)));
        body.add(launch(kernel, dim(cvt(Type.U32, get(blocks))), dim(cvt(Type.U32, get(threads))),
                load(addr(d[0])), load(addr(d[1])), load(addr(d[2])), get(n)));
        body.add(call(null, cudaSync));
        body.add(call(null, cudaMemcpy, cvt(VOIDP, get(h[2])), cvt(VOIDP, load(addr(d[2]))), get(bytes), i32(2)));
        body.add(assign(sum, i64(0)));
        body.add(assign(bad, i32(0)));
        Expr hc = load(at(get(h[2]), get(i)));
        body.add(forLoop(assign(i, i32(0)), lt(get(i), get(n)), assign(i, add(get(i), i32(1))),
                assign(sum, add(get(sum), cvt(Type.I64, hc))),
                iff(ne(hc, add(load(at(get(h[0]), get(i))), load(at(get(h[1]), get(i))))),
                        assign(bad, add(get(bad), i32(1))))));
        body.add(print(m, "blocks=%d threads=%d\n", get(blocks), get(threads)));
        body.add(print(m, "c[0]=%d c[1]=%d c[499]=%d c[999]=%d\n", load(at(get(h[2]), i32(0))),
                load(at(get(h[2]), i32(1))), load(at(get(h[2]), i32(499))), load(at(get(h[2]), i32(999)))));
        body.add(print(m, "sum=%lld mismatches=%d\n", get(sum), get(bad)));
        for (int k = 0; k < 3; k++) {
            body.add(call(null, cudaFree, cvt(VOIDP, load(addr(d[k])))));
            body.add(call(null, free, cvt(VOIDP, get(h[k]))));
        }
        body.add(ret(i32(0)));
        main.setBody(new Stmt.Block(body, S));
        return m;
    }

    @Test
    void vectorAdd1d_matchesNvccOutput() {
        Runs.Result r = Runs.run(vectorAdd1d());
        assertEquals("", r.err());
        assertEquals("blocks=4 threads=256\n"
                + "c[0]=-7 c[1]=-3 c[499]=1989 c[999]=3989\n"
                + "sum=1991000 mismatches=0\n", r.out());
        assertEquals(0, r.status());
    }

    static Module vectorAddVerify() {
        return vectorAddVerify(20);
    }

    /** apps/vector_add_verify with 2^log2n elements (the conformance case has 2^20). */
    static Module vectorAddVerify(int log2n) {
        Module m = new Module();
        Function kernel = addKernel(m, "vecAdd", Type.F32);
        Function malloc = ext(m, "malloc", VOIDP, false, Type.U64);
        Function cudaMalloc = ext(m, "cudaMalloc", Type.I32, false, ptr(VOIDP), Type.U64);
        Function cudaMemcpy = ext(m, "cudaMemcpy", Type.I32, false, VOIDP, VOIDP, Type.U64, Type.I32);
        Function cudaGetLastError = ext(m, "cudaGetLastError", Type.I32, false);
        Function cudaGetErrorString = ext(m, "cudaGetErrorString", CHARP, false, Type.I32);
        Function fabsf = ext(m, "fabsf", Type.F32, false, Type.F32);
        Function main = fn(m, "main", ExecutionSpace.HOST, Type.I32);
        Local n = main.newLocal("n", Type.I32, false);
        Local bytes = main.newLocal("bytes", Type.U64, false);
        Local tmp = main.newLocal("tmp", VOIDP, false);
        Local a = main.newLocal("a", FP, false);
        Local b = main.newLocal("b", FP, false);
        Local c = main.newLocal("c", FP, false);
        Local[] d = {main.newLocal("da", FP, true), main.newLocal("db", FP, true), main.newLocal("dc", FP, true)};
        Local threads = main.newLocal("threads", Type.I32, false);
        Local blocks = main.newLocal("blocks", Type.I32, false);
        Local err = main.newLocal("err", Type.I32, false);
        Local i = main.newLocal("i", Type.I32, false);
        Local errors = main.newLocal("errors", Type.I32, false);
        Local sum = main.newLocal("sum", Type.F64, false);
        Local diff = main.newLocal("diff", Type.F32, false);
        Local msg = main.newLocal("msg", CHARP, false);
        java.util.List<Stmt> body = new java.util.ArrayList<>();
        body.add(assign(n, bin(BinaryOp.SHL, i32(1), i32(log2n))));
        body.add(assign(bytes, mul(cvt(Type.U64, get(n)), u64(4))));
        for (Local l : new Local[] {a, b, c}) {
            body.add(call(tmp, malloc, get(bytes)));
            body.add(assign(l, cvt(FP, get(tmp))));
        }
        body.add(forLoop(assign(i, i32(0)), lt(get(i), get(n)), assign(i, add(get(i), i32(1))),
                store(at(get(a), get(i)), mul(cvt(Type.F32, bin(BinaryOp.REM, get(i), i32(1000))), f32(0.5))),
                store(at(get(b), get(i)), mul(cvt(Type.F32, bin(BinaryOp.REM, get(i), i32(777))), f32(0.25)))));
        for (Local l : d) {
            body.add(call(null, cudaMalloc, cvt(ptr(VOIDP), addr(l)), get(bytes)));
        }
        body.add(call(null, cudaMemcpy, cvt(VOIDP, load(addr(d[0]))), cvt(VOIDP, get(a)), get(bytes), i32(1)));
        body.add(call(null, cudaMemcpy, cvt(VOIDP, load(addr(d[1]))), cvt(VOIDP, get(b)), get(bytes), i32(1)));
        body.add(assign(threads, i32(256)));
        body.add(assign(blocks, bin(BinaryOp.DIV, sub(add(get(n), get(threads)), i32(1)), get(threads))));
        body.add(launch(kernel, dim(cvt(Type.U32, get(blocks))), dim(cvt(Type.U32, get(threads))),
                load(addr(d[0])), load(addr(d[1])), load(addr(d[2])), get(n)));
        body.add(call(err, cudaGetLastError));
        body.add(call(null, cudaMemcpy, cvt(VOIDP, get(c)), cvt(VOIDP, load(addr(d[2]))), get(bytes), i32(2)));
        body.add(assign(errors, i32(0)));
        body.add(assign(sum, f64(0)));
        Expr ci = load(at(get(c), get(i)));
        body.add(forLoop(assign(i, i32(0)), lt(get(i), get(n)), assign(i, add(get(i), i32(1))),
                call(diff, fabsf, sub(ci, add(load(at(get(a), get(i))), load(at(get(b), get(i)))))),
                iff(bin(BinaryOp.GT, get(diff), f32(0)), assign(errors, add(get(errors), i32(1)))),
                assign(sum, add(get(sum), cvt(Type.F64, ci)))));
        body.add(call(msg, cudaGetErrorString, get(err)));
        body.add(print(m, "launch: %s, %d blocks of %d\n", get(msg), get(blocks), get(threads)));
        body.add(print(m, "c[0]=%g c[12345]=%g c[%d]=%g\n", cvt(Type.F64, load(at(get(c), i32(0)))),
                cvt(Type.F64, load(at(get(c), i32(12345)))), sub(get(n), i32(1)),
                cvt(Type.F64, load(at(get(c), sub(get(n), i32(1)))))));
        body.add(print(m, "sum=%.2f errors=%d\n", get(sum), get(errors)));
        body.add(ifElse(bin(BinaryOp.EQ, get(errors), i32(0)), block(print(m, "%s\n", str(m, "PASS"))),
                block(print(m, "%s\n", str(m, "FAIL")))));
        body.add(ret(i32(0)));
        main.setBody(new Stmt.Block(body, S));
        return m;
    }

    /**
     * The conformance case at 1/64 of its size, to keep the test fast; the expected line is computed
     * the way the C program computes it (float elements, double sum, all exact in binary). The full
     * size prints nvcc's output exactly (checked by the conformance run on the CPU backend).
     */
    @Test
    void vectorAddVerify_matchesTheProgramsArithmetic() {
        int n = 1 << 14;
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += (float) ((float) (i % 1000) * 0.5f + (float) (i % 777) * 0.25f);
        }
        float last = (float) ((n - 1) % 1000) * 0.5f + (float) ((n - 1) % 777) * 0.25f;
        Runs.Result r = Runs.run(vectorAddVerify(14));
        assertEquals("", r.err());
        assertEquals("launch: no error, 64 blocks of 256\n"
                + "c[0]=0 c[12345]=345 c[16383]=" + (long) last + "\n"
                + "sum=" + new java.math.BigDecimal(sum).setScale(2, java.math.RoundingMode.HALF_EVEN).toPlainString()
                + " errors=0\n"
                + "PASS\n", r.out());
        assertEquals(0, r.status());
    }

    @Test
    void listingShowsFusedCompareAndBranch() {
        Module m = vectorAdd1d();
        Program p = new Program(m, true, Memory.device(), g -> 0, new DeviceLibrary(new ByteOut(), new Interpreter[1]));
        String listing = p.listing(m.function("addInts"));
        assertTrue(listing.contains("jle"), listing);
        assertTrue(listing.contains("builtin"), listing);
    }
}
