package webcu.packager;

/** A packaging failure whose message is meant for the person running the build, not a stack trace. */
final class PackagerException extends RuntimeException {
    PackagerException(String message) {
        super(message);
    }
}
