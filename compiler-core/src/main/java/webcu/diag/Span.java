package webcu.diag;

/**
 * A place in a source file: the file name as the user wrote it, a 1-based line and column, and
 * the length of the text it covers (at least 1, for the caret).
 */
public record Span(String file, int line, int column, int length) {
    public static final Span NONE = new Span("<unknown>", 0, 0, 0);

    public Span(String file, int line, int column) {
        this(file, line, column, 1);
    }

    public boolean isKnown() {
        return line > 0;
    }

    @Override
    public String toString() {
        return file + ":" + line + ":" + column;
    }
}
