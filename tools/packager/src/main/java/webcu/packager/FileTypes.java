package webcu.packager;

import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** Classifies dist/ files by extension: which are text, which get a Brotli twin, and what Content-Type each is served with. */
final class FileTypes {
    private FileTypes() {}

    private static final Set<String> TEXT =
            Set.of("html", "js", "mjs", "css", "json", "svg", "txt", "wgsl", "map", "webmanifest");

    private static final Map<String, String> TYPES = Map.ofEntries(
            Map.entry("html", "text/html"),
            // RFC 9239: text/javascript is the one type for both classic scripts and modules.
            Map.entry("js", "text/javascript"),
            Map.entry("mjs", "text/javascript"),
            Map.entry("css", "text/css"),
            Map.entry("json", "application/json"),
            Map.entry("map", "application/json"),
            Map.entry("svg", "image/svg+xml"),
            Map.entry("txt", "text/plain"),
            Map.entry("wgsl", "text/wgsl"),
            Map.entry("webmanifest", "application/manifest+json"),
            // WebAssembly.compileStreaming refuses any other type.
            Map.entry("wasm", "application/wasm"),
            Map.entry("png", "image/png"),
            Map.entry("ico", "image/x-icon"));

    static String extension(String name) {
        int slash = name.lastIndexOf('/');
        int dot = name.lastIndexOf('.');
        return dot > slash ? name.substring(dot + 1).toLowerCase(Locale.ROOT) : "";
    }

    static boolean isText(String name) {
        return TEXT.contains(extension(name));
    }

    /** Text and wasm compress well; images are already compressed. */
    static boolean isCompressible(String name) {
        return isText(name) || extension(name).equals("wasm");
    }

    static String contentType(String name) {
        String type = TYPES.getOrDefault(extension(name), "application/octet-stream");
        return isText(name) ? type + "; charset=utf-8" : type;
    }
}
