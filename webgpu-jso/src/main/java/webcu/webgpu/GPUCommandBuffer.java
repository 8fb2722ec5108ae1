package webcu.webgpu;

import org.teavm.jso.JSObject;

/** Recorded commands, ready for {@link GPUQueue#submit}. */
public interface GPUCommandBuffer extends JSObject {
}
