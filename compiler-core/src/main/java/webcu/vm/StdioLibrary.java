package webcu.vm;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import webcu.ir.Function;
import webcu.runtime.Errno;
import webcu.runtime.FileSystem;
import webcu.runtime.ByteOut;
import webcu.runtime.Printf;

/**
 * stdio over a {@link FileSystem}, and the file side of POSIX: FILE streams (fopen … fclose, the
 * printf and scanf families, the v-forms over a va_list), file descriptors (open, read, write),
 * stat, mkdir, access, remove, errno, strerror and perror with glibc's texts. stdout and stderr go
 * to the {@link StdStreams}; stdin reads what {@link FileSystem#readStdin} gives (the CLI's own
 * stdin; nothing on the page) or, after freopen, a file. A file opened for writing is kept in
 * memory and written to the file system on fflush, fclose and at exit, as a fully buffered stream
 * reaches the disk.
 */
public final class StdioLibrary implements NativeLibrary {
    private static final String[] NAMES = {
        "fopen", "freopen", "fdopen", "fclose", "fflush", "fread", "fwrite", "fgetc", "getc", "getchar", "ungetc",
        "fgets", "getline", "getdelim", "fputc", "putc", "putchar", "fputs", "puts", "printf", "fprintf", "sprintf",
        "snprintf", "vprintf", "vfprintf", "vsprintf", "vsnprintf", "scanf", "fscanf", "sscanf", "vscanf", "vfscanf",
        "vsscanf", "fseek", "fseeko", "ftell", "ftello", "rewind", "fgetpos", "fsetpos", "feof", "ferror", "clearerr",
        "fileno", "remove", "rename", "perror", "setvbuf", "setbuf", "tmpfile", "__errno_location", "strerror",
        "strerror_r", "stat", "lstat", "fstat", "mkdir", "chmod", "umask", "access", "getcwd", "unlink", "rmdir",
        "open", "close", "read", "write", "lseek", "isatty", "__webcu_va_start",
    };
    private static final HashMap<String, Integer> IDS = new HashMap<>();

    static {
        for (int i = 0; i < NAMES.length; i++) {
            IDS.put(NAMES[i], i);
        }
    }

    /** An open file: its bytes in memory, a position, and C's end-of-file and error flags. */
    private static final class Stream {
        final String path; // null: a standard stream or tmpfile
        final int fd;
        final boolean readable;
        final boolean writable;
        final boolean append;
        byte[] data;
        int size;
        int pos;
        boolean eof;
        boolean error;
        boolean dirty;
        boolean closed;
        /** ungetc's pushed-back characters, last pushed at the end. */
        int[] pushback = new int[4];
        int pushed;

        Stream(String path, int fd, boolean readable, boolean writable, boolean append, byte[] data) {
            this.path = path;
            this.fd = fd;
            this.readable = readable;
            this.writable = writable;
            this.append = append;
            this.data = data;
            this.size = data.length;
        }

        boolean isConsole() {
            return fd <= 2 && path == null;
        }

        /** Where more bytes come from when a console stream runs dry (stdin), or null. */
        FileSystem source;

        int read() {
            if (pushed > 0) {
                return pushback[--pushed];
            }
            if (pos >= size && source != null && !eof) {
                byte[] more = source.readStdin();
                if (more == null) {
                    source = null;
                } else {
                    data = more;
                    size = more.length;
                    pos = 0;
                }
            }
            if (pos >= size) {
                eof = true;
                return -1;
            }
            return data[pos++] & 0xFF;
        }

        void write(byte[] b, int off, int len) {
            if (append) {
                pos = size;
            }
            pushed = 0;
            int end = pos + len;
            if (end > data.length) {
                data = Arrays.copyOf(data, Math.max(end, data.length * 2 + 16));
            }
            System.arraycopy(b, off, data, pos, len);
            pos = end;
            size = Math.max(size, end);
            dirty = true;
        }
    }

    private final Memory mem;
    private final StdStreams io;
    private final FileSystem fs;
    private final HostLibrary libc;
    private final long errnoCell;
    private final HashMap<Long, Stream> files = new HashMap<>();
    private final HashMap<Integer, Stream> fds = new HashMap<>();
    private final List<Stream> open = new ArrayList<>();
    private final HashMap<Integer, Segment> vaAreas = new HashMap<>();
    private final long stdinHandle;
    private final long stdoutHandle;
    private long strerrorBuffer;

