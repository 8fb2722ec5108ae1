package webcu.packager;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** Assembles dist/: merges the source directories, writes Brotli twins and the precache manifest. */
final class Packager {
    private Packager() {}

    static final String MANIFEST = "precache-manifest.json";
    static final String BR = ".br";
    /** The service worker: it gets the manifest written into it and is not part of it (browsers fetch it themselves). */
    static final String SERVICE_WORKER = "sw.js";
    /** The web app manifest: when it is packaged, so are the icons it names ({@link Icons}). */
    static final String WEB_MANIFEST = "manifest.webmanifest";
    static final String PRECACHE_BEGIN = "// precache:begin\n";
    static final String PRECACHE_END = "// precache:end\n";

    /**
     * One file of dist/ (never a twin).
     *
     * @param brotliSize size of the .br twin, or -1 when there is none
     * @param source the file's name in the sources (differs from url with --hash-names)
     */
    record Entry(String url, long rawSize, long brotliSize, String revision, String source) {
        /** Bytes on the wire from a host that honours the twins. */
        long servedSize() {
            return brotliSize >= 0 ? brotliSize : rawSize;
        }
    }

    /**
     * Wipes {@code out}, copies every source into it (later sources win), checks that every
     * page file exists, writes the manifest and the twins. Returns the entries sorted by url.
     */
    static List<Entry> assemble(List<Path> sources, Path out, List<String> pageFiles) throws IOException {
        return assemble(sources, out, pageFiles, false);
    }

    /** As above; with {@code hashNames}, files get content-hashed names ({@link HashNames}). */
    static List<Entry> assemble(List<Path> sources, Path out, List<String> pageFiles, boolean hashNames) throws IOException {
        Path outAbs = out.toAbsolutePath().normalize();
        for (Path src : sources) {
            Path srcAbs = src.toAbsolutePath().normalize();
            if (!Files.isDirectory(srcAbs)) {
                throw new PackagerException("source is not a directory: " + src);
            }
            // Wiping or filling a directory that is also being read would lose or loop over files.
            if (outAbs.startsWith(srcAbs) || srcAbs.startsWith(outAbs)) {
                throw new PackagerException("--out " + out + " overlaps source " + src);
            }
        }
        Map<String, Path> files = collect(sources);
        // Checked before wiping, so a typo leaves the previous dist/ in place.
        for (String page : pageFiles) {
            if (!files.containsKey(page)) {
                throw new PackagerException("--page-file " + page + " is not among the packaged files");
            }
        }
        wipe(outAbs);
        for (Map.Entry<String, Path> e : files.entrySet()) {
            Path target = outAbs.resolve(e.getKey());
            Files.createDirectories(target.getParent());
            Files.copy(e.getValue(), target, StandardCopyOption.REPLACE_EXISTING);
        }
        List<String> urls = new ArrayList<>(files.keySet());
        // The web app manifest's icons are drawn here rather than kept as binaries in the repository.
        if (urls.contains(WEB_MANIFEST)) {
            for (String icon : Icons.write(outAbs)) {
                if (!urls.contains(icon)) {
                    urls.add(icon);
                }
            }
        }
        urls.sort(Comparator.naturalOrder());
        urls.remove(MANIFEST);
        Map<String, String> sourceOf = new TreeMap<>();
        if (hashNames) {
            for (Map.Entry<String, String> e : HashNames.apply(outAbs, urls).entrySet()) {
                sourceOf.put(e.getValue(), e.getKey());
            }
            urls = new ArrayList<>(sourceOf.keySet());
        }

        boolean worker = urls.remove(SERVICE_WORKER);
        String manifest = manifestJson(outAbs, urls);
        Files.writeString(outAbs.resolve(MANIFEST), manifest, StandardCharsets.UTF_8);
        urls.add(MANIFEST);
        if (worker) {
            writeServiceWorker(outAbs.resolve(SERVICE_WORKER), manifest);
            urls.add(SERVICE_WORKER);
        }
        urls.sort(Comparator.naturalOrder());

        // Quality 11 dominates the run time; files are independent, so spread them over the cores.
        return urls.parallelStream().map(url -> entry(outAbs, url, sourceOf.getOrDefault(url, url))).toList();
    }

