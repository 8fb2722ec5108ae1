package webcu.driver;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import webcu.diag.CompileError;
import webcu.diag.Diagnostics;
import webcu.frontend.Ast;
import webcu.frontend.Language;
import webcu.frontend.Parser;
import webcu.frontend.Preprocessor;
import webcu.frontend.Sema;
import webcu.frontend.Token;
import webcu.ir.Module;
import webcu.ir.Validator;
import webcu.lower.Lower;
import webcu.frontend.SourceSet;

/**
 * The compiler's pipeline: {@link #compile} preprocesses, parses and analyses every translation
 * unit, then lowers the whole program to one IR module; {@link #compileDevice} runs the device
 * passes and the target writer on that module's kernels, once per device target.
 */
public final class Compiler {
    private Compiler() {}

    /**
     * How many translation-unit prefixes of built-in headers the preprocessor and the parser keep
     * between compiles (8 unless set; see {@link Preprocessor#prefixKey()}).
     */
    public static void keepHeaderStates(int n) {
        Preprocessor.keepHeaderStates(n);
        Parser.keepHeaderStates(n);
    }

    public static CompileResult compile(SourceSet sources) {
        Diagnostics diags = new Diagnostics();
        Map<String, String> texts = new HashMap<>();
        Module module = null;
        try {
            List<Ast.TranslationUnit> units = parse(sources, diags, texts, false);
            // nvcc compiles device code a second time with __CUDA_ARCH__ defined; so do we, when it matters
            boolean testsArch = false;
            for (String t : texts.values()) {
                testsArch |= t.contains("__CUDA_ARCH__");
            }
            if (!diags.hasErrors()) {
                List<Language> languages = sources.mainFiles().stream().map(Language::of).toList();
                Sema hostSema = new Sema(diags);
                hostSema.hostSideOfTwo = testsArch;
                hostSema.cleanupRegions = hasTryBlock(texts.values());
                Sema.Program program = hostSema.analyze(units, languages);
                Sema.Program device = null;
                if (testsArch && !diags.hasErrors()) {
                    Diagnostics deviceDiags = new Diagnostics();
                    device = new Sema(deviceDiags).analyze(parse(sources, deviceDiags, new HashMap<>(), true), languages);
                    for (webcu.diag.Diagnostic d : deviceDiags.all()) {
                        diags.add(d);
                    }
                }
                if (!diags.hasErrors()) {
                    module = Lower.lower(program, device, diags);
                    if (!diags.hasErrors()) {
                        Validator.check(module, "lowering");
                        if (sources.fmad()) {
                            webcu.passes.Contract.program(module);
                            Validator.check(module, "Contract");
                        }
                    } else {
                        module = null;
                    }
                }
            }
        } catch (CompileError e) {
            module = null;
        } catch (webcu.diag.InternalCompilerError e) {
            throw e;
        } catch (RuntimeException e) {
            // a bug in webcu, not in the program: report it as one, never as a stack trace
            StackTraceElement at = e.getStackTrace().length > 0 ? e.getStackTrace()[0] : null;
            throw new webcu.diag.InternalCompilerError(e + (at == null ? "" : " at " + at.getClassName() + "." + at.getMethodName()
                    + ":" + at.getLineNumber()), e);
        }
        return new CompileResult(module, diags.all(), path -> {
            String t = texts.get(path);
            return t != null ? t : sources.text(path);
        });
    }

    /**
     * The device code of {@code compiled} for {@code target}: its kernels through the device passes
     * and the WGSL writer, with the diagnostics of what the target cannot run yet. Devices launch
     * from this result and never compile themselves. {@code compiled} must be {@link CompileResult#ok()}.
     */
    public static DeviceCode compileDevice(CompileResult compiled, webcu.passes.DeviceTarget target) {
        return DeviceCode.compile(compiled.module(), target, new HashMap<>(), compiled.sourceText());
    }

    /**
     * Whether a source has the word {@code try}: without a try block every exception terminates
     * before unwinding, so blocks need no cleanup regions (see {@code Sema.cleanupRegions}).
     */
    static boolean hasTryBlock(Iterable<String> texts) {
        for (String t : texts) {
            for (int i = t.indexOf("try"); i >= 0; i = t.indexOf("try", i + 3)) {
                boolean startsWord = i == 0 || !Character.isJavaIdentifierPart(t.charAt(i - 1));
                boolean endsWord = i + 3 == t.length() || !Character.isJavaIdentifierPart(t.charAt(i + 3));
                if (startsWord && endsWord) {
                    return true;
                }
            }
        }
        return false;
    }

    private static List<Ast.TranslationUnit> parse(SourceSet sources, Diagnostics diags, Map<String, String> texts, boolean device) {
        List<Ast.TranslationUnit> units = new ArrayList<>();
        for (String file : sources.mainFiles()) {
            Preprocessor pp = new Preprocessor(sources, diags);
            if (device) {
                pp.define("__CUDA_ARCH__", "900");
            }
            List<Token> toks = pp.run(file);
            units.add(Parser.afterHeaders(toks, diags, pp.prefixKey(), pp.prefixLength()).parse());
            collectTexts(pp, texts, toks);
        }
        return units;
    }

    private static void collectTexts(Preprocessor pp, Map<String, String> texts, List<Token> toks) {
        String last = null;
        for (Token t : toks) {
            String f = t.span().file();
            if (f != last && !f.equals(last)) { // most neighbours share one string: skip comparing text
                last = f;
                if (!texts.containsKey(f)) {
                    String text = pp.text(f);
                    if (text != null) {
                        texts.put(f, text);
                    }
                }
            }
        }
    }
}
