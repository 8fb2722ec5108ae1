package webcu.webgpu;

import org.teavm.jso.JSObject;
import org.teavm.jso.core.JSPromise;

/** A compiled WGSL module; its compilation messages come asynchronously. */
public interface GPUShaderModule extends JSObject {
    JSPromise<GPUCompilationInfo> getCompilationInfo();
}
