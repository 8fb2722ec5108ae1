package webcu.runtime;

/** Where a running program's output goes: its stdout and its stderr (runtime reports included). */
public interface Console {
    void out(String text);

    void err(String text);
}
