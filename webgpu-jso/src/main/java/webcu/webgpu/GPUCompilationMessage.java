package webcu.webgpu;

import org.teavm.jso.JSObject;
import org.teavm.jso.JSProperty;

/** One message of WGSL compilation, with its 1-based line and column. */
public interface GPUCompilationMessage extends JSObject {
    @JSProperty
    String getMessage();

    /** {@code "error"}, {@code "warning"} or {@code "info"}. */
    @JSProperty
    String getType();

    @JSProperty
    int getLineNum();

    @JSProperty
    int getLinePos();
}