    public StdioLibrary(Memory mem, StdStreams io, FileSystem fs, HostLibrary libc) {
        this.mem = mem;
        this.io = io;
        this.fs = fs;
        this.libc = libc;
        errnoCell = mem.allocate(4, Segment.GLOBAL, "errno", null, false).base;
        Stream in = new Stream(null, 0, true, false, false, new byte[0]);
        in.source = fs;
        Stream out = new Stream(null, 1, false, true, false, new byte[0]);
        Stream err = new Stream(null, 2, false, true, false, new byte[0]);
        stdinHandle = libc.standardStream("stdin");
        stdoutHandle = libc.standardStream("stdout");
        files.put(libc.standardStream("stdin"), in);
        files.put(libc.standardStream("stdout"), out);
        files.put(libc.standardStream("stderr"), err);
        fds.put(0, in);
        fds.put(1, out);
        fds.put(2, err);
    }

    @Override
    public int lookup(Function f) {
        Integer id = IDS.get(NativeLibrary.cName(f));
        return id == null ? -1 : id;
    }

    /** Writes every file written to and not yet flushed (at exit, as glibc's exit does). */
    public void flushAll() {
        for (Stream s : open) {
            flush(s);
        }
    }

    void setErrno(int e) {
        mem.writeI32(errnoCell, e);
    }

    private int errno() {
        return mem.readI32(errnoCell);
    }

    private String str(VmThread t, int k) {
        return mem.cstringText(t.argI(k));
    }

