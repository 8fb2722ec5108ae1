package webcu.webgpu;

import org.teavm.jso.JSObject;
import org.teavm.jso.JSProperty;

/** A validation, out-of-memory or internal error of the WebGPU implementation. */
public interface GPUError extends JSObject {
    @JSProperty
    String getMessage();
}
