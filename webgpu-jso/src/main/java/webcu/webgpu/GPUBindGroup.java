package webcu.webgpu;

import org.teavm.jso.JSObject;

/** Buffers bound to the bindings of one bind group layout. */
public interface GPUBindGroup extends JSObject {
}
