package webcu.passes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static webcu.passes.TestIr.*;

import org.junit.jupiter.api.Test;
import webcu.diag.Diagnostics;
import webcu.ir.BinaryOp;
import webcu.ir.ExecutionSpace;
import webcu.ir.Function;
import webcu.ir.Local;
import webcu.ir.Module;
import webcu.ir.Stmt;
import webcu.ir.Type;

class InlineTest {
    private final Inline pass = new Inline();

    /** {@code __device__ int square(int x) { return x * x; }} called as {@code out[i] = square(i)}. */
    @Test
    void Call_ReturnAtEnd() {
        line = 1;
        Local x = param(0, "x", Type.I32);
        Function square = function(ExecutionSpace.DEVICE, "square", Type.I32, x);
        square.setBody(block(ret(mul(get(x), get(x)))));
        Local out = param(0, "out", Type.ptr(Type.I32));
        Function k = kernel("squares", out);
        Local i = k.newLocal("i", Type.I32, false);
        Local t = k.newLocal("t", Type.I32, false);
        k.setBody(block(assign(i, globalIndex(0)), call(t, square, get(i)), storeAt(out, get(i), get(t))));
        Diagnostics d = PassTesting.check(pass, module(square, k), """
                device @square(%x.0: i32) -> i32 {
                  return (%x.0 * %x.0)
                }
                kernel @squares(%out.0: ptr<i32>) -> void {
                  local %i.1: i32
                  local %t.2: i32
                  %i.1 = convert<i32>(((blockIdx.x * blockDim.x) + threadIdx.x))
                  %t.2 = call @square(%i.1)
                  store ptradd(%out.0, %i.1), %t.2
                }
                """, """
                kernel @squares(%out.0: ptr<i32>) -> void {
                  local %i.1: i32
                  local %t.2: i32
                  local %x.3: i32
                  %i.1 = convert<i32>(((blockIdx.x * blockDim.x) + threadIdx.x))
                  %x.3 = %i.1
                  %t.2 = (%x.3 * %x.3)
                  store ptradd(%out.0, %i.1), %t.2
                }
                """);
        assertTrue(d.all().isEmpty());
    }

    /** {@code int clampPos(int v) { if (v < 0) return 0; return v; }}: returns become breaks. */
    @Test
    void Call_EarlyReturn() {
        line = 1;
        Local v = param(0, "v", Type.I32);
        Function clamp = function(ExecutionSpace.HOST_DEVICE, "clampPos", Type.I32, v);
        clamp.setBody(block(ifThen(lt(get(v), i32(0)), ret(i32(0))), ret(get(v))));
        Local out = param(0, "out", Type.ptr(Type.I32));
        Function k = kernel("k", out);
        Local r = k.newLocal("r", Type.I32, false);
        k.setBody(block(call(r, clamp, load(get(out))), store(get(out), get(r))));
        PassTesting.check(pass, module(clamp, k), """
                host_device @clampPos(%v.0: i32) -> i32 {
                  if (%v.0 < 0:i32) {
                    return 0:i32
                  }
                  return %v.0
                }
                kernel @k(%out.0: ptr<i32>) -> void {
                  local %r.1: i32
                  %r.1 = call @clampPos(load(%out.0))
                  store %out.0, %r.1
                }
                """, """
                kernel @k(%out.0: ptr<i32>) -> void {
                  local %r.1: i32
                  local %v.2: i32
                  %v.2 = load(%out.0)
                  loop {
                    if (%v.2 < 0:i32) {
                      %r.1 = 0:i32
                      break
                    }
                    %r.1 = %v.2
                    break
                  }
                  store %out.0, %r.1
                }
                """);
    }

