package webcu.webgpu;

import org.teavm.jso.JSObject;
import org.teavm.jso.JSProperty;

/** Why a device was lost: {@code "destroyed"} or {@code "unknown"}, and a message. */
public interface GPUDeviceLostInfo extends JSObject {
    @JSProperty
    String getReason();

    @JSProperty
    String getMessage();
}