    @Override
    public int call(int id, VmThread t) {
        switch (NAMES[id]) {
            case "fopen" -> t.returnI(fopen(str(t, 0), str(t, 1), 0));
            case "freopen" -> {
                long handle = t.argI(2);
                Stream old = stream(handle);
                close(old);
                t.returnI(fopen(str(t, 0), str(t, 1), handle));
            }
            case "fdopen" -> {
                Stream s = fds.get((int) t.argI(0));
                if (s == null) {
                    setErrno(Errno.EBADF);
                    t.returnI(0);
                } else {
                    long h = handleFor(s);
                    t.returnI(h);
                }
            }
            case "fclose" -> {
                Stream s = stream(t.argI(0));
                boolean ok = close(s);
                t.returnI(ok ? 0 : -1);
            }
            case "fflush" -> {
                if (t.argI(0) == 0) {
                    flushAll();
                    io.flush();
                } else {
                    Stream s = stream(t.argI(0));
                    if (s.isConsole()) {
                        io.flush();
                    } else {
                        flush(s);
                    }
                }
                t.returnI(0);
            }
            case "fread" -> {
                long size = t.argI(1);
                long n = t.argI(2);
                Stream s = stream(t.argI(3));
                long want = size * n;
                if (size == 0 || n == 0) {
                    t.returnI(0);
                    break;
                }
                if (!s.readable) {
                    s.error = true;
                    setErrno(Errno.EBADF);
                    t.returnI(0);
                    break;
                }
                int got = 0;
                byte[] b = new byte[(int) Math.min(want, Integer.MAX_VALUE)];
                while (got < b.length) {
                    int c = s.read();
                    if (c < 0) {
                        break;
                    }
                    b[got++] = (byte) c;
                }
                mem.writeBytes(t.argI(0), b, 0, got);
                t.returnI(got / size);
            }
            case "fwrite" -> {
                long size = t.argI(1);
                long n = t.argI(2);
                Stream s = stream(t.argI(3));
                byte[] b = mem.readBytes(t.argI(0), (int) Math.min(size * n, Integer.MAX_VALUE));
                t.returnI(write(s, b, 0, b.length) ? n : 0);
            }
            case "fgetc", "getc" -> t.returnI(getc(stream(t.argI(0))));
            case "getchar" -> t.returnI(getc(files.get(stdinHandle)));
            case "ungetc" -> {
                int c = (int) t.argI(0);
                Stream s = stream(t.argI(1));
                if (c == -1) {
                    t.returnI(-1);
                    break;
                }
                if (s.pushed == s.pushback.length) {
                    s.pushback = Arrays.copyOf(s.pushback, s.pushed * 2);
                }
                s.pushback[s.pushed++] = c & 0xFF;
                s.eof = false;
                t.returnI(c & 0xFF);
            }
            case "fgets" -> {
                long buf = t.argI(0);
                int size = (int) t.argI(1);
                Stream s = stream(t.argI(2));
                if (size <= 0) {
                    t.returnI(0);
                    break;
                }
                ByteOut line = new ByteOut();
                while (line.size() < size - 1) {
                    int c = getc(s);
                    if (c < 0) {
                        break;
                    }
                    line.add((byte) c);
                    if (c == '\n') {
                        break;
                    }
                }
                if (line.size() == 0) {
                    t.returnI(0);
                    break;
                }
                line.add((byte) 0);
                mem.writeBytes(buf, line.array(), 0, line.size());
                t.returnI(buf);
            }
            case "getline", "getdelim" -> {
                boolean delimArg = NAMES[id].equals("getdelim");
                long linePtr = t.argI(0);
                long sizePtr = t.argI(1);
                int delim = delimArg ? (int) t.argI(2) & 0xFF : '\n';
                Stream s = stream(t.argI(delimArg ? 3 : 2));
                ByteOut line = new ByteOut();
                while (true) {
                    int c = getc(s);
                    if (c < 0) {
                        break;
                    }
                    line.add((byte) c);
                    if (c == delim) {
                        break;
                    }
                }
                if (line.size() == 0) {
                    t.returnI(-1);
                    break;
                }
                long buf = mem.readI64(linePtr);
                long cap = mem.readI64(sizePtr);
                if (buf == 0 || cap < line.size() + 1) {
                    long want = Math.max(120, line.size() + 1);
                    buf = libc.reallocate(buf, want, t.span());
                    mem.writeI64(linePtr, buf);
                    mem.writeI64(sizePtr, want);
                }
                int n = line.size();
                line.add((byte) 0);
                mem.writeBytes(buf, line.array(), 0, line.size());
                t.returnI(n);
            }
            case "fputc", "putc" -> {
                int c = (int) t.argI(0);
                t.returnI(write(stream(t.argI(1)), new byte[] {(byte) c}, 0, 1) ? c & 0xFF : -1);
            }
            case "putchar" -> {
                int c = (int) t.argI(0);
                t.returnI(write(files.get(stdoutHandle), new byte[] {(byte) c}, 0, 1) ? c & 0xFF : -1);
            }
            case "fputs" -> {
                byte[] s = mem.cstring(t.argI(0), Integer.MAX_VALUE);
                t.returnI(write(stream(t.argI(1)), s, 0, s.length) ? 1 : -1);
            }
            case "puts" -> {
                byte[] s = mem.cstring(t.argI(0), Integer.MAX_VALUE);
                byte[] line = Arrays.copyOf(s, s.length + 1);
                line[s.length] = '\n';
                t.returnI(write(files.get(stdoutHandle), line, 0, line.length) ? line.length : -1);
            }
            case "printf" -> t.returnI(print(files.get(stdoutHandle), t.argI(0), new HostLibrary.VarArgs(t, 1)));
            case "fprintf" -> t.returnI(print(stream(t.argI(0)), t.argI(1), new HostLibrary.VarArgs(t, 2)));
            case "vprintf" -> t.returnI(print(files.get(stdoutHandle), t.argI(0), new ListArgs(mem, t.argI(1))));
            case "vfprintf" -> t.returnI(print(stream(t.argI(0)), t.argI(1), new ListArgs(mem, t.argI(2))));
            case "sprintf", "vsprintf" -> {
                ByteOut out = new ByteOut();
                Printf.Args args = id == IDS.get("sprintf") ? new HostLibrary.VarArgs(t, 2) : new ListArgs(mem, t.argI(2));
                int n = Printf.format(mem.cstring(t.argI(1), Integer.MAX_VALUE), args, out);
                out.add((byte) 0);
                mem.writeBytes(t.argI(0), out.array(), 0, out.size());
                t.returnI(n);
            }
            case "snprintf", "vsnprintf" -> {
                ByteOut out = new ByteOut();
                long cap = t.argI(1);
                Printf.Args args = id == IDS.get("snprintf") ? new HostLibrary.VarArgs(t, 3) : new ListArgs(mem, t.argI(3));
                int n = Printf.format(mem.cstring(t.argI(2), Integer.MAX_VALUE), args, out);
                if (cap > 0) {
                    int keep = (int) Math.min(out.size(), cap - 1);
                    mem.writeBytes(t.argI(0), out.array(), 0, keep);
                    mem.writeU8(t.argI(0) + keep, 0);
                }
                t.returnI(n);
            }
            case "scanf" -> t.returnI(scan(files.get(stdinHandle), t.argI(0), new VarSink(t, 1)));
            case "fscanf" -> t.returnI(scan(stream(t.argI(0)), t.argI(1), new VarSink(t, 2)));
            case "vscanf" -> t.returnI(scan(files.get(stdinHandle), t.argI(0), new ListArgs(mem, t.argI(1))));
            case "vfscanf" -> t.returnI(scan(stream(t.argI(0)), t.argI(1), new ListArgs(mem, t.argI(2))));
            case "sscanf", "vsscanf" -> {
                Scanf.Sink sink = id == IDS.get("sscanf") ? new VarSink(t, 2) : new ListArgs(mem, t.argI(2));
                byte[] input = mem.cstring(t.argI(0), Integer.MAX_VALUE);
                t.returnI(Scanf.scan(mem.cstring(t.argI(1), Integer.MAX_VALUE), new Scanf.BytesInput(input), sink));
            }
            case "fseek", "fseeko" -> t.returnI(seek(stream(t.argI(0)), t.argI(1), (int) t.argI(2)));
            case "ftell", "ftello" -> t.returnI(tell(stream(t.argI(0))));
            case "rewind" -> {
                Stream s = stream(t.argI(0));
                seek(s, 0, 0);
                s.error = false;
            }
            case "fgetpos" -> {
                Stream s = stream(t.argI(0));
                mem.writeI64(t.argI(1), tell(s));
                t.returnI(0);
            }
            case "fsetpos" -> t.returnI(seek(stream(t.argI(0)), mem.readI64(t.argI(1)), 0));
            case "feof" -> t.returnI(stream(t.argI(0)).eof ? 1 : 0);
            case "ferror" -> t.returnI(stream(t.argI(0)).error ? 1 : 0);
            case "clearerr" -> {
                Stream s = stream(t.argI(0));
                s.eof = false;
                s.error = false;
            }
            case "fileno" -> t.returnI(stream(t.argI(0)).fd);
            case "remove", "unlink", "rmdir" -> t.returnI(result(fs.remove(str(t, 0))));
            case "rename" -> t.returnI(result(fs.rename(str(t, 0), str(t, 1))));
            case "perror" -> {
                long p = t.argI(0);
                String prefix = p == 0 ? "" : mem.cstringText(p);
                String text = Errno.text(errno());
                byte[] b = ((prefix.isEmpty() ? "" : prefix + ": ") + text + "\n").getBytes(StandardCharsets.UTF_8);
                io.write(2, b, 0, b.length);
            }
            case "setvbuf" -> t.returnI(0);
            case "setbuf" -> {
                // buffering changes nothing a program can observe here: stderr output flushes stdout first
            }
            case "tmpfile" -> t.returnI(handleFor(register(new Stream(null, nextFd(), true, true, false, new byte[0]))));
            case "__errno_location" -> t.returnI(errnoCell);
            case "strerror" -> {
                byte[] b = Errno.text((int) t.argI(0)).getBytes(StandardCharsets.UTF_8);
                if (strerrorBuffer == 0) {
                    strerrorBuffer = mem.allocate(1024, Segment.GLOBAL, "strerror's buffer", null, false).base;
                }
                int n = Math.min(b.length, 1023);
                mem.writeBytes(strerrorBuffer, b, 0, n);
                mem.writeU8(strerrorBuffer + n, 0);
                t.returnI(strerrorBuffer);
            }
            case "strerror_r" -> {
                byte[] b = Errno.text((int) t.argI(0)).getBytes(StandardCharsets.UTF_8);
                long cap = t.argI(2);
                if (cap > 0) {
                    int n = (int) Math.min(b.length, cap - 1);
                    mem.writeBytes(t.argI(1), b, 0, n);
                    mem.writeU8(t.argI(1) + n, 0);
                }
                t.returnI(b.length < cap ? 0 : Errno.ERANGE);
            }
            case "stat", "lstat" -> {
                String path = str(t, 0);
                FileSystem.Kind k = fs.kind(path);
                if (k == null) {
                    setErrno(Errno.ENOENT);
                    t.returnI(-1);
                    break;
                }
                long size = 4096;
                if (k == FileSystem.Kind.FILE) {
                    byte[] b = fs.read(path);
                    size = b == null ? 0 : b.length;
                }
                fillStat(t.argI(1), k == FileSystem.Kind.DIRECTORY ? 0040755 : 0100644, size);
                t.returnI(0);
            }
            case "fstat" -> {
                Stream s = fds.get((int) t.argI(0));
                if (s == null || s.closed) {
                    setErrno(Errno.EBADF);
                    t.returnI(-1);
                    break;
                }
                fillStat(t.argI(1), s.isConsole() ? 0020620 : 0100644, s.isConsole() ? 0 : s.size);
                t.returnI(0);
            }
            case "mkdir" -> t.returnI(result(fs.mkdir(str(t, 0))));
            case "chmod" -> t.returnI(fs.kind(str(t, 0)) == null ? result(Errno.ENOENT) : 0);
            case "umask" -> t.returnI(022);
            case "access" -> t.returnI(fs.kind(str(t, 0)) == null ? result(Errno.ENOENT) : 0);
            case "getcwd" -> {
                byte[] cwd = fs.cwd().getBytes(StandardCharsets.UTF_8);
                long buf = t.argI(0);
                long size = t.argI(1);
                if (buf == 0) {
                    // glibc's extension: a malloc'd result the caller frees
                    size = Math.max(size, cwd.length + 1);
                    buf = libc.reallocate(0, size, t.span());
                }
                if (size < cwd.length + 1) {
                    setErrno(Errno.ERANGE);
                    t.returnI(0);
                    break;
                }
                mem.writeBytes(buf, cwd, 0, cwd.length);
                mem.writeU8(buf + cwd.length, 0);
                t.returnI(buf);
            }
            case "open" -> {
                int flags = (int) t.argI(1);
                int acc = flags & 3;
                String mode = (flags & 01000) != 0 || (flags & 0100) != 0 && acc != 0 && (flags & 02000) == 0
                        ? (acc == 2 ? "w+" : "w")
                        : (flags & 02000) != 0 ? (acc == 2 ? "a+" : "a") : acc == 0 ? "r" : "r+";
                if ((flags & 0200) != 0 && fs.kind(str(t, 0)) != null) {
                    setErrno(Errno.EEXIST);
                    t.returnI(-1);
                    break;
                }
                if ((flags & 0100) == 0 && mode.startsWith("w") && fs.kind(str(t, 0)) == null) {
                    setErrno(Errno.ENOENT);
                    t.returnI(-1);
                    break;
                }
                long h = fopen(str(t, 0), mode, 0);
                t.returnI(h == 0 ? -1 : files.get(h).fd);
            }
            case "close" -> {
                Stream s = fds.get((int) t.argI(0));
                if (s == null) {
                    setErrno(Errno.EBADF);
                    t.returnI(-1);
                } else {
                    t.returnI(close(s) ? 0 : -1);
                }
            }
            case "read" -> {
                Stream s = fds.get((int) t.argI(0));
                if (s == null || !s.readable) {
                    setErrno(Errno.EBADF);
                    t.returnI(-1);
                    break;
                }
                int want = (int) Math.min(t.argI(2), Integer.MAX_VALUE);
                int got = 0;
                byte[] b = new byte[want];
                while (got < want) {
                    int c = s.read();
                    if (c < 0) {
                        break;
                    }
                    b[got++] = (byte) c;
                }
                mem.writeBytes(t.argI(1), b, 0, got);
                t.returnI(got);
            }
            case "write" -> {
                Stream s = fds.get((int) t.argI(0));
                if (s == null || !s.writable) {
                    setErrno(Errno.EBADF);
                    t.returnI(-1);
                    break;
                }
                byte[] b = mem.readBytes(t.argI(1), (int) Math.min(t.argI(2), Integer.MAX_VALUE));
                write(s, b, 0, b.length);
                t.returnI(b.length);
            }
            case "lseek" -> {
                Stream s = fds.get((int) t.argI(0));
                if (s == null) {
                    setErrno(Errno.EBADF);
                    t.returnI(-1);
                } else {
                    t.returnI(seek(s, t.argI(1), (int) t.argI(2)) == 0 ? tell(s) : -1);
                }
            }
            case "isatty" -> {
                // what a terminal would say: the console streams are a terminal, files are not
                Stream s = fds.get((int) t.argI(0));
                if (s == null || !s.isConsole()) {
                    setErrno(s == null ? Errno.EBADF : Errno.ENOTTY);
                    t.returnI(0);
                } else {
                    t.returnI(1);
                }
            }
            case "__webcu_va_start" -> t.returnI(vaStart(t));
            default -> throw new VmFault(VmFault.TRAP, 0, "internal error: stdio function " + NAMES[id], "");
        }
        return CONTINUE;
    }

