package webcu.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import webcu.frontend.SourceSet;
import webcu.runtime.CapturingConsole;
import webcu.vm.CpuDevice;
import webcu.vm.ProgramRun;
import webcu.vm.RunState;

/**
 * iostreams and std::string against libstdc++: every program under {@code iostream/} must print
 * its {@code .expected}, which is the output of the same program built by g++ 12 on Linux (stdin
 * empty). format_table.cu is the table of values x flags x precision x width; the small cases
 * below pin single behaviours, with values taken from g++ 12 / libstdc++ as well.
 */
class IostreamTest {
    private static final Path DIR = Path.of("src/test/resources/iostream");

    record Result(String out, String err, int status) {}

    static Result run(String source) {
        SourceSet set = new SourceSet();
        set.file("main.cu", source, true);
        CompileResult r = Compiler.compile(set);
        assertTrue(r.ok(), r.render(false));
        CapturingConsole console = new CapturingConsole();
        StringBuilder out = console.out;
        StringBuilder err = console.err;
        ProgramRun run = new ProgramRun(r.module(), new CpuDevice(console), console, List.of("prog"));
        RunState state;
        do {
            state = run.resume(100_000_000);
        } while (!(state instanceof RunState.Exited));
        return new Result(out.toString(), err.toString(), ((RunState.Exited) state).status());
    }

    private static String main(String body) {
        return "#include <iostream>\n#include <iomanip>\n#include <sstream>\n#include <string>\n#include <cstdio>\nint main() {\n" + body + "\nreturn 0;\n}\n";
    }

