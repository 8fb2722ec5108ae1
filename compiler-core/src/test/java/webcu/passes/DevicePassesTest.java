package webcu.passes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static webcu.passes.TestIr.*;

import java.util.List;
import org.junit.jupiter.api.Test;
import webcu.diag.Diagnostics;
import webcu.ir.ExecutionSpace;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.IrPrinter;
import webcu.ir.Local;
import webcu.ir.Module;
import webcu.ir.Stmt;
import webcu.ir.Type;

class DevicePassesTest {
    /** A program: a device helper, a kernel using it, and a host main that launches the kernel. */
    private static Module program() {
        line = 1;
        Local x = param(0, "x", Type.F32);
        Function twice = function(ExecutionSpace.DEVICE, "twice", Type.F32, x);
        twice.setBody(block(ret(add(get(x), get(x)))));
        Local v = param(0, "v", Type.ptr(Type.F32));
        Function k = kernel("doubleAll", v);
        Local t = k.newLocal("t", Type.F32, false);
        k.setBody(block(call(t, twice, at(v, globalIndex(0))), storeAt(v, globalIndex(0), get(t))));
        Function main = function(ExecutionSpace.HOST, "main", Type.I32);
        Local d = main.newLocal("d", Type.ptr(Type.F32), false);
        main.setBody(block(
                new Stmt.Launch(k, List.of(u32(4), u32(1), u32(1)), List.of(u32(64), u32(1), u32(1)),
                        new Expr.IntConst(Type.U64, 0), new Expr.NullPtr(Type.ptr(Type.VOID)), List.of(get(d)), here()),
                ret(i32(0))));
        return module(twice, k, main);
    }

    @Test
    void Pipeline_LeavesProgramUntouched() {
        Module p = program();
        String before = IrPrinter.print(p);
        Diagnostics d = new Diagnostics();
        DeviceModule dm = DevicePasses.run(p, d);
        assertEquals(before, IrPrinter.print(p), "the host VM keeps running the original module");
        assertTrue(d.all().isEmpty(), PassTesting.errors(d));
        assertEquals(List.of("doubleAll"), dm.module().functions().stream().map(Function::name).toList());
        assertNotNull(dm.interfaceOf(dm.kernels().get(0)));
    }

    @Test
    void Pipeline_Order() {
        assertEquals(List.of("HostConstants", "Inline", "ScalarReplacement", "DynamicSharedMemory", "Printf", "Abort", "Warps", "Int64",
                "StructArguments", "MemoryModel", "HeapMemory", "Atomics", "Uniformity", "UnrollLoops", "ThreadCoarsening", "Watchdog",
                "GridFolding", "CheckSupported"),
                DevicePasses.PIPELINE.stream().map(DevicePass::name).toList());
    }

    @Test
    void Trace_ShowsEachPass() {
        String trace = DevicePasses.trace(program(), new Diagnostics());
        assertTrue(trace.contains("; after Inline\n"));
        assertTrue(trace.contains("; after CheckSupported\n"));
        assertTrue(trace.contains("store ptradd(%v.0, (%v.offset."), trace);
    }
}