    /**
     * {@code int find(int *a, int n) { for (i = 0; ; i++) { if (i >= n) break; if (a[i] == 7) return i; } return -1; }}
     * — a return inside the callee's loop leaves through a flag; a nested call is inlined too.
     */
    @Test
    void Call_ReturnInLoop_Nested() {
        line = 1;
        Local a = param(0, "a", Type.ptr(Type.I32));
        Local n = param(1, "n", Type.I32);
        Function find = function(ExecutionSpace.DEVICE, "find", Type.I32, a, n);
        Local i = find.newLocal("i", Type.I32, false);
        find.setBody(block(
                assign(i, i32(0)),
                loop(block(
                        ifThen(bin(BinaryOp.GE, get(i), get(n)), brk()),
                        ifThen(bin(BinaryOp.EQ, at(a, get(i)), i32(7)), ret(get(i)))),
                        block(assign(i, add(get(i), i32(1)))), null),
                ret(i32(-1))));
        Local b = param(0, "b", Type.ptr(Type.I32));
        Local m = param(1, "m", Type.I32);
        Function wrap = function(ExecutionSpace.DEVICE, "wrap", Type.I32, b, m);
        Local w = wrap.newLocal("w", Type.I32, false);
        wrap.setBody(block(call(w, find, get(b), get(m)), ret(add(get(w), i32(1)))));
        Local data = param(0, "data", Type.ptr(Type.I32));
        Function k = kernel("search", data);
        Local r = k.newLocal("r", Type.I32, false);
        k.setBody(block(call(r, wrap, get(data), i32(16)), store(get(data), get(r))));
        Diagnostics d = new Diagnostics();
        DeviceModule dm = PassTesting.run(module(find, wrap, k), d, pass);
        assertEquals("""
                kernel @search(%data.0: ptr<i32>) -> void {
                  local %r.1: i32
                  local %b.2: ptr<i32>
                  local %m.3: i32
                  local %w.4: i32
                  local %a.5: ptr<i32>
                  local %n.6: i32
                  local %i.7: i32
                  local %find.returned.8: bool
                  %b.2 = %data.0
                  %m.3 = 16:i32
                  %a.5 = %b.2
                  %n.6 = %m.3
                  %find.returned.8 = false
                  loop {
                    %i.7 = 0:i32
                    loop {
                      if (%i.7 >= %n.6) {
                        break
                      }
                      if (load(ptradd(%a.5, %i.7)) == 7:i32) {
                        %w.4 = %i.7
                        %find.returned.8 = true
                        break
                      }
                    } continuing {
                      %i.7 = (%i.7 + 1:i32)
                    }
                    if %find.returned.8 {
                      break
                    }
                    %w.4 = -1:i32
                    break
                  }
                  %r.1 = (%w.4 + 1:i32)
                  store %data.0, %r.1
                }
                """, webcu.ir.IrPrinter.print(dm.module()));
        assertTrue(d.all().isEmpty());
    }

    /** {@code int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }}: an error at the recursive call. */
    @Test
    void Recursion_Rejected() {
        line = 2;
        Local n = param(0, "n", Type.I32);
        Function fact = function(ExecutionSpace.DEVICE, "fact", Type.I32, n);
        Local r = fact.newLocal("r", Type.I32, false);
        line = 4;
        Stmt self = call(r, fact, sub(get(n), i32(1)));
        fact.setBody(block(self, ret(mul(get(n), get(r)))));
        Local out = param(0, "out", Type.ptr(Type.I32));
        Function k = kernel("factorials", out);
        Local f = k.newLocal("f", Type.I32, false);
        line = 9;
        k.setBody(block(call(f, fact, i32(5)), store(get(out), get(f))));
        Diagnostics d = new Diagnostics();
        DeviceModule dm = PassTesting.run(module(fact, k), d, pass);
        assertEquals("t.cu:4:3: error: not supported on WebGPU yet: recursion ('fact')\n", PassTesting.errors(d));
        assertTrue(dm.module().functions().isEmpty());
    }

    @Test
    void NoDeviceFunctions_Untouched() {
        Module m = vectorAdd("add", Type.I32);
        String ir = webcu.ir.IrPrinter.print(m);
        PassTesting.check(pass, m, ir, ir);
    }

    @Test
    void EmptyModule() {
        PassTesting.check(pass, new Module(), "", "");
    }
}
