package webcu.webgpu;

import org.teavm.jso.JSObject;

/** The types of the bindings of one bind group. */
public interface GPUBindGroupLayout extends JSObject {
}
