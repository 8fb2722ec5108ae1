package webcu.webgpu;

import org.teavm.jso.JSObject;

/** The set of optional features ({@code "timestamp-query"}, {@code "subgroups"}, {@code "shader-f16"} …). */
public interface GPUSupportedFeatures extends JSObject {
    boolean has(String feature);
}