    @TestFactory
    Stream<DynamicTest> programsPrintWhatGccBuildsPrint() throws IOException {
        List<Path> programs;
        try (Stream<Path> s = Files.list(DIR)) {
            programs = s.filter(p -> p.toString().endsWith(".cu")).sorted().toList();
        }
        assertTrue(programs.size() >= 4);
        return programs.stream().map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> {
            Result r = run(Files.readString(p, StandardCharsets.UTF_8));
            assertEquals(0, r.status(), r.err());
            String expected = Files.readString(Path.of(p.toString().replace(".cu", ".expected")), StandardCharsets.UTF_8);
            assertEquals(expected, r.out());
        }));
    }

    @Test
    void defaultFloatFormat_isPercentGWithPrecisionSix() {
        assertEquals("3.14159 1e+06 123456 1.23457e+06 1e-05 0.0001 -0 inf 100\n",
                run(main("std::cout << 3.14159265 << ' ' << 1e6 << ' ' << 123456.0 << ' ' << 1234567.0 << ' ' << 1e-5 << ' ' << 0.0001"
                        + " << ' ' << -0.0 << ' ' << 1e308 * 10 << ' ' << 100.0f << '\\n';")).out());
    }

    @Test
    void widthAppliesToTheNextItemOnly_otherFlagsStick() {
        assertEquals("[   1|2|ff|10|1.50|2.25]\n",
                run(main("std::cout << '[' << std::setw(4) << 1 << '|' << 2 << '|' << std::hex << 255 << '|' << 16 << std::dec"
                        + " << '|' << std::fixed << std::setprecision(2) << 1.5 << '|' << 2.25 << \"]\\n\";")).out());
    }

    @Test
    void pointers_printAsHexAndNullAsZero_charPointersAsText() {
        Result r = run(main("int x = 0; int *p = &x; int *q = 0; const char *s = \"text\";\n"
                + "std::ostringstream os; os << p; std::string a = os.str();\n"
                + "std::cout << (a.substr(0, 2) == \"0x\") << ' ' << q << ' ' << s << ' ' << (void *)0 << '\\n';"));
        assertEquals("1 0 text 0\n", r.out());
    }

    @Test
    void coutAndPrintf_interleaveInProgramOrder_cerrIsUnbuffered() {
        Result r = run(main("std::cout << \"a\"; printf(\"b\"); std::cout << 'c' << std::endl; printf(\"d\\n\"); std::cerr << \"e\\n\";"
                + " std::clog << \"f\\n\";"));
        assertEquals("abc\nd\n", r.out());
        assertEquals("e\nf\n", r.err());
    }

    @Test
    void userInserters_workOnEveryStream_andChain() {
        String src = "#include <iostream>\n#include <sstream>\n#include <fstream>\n"
                + "struct P { int x, y; };\n"
                + "std::ostream &operator<<(std::ostream &o, const P &p) { return o << '<' << p.x << ',' << p.y << '>'; }\n"
                + "void dump(std::ostream &o, const P &p) { o << \"dump \" << p << '\\n'; }\n"
                + "int main() { P p = {1, -2}; std::ostringstream ss; ss << p << p; dump(std::cout, p); dump(ss, p);\n"
                + " std::stringstream both; both << p; std::cout << ss.str() << both.str() << std::endl; return 0; }\n";
        assertEquals("dump <1,-2>\n<1,-2><1,-2>dump <1,-2>\n<1,-2>\n", run(src).out());
    }

    @Test
    void extraction_leavesTheVariableAtEndOfInput_andStoresZeroOnBadInput() {
        // g++ 12: "5 0 1 1" — end of input leaves 5, "x" stores 0 and sets failbit
        Result r = run(main("int a = 5, b = 5; std::istringstream e(\"   \"); e >> a; std::istringstream x(\"x\"); x >> b;"
                + " std::cout << a << ' ' << b << ' ' << e.eof() << ' ' << x.fail() << '\\n';"));
        assertEquals("5 0 1 1\n", r.out());
    }

    @Test
    void whileGetline_readsEveryLine_lastOneWithoutNewlineToo() {
        Result r = run(main("std::istringstream in(\"one\\ntwo\\n\\nfour\"); std::string line; int n = 0;"
                + " while (std::getline(in, line)) std::cout << ++n << '[' << line << ']'; std::cout << '\\n';"));
        assertEquals("1[one]2[two]3[]4[four]\n", r.out());
    }

    @Test
    void stoiOfText_endsAsAnUncaughtInvalidArgument() {
        // libstdc++: terminate called after throwing an instance of 'std::invalid_argument' / what():  stoi
        Result r = run(main("std::cout << std::stoi(\"abc\") << '\\n';"));
        assertTrue(r.err().startsWith("terminate called after throwing an instance of 'std::invalid_argument'\n  what():  stoi\n"), r.err());
        assertFalse(r.status() == 0);
    }

    @Test
    void stoiOutOfRange_andAtPastTheEnd_areOutOfRange() {
        Result r = run(main("std::cout << std::stoi(\"99999999999\") << '\\n';"));
        assertTrue(r.err().startsWith("terminate called after throwing an instance of 'std::out_of_range'\n  what():  stoi\n"), r.err());
        r = run(main("std::string s = \"abc\"; std::cout << s.at(3) << '\\n';"));
        assertTrue(r.err().startsWith("terminate called after throwing an instance of 'std::out_of_range'\n"
                + "  what():  basic_string::at: __n (which is 3) >= this->size() (which is 3)\n"), r.err());
        r = run(main("std::string s = \"abc\"; std::cout << s.substr(4) << '\\n';"));
        assertTrue(r.err().contains("what():  basic_string::substr: __pos (which is 4) > this->size() (which is 3)\n"), r.err());
    }

    @Test
    void stringsOwnTheirBuffers_copiesDoNotShare() {
        String src = "#include <iostream>\n#include <string>\n#include <vector>\n"
                + "struct Rec { std::string name; int n; };\n"
                + "std::string shout(std::string s) { s += \"!\"; return s; }\n"
                + "int main() { std::vector<Rec> v; Rec r; for (int i = 0; i < 3; ++i) { r.name = std::string(i + 1, 'a' + i); r.n = i; v.push_back(r); }\n"
                + " Rec c = v[0]; c.name[0] = 'Z'; std::string s = v[1].name; s += \"?\"; std::string t = shout(s);\n"
                + " for (const Rec &x : v) std::cout << x.name << x.n << ' '; std::cout << c.name << ' ' << s << ' ' << t << '\\n'; return 0; }\n";
        assertEquals("a0 bb1 ccc2 Z bb? bb?!\n", run(src).out());
    }

    @Test
    void memberInitializers_runTheMembersConstructors() {
        // g++ 12: "widget *** source tag 7\nXource Yag\n"
        String src = "#include <iostream>\n#include <string>\n"
                + "struct Named { std::string name; int id; };\n"
                + "class Widget { std::string name_; std::string pad_; std::string copy_; Named tag_; int n_;\n"
                + "public: Widget(const std::string &src, const Named &t) : name_(\"widget\"), pad_(3, '*'), copy_(src), tag_(t), n_(7) {}\n"
                + " void show() const { std::cout << name_ << ' ' << pad_ << ' ' << copy_ << ' ' << tag_.name << ' ' << n_ << '\\n'; } };\n"
                + "int main() { std::string s = \"source\"; Named t = {\"tag\", 1}; Widget w(s, t); s[0] = 'X'; t.name[0] = 'Y';\n"
                + " w.show(); std::cout << s << ' ' << t.name << '\\n'; return 0; }\n";
        assertEquals("widget *** source tag 7\nXource Yag\n", run(src).out());
    }

    @Test
    void streamAsBool_inCastsConditionsAndNot() {
        // g++ 12: "1 0 1 1 both"
        Result r = run(main("std::istringstream a(\"1\"), b(\"\"); int x; a >> x; b >> x; bool ok = static_cast<bool>(a);"
                + " std::cout << (bool)a << ' ' << (bool)b << ' ' << ok << ' ' << !b << (a && !b ? \" both\" : \" no\") << '\\n';"));
        assertEquals("1 0 1 1 both\n", r.out());
    }

    @Test
    void iosFlagsThroughTheClassAndItsTypedefs() {
        Result r = run(main("std::ios_base::fmtflags old = std::cout.flags(); std::cout.setf(std::ios::hex, std::ios::basefield);"
                + " std::cout.setf(std::ios_base::showbase); std::cout << 255 << ' '; std::cout.flags(old); std::cout << 255 << ' '"
                + " << old << ' ' << std::string::npos << '\\n';"));
        assertEquals("0xff 255 4098 18446744073709551615\n", r.out());
    }
}
