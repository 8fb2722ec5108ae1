package webcu.app;

import webcu.runtime.KernelLaunch;
import webcu.vm.CpuDevice;

/**
 * Tells the page which kernel the CPU emulator runs. A worker's message reaches the page while the
 * worker goes on, so the kernel's name shows during a long launch. The return to host code is
 * only noted when the launch ends and reported at the end of the slice: a loop of a million
 * launches of one kernel then costs a message per slice, not two per launch.
 */
final class CpuStage implements CpuDevice.LaunchObserver {
    private final Progress progress;
    private String reported = Progress.HOST;
    private boolean backInHost;

    CpuStage(Progress progress) {
        this.progress = progress;
    }

    @Override
    public void started(KernelLaunch launch) {
        backInHost = false;
        report(Progress.KERNEL_PREFIX + launch.kernel().name());
    }

    @Override
    public void finished(KernelLaunch launch) {
        backInHost = true;
    }

    /** The end of a slice: host code runs again if the last launch has ended. */
    void settle() {
        if (backInHost) {
            backInHost = false;
            report(Progress.HOST);
        }
    }

    private void report(String stage) {
        if (!stage.equals(reported)) {
            reported = stage;
            progress.stage(stage);
        }
    }
}
