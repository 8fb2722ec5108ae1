package webcu.passes;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import webcu.diag.Diagnostics;

class ScalarReplacementTest {
    private final ScalarReplacement pass = new ScalarReplacement();

    /**
     * A lambda capturing by reference: its inlined body reads the captured pointer out of the
     * closure through {@code this}. The closure's field becomes a local holding {@code &counter}.
     */
    @Test
    void LambdaCaptureByReference_FieldsBecomeLocals() {
        DeviceModule dm = PassTesting.fromCuda("""
                __global__ void k(int *out)
                {
                    int counter = 0;
                    auto bump = [&counter](int k) { counter += k; };
                    bump(3);
                    out[0] = counter;
                }
                """, new Inline());
        Diagnostics d = PassTesting.check(pass, dm, """
                kernel @k(%out.0: ptr<i32>) -> void {
                  memory %counter.1: i32
                  memory %bump.2: %lambda#1
                  memory %tmp0.3: %lambda#1
                  local %this.4: ptr<%lambda#1>
                  local %k.5: i32
                  store &%counter.1, 0:i32
                  store field(&%tmp0.3, .counter), &%counter.1
                  store &%bump.2, load(&%tmp0.3)
                  %this.4 = &%bump.2
                  %k.5 = 3:i32
                  store load(field(%this.4, .counter)), (load(load(field(%this.4, .counter))) + %k.5)
                  store ptradd(%out.0, 0:i32), load(&%counter.1)
                }
                """, """
                kernel @k(%out.0: ptr<i32>) -> void {
                  memory %counter.1: i32
                  memory %bump.2: %lambda#1
                  memory %tmp0.3: %lambda#1
                  local %this.4: ptr<%lambda#1>
                  local %k.5: i32
                  local %bump_counter.6: ptr<i32>
                  local %tmp0_counter.7: ptr<i32>
                  store &%counter.1, 0:i32
                  %tmp0_counter.7 = &%counter.1
                  %bump_counter.6 = %tmp0_counter.7
                  %k.5 = 3:i32
                  store %bump_counter.6, (load(%bump_counter.6) + %k.5)
                  store ptradd(%out.0, 0:i32), load(&%counter.1)
                }
                """);
        assertTrue(d.all().isEmpty());
    }

    /**
     * A struct copied in whole from a parameter, or whose field's address is kept in a pointer,
     * stays in memory; so does a union (its fields overlap).
     */
    @Test
    void EscapingStructsAndUnions_Untouched() {
        String source = """
                struct P { int n; float s; };
                union U { int i; float f; };
                __global__ void k(P p, int *out)
                {
                    P q;
                    int *pn = &q.n;
                    *pn = 1;
                    U u;
                    u.f = 1.0f;
                    out[0] = p.n + q.n + u.i;
                }
                """;
        DeviceModule dm = PassTesting.fromCuda(source, new Inline());
        String before = PassTesting.kernels(dm);
        PassTesting.check(pass, dm, before, before);
    }

    /** A struct whose address only reaches an inlined callee's pointer parameter is split. */
    @Test
    void AddressPassedToInlinedFunction_Split() {
        DeviceModule dm = PassTesting.fromCuda("""
                struct P { int n; float s; };
                __device__ void set(P *p) { p->n = 1; }
                __global__ void k(int *out)
                {
                    P q;
                    set(&q);
                    out[0] = q.n;
                }
                """, new Inline());
        PassTesting.check(pass, dm, """
                kernel @k(%out.0: ptr<i32>) -> void {
                  memory %q.1: %P
                  local %p.2: ptr<%P>
                  %p.2 = &%q.1
                  store field(%p.2, .n), 1:i32
                  store ptradd(%out.0, 0:i32), load(field(&%q.1, .n))
                }
                """, """
                kernel @k(%out.0: ptr<i32>) -> void {
                  memory %q.1: %P
                  local %p.2: ptr<%P>
                  local %q_n.3: i32
                  local %q_s.4: f32
                  %q_n.3 = 1:i32
                  store ptradd(%out.0, 0:i32), %q_n.3
                }
                """);
    }
}
