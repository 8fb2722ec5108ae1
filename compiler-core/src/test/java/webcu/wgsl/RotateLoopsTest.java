package webcu.wgsl;

import org.junit.jupiter.api.Test;

/**
 * RotateLoops moves a loop's leading {@code if (!c) break;} to a {@code break if} at its end, behind
 * one {@code if (c)}: {@code for} and {@code while} loops, nested ones too; a do-while (its test is
 * already at the end) and a loop that starts with something else stay; the IR is valid after it.
 */
class RotateLoopsTest {
    private static void check(String source, String before, String after) {
        IrSteps.check("RotateLoops", RotateLoops::run, source, before, after);
    }

    @Test
    void NestedForLoops_TestAtTheEnd() {
        check("__global__ void k(float *o, int n) { float s = 0; for (int i = 0; i < n; i++) {"
                + " for (int j = 0; j < 16; j++) { if (j == i) continue; s += o[j]; } } o[0] = s; }", """
                kernel @k(%o.0: ptr<f32>, %n.1: i32) -> void {
                  local %s.2: f32
                  local %i.3: i32
                  local %j.4: i32
                  %s.2 = convert<f32>(0:i32)
                  %i.3 = 0:i32
                  loop {
                    if (!(%i.3 < %n.1)) {
                      break
                    }
                    %j.4 = 0:i32
                    loop {
                      if (!(%j.4 < 16:i32)) {
                        break
                      }
                      if (%j.4 == %i.3) {
                        continue
                      }
                      %s.2 = (%s.2 + load(ptradd(%o.0, %j.4)))
                    } continuing {
                      %j.4 = (%j.4 + 1:i32)
                    }
                  } continuing {
                    %i.3 = (%i.3 + 1:i32)
                  }
                  store ptradd(%o.0, 0:i32), %s.2
                }
                """, """
                kernel @k(%o.0: ptr<f32>, %n.1: i32) -> void {
                  local %s.2: f32
                  local %i.3: i32
                  local %j.4: i32
                  %s.2 = convert<f32>(0:i32)
                  %i.3 = 0:i32
                  if (%i.3 < %n.1) {
                    loop {
                      %j.4 = 0:i32
                      if (%j.4 < 16:i32) {
                        loop {
                          if (%j.4 == %i.3) {
                            continue
                          }
                          %s.2 = (%s.2 + load(ptradd(%o.0, %j.4)))
                        } continuing {
                          %j.4 = (%j.4 + 1:i32)
                        } break_if (!(%j.4 < 16:i32))
                      }
                    } continuing {
                      %i.3 = (%i.3 + 1:i32)
                    } break_if (!(%i.3 < %n.1))
                  }
                  store ptradd(%o.0, 0:i32), %s.2
                }
                """);
    }

    @Test
    void DoWhileAndLoopsThatStartOtherwise_Stay() {
        String unchanged = """
                kernel @k(%o.0: ptr<i32>, %n.1: i32) -> void {
                  local %i.2: i32
                  %i.2 = 0:i32
                  loop {
                    %i.2 = (%i.2 + 1:i32)
                  } continuing {
                  } break_if (!(%i.2 < %n.1))
                  loop {
                    if (!true) {
                      break
                    }
                    %i.2 = (%i.2 + -1:i32)
                    if (%i.2 < 0:i32) {
                      break
                    }
                  }
                  store ptradd(%o.0, 0:i32), %i.2
                }
                """;
        check("__global__ void k(int *o, int n) { int i = 0; do { i++; } while (i < n);"
                + " while (true) { i--; if (i < 0) break; } o[0] = i; }", unchanged, unchanged);
    }
}
