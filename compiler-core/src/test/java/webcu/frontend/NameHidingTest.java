package webcu.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** C++ name hiding between a class and its bases; expected outputs from g++ 12. */
class NameHidingTest {
    /**
     * A derived data member hides the base's of the same name (d.x, d.Base::x, Base::x in a
     * member function, through a base reference or pointer, default member initializers of
     * both, three levels deep); a derived member function hides every base overload of its name
     * unless using Base::g brings them back; static members and qualified calls.
     */
    @Test
    void membersHideBaseMembers() {
        assertEquals("""
            2 1 1
            5 7 12 8
            30 10 10
            Derived::f(text)
            Base::f(int 3)
            Base::f(double 2.5)
            Base::g(int 4)
            Derived::g(double 1.5)
            Base::g(str hi)
            2 1 2
            3.5 2 1
            1.25 9 8
            9 8
            """, RunProgram.stdout("""
            #include <cstdio>
            struct Base {
                int x = 1;
                int id() const { return 10; }
                void f(int v) { printf("Base::f(int %d)\\n", v); }
                void f(double v) { printf("Base::f(double %g)\\n", v); }
                void g(int v) { printf("Base::g(int %d)\\n", v); }
                void g(const char *s) { printf("Base::g(str %s)\\n", s); }
                static int count() { return 1; }
            };
            struct Derived : Base {
                int x = 2;
                int id() const { return 20 + Base::id(); }
                void f(const char *s) { printf("Derived::f(%s)\\n", s); }
                using Base::g;
                void g(double v) { printf("Derived::g(double %g)\\n", v); }
                int sum() const { return x + Base::x; }
                static int count() { return 2; }
            };
            struct More : Derived {
                double x = 3.5;
                void show() { printf("%g %d %d\\n", x, Derived::x, Base::x); }
            };
            int main() {
                Derived d;
                printf("%d %d %d\\n", d.x, d.Base::x, static_cast<Base &>(d).x);
                d.x = 5; d.Base::x = 7;
                Base *pb = &d;
                printf("%d %d %d %d\\n", d.x, pb->x, d.sum(), (int)sizeof(Derived));
                printf("%d %d %d\\n", d.id(), pb->id(), d.Base::id());
                d.f("text");
                d.Base::f(3);
                d.Base::f(2.5);
                d.g(4);
                d.g(1.5);
                d.g("hi");
                printf("%d %d %d\\n", Derived::count(), Base::count(), d.count());
                More m;
                m.show();
                m.x = 1.25; m.Derived::x = 9; m.Base::x = 8;
                m.show();
                Derived &rd = m;
                printf("%d %d\\n", rd.x, static_cast<Base *>(&m)->x);
                return 0;
            }
            """));
    }

    /** Derived::f(const char *) hides Base::f(int): g++ rejects d.f(3). */
    @Test
    void hiddenOverloadIsNotACandidate() {
        String err = RunProgram.errors("""
            struct Base { void f(int v) {} };
            struct Derived : Base { void f(const char *s) {} };
            int main() {
                Derived d;
                d.f(3);
                return 0;
            }
            """);
        assertTrue(err.contains("main.cu:5:8: error: no matching function for call to 'f'"), err);
    }
}
