package webcu.packager;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Content-hashed file names ({@code --hash-names}): every file but the entry points becomes
 * {@code NAME.HASH.EXT}, HASH the first {@value #HASH_DIGITS} hex digits of the SHA-256 of its
 * final bytes, and every text file's references to it are rewritten. A host may then cache those
 * files for a year: a new build has new names. The entry points keep their names, since
 * something outside the build names them (a link, the browser's service worker check).
 *
 * <p>A reference is the file's name (or path from the root) between delimiters — a quote, a
 * slash, a parenthesis, '=' or a blank before it; a quote, '?', '#', ')' or a blank after it — so
 * {@code webcu.wasm} inside {@code webcu.wasm-runtime.js} is not one. A file is hashed after the
 * files it refers to, so that its hash covers their new names; references that form a cycle are
 * an error.
 */
final class HashNames {
    private HashNames() {}

    static final int HASH_DIGITS = 10;
    /** What a browser or a person asks for by name. */
    static final Set<String> ENTRY_POINTS =
            Set.of(Packager.MANIFEST, Packager.SERVICE_WORKER, Packager.WEB_MANIFEST);
    /** A hashed name, as StaticServer recognises it. */
    static final Pattern HASHED = Pattern.compile(".*\\.[0-9a-f]{" + HASH_DIGITS + "}\\.[A-Za-z0-9]+(\\.br)?");

    static boolean isEntryPoint(String url) {
        return ENTRY_POINTS.contains(url) || url.endsWith(".html");
    }

    /** Renames the files of {@code urls} under {@code out}; returns each url's new name (entry points: their own). */
    static Map<String, String> apply(Path out, List<String> urls) throws IOException {
        List<String> renamable = urls.stream().filter(u -> !isEntryPoint(u)).toList();
        Map<String, Pattern> refs = new LinkedHashMap<>();
        for (String u : renamable) {
            refs.put(u, reference(u));
        }
        Map<String, String> renamed = new TreeMap<>();
        List<String> pending = new ArrayList<>(urls);
        while (!pending.isEmpty()) {
            boolean progress = false;
            for (String url : List.copyOf(pending)) {
                String text = FileTypes.isText(url) ? Files.readString(out.resolve(url), StandardCharsets.UTF_8) : null;
                List<String> needs = text == null ? List.of() : refs.entrySet().stream()
                        .filter(e -> !e.getKey().equals(url) && e.getValue().matcher(text).find())
                        .map(Map.Entry::getKey).toList();
                if (!renamed.keySet().containsAll(needs)) {
                    continue;
                }
                if (text != null && !needs.isEmpty()) {
                    String rewritten = text;
                    for (String n : needs) {
                        rewritten = refs.get(n).matcher(rewritten).replaceAll(Matcher.quoteReplacement(renamed.get(n)));
                    }
                    Files.writeString(out.resolve(url), rewritten, StandardCharsets.UTF_8);
                }
                if (renamable.contains(url)) {
                    String name = hashed(url, Packager.revision(Files.readAllBytes(out.resolve(url))).substring(0, HASH_DIGITS));
                    Files.move(out.resolve(url), out.resolve(name));
                    renamed.put(url, name);
                }
                pending.remove(url);
                progress = true;
            }
            if (!progress) {
                throw new PackagerException("--hash-names: these files refer to each other in a cycle: " + pending);
            }
        }
        Map<String, String> result = new TreeMap<>();
        for (String u : urls) {
            result.put(u, renamed.getOrDefault(u, u));
        }
        return result;
    }

    /** NAME.EXT → NAME.HASH.EXT, at the last dot (a name without an extension gets .HASH at its end). */
    static String hashed(String url, String hash) {
        int slash = url.lastIndexOf('/');
        int dot = url.lastIndexOf('.');
        if (dot <= slash + 1) {
            return url + "." + hash;
        }
        return url.substring(0, dot) + "." + hash + url.substring(dot);
    }

    static Pattern reference(String url) {
        return Pattern.compile("(?<=[\"'(/=\\s]|^)" + Pattern.quote(url) + "(?=[\"'?#)\\s]|$)", Pattern.MULTILINE);
    }
}
