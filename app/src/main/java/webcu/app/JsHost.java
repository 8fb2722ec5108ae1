package webcu.app;

import org.teavm.jso.JSBody;
import org.teavm.jso.JSFunctor;
import org.teavm.jso.JSObject;

/** The worker script's side of the bridge (webcu-worker.js defines {@code webcuHost}). */
final class JsHost {
    private JsHost() {
    }

    @JSBody(params = {"stream", "text"}, script = "webcuHost.write(stream, text);")
    static native void write(int stream, String text);

    @JSBody(params = "status", script = "webcuHost.exit(status);")
    static native void exit(int status);

    /** The GPU times of the run's launches as JSON; hosts without {@code kernelTimes} ignore them. */
    @JSBody(params = "json", script = "if (typeof webcuHost.kernelTimes === 'function') { webcuHost.kernelTimes(json); }")
    static native void kernelTimes(String json);

    /** The compile's diagnostics as JSON ({@link Progress#toJson}); hosts without {@code diagnostics} ignore them. */
    @JSBody(params = "json", script = "if (typeof webcuHost.diagnostics === 'function') { webcuHost.diagnostics(json); }")
    static native void diagnostics(String json);

    /** The generated code for the views ({@link CodeViews}); hosts without {@code views} ignore it. */
    @JSBody(params = "json", script = "if (typeof webcuHost.views === 'function') { webcuHost.views(json); }")
    static native void views(String json);

    /** The stage the run entered ({@link Progress}); hosts without {@code stage} ignore it. */
    @JSBody(params = "stage", script = "if (typeof webcuHost.stage === 'function') { webcuHost.stage(stage); }")
    static native void stage(String stage);

    /** The launches panel's data ({@link LaunchLog#toJson}); hosts without {@code launches} ignore it. */
    @JSBody(params = "json", script = "if (typeof webcuHost.launches === 'function') { webcuHost.launches(json); }")
    static native void launches(String json);

    /** The device panel's data ({@link DevicePanel}); hosts without {@code device} ignore it. */
    @JSBody(params = "json", script = "if (typeof webcuHost.device === 'function') { webcuHost.device(json); }")
    static native void device(String json);

    @JSBody(params = "task", script = "webcuHost.later(task);")
    static native void later(Task task);

    /** Runs {@code task} after {@code ms} milliseconds (the worker's setTimeout). */
    @JSBody(params = {"ms", "task"}, script = "setTimeout(task, ms);")
    static native void after(int ms, Task task);

    /** A Java callback the worker script calls once. */
    @JSFunctor
    interface Task extends JSObject {
        void run();
    }
}