    /** glibc's -1-and-errno convention for a file-system result. */
    private int result(int err) {
        if (err == 0) {
            return 0;
        }
        setErrno(err);
        return -1;
    }

    private int nextFd() {
        int fd = 3;
        while (fds.containsKey(fd)) {
            fd++;
        }
        return fd;
    }

    private Stream register(Stream s) {
        fds.put(s.fd, s);
        open.add(s);
        return s;
    }

    private long handleFor(Stream s) {
        for (var e : files.entrySet()) {
            if (e.getValue() == s) {
                return e.getKey();
            }
        }
        long h = mem.allocate(16, Segment.GLOBAL, "FILE of " + (s.path == null ? "a temporary file" : "'" + s.path + "'"),
                null, true).base;
        files.put(h, s);
        return h;
    }

    /** fopen (into {@code reuse} for freopen): returns the FILE*, or 0 with errno set. */
    private long fopen(String path, String mode, long reuse) {
        char kind = mode.isEmpty() ? '?' : mode.charAt(0);
        boolean plus = mode.indexOf('+') > 0;
        boolean exclusive = mode.indexOf('x') > 0;
        if (kind != 'r' && kind != 'w' && kind != 'a') {
            setErrno(Errno.EINVAL);
            return 0;
        }
        byte[] data;
        if (kind == 'r') {
            data = fs.read(path);
            if (data == null) {
                setErrno(fs.readError(path));
                return 0;
            }
        } else {
            FileSystem.Kind k = fs.kind(path);
            if (exclusive && k != null) {
                setErrno(Errno.EEXIST);
                return 0;
            }
            if (k == FileSystem.Kind.DIRECTORY) {
                setErrno(Errno.EISDIR);
                return 0;
            }
            data = kind == 'a' && k != null ? fs.read(path) : new byte[0];
            if (data == null) {
                data = new byte[0];
            }
            // the file exists from fopen on, as after open(O_CREAT)
            int err = kind == 'w' || k == null ? fs.write(path, data) : 0;
            if (err != 0) {
                setErrno(err);
                return 0;
            }
        }
        Stream s = register(new Stream(path, nextFd(), kind == 'r' || plus, kind != 'r' || plus, kind == 'a', data));
        if (reuse != 0) {
            files.put(reuse, s);
            return reuse;
        }
        return handleFor(s);
    }

