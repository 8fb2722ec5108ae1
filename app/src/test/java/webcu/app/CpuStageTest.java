package webcu.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import webcu.diag.Span;
import webcu.ir.ExecutionSpace;
import webcu.ir.Function;
import webcu.ir.Module;
import webcu.ir.Type;
import webcu.runtime.KernelLaunch;

/** The CPU emulator's kernel names: told at a launch's start, back to host code at a slice's end. */
class CpuStageTest {
    private final List<String> stages = new ArrayList<>();

    private final Progress progress = new Progress() {
        @Override
        public void diagnostics(String json) {
        }

        @Override
        public void stage(String stage) {
            stages.add(stage);
        }
    };

    private static KernelLaunch launchOf(String kernel) {
        Function f = new Function(kernel, ExecutionSpace.KERNEL, Type.VOID, List.of(), false, Span.NONE);
        return new KernelLaunch(new Module(), f, new int[] {1, 1, 1}, new int[] {32, 1, 1}, 0, List.of(), Span.NONE);
    }

    @Test
    void aLoopOfLaunchesOfOneKernelCostsOneMessagePerSlice() {
        CpuStage stage = new CpuStage(progress);
        for (int i = 0; i < 1000; i++) {
            stage.started(launchOf("step"));
            stage.finished(launchOf("step"));
        }
        assertEquals(List.of("kernel:step"), stages, "named when the first launch starts, not per launch");
        stage.settle();
        assertEquals(List.of("kernel:step", "host"), stages);
        stage.settle();
        assertEquals(List.of("kernel:step", "host"), stages, "nothing new to say");
    }

    @Test
    void aKernelStillRunningAtTheSlicesEndKeepsItsName() {
        CpuStage stage = new CpuStage(progress);
        stage.started(launchOf("a"));
        stage.finished(launchOf("a"));
        stage.started(launchOf("b"));
        stage.settle();
        assertEquals(List.of("kernel:a", "kernel:b"), stages);
        stage.finished(launchOf("b"));
        stage.settle();
        assertEquals(List.of("kernel:a", "kernel:b", "host"), stages);
    }
}
