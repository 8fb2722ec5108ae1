package webcu.webgpu;

import org.teavm.jso.JSObject;

/** A set of queries; webcu uses timestamp queries to time kernels where the adapter allows it. */
public interface GPUQuerySet extends JSObject {
    void destroy();
}
