package webcu.webgpu;

import org.teavm.jso.JSObject;
import org.teavm.jso.core.JSArrayReader;
import org.teavm.jso.core.JSPromise;
import org.teavm.jso.typedarrays.ArrayBufferView;

/** The device's queue: writes, submissions and the promise that they are done, in issue order. */
public interface GPUQueue extends JSObject {
    /**
     * Copies {@code size} bytes of {@code data} (starting {@code dataOffset} bytes in, for a
     * Uint8Array or Int8Array) into the buffer; offsets and size must be multiples of 4.
     */
    void writeBuffer(GPUBuffer buffer, double bufferOffset, ArrayBufferView data, double dataOffset, double size);

    void submit(JSArrayReader<GPUCommandBuffer> commandBuffers);

    JSPromise<JSObject> onSubmittedWorkDone();
}
