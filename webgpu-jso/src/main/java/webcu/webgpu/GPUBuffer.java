package webcu.webgpu;

import org.teavm.jso.JSObject;
import org.teavm.jso.JSProperty;
import org.teavm.jso.core.JSPromise;
import org.teavm.jso.typedarrays.ArrayBuffer;

/** A block of GPU memory; usage flags are {@link WebGpu}'s {@code BUFFER_*} constants. */
public interface GPUBuffer extends JSObject {
    @JSProperty
    double getSize();

    @JSProperty
    int getUsage();

    /** {@code "unmapped"}, {@code "pending"} or {@code "mapped"}. */
    @JSProperty
    String getMapState();

    /** Maps a MAP_READ or MAP_WRITE buffer once the GPU is done with it; mode is {@link WebGpu#MAP_READ}. */
    JSPromise<JSObject> mapAsync(int mode, double offset, double size);

    ArrayBuffer getMappedRange(double offset, double size);

    void unmap();

    void destroy();
}
