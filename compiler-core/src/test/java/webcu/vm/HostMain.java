package webcu.vm;

import static webcu.vm.Ir.*;

import java.util.ArrayList;
import java.util.List;
import webcu.ir.ExecutionSpace;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Local;
import webcu.ir.Module;
import webcu.ir.Stmt;
import webcu.ir.Type;

/** Builds a host {@code main} statement by statement, with the CUDA calls tests need. */
final class HostMain {
    final Module m;
    final Function main;
    final List<Stmt> body = new ArrayList<>();
    private int temps;

    HostMain(Module m) {
        this.m = m;
        this.main = fn(m, "main", ExecutionSpace.HOST, Type.I32);
    }

    Function cudaMalloc() {
        return ext(m, "cudaMalloc", Type.I32, false, ptr(VOIDP), Type.U64);
    }

    Function cudaMemcpy() {
        return ext(m, "cudaMemcpy", Type.I32, false, VOIDP, VOIDP, Type.U64, Type.I32);
    }

    Function sync() {
        return ext(m, "cudaDeviceSynchronize", Type.I32, false);
    }

    Function errorName() {
        return ext(m, "cudaGetErrorName", CHARP, false, Type.I32);
    }

    Function lastError() {
        return ext(m, "cudaGetLastError", Type.I32, false);
    }

    HostMain add(Stmt s) {
        body.add(s);
        return this;
    }

    Local local(String name, Type t) {
        return main.newLocal(name, t, false);
    }

    /** {@code T *name; cudaMalloc(&name, bytes);} */
    Local deviceArray(String name, Type elem, long bytes) {
        Local d = main.newLocal(name, ptr(elem), true);
        body.add(call(null, cudaMalloc(), cvt(ptr(VOIDP), addr(d)), u64(bytes)));
        return d;
    }

    /** A host array on the stack: {@code T name[count];} */
    Local hostArray(String name, Type elem, long count) {
        return main.newLocal(name, new Type.Array(elem, count), true);
    }

    static Expr value(Local pointerVariable) {
        return load(addr(pointerVariable));
    }

    static Expr elem(Local array, Expr index) {
        return new Expr.ElementAddr(addr(array), index);
    }

    void copy(Expr dst, Expr src, long bytes, int kind) {
        body.add(call(null, cudaMemcpy(), cvt(VOIDP, dst), cvt(VOIDP, src), u64(bytes), i32(kind)));
    }

    /** Calls {@code f(args)} into a fresh local and returns it. */
    Local result(Function f, Expr... args) {
        Local r = main.newLocal("t" + temps++, f.returnType(), false);
        body.add(call(r, f, args));
        return r;
    }

    /** printf("label: %s\n", cudaGetErrorName(code)). */
    void printError(String label, Expr code) {
        Local name = result(errorName(), code);
        body.add(print(m, label + ": %s\n", get(name)));
    }

    Module finish(Expr status) {
        body.add(ret(status));
        main.setBody(new Stmt.Block(body, S));
        return m;
    }
}
