package webcu.vm;

import webcu.runtime.Completion;

/** Where a running program stands after {@link ProgramRun#resume}. */
public sealed interface RunState {
    /** The instruction budget ran out; call resume again (the browser yields to its event loop first). */
    record Running() implements RunState {}

    /** The host program waits for the device (a device-to-host copy); resume when it is done. */
    record Waiting(Completion completion) implements RunState {}

    /** The program ended with this exit status (a fault the runtime reported ends with 1). */
    record Exited(int status) implements RunState {}
}
