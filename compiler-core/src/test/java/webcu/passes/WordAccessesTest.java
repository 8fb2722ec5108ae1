package webcu.passes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import webcu.diag.Diagnostics;
import webcu.ir.Validator;

/**
 * WordAccesses makes each byte access to a word view a word access, after the whole pipeline (the
 * interface says which bindings are words): loads of bytes and half-words of word bindings
 * ({@code wordload}), stores ({@code wordstore}), the dynamic shared memory's accesses, and an
 * atomic's address ({@code wordaddr}), each with its first word {@code byte >> 2}; a typed
 * binding's accesses stay. The IR is valid before and after.
 */
class WordAccessesTest {
    private static final String SOURCE = """
            __global__ void k(unsigned char *c, short *h, int *a) {
              extern __shared__ int s[];
              int i = threadIdx.x;
              c[i] = c[i + 1];
              s[i] = h[i] + a[i];
              atomicAdd(&s[0], 1);
            }
            """;

    private static final String PROLOGUE = """
            kernel @k(%c.0: ptr<u8>, %h.1: ptr<i16>, %a.2: ptr<i32>) -> void {
              local %i.3: i32
              local %address.4: ptr<i32>
              local %val.5: i32
              local %t0.6: i32
              local %c.offset.7: u32
              local %h.offset.8: u32
              local %a.offset.9: u32
              local %address.10: u32
              local %blockIdx_x.11: u32
              %blockIdx_x.11 = (workgroupId.x + ((workgroupId.y % gridSlices.x) * workgroupCount.x))
              if ((gridPadding.x != 0:u32) && (%blockIdx_x.11 >= gridDim.x)) {
                return
              }
              %i.3 = convert<i32>(threadIdx.x)
            """;

    @Test
    void ByteAccessesToWordViews_BecomeWordAccesses() {
        webcu.frontend.SourceSet set = new webcu.frontend.SourceSet();
        set.file("t.cu", SOURCE, true);
        DeviceModule dm = DevicePasses.run(webcu.driver.Compiler.compile(set).module(), new Diagnostics());
        assertEquals(List.of(), Validator.validate(dm.module()), "the IR before WordAccesses is valid");
        PassTesting.check(new WordAccesses(), dm, PROLOGUE + """
                  store convert<ptr<u8>>(ptradd(convert<ptr<u8>>(%c.0), (%c.offset.7 + convert<u32>(%i.3)))), \
                load(convert<ptr<u8>>(ptradd(convert<ptr<u8>>(%c.0), (%c.offset.7 + convert<u32>((%i.3 + 1:i32))))))
                  store convert<ptr<i32>>(ptradd(convert<ptr<u8>>(&@__webcu_dynamic_shared), (convert<u32>(%i.3) * 4:u32))), \
                (convert<i32>(load(convert<ptr<i16>>(ptradd(convert<ptr<u8>>(%h.1), (%h.offset.8 + (convert<u32>(%i.3) * 2:u32)))))) \
                + load(ptradd(%a.2, (%a.offset.9 + convert<u32>(%i.3)))))
                  %address.10 = 0:u32
                  %val.5 = 1:i32
                  %t0.6 = call @__webcu_atomicAdd_i32(convert<ptr<i32>>(ptradd(convert<ptr<u8>>(&@__webcu_dynamic_shared), \
                %address.10)), %val.5)
                }
                """, PROLOGUE + """
                  wordstore %c.0, byte (%c.offset.7 + convert<u32>(%i.3)), word ((%c.offset.7 + convert<u32>(%i.3)) >> 2:u32), \
                wordload<u8>(%c.0, byte (%c.offset.7 + convert<u32>((%i.3 + 1:i32))), \
                word ((%c.offset.7 + convert<u32>((%i.3 + 1:i32))) >> 2:u32))
                  wordstore &@__webcu_dynamic_shared, byte (convert<u32>(%i.3) * 4:u32), word ((convert<u32>(%i.3) * 4:u32) >> 2:u32), \
                (convert<i32>(wordload<i16>(%h.1, byte (%h.offset.8 + (convert<u32>(%i.3) * 2:u32)), \
                word ((%h.offset.8 + (convert<u32>(%i.3) * 2:u32)) >> 2:u32))) + load(ptradd(%a.2, (%a.offset.9 + convert<u32>(%i.3)))))
                  %address.10 = 0:u32
                  %val.5 = 1:i32
                  %t0.6 = call @__webcu_atomicAdd_i32(wordaddr<i32>(&@__webcu_dynamic_shared, byte %address.10, \
                word (%address.10 >> 2:u32)), %val.5)
                }
                """);
        assertEquals(List.of(), Validator.validate(dm.module()), "the IR after WordAccesses is valid");
    }
}
