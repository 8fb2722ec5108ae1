package webcu.packager;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Serves a directory over HTTP with correct content types and the pre-compressed .br twins.
 * Every file has a strong ETag (from its bytes) and a Last-Modified; a request that names them in
 * If-None-Match or If-Modified-Since gets 304 without a body, so a reload (and the service
 * worker's revalidation) costs one round trip per unchanged file instead of its bytes.
 */
public final class StaticServer implements AutoCloseable {
    private final HttpServer server;
    private final ExecutorService executor;
    private final Path root;
    /** ETags by file, recomputed when the file's size or modification time changes. */
    private final Map<Path, Tag> tags = new ConcurrentHashMap<>();

    private record Tag(long size, FileTime modified, String etag) {}

    private StaticServer(HttpServer server, ExecutorService executor, Path root) {
        this.server = server;
        this.executor = executor;
        this.root = root;
    }

    /** Binds {@code host:port} (port 0 picks a free port) and starts serving {@code dir}. */
    public static StaticServer start(Path dir, String host, int port) throws IOException {
        Path root = dir.toRealPath();
        if (!Files.isDirectory(root)) {
            throw new IOException("not a directory: " + dir);
        }
        HttpServer http = HttpServer.create(new InetSocketAddress(host, port), 0);
        ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
        StaticServer s = new StaticServer(http, executor, root);
        http.createContext("/", s::handle);
        http.setExecutor(executor);
        http.start();
        return s;
    }

    public int port() {
        return server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            Headers h = ex.getResponseHeaders();
            // A content-hashed name (--hash-names) never changes its bytes: cache it for a year.
            // Any other name must be revalidated, so that a new build shows up.
            String name = ex.getRequestURI().getPath();
            h.set("Cache-Control", HashNames.HASHED.matcher(name).matches() ? "public, max-age=31536000, immutable" : "no-cache");
            String method = ex.getRequestMethod();
            boolean head = method.equals("HEAD");
            if (!head && !method.equals("GET")) {
                h.set("Allow", "GET, HEAD");
                sendText(ex, 405, "method not allowed", false);
                return;
            }
            Path file = resolve(ex.getRequestURI().getPath());
            if (file == null) {
                sendText(ex, 404, "not found", head);
                return;
            }
            Path twin = file.resolveSibling(file.getFileName() + Packager.BR);
            boolean hasTwin = Files.isRegularFile(twin);
            Path body = file;
            h.set("Content-Type", FileTypes.contentType(file.getFileName().toString()));
            h.set("X-Content-Type-Options", "nosniff");
            if (hasTwin) {
                // Caches must not hand the br bytes to a client that did not ask for them.
                h.set("Vary", "Accept-Encoding");
                if (acceptsBrotli(ex.getRequestHeaders().getFirst("Accept-Encoding"))) {
                    h.set("Content-Encoding", "br");
                    body = twin;
                }
            }
            String etag = etag(body);
            Instant modified = Files.getLastModifiedTime(body).toInstant().truncatedTo(ChronoUnit.SECONDS);
            h.set("ETag", etag);
            h.set("Last-Modified", DateTimeFormatter.RFC_1123_DATE_TIME.format(modified.atZone(ZoneOffset.UTC)));
            if (notModified(ex.getRequestHeaders(), etag, modified)) {
                ex.sendResponseHeaders(304, -1);
                return;
            }
            long length = Files.size(body);
            if (head) {
                h.set("Content-Length", Long.toString(length));
                ex.sendResponseHeaders(200, -1);
                return;
            }
            ex.sendResponseHeaders(200, length == 0 ? -1 : length);
            try (OutputStream os = ex.getResponseBody()) {
                Files.copy(body, os);
            }
        }
    }

    /** The regular file under the root that {@code path} names, or null: missing, a directory, or outside the root. */
    private Path resolve(String path) throws IOException {
        if (path == null || !path.startsWith("/") || path.contains("\\") || path.indexOf('\0') >= 0) {
            return null;
        }
        if (path.endsWith("/")) {
            path += "index.html";
        }
        // getPath() is already percent-decoded, so "%2e%2e" arrives here as ".." too.
        for (String segment : path.substring(1).split("/", -1)) {
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
                return null;
            }
        }
        Path file = root.resolve(path.substring(1)).normalize();
        if (!file.startsWith(root) || !Files.isRegularFile(file)) {
            return null;
        }
        // A symlink inside the root could still point outside it.
        return file.toRealPath().startsWith(root) ? file : null;
    }

    /** RFC 9110 13.1.2-13.1.3: If-None-Match decides when present; If-Modified-Since only without it. */
    static boolean notModified(Headers request, String etag, Instant modified) {
        String match = request.getFirst("If-None-Match");
        if (match != null) {
            for (String candidate : match.split(",")) {
                String c = candidate.trim();
                // weak comparison: W/"x" matches "x"
                if (c.equals("*") || (c.startsWith("W/") ? c.substring(2) : c).equals(etag)) {
                    return true;
                }
            }
            return false;
        }
        String since = request.getFirst("If-Modified-Since");
        if (since == null) {
            return false;
        }
        try {
            Instant t = ZonedDateTime.parse(since.trim(), DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
            return !modified.isAfter(t);
        } catch (DateTimeParseException e) {
            return false; // an unreadable date is ignored, as the RFC says
        }
    }

    private String etag(Path file) throws IOException {
        long size = Files.size(file);
        FileTime modified = Files.getLastModifiedTime(file);
        Tag tag = tags.get(file);
        if (tag == null || tag.size() != size || !tag.modified().equals(modified)) {
            try {
                byte[] sha = MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file));
                tag = new Tag(size, modified, "\"" + HexFormat.of().formatHex(sha, 0, 12) + "\"");
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("every JDK ships SHA-256", e);
            }
            tags.put(file, tag);
        }
        return tag.etag();
    }

    /** True when the header lists "br" without q=0. */
    static boolean acceptsBrotli(String acceptEncoding) {
        if (acceptEncoding == null) {
            return false;
        }
        for (String part : acceptEncoding.split(",")) {
            String[] params = part.split(";");
            if (!params[0].trim().equalsIgnoreCase("br")) {
                continue;
            }
            for (int i = 1; i < params.length; i++) {
                String p = params[i].replace(" ", "").toLowerCase(Locale.ROOT);
                if (p.matches("q=0(\\.0*)?")) {
                    return false;
                }
            }
            return true;
        }
        return false;
    }

    private static void sendText(HttpExchange ex, int status, String message, boolean head) throws IOException {
        byte[] bytes = (message + "\n").getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
        if (head) {
            ex.sendResponseHeaders(status, -1);
            return;
        }
        ex.sendResponseHeaders(status, bytes.length);
        try (OutputStream os = ex.getResponseBody()) {
            os.write(bytes);
        }
    }
}
