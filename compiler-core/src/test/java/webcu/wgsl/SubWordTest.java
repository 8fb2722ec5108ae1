package webcu.wgsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import webcu.diag.Diagnostics;
import webcu.ir.Function;
import webcu.ir.Validator;
import webcu.ir.BinaryOp;
import webcu.ir.Expr;
import webcu.ir.Stmt;
import webcu.ir.Type;
import webcu.ir.UnaryOp;
import webcu.passes.DeviceModule;
import webcu.passes.TestIr;

/**
 * SubWord makes 8- and 16-bit arithmetic 32-bit arithmetic plus an explicit wrap: a conversion that
 * can leave the narrow type's range wraps (a shift pair when signed, a mask when unsigned), one that
 * cannot (a bool, a narrower integer of the same signedness) stays; the IR is valid after it.
 */
class SubWordTest {
    private static void check(String source, String before, String after) {
        IrSteps.check("SubWord", SubWord::run, source, before, after);
    }

    @Test
    void Conversions_ThatCanLeaveTheRange_Wrap() {
        check("__global__ void k(int *o, int a, float f, bool t) { signed char c = a; unsigned short s = f; c = -c;"
                + " unsigned char u = t; short w = c; o[0] = c + s + u + w; }", """
                kernel @k(%o.0: ptr<i32>, %a.1: i32, %f.2: f32, %t.3: bool) -> void {
                  local %c.4: i8
                  local %s.5: u16
                  local %u.6: u8
                  local %w.7: i16
                  %c.4 = convert<i8>(%a.1)
                  %s.5 = convert<u16>(%f.2)
                  %c.4 = convert<i8>((-convert<i32>(%c.4)))
                  %u.6 = convert<u8>(%t.3)
                  %w.7 = convert<i16>(%c.4)
                  store ptradd(%o.0, 0:i32), (((convert<i32>(%c.4) + convert<i32>(%s.5)) + convert<i32>(%u.6)) + convert<i32>(%w.7))
                }
                """, """
                kernel @k(%o.0: ptr<i32>, %a.1: i32, %f.2: f32, %t.3: bool) -> void {
                  local %c.4: i8
                  local %s.5: u16
                  local %u.6: u8
                  local %w.7: i16
                  %c.4 = convert<i8>(((%a.1 << 24:u32) >> 24:u32))
                  %s.5 = convert<u16>((convert<u32>(%f.2) & 65535:u32))
                  %c.4 = convert<i8>((((-convert<i32>(%c.4)) << 24:u32) >> 24:u32))
                  %u.6 = convert<u8>(%t.3)
                  %w.7 = convert<i16>(%c.4)
                  store ptradd(%o.0, 0:i32), (((convert<i32>(%c.4) + convert<i32>(%s.5)) + convert<i32>(%u.6)) + convert<i32>(%w.7))
                }
                """);
    }

    @Test
    void NarrowOperations_BecomeRegisterOperationsAndAWrap() {
        // the front end promotes C's narrow operands to int; passes may build narrow operations directly
        webcu.ir.Local a = TestIr.param(0, "a", Type.I8);
        webcu.ir.Local b = TestIr.param(1, "b", Type.U16);
        Function k = TestIr.kernel("k", a, b);
        Stmt.Block body = new Stmt.Block(List.of(
                new Stmt.Assign(a, new Expr.Binary(BinaryOp.ADD, TestIr.get(a), TestIr.get(a), Type.I8), TestIr.here()),
                new Stmt.Assign(b, new Expr.Unary(UnaryOp.NOT, TestIr.get(b), Type.U16), TestIr.here()),
                new Stmt.Assign(b, new Expr.Binary(BinaryOp.SHL, TestIr.get(b), TestIr.get(a), Type.U16), TestIr.here())),
                TestIr.here());
        k.setBody(body);
        DeviceModule dm = DeviceModule.of(TestIr.module(k), new Diagnostics());
        assertEquals(List.of(), Validator.validate(dm.module()), "the IR before SubWord is valid");
        SubWord.run(dm);
        assertEquals("""
                kernel @k(%a.0: i8, %b.1: u16) -> void {
                  %a.0 = convert<i8>((((convert<i32>(%a.0) + convert<i32>(%a.0)) << 24:u32) >> 24:u32))
                  %b.1 = convert<u16>(((~convert<u32>(%b.1)) & 65535:u32))
                  %b.1 = convert<u16>(((convert<u32>(%b.1) << %a.0) & 65535:u32))
                }
                """, IrSteps.kernels(dm), "the IR after SubWord");
        assertEquals(List.of(), Validator.validate(dm.module()), "the IR after SubWord is valid");
    }
}
