package webcu.webgpu;

import org.teavm.jso.JSObject;
import org.teavm.jso.core.JSPromise;

/** {@code navigator.gpu}, the entry to WebGPU; get it with {@link WebGpu#gpu()}. */
public interface GPU extends JSObject {
    /** Resolves to an adapter, or to null when the browser has none to offer. */
    JSPromise<GPUAdapter> requestAdapter(JSObject options);
}