    /** Relative url (forward slashes) to source file, in url order; later sources override earlier ones. */
    private static Map<String, Path> collect(List<Path> sources) throws IOException {
        Map<String, Path> files = new TreeMap<>();
        for (Path src : sources) {
            Path root = src.toAbsolutePath().normalize();
            try (Stream<Path> walk = Files.walk(root)) {
                for (Path p : (Iterable<Path>) walk.filter(Files::isRegularFile)::iterator) {
                    String url = toUrl(root.relativize(p));
                    // Twins are derived here; a stale one from a source could disagree with its original.
                    if (!url.endsWith(BR)) {
                        files.put(url, p);
                    }
                }
            }
        }
        return files;
    }

    private static Entry entry(Path out, String url, String source) {
        try {
            Path file = out.resolve(url);
            byte[] raw = Files.readAllBytes(file);
            long brotliSize = -1;
            if (FileTypes.isCompressible(url)) {
                byte[] br = Brotli.compress(raw);
                if (br.length < raw.length) {
                    Files.write(file.resolveSibling(file.getFileName() + BR), br);
                    brotliSize = br.length;
                }
            }
            return new Entry(url, raw.length, brotliSize, revision(raw), source);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Puts the precache list between the service worker's marker lines (whatever stood there
     * before, so re-packaging a dist/ works), with the build's id: the manifest's own revision.
     * Any change of any file thus changes sw.js, which is how browsers notice a new build.
     */
    static void writeServiceWorker(Path sw, String manifest) throws IOException {
        String text = Files.readString(sw, StandardCharsets.UTF_8).replace("\r\n", "\n");
        int begin = text.indexOf(PRECACHE_BEGIN);
        int end = text.indexOf(PRECACHE_END);
        if (begin < 0 || end < begin) {
            throw new PackagerException(SERVICE_WORKER + " lacks the lines '" + PRECACHE_BEGIN.trim() + "' and '"
                    + PRECACHE_END.trim() + "' for the precache list");
        }
        String build = revision(manifest.getBytes(StandardCharsets.UTF_8));
        String list = "self.WEBCU_PRECACHE = {\"build\": \"" + build + "\", \"files\": " + manifest.trim() + "};\n";
        Files.writeString(sw, text.substring(0, begin + PRECACHE_BEGIN.length()) + list + text.substring(end),
                StandardCharsets.UTF_8);
    }

    static String manifestJson(Path out, List<String> sortedUrls) throws IOException {
        StringBuilder json = new StringBuilder("[");
        String sep = "\n";
        for (String url : sortedUrls) {
            byte[] raw = Files.readAllBytes(out.resolve(url));
            json.append(sep).append("  {\"url\": ").append(jsonString(url))
                    .append(", \"revision\": \"").append(revision(raw))
                    .append("\", \"size\": ").append(raw.length).append('}');
            sep = ",\n";
        }
        return json.append(sortedUrls.isEmpty() ? "]\n" : "\n]\n").toString();
    }

    /** Content hash the service worker compares to decide what to refetch. */
    static String revision(byte[] content) {
        try {
            byte[] sha = MessageDigest.getInstance("SHA-256").digest(content);
            return HexFormat.of().formatHex(sha).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK ships SHA-256", e);
        }
    }

    static String toUrl(Path relative) {
        return relative.toString().replace(relative.getFileSystem().getSeparator(), "/");
    }

    private static String jsonString(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }

    private static void wipe(Path dir) throws IOException {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new PackagerException("--out " + dir + " exists and is not a directory");
        }
        if (Files.isDirectory(dir)) {
            try (Stream<Path> walk = Files.walk(dir)) {
                // Children before parents, so each directory is empty when it is deleted.
                for (Path p : (Iterable<Path>) walk.sorted(Comparator.reverseOrder())::iterator) {
                    if (!p.equals(dir)) {
                        Files.delete(p);
                    }
                }
            }
        }
        Files.createDirectories(dir);
    }
}
