package webcu.runtime;

/** glibc's errno numbers on Linux x86-64 and its strerror texts (for perror and strerror). */
public final class Errno {
    private Errno() {}

    public static final int EPERM = 1, ENOENT = 2, EINTR = 4, EIO = 5, EBADF = 9, ENOMEM = 12, EACCES = 13,
            EEXIST = 17, EXDEV = 18, ENOTDIR = 20, EISDIR = 21, EINVAL = 22, EMFILE = 24, ENOTTY = 25, ENOSPC = 28,
            ESPIPE = 29, EROFS = 30, EDOM = 33, ERANGE = 34, ENAMETOOLONG = 36, ENOSYS = 38, ENOTEMPTY = 39;

    private static final String[] TEXT = {
        "Success", "Operation not permitted", "No such file or directory", "No such process",
        "Interrupted system call", "Input/output error", "No such device or address", "Argument list too long",
        "Exec format error", "Bad file descriptor", "No child processes", "Resource temporarily unavailable",
        "Cannot allocate memory", "Permission denied", "Bad address", "Block device required",
        "Device or resource busy", "File exists", "Invalid cross-device link", "No such device", "Not a directory",
        "Is a directory", "Invalid argument", "Too many open files in system", "Too many open files",
        "Inappropriate ioctl for device", "Text file busy", "File too large", "No space left on device",
        "Illegal seek", "Read-only file system", "Too many links", "Broken pipe",
        "Numerical argument out of domain", "Numerical result out of range", "Resource deadlock avoided",
        "File name too long", "No locks available", "Function not implemented", "Directory not empty",
        "Too many levels of symbolic links",
    };

    /** strerror's text; numbers past the table read as glibc's "Unknown error N". */
    public static String text(int errno) {
        if (errno >= 0 && errno < TEXT.length) {
            return TEXT[errno];
        }
        return switch (errno) {
            case 61 -> "No data available";
            case 62 -> "Timer expired";
            case 71 -> "Protocol error";
            case 75 -> "Value too large for defined data type";
            case 84 -> "Invalid or incomplete multibyte or wide character";
            case 95 -> "Operation not supported";
            case 110 -> "Connection timed out";
            case 111 -> "Connection refused";
            case 125 -> "Operation canceled";
            default -> "Unknown error " + errno;
        };
    }
}