    /** The stream of a FILE*; a pointer that is not one (or one already closed) is a fault. */
    private Stream stream(long handle) {
        Stream s = files.get(handle);
        if (s == null) {
            throw new VmFault(VmFault.TRAP, 0, "invalid FILE* " + Hex.addr(handle),
                    handle == 0 ? "the stream is NULL (did fopen fail?)" : "it was not returned by fopen");
        }
        if (s.closed) {
            throw new VmFault(VmFault.TRAP, 0, "use of a closed FILE* " + Hex.addr(handle),
                    "the stream of " + (s.path == null ? "a temporary file" : "'" + s.path + "'") + " was closed by fclose");
        }
        return s;
    }

    private boolean close(Stream s) {
        if (s.isConsole()) {
            io.flush();
            return true;
        }
        boolean ok = flush(s);
        s.closed = true;
        fds.remove(s.fd);
        open.remove(s);
        return ok;
    }

    private boolean flush(Stream s) {
        if (!s.dirty || s.path == null) {
            return true;
        }
        s.dirty = false;
        int err = fs.write(s.path, Arrays.copyOf(s.data, s.size));
        if (err != 0) {
            s.error = true;
            setErrno(err);
            return false;
        }
        return true;
    }

    private boolean write(Stream s, byte[] b, int off, int len) {
        if (!s.writable) {
            s.error = true;
            setErrno(Errno.EBADF);
            return false;
        }
        if (s.isConsole()) {
            io.write(s.fd, b, off, len);
        } else {
            s.write(b, off, len);
        }
        return true;
    }

