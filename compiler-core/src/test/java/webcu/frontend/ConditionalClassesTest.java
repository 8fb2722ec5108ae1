package webcu.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** ?: with operands of related classes and pointers to them, and slicing; expected outputs from g++ 12. */
class ConditionalClassesTest {
    /**
     * c ? new Derived : new Base, derived and base pointers (a base not at offset 0 too), nullptr
     * beside a pointer, const and void pointers, base and derived lvalues (assignable, the base
     * subobject) and prvalues (sliced).
     */
    @Test
    void derivedAndBaseOperands() {
        assertEquals("""
            circle shape square\s
            circle mixed 1
            shape
            1 circle
            5 yes 1
            5
            circle
            shape
            7 8
            shape 1
            """, RunProgram.stdout("""
            #include <cstdio>
            #include <cstring>
            struct Shape { virtual ~Shape() {} virtual const char *name() const { return "shape"; } int id = 1; };
            struct Circle : Shape { const char *name() const override { return "circle"; } double r = 2; };
            struct Square : Shape { const char *name() const override { return "square"; } };
            struct Pad { char c[8]; };
            struct Mixed : Pad, Shape { const char *name() const override { return "mixed"; } };
            Shape *make(int k) { return k == 0 ? new Circle : k == 1 ? new Shape : static_cast<Shape *>(new Square); }
            int main() {
                for (int k = 0; k < 3; ++k) { Shape *s = make(k); printf("%s ", s->name()); delete s; }
                printf("\\n");
                Circle c; Shape base; Mixed m;
                bool flag = true;
                Shape *p = flag ? &c : &base;
                Shape *q = !flag ? &base : &m;
                printf("%s %s %d\\n", p->name(), q->name(), q->id);
                const Shape *cp = flag ? &base : static_cast<const Shape *>(&c);
                printf("%s\\n", cp->name());
                Shape *n = flag ? nullptr : p;
                Shape *n2 = flag ? p : nullptr;
                printf("%d %s\\n", n == nullptr, n2->name());
                int v = 5, *ip = flag ? &v : nullptr;
                const char *s = flag ? "yes" : nullptr;
                void *vp = flag ? (void *)&v : ip;
                printf("%d %s %d\\n", *ip, s, vp == &v);
                const int *cip = flag ? ip : (const int *)nullptr;
                printf("%d\\n", *cip);
                Shape &r = flag ? static_cast<Shape &>(c) : base;
                printf("%s\\n", r.name());
                Shape &r2 = flag ? base : c;
                printf("%s\\n", r2.name());
                (flag ? base : m).id = 7;
                (!flag ? base : m).id = 8;
                printf("%d %d\\n", base.id, m.id);
                Shape sliced = flag ? Circle() : Shape();
                printf("%s %d\\n", sliced.name(), (flag ? c : base).id);
                return 0;
            }
            """));
    }

    /** Shape s(circle) copies the Shape part through the implicit copy constructor, as Shape s = circle does. */
    @Test
    void directInitializationFromDerived() {
        assertEquals("""
            shape shape shape circle 3 shape 1
            shape
            """, RunProgram.stdout("""
            #include <cstdio>
            struct Shape { virtual ~Shape() {} virtual const char *name() const { return "shape"; } int id = 1; };
            struct Circle : Shape { const char *name() const override { return "circle"; } double r = 2; };
            struct P { P(int) {} int v = 3; };
            int main() {
                Circle c;
                Shape s1 = c;
                Shape s2 = Circle();
                Shape s4(s1);
                Shape s3(c);
                Circle c2(c);
                P p(1);
                P p2(p);
                printf("%s %s %s %s %d %s %d\\n", s1.name(), s2.name(), s4.name(), c2.name(), p2.v, s3.name(), s3.id);
                Shape *ps = &s1;
                printf("%s\\n", ps->name());
            }
            """));
    }
}
