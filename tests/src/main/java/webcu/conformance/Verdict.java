package webcu.conformance;

/** Whether a case passed, and why not (or which rule option accepted it). */
public record Verdict(boolean passed, String why) {
    public static Verdict pass() {
        return new Verdict(true, "");
    }

    public static Verdict pass(String why) {
        return new Verdict(true, why);
    }

    public static Verdict fail(String why) {
        return new Verdict(false, why);
    }
}
