package webcu.runtime;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Files in memory: the page's project files (and the tests'), which the program reads and may
 * overwrite; what it writes stays here and is listed by {@link #written}. Folders exist where a
 * file's path has them or where the program made one. The working folder is {@link #CWD}; paths
 * are kept relative to it.
 */
public final class MemoryFileSystem implements FileSystem {
    public static final String CWD = "/home/webcu";

    private final Map<String, byte[]> files = new LinkedHashMap<>();
    private final Set<String> dirs = new LinkedHashSet<>();
    private final Set<String> written = new LinkedHashSet<>();
    private byte[] stdin;

    public MemoryFileSystem() {}

    /** A file system holding {@code texts} (path → UTF-8 text), e.g. the project's sources. */
    public MemoryFileSystem(Map<String, String> texts) {
        for (Map.Entry<String, String> e : texts.entrySet()) {
            files.put(normalize(e.getKey()), e.getValue().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
    }

    /** The key of a path: relative to the working folder, without "." and ".." parts. */
    static String normalize(String path) {
        String p = path;
        if (p.equals(CWD)) {
            p = "";
        } else if (p.startsWith(CWD + "/")) {
            p = p.substring(CWD.length() + 1);
        }
        boolean absolute = p.startsWith("/");
        List<String> parts = new ArrayList<>();
        for (String s : p.split("/")) {
            if (s.isEmpty() || s.equals(".")) {
                continue;
            }
            if (s.equals("..") && !parts.isEmpty() && !parts.get(parts.size() - 1).equals("..")) {
                parts.remove(parts.size() - 1);
            } else {
                parts.add(s);
            }
        }
        return (absolute ? "/" : "") + String.join("/", parts);
    }

    private static String parent(String key) {
        int slash = key.lastIndexOf('/');
        return slash < 0 ? "" : key.substring(0, slash);
    }

    @Override
    public byte[] read(String path) {
        byte[] b = files.get(normalize(path));
        return b == null ? null : b.clone();
    }

    @Override
    public int readError(String path) {
        return kind(path) == Kind.DIRECTORY ? Errno.EISDIR : Errno.ENOENT;
    }

    @Override
    public int write(String path, byte[] data) {
        String key = normalize(path);
        if (key.isEmpty() || kind(key) == Kind.DIRECTORY) {
            return Errno.EISDIR;
        }
        String parent = parent(key);
        if (!parent.isEmpty() && kind(parent) != Kind.DIRECTORY) {
            return kind(parent) == Kind.FILE ? Errno.ENOTDIR : Errno.ENOENT;
        }
        files.put(key, data.clone());
        written.add(key);
        return 0;
    }

    @Override
    public Kind kind(String path) {
        String key = normalize(path);
        if (key.isEmpty() || key.equals("/") || dirs.contains(key)) {
            return Kind.DIRECTORY;
        }
        if (files.containsKey(key)) {
            return Kind.FILE;
        }
        for (String f : files.keySet()) {
            if (f.startsWith(key + "/")) {
                return Kind.DIRECTORY;
            }
        }
        return null;
    }

    @Override
    public int mkdir(String path) {
        String key = normalize(path);
        if (kind(key) != null) {
            return Errno.EEXIST;
        }
        String parent = parent(key);
        if (!parent.isEmpty() && kind(parent) != Kind.DIRECTORY) {
            return Errno.ENOENT;
        }
        dirs.add(key);
        return 0;
    }

    @Override
    public int remove(String path) {
        String key = normalize(path);
        Kind k = kind(key);
        if (k == null) {
            return Errno.ENOENT;
        }
        if (k == Kind.FILE) {
            files.remove(key);
            written.remove(key);
            return 0;
        }
        for (String f : files.keySet()) {
            if (f.startsWith(key + "/")) {
                return Errno.ENOTEMPTY;
            }
        }
        for (String d : dirs) {
            if (d.startsWith(key + "/")) {
                return Errno.ENOTEMPTY;
            }
        }
        return dirs.remove(key) ? 0 : Errno.EBADF;
    }

    @Override
    public int rename(String from, String to) {
        String a = normalize(from);
        String b = normalize(to);
        if (kind(a) != Kind.FILE) {
            // Moving folders is rare in the programs we run; say so rather than half-do it.
            return kind(a) == null ? Errno.ENOENT : Errno.EXDEV;
        }
        if (kind(b) == Kind.DIRECTORY) {
            return Errno.EISDIR;
        }
        byte[] data = files.get(a);
        int err = write(b, data);
        if (err != 0) {
            return err;
        }
        files.remove(a);
        written.remove(a);
        return 0;
    }

    @Override
    public String cwd() {
        return CWD;
    }

    @Override
    public List<String> written() {
        return List.copyOf(written);
    }

    /** Gives the program {@code text} as its standard input (the page may offer an input box). */
    public MemoryFileSystem stdin(String text) {
        stdin = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        return this;
    }

    @Override
    public byte[] readStdin() {
        byte[] b = stdin;
        stdin = null;
        return b;
    }

    /** The text of a file (UTF-8), or null: for the page to show files the program wrote. */
    public String text(String path) {
        byte[] b = files.get(normalize(path));
        return b == null ? null : new String(b, java.nio.charset.StandardCharsets.UTF_8);
    }
}
