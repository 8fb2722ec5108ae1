package webcu.diag;

/** How serious a diagnostic is; the words are clang's. */
public enum Severity {
    ERROR("error"), WARNING("warning"), NOTE("note");

    public final String word;

    Severity(String word) {
        this.word = word;
    }
}
