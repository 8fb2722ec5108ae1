package webcu.webgpu;

import org.teavm.jso.JSObject;
import org.teavm.jso.JSProperty;
import org.teavm.jso.core.JSArrayReader;

/** The messages of a shader module's compilation. */
public interface GPUCompilationInfo extends JSObject {
    @JSProperty
    JSArrayReader<GPUCompilationMessage> getMessages();
}
