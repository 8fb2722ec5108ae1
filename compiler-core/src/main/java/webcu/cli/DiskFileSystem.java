package webcu.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import webcu.runtime.Errno;
import webcu.runtime.FileSystem;

/** The real files of the folder the CLI runs in: what a program built by nvcc would see. */
final class DiskFileSystem implements FileSystem {
    private final Path cwd = Path.of("").toAbsolutePath();
    private final LinkedHashSet<String> written = new LinkedHashSet<>();

    private Path resolve(String path) {
        return cwd.resolve(path);
    }

    @Override
    public byte[] read(String path) {
        Path p = resolve(path);
        if (!Files.isRegularFile(p)) {
            return null;
        }
        try {
            return Files.readAllBytes(p);
        } catch (IOException e) {
            return null;
        }
    }

    @Override
    public int readError(String path) {
        Path p = resolve(path);
        if (Files.isDirectory(p)) {
            return Errno.EISDIR;
        }
        return Files.exists(p) ? Errno.EACCES : Errno.ENOENT;
    }

    @Override
    public int write(String path, byte[] data) {
        try {
            Files.write(resolve(path), data);
            written.add(path);
            return 0;
        } catch (IOException e) {
            return errno(e, path);
        }
    }

    @Override
    public Kind kind(String path) {
        Path p = resolve(path);
        return Files.isDirectory(p) ? Kind.DIRECTORY : Files.exists(p) ? Kind.FILE : null;
    }

    @Override
    public int mkdir(String path) {
        try {
            Files.createDirectory(resolve(path));
            return 0;
        } catch (IOException e) {
            return errno(e, path);
        }
    }

    @Override
    public int remove(String path) {
        try {
            Files.delete(resolve(path));
            return 0;
        } catch (IOException e) {
            return errno(e, path);
        }
    }

    @Override
    public int rename(String from, String to) {
        try {
            Files.move(resolve(from), resolve(to), StandardCopyOption.REPLACE_EXISTING);
            written.add(to);
            return 0;
        } catch (IOException e) {
            return errno(e, from);
        }
    }

    @Override
    public String cwd() {
        return cwd.toString();
    }

    @Override
    public List<String> written() {
        return new ArrayList<>(written);
    }

    @Override
    public byte[] readStdin() {
        byte[] buf = new byte[8192];
        try {
            int n = System.in.read(buf);
            return n < 0 ? null : java.util.Arrays.copyOf(buf, n);
        } catch (IOException e) {
            return null;
        }
    }

    private int errno(IOException e, String path) {
        if (e instanceof NoSuchFileException) {
            return Errno.ENOENT;
        }
        if (e instanceof FileAlreadyExistsException) {
            return Errno.EEXIST;
        }
        if (e instanceof DirectoryNotEmptyException) {
            return Errno.ENOTEMPTY;
        }
        if (e instanceof NotDirectoryException) {
            return Errno.ENOTDIR;
        }
        if (e instanceof AccessDeniedException) {
            return Errno.EACCES;
        }
        return Files.isDirectory(resolve(path)) ? Errno.EISDIR : Errno.EIO;
    }
}
