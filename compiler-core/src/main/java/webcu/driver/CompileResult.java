package webcu.driver;

import java.util.List;
import webcu.diag.Diagnostic;
import webcu.diag.DiagnosticPrinter;
import webcu.diag.Severity;
import webcu.ir.Module;

/**
 * What compiling a program gives: the IR module (null when there were errors), every diagnostic,
 * and a way to render them as clang does.
 */
public record CompileResult(Module module, List<Diagnostic> diagnostics, java.util.function.Function<String, String> sourceText) {
    public boolean ok() {
        return module != null && diagnostics.stream().noneMatch(d -> d.severity() == Severity.ERROR);
    }

    public String render(boolean raw) {
        DiagnosticPrinter p = new DiagnosticPrinter(sourceText, raw);
        StringBuilder sb = new StringBuilder();
        int errors = 0;
        for (Diagnostic d : diagnostics) {
            sb.append(p.render(d));
            if (d.severity() == Severity.ERROR) {
                errors++;
            }
        }
        if (errors > 0) {
            sb.append(errors).append(errors == 1 ? " error generated.\n" : " errors generated.\n");
        }
        return sb.toString();
    }
}