    private int getc(Stream s) {
        if (!s.readable) {
            s.error = true;
            setErrno(Errno.EBADF);
            return -1;
        }
        if (s.fd == 0 && s.path == null) {
            io.flush(); // a program waiting for input has shown its prompt
        }
        return s.read();
    }

    private int print(Stream s, long format, Printf.Args args) {
        ByteOut out = new ByteOut();
        int n = Printf.format(mem.cstring(format, Integer.MAX_VALUE), args, out);
        return write(s, out.array(), 0, out.size()) ? n : -1;
    }

    private int scan(Stream s, long format, Scanf.Sink sink) {
        Scanf.Input in = new Scanf.Input() {
            @Override
            public int next() {
                return getc(s);
            }

            @Override
            public void unread(int c) {
                if (c >= 0) {
                    if (s.pushed == s.pushback.length) {
                        s.pushback = Arrays.copyOf(s.pushback, s.pushed * 2);
                    }
                    s.pushback[s.pushed++] = c;
                } else {
                    s.eof = true;
                }
            }
        };
        return Scanf.scan(mem.cstring(format, Integer.MAX_VALUE), in, sink);
    }

    private long tell(Stream s) {
        return s.isConsole() ? -1 : Math.max(0, s.pos - s.pushed);
    }

    private int seek(Stream s, long offset, int whence) {
        if (s.isConsole()) {
            setErrno(Errno.ESPIPE);
            return -1;
        }
        long base = whence == 0 ? 0 : whence == 1 ? tell(s) : s.size;
        long p = base + offset;
        if (p < 0 || whence < 0 || whence > 2 || p > Integer.MAX_VALUE - 16) {
            setErrno(Errno.EINVAL);
            return -1;
        }
        if (p > s.data.length) {
            s.data = Arrays.copyOf(s.data, (int) p);
        }
        s.pos = (int) p;
        s.pushed = 0;
        s.eof = false;
        return 0;
    }

