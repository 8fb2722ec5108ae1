package webcu.frontend;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The user's files as the compiler sees them: a small virtual file system (path to text), the
 * files to compile, include directories and predefined macros. The built-in headers are not
 * here; the preprocessor provides them.
 */
public final class SourceSet {
    private final Map<String, String> files = new LinkedHashMap<>();
    private final List<String> mainFiles = new ArrayList<>();
    private final List<String> includeDirs = new ArrayList<>();
    private final Map<String, String> defines = new LinkedHashMap<>();
    private Function<String, String> loader = path -> null;
    private boolean fmad = true;

    /** Adds a file; {@code compile} marks it as a translation unit rather than only an include. */
    public SourceSet file(String path, String text, boolean compile) {
        files.put(path, text);
        if (compile) {
            mainFiles.add(path);
        }
        return this;
    }

    public SourceSet includeDir(String dir) {
        includeDirs.add(dir);
        return this;
    }

    public SourceSet define(String name, String value) {
        defines.put(name, value);
        return this;
    }

    /**
     * Where files that were not added come from when an include names them: the CLI reads the disk,
     * as nvcc does, so that {@code #include "kernel.cu"} or {@code "sub/util.h"} beside the program
     * works without listing every file. The loader returns null for a missing file.
     */
    public SourceSet loader(Function<String, String> loader) {
        this.loader = loader;
        return this;
    }

    /**
     * Whether device code contracts a float multiply feeding an add or subtract into one fused
     * multiply-add, as nvcc's {@code -fmad=true} (its default) does; false gives {@code -fmad=false}.
     */
    public SourceSet fmad(boolean on) {
        fmad = on;
        return this;
    }

    public boolean fmad() { return fmad; }

    public static SourceSet single(String path, String text) {
        return new SourceSet().file(path, text, true);
    }

    public Map<String, String> files() { return files; }
    public List<String> mainFiles() { return mainFiles; }
    public List<String> includeDirs() { return includeDirs; }
    public Map<String, String> defines() { return defines; }

    /**
     * Text of a user file by path, or null; a file the loader finds is kept, so it is read once
     * (and what it did not find is asked again: {@link #files} holds only real files).
     */
    public String text(String path) {
        String t = files.get(path);
        if (t == null) {
            t = loader.apply(path);
            if (t != null) {
                files.put(path, t);
            }
        }
        return t;
    }
}
