package webcu.runtime;

import java.util.List;

/**
 * The files a running program reaches through fopen, stat, remove and the like: on the CLI the
 * real folder it runs in, on the page (and in tests) the project's files held in memory. Paths are
 * as the program wrote them; an implementation resolves relative ones against {@link #cwd}.
 * Failures are errno values ({@link Errno}), so that the C library can report them as glibc does.
 */
public interface FileSystem {
    /** What is at a path. */
    enum Kind { FILE, DIRECTORY }

    /** The whole content of the regular file at {@code path}, or null when it cannot be read. */
    byte[] read(String path);

    /** Why {@link #read} returned null: ENOENT, EISDIR, EACCES. */
    int readError(String path);

    /** Creates or replaces the regular file at {@code path}; returns 0 or an errno value. */
    int write(String path, byte[] data);

    /** A file, a directory, or null when nothing is there. */
    Kind kind(String path);

    int mkdir(String path);

    /** Removes a file or an empty directory (C's remove). */
    int remove(String path);

    int rename(String from, String to);

    /** The absolute path of the working folder (getcwd). */
    String cwd();

    /** The files the program created or changed, in the order it first wrote them. */
    List<String> written();

    /**
     * The next bytes of the program's standard input (blocking until some are there), or null at
     * its end. The CLI reads its own stdin; by default there is none, and reads see end of file.
     */
    default byte[] readStdin() {
        return null;
    }
}