    /** glibc's struct stat on x86-64: st_nlink at 16, st_mode at 24, st_size at 48, st_blksize 56, st_blocks 64. */
    private void fillStat(long p, int mode, long size) {
        mem.fill(p, 0, 144);
        mem.writeI64(p + 8, 1);
        mem.writeI64(p + 16, 1);
        mem.writeI32(p + 24, mode);
        mem.writeI64(p + 48, size);
        mem.writeI64(p + 56, 4096);
        mem.writeI64(p + 64, (size + 4095) / 4096 * 8);
    }

    /** va_start: the caller's extra arguments, copied into this call depth's area (valid until the function returns). */
    private long vaStart(VmThread t) {
        long[] slots = t.variadicArguments();
        Segment area = vaAreas.get(t.depth);
        if (area == null || area.size < 8L * Math.max(1, slots.length)) {
            area = mem.allocate(8L * Math.max(4, slots.length), Segment.GLOBAL, "variadic arguments", null, false);
            vaAreas.put(t.depth, area);
        }
        for (int i = 0; i < slots.length; i++) {
            mem.writeI64(area.base + 8L * i, slots[i]);
        }
        return area.base;
    }

    /** The pointers scanf stores through, from a variadic call. */
    private static final class VarSink implements Scanf.Sink {
        private final HostLibrary.VarArgs args;
        private final Memory mem;

        VarSink(VmThread t, int first) {
            this.args = new HostLibrary.VarArgs(t, first);
            this.mem = t.memory();
        }

        @Override
        public long nextPointer() {
            return args.nextInt();
        }

        @Override
        public Memory memory() {
            return mem;
        }
    }

    /** The arguments behind a va_list: 8-byte slots (see {@link VmThread#variadicArguments}). */
    private static final class ListArgs implements Printf.Args, Scanf.Sink {
        private final Memory mem;
        private long p;

        ListArgs(Memory mem, long p) {
            this.mem = mem;
            this.p = p;
        }

        @Override
        public long nextInt() {
            long v = mem.readI64(p);
            p += 8;
            return v;
        }

        @Override
        public double nextDouble() {
            return Double.longBitsToDouble(nextInt());
        }

        @Override
        public byte[] string(long address, int max) {
            return mem.cstring(address, max);
        }

        @Override
        public void storeCount(long address, long count, int length) {
            switch (length) {
                case 1 -> mem.writeU8(address, (int) count);
                case 2 -> {
                    mem.writeU8(address, (int) count);
                    mem.writeU8(address + 1, (int) (count >> 8));
                }
                case 0 -> mem.writeI32(address, (int) count);
                default -> mem.writeI64(address, count);
            }
        }

        @Override
        public long nextPointer() {
            return nextInt();
        }

        @Override
        public Memory memory() {
            return mem;
        }
    }
}
