package webcu.passes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import webcu.diag.Diagnostics;
import webcu.ir.Validator;

/**
 * CheckedAccesses checks the index of every access to a storage binding, after the whole pipeline
 * and WordAccesses (the interface says which roots are bindings): element indices of typed
 * bindings, the word of a word access to a word binding from its byte index and width, the loads inside an index before the access that
 * holds them, a store's value before its address, atomics as writes; the dynamic shared memory
 * stays unchecked, and so does an index checked already. The IR is valid before and after, and the
 * sites name the statements.
 */
class CheckedAccessesTest {
    private static final String SOURCE = """
            __global__ void k(int *a, const int *b, unsigned char *c) {
              extern __shared__ int s[];
              int i = threadIdx.x;
              s[i] = b[i];
              a[b[i]] = c[i] + s[0];
              atomicAdd(&a[0], 1);
            }
            """;

    private static final String PROLOGUE = """
            kernel @k(%a.0: ptr<i32>, %b.1: ptr<i32>, %c.2: ptr<u8>) -> void {
              local %i.3: i32
              local %address.4: ptr<i32>
              local %val.5: i32
              local %t0.6: i32
              local %a.offset.7: u32
              local %b.offset.8: u32
              local %c.offset.9: u32
              local %address.10: u32
              local %blockIdx_x.11: u32
              %blockIdx_x.11 = (workgroupId.x + ((workgroupId.y % gridSlices.x) * workgroupCount.x))
              if ((gridPadding.x != 0:u32) && (%blockIdx_x.11 >= gridDim.x)) {
                return
              }
              %i.3 = convert<i32>(threadIdx.x)
            """;

    @Test
    void BindingIndices_CheckedInPrintingOrder() {
        webcu.frontend.SourceSet set = new webcu.frontend.SourceSet();
        set.file("t.cu", SOURCE, true);
        DeviceModule dm = DevicePasses.run(webcu.driver.Compiler.compile(set).module(), new Diagnostics());
        DevicePasses.run(new WordAccesses(), dm);
        assertEquals(List.of(), Validator.validate(dm.module()), "the IR before CheckedAccesses is valid");
        PassTesting.check(new CheckedAccesses(), dm, PROLOGUE + """
                  wordstore &@__webcu_dynamic_shared, byte (convert<u32>(%i.3) * 4:u32), word ((convert<u32>(%i.3) * 4:u32) >> 2:u32), \
                load(ptradd(%b.1, (%b.offset.8 + convert<u32>(%i.3))))
                  store ptradd(%a.0, (%a.offset.7 + convert<u32>(load(ptradd(%b.1, (%b.offset.8 + convert<u32>(%i.3))))))), \
                (convert<i32>(wordload<u8>(%c.2, byte (%c.offset.9 + convert<u32>(%i.3)), word ((%c.offset.9 + convert<u32>(%i.3)) >> 2:u32))) \
                + wordload<i32>(&@__webcu_dynamic_shared, byte 0:u32, word (0:u32 >> 2:u32)))
                  %address.10 = %a.offset.7
                  %val.5 = 1:i32
                  %t0.6 = call @__webcu_atomicAdd_i32(ptradd(%a.0, %address.10), %val.5)
                }
                """, PROLOGUE + """
                  wordstore &@__webcu_dynamic_shared, byte (convert<u32>(%i.3) * 4:u32), word ((convert<u32>(%i.3) * 4:u32) >> 2:u32), \
                load(ptradd(%b.1, checked((%b.offset.8 + convert<u32>(%i.3)), %b.1, site 0 read)))
                  store ptradd(%a.0, checked((%a.offset.7 + convert<u32>(load(ptradd(%b.1, \
                checked((%b.offset.8 + convert<u32>(%i.3)), %b.1, site 2 read))))), %a.0, site 3 write)), \
                (convert<i32>(wordload<u8>(%c.2, byte (%c.offset.9 + convert<u32>(%i.3)), \
                word checked((%c.offset.9 + convert<u32>(%i.3)), %c.2, bytes 1, site 1 read))) \
                + wordload<i32>(&@__webcu_dynamic_shared, byte 0:u32, word (0:u32 >> 2:u32)))
                  %address.10 = %a.offset.7
                  %val.5 = 1:i32
                  %t0.6 = call @__webcu_atomicAdd_i32(ptradd(%a.0, checked(%address.10, %a.0, site 4 write)), %val.5)
                }
                """);
        assertEquals(List.of(), Validator.validate(dm.module()), "the IR after CheckedAccesses is valid");
        assertEquals(List.of("t.cu:4:8 2", "t.cu:5:11 2", "t.cu:5:11 2", "t.cu:5:11 3", "t.cu:6:12 3"),
                dm.debug().checks().stream().map(c -> c.span() + " " + c.kind()).toList(), "the sites: statement and kind");
        String once = PassTesting.kernels(dm);
        new CheckedAccesses().run(dm);
        assertEquals(once, PassTesting.kernels(dm), "a checked index is left as it is");
        assertEquals(5, dm.debug().checks().size(), "and gets no second site");
    }
}
