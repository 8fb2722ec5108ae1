package webcu.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Object lifetimes: temporaries destroyed at the end of their full-expression, by-value
 * parameters, lifetime extension, elision, and containers that destroy their elements. Every
 * expected output was printed by the same program built with g++ 12 -O2 -std=c++17 on x86-64
 * (the programs avoid evaluation orders C++ leaves unspecified, such as two temporaries as
 * arguments of one call, where g++ evaluates right to left and webcu left to right).
 */
class LifetimesTest {
    /** Argument temporaries, discarded results, operator chains, ?:, lifetime extension, conditions, loop steps, by-value parameters, NRVO. */
    @Test
    void temporariesParametersAndReturns_asGpp() {
        assertEquals("""
            arg temporary
              W(1)
              use 1
              W(2)
              use 2
              ~W(2)
              ~W(1)
            r=3
            discarded
              W(3)
              ~W(3)
              W(4)
              ~W(4)
              W(5)
              ~W(5)
            chain
              W(1)
              W(2)
              W(3)
              W(12)
              W(123)
              use 123
              ~W(123)
              ~W(12)
              chain done
              ~W(3)
              ~W(2)
              ~W(1)
            init from chain
              W(5)
              W(6)
              W(56)
              ~W(6)
            s=56
              ~W(56)
              ~W(5)
            conditional
              W(8)
              use 8
              ~W(8)
              W(7)
              use 7
              ~W(7)
            lifetime extension
              W(9)
              W(10)
            e=9 f=10
              ~W(10)
              ~W(9)
            if condition
              W(11)
              ~W(11)
              then
            loop condition
              W(0)
              ~W(0)
              body 0
              W(1)
              ~W(1)
              body 1
              W(2)
              ~W(2)
            for step
              body 0
              W(20)
              use 20
              ~W(20)
              body 1
              W(21)
              use 21
              ~W(21)
            return nrvo
              W(12)
            a=112
              ~W(112)
            by value
              W(13)
              byval 13
              ~W(13)
              W(14)
              copy W(14)
              byval 14
              ~W(14)
              move W(14)
              byval 14
              ~W(14)
            b=-14
              ~W(-14)
            string conversion
              str text
              str abcd
              W(15)
            member of temporary 15
              ~W(15)
            end
            """, RunProgram.stdout("""
            #include <cstdio>
            #include <string>
            #include <utility>
            struct W {
                int v;
                W(int x) : v(x) { printf("  W(%d)\\n", v); }
                W(const W &o) : v(o.v) { printf("  copy W(%d)\\n", v); }
                W(W &&o) : v(o.v) { o.v = -o.v; printf("  move W(%d)\\n", v); }
                ~W() { printf("  ~W(%d)\\n", v); }
                bool ok() const { return v > 0; }
                W operator+(const W &o) const { return W(v * 10 + o.v); }
            };
            W make(int x) { return W(x); }
            W named(int x) { W w(x); w.v += 100; return w; }
            int use(const W &w) { printf("  use %d\\n", w.v); return w.v; }
            int byval(W w) { printf("  byval %d\\n", w.v); return w.v; }
            void str(const std::string &s) { printf("  str %s\\n", s.c_str()); }
            int main() {
                printf("arg temporary\\n");
                int r = use(W(1)) + use(W(2));
                printf("r=%d\\n", r);
                printf("discarded\\n");
                make(3);
                W(4);
                W{5};
                printf("chain\\n");
                { W a(1), b(2), c(3); use(a + b + c); printf("  chain done\\n"); }
                printf("init from chain\\n");
                { W a(5); W s = a + W(6); printf("s=%d\\n", s.v); }
                printf("conditional\\n");
                for (int i = 0; i < 2; i++) use(i ? W(7) : W(8));
                printf("lifetime extension\\n");
                { const W &e = make(9); W &&f = W(10); printf("e=%d f=%d\\n", e.v, f.v); }
                printf("if condition\\n");
                if (make(11).ok()) printf("  then\\n");
                printf("loop condition\\n");
                int n = 0;
                while (W(n).v < 2) { printf("  body %d\\n", n); n++; }
                printf("for step\\n");
                for (int i = 0; i < 2; use(W(20 + i)), i++) printf("  body %d\\n", i);
                printf("return nrvo\\n");
                { W a = named(12); printf("a=%d\\n", a.v); }
                printf("by value\\n");
                byval(W(13));
                { W b(14); byval(b); byval(std::move(b)); printf("b=%d\\n", b.v); }
                printf("string conversion\\n");
                str("text");
                str(std::string("ab") + "cd");
                printf("member of temporary %d\\n", make(15).v);
                printf("end\\n");
                return 0;
            }
            """));
    }

    /** A temporary already made is destroyed during unwinding, before the enclosing block's locals. */
    @Test
    void temporaryDestroyedWhenAnExceptionLeavesItsFullExpression() {
        assertEquals("""
            T(102)
            T(2)
            check 2
            ~T(2)
            r=2
            ~T(102)
            T(108)
            T(8)
            check 8
            ~T(8)
            ~T(108)
            caught: too big: 8
            """, RunProgram.stdout("""
            #include <cstdio>
            #include <stdexcept>
            #include <string>
            struct T {
                int v;
                T(int x) : v(x) { printf("T(%d)\\n", v); }
                ~T() { printf("~T(%d)\\n", v); }
            };
            int check(const T &a) {
                printf("check %d\\n", a.v);
                if (a.v > 5) throw std::runtime_error("too big: " + std::to_string(a.v));
                return a.v;
            }
            int main() {
                for (int i = 2; i <= 8; i += 6) {
                    try {
                        T keep(100 + i);
                        int r = check(T(i));
                        printf("r=%d\\n", r);
                    } catch (const std::exception &e) {
                        printf("caught: %s\\n", e.what());
                    }
                }
                return 0;
            }
            """));
    }

    /** Constructed minus destroyed is 0 once each container is gone. */
    @Test
    void containersDestroyTheirElements_countingClass() {
        assertEquals("""
            list 3 3
            list done 0
            deque 39 39
            deque done 0
            vector 8 8
            vector done 0
            queue 4 front 1
            stack 4 top 3
            priority_queue 4 top 3
            end 0
            """, RunProgram.stdout("""
            #include <cstdio>
            #include <string>
            #include <list>
            #include <deque>
            #include <vector>
            #include <queue>
            #include <stack>
            static int live = 0;
            struct C {
                int v; std::string s;
                C(int x = 0) : v(x), s("a name long enough to be on the heap") { ++live; }
                C(const C &o) : v(o.v), s(o.s) { ++live; }
                C &operator=(const C &o) { v = o.v; s = o.s; return *this; }
                ~C() { --live; }
                bool operator<(const C &o) const { return v < o.v; }
            };
            int main() {
                { std::list<C> l; for (int i = 0; i < 5; i++) l.push_back(C(i)); l.pop_front(); l.erase(l.begin()); printf("list %d %d\\n", (int)l.size(), live); l.clear(); l.push_back(C(9)); }
                printf("list done %d\\n", live);
                { std::deque<C> d; for (int i = 0; i < 40; i++) d.push_back(C(i)); d.pop_front(); d.pop_back(); d.push_front(C(1)); printf("deque %d %d\\n", (int)d.size(), live); d.clear(); d.push_back(C(2)); }
                printf("deque done %d\\n", live);
                { std::vector<C> v; for (int i = 0; i < 9; i++) v.push_back(C(i)); v.pop_back(); printf("vector %d %d\\n", (int)v.size(), live); }
                printf("vector done %d\\n", live);
                { std::queue<C> q; for (int i = 0; i < 5; i++) q.push(C(i)); q.pop(); printf("queue %d front %d\\n", live, q.front().v); }
                { std::stack<C> s; for (int i = 0; i < 5; i++) s.push(C(i)); s.pop(); printf("stack %d top %d\\n", live, s.top().v); }
                { std::priority_queue<C> p; for (int i = 0; i < 5; i++) p.push(C(i * 7 % 5)); p.pop(); printf("priority_queue %d top %d\\n", live, p.top().v); }
                printf("end %d\\n", live);
                return 0;
            }
            """));
    }

    /** Map, multimap, set, multiset, unordered_map and unordered_set destroy their elements (a pair's second through pair's implicit destructor), and a struct with class members destroys them. */
    @Test
    void nodeContainersAndImplicitDestructorsDestroyTheirElements() {
        assertEquals("""
            map 6 6
            map assigned 0 0
            map done 0
            multimap 5 5
            multimap done 0
            set 5 5
            multiset 5 5
            unordered_map 19 19
            unordered_set 19 19
            records 2 first
            end 0
            """, RunProgram.stdout("""
            #include <cstdio>
            #include <string>
            #include <map>
            #include <set>
            #include <unordered_map>
            #include <unordered_set>
            #include <utility>
            static int live = 0;
            struct C {
                int v; std::string s;
                C(int x = 0) : v(x), s("a name long enough to be on the heap") { ++live; }
                C(const C &o) : v(o.v), s(o.s) { ++live; }
                C &operator=(const C &o) { v = o.v; s = o.s; return *this; }
                ~C() { --live; }
                bool operator<(const C &o) const { return v < o.v; }
                bool operator==(const C &o) const { return v == o.v; }
            };
            struct Hash { size_t operator()(const C &c) const { return (size_t)c.v; } };
            struct Record { std::string name; C payload; };
            int main() {
                { std::map<int, C> m; for (int i = 0; i < 6; i++) m[i] = C(i); m.erase(2); m.insert(std::make_pair(10, C(10))); printf("map %d %d\\n", (int)m.size(), live);
                  std::map<int, C> copy = m; copy.clear(); m = copy; printf("map assigned %d %d\\n", (int)m.size(), live); }
                printf("map done %d\\n", live);
                { std::multimap<int, C> m; for (int i = 0; i < 6; i++) m.insert(std::make_pair(i % 2, C(i))); m.erase(m.begin()); printf("multimap %d %d\\n", (int)m.size(), live); }
                printf("multimap done %d\\n", live);
                { std::set<C> s; for (int i = 0; i < 6; i++) s.insert(C(i)); s.erase(C(3)); printf("set %d %d\\n", (int)s.size(), live); }
                { std::multiset<C> s; for (int i = 0; i < 6; i++) s.insert(C(i % 3)); s.erase(s.begin()); printf("multiset %d %d\\n", (int)s.size(), live); }
                { std::unordered_map<int, C> m; for (int i = 0; i < 20; i++) m.emplace(i, C(i)); m.erase(5); printf("unordered_map %d %d\\n", (int)m.size(), live); }
                { std::unordered_set<C, Hash> s; for (int i = 0; i < 20; i++) s.insert(C(i)); s.erase(C(4)); printf("unordered_set %d %d\\n", (int)s.size(), live); }
                { Record r{"first", C(1)}; Record q = r; printf("records %d %s\\n", live, q.name.c_str()); }
                printf("end %d\\n", live);
                return 0;
            }
            """));
    }

    /** A class without a declared destructor destroys its members, an aggregate's and a template's. */
    @Test
    void implicitDestructorDestroysMembers() {
        assertEquals("""
            C(2)
            ~C(2)
            --
            C(3)
            copy C(3)
            ~C(3)
            copy C(3)
            ~C(3)
            ~C(3)
            end
            """, RunProgram.stdout("""
            #include <cstdio>
            struct C { int v; C(int x) : v(x) { printf("C(%d)\\n", v); } C(const C &o) : v(o.v) { printf("copy C(%d)\\n", v); } ~C() { printf("~C(%d)\\n", v); } };
            struct P { int k; C c; };
            template <class A, class B> struct Pr { A a; B b; Pr(const A &x, const B &y) : a(x), b(y) {} };
            int main() { { P p{1, C(2)}; } printf("--\\n"); { Pr<int, C> q(1, C(3)); Pr<int, C> r = q; } printf("end\\n"); return 0; }
            """));
    }

    /** An rvalue binds to T&& and an lvalue to const T& (push_back of a temporary moves). */
    @Test
    void rvalueArgumentsPickTheMoveOverload() {
        assertEquals("""
            f &&
            f const&
            f &&
            move
            copy
            """, RunProgram.stdout("""
            #include <cstdio>
            #include <vector>
            #include <utility>
            struct B { int v; B(int x) : v(x) {} B(const B &o) : v(o.v) { printf("copy\\n"); } B(B &&o) : v(o.v) { printf("move\\n"); } ~B() {} };
            struct H { void f(const B &) { printf("f const&\\n"); } void f(B &&) { printf("f &&\\n"); } };
            int main() { H h; B b(1); h.f(B(2)); h.f(b); h.f(std::move(b)); std::vector<B> v; v.reserve(4); v.push_back(B(3)); v.push_back(b); return 0; }
            """));
    }
    /** The caller destroys a by-value parameter after the whole statement (Itanium ABI), also through a virtual call, a function pointer and std::function; a returned parameter and a sink parameter are moved from. */
    @Test
    void byValueParametersDieAtTheEndOfTheCallersFullExpression() {
        assertEquals("""
            caller destroys after the full-expression
              P(4)
              twice = 8
              ~P(8)
              P(5)
              copy P(5)
              twice copy = 10, a = 5
              ~P(10)
            returned parameter
              P(7)
              move P(8)
              ~P(0)
              b = 8
            sink
              another string long enough for the heap / a string long enough to live on the heap
            virtual
              P(8)
              take = 108
              ~P(8)
            pointer
              P(9)
              fp = 18
              ~P(18)
              P(10)
              move P(10)
              ~P(20)
              function = 20
              ~P(0)
            end
              ~P(8)
              ~P(5)
            """, RunProgram.stdout("""
            #include <cstdio>
            #include <string>
            #include <utility>
            #include <functional>
            struct P {
                int v;
                P(int x) : v(x) { printf("  P(%d)\\n", v); }
                P(const P &o) : v(o.v) { printf("  copy P(%d)\\n", v); }
                P(P &&o) : v(o.v) { o.v = 0; printf("  move P(%d)\\n", v); }
                ~P() { printf("  ~P(%d)\\n", v); }
            };
            int twice(P p) { p.v *= 2; return p.v; }
            P pass(P p) { p.v += 1; return p; }
            struct Named {
                std::string name;
                void set(std::string n) { name = std::move(n); }
            };
            struct Base { virtual int take(P p) { return p.v; } virtual ~Base() {} };
            struct Derived : Base { int take(P p) override { return p.v + 100; } };
            int main() {
                printf("caller destroys after the full-expression\\n");
                printf("  twice = %d\\n", twice(P(4)));
                P a(5);
                printf("  twice copy = %d, a = %d\\n", twice(a), a.v);
                printf("returned parameter\\n");
                P b = pass(P(7));
                printf("  b = %d\\n", b.v);
                printf("sink\\n");
                Named n;
                std::string s = "a string long enough to live on the heap";
                n.set(s);
                n.set(std::string("another string long enough for the heap"));
                printf("  %s / %s\\n", n.name.c_str(), s.c_str());
                printf("virtual\\n");
                Derived d;
                Base &r = d;
                printf("  take = %d\\n", r.take(P(8)));
                printf("pointer\\n");
                int (*fp)(P) = twice;
                printf("  fp = %d\\n", fp(P(9)));
                std::function<int(P)> f = twice;
                printf("  function = %d\\n", f(P(10)));
                printf("end\\n");
                return 0;
            }
            """));
    }
    /** A range-for keeps its temporary range alive until the loop ends, member initialisers are full-expressions and a prvalue initialises its member directly, auto&& extends a temporary, static_cast<T&&> moves. */
    @Test
    void rangeForOverATemporaryMemberInitialisersAutoRefAndStaticCast() {
        assertEquals("""
            range over a temporary
              make
              x=1
              x=2
              T(3)
              move T(3)
              ~T(-3)
              t=3
              ~T(3)
            member initialisers
              T(5)
              make
              T(7)
              copy T(5)
              Holder body
              items 2 tag 7 copied 5 holder-one
              ~T(5)
              ~T(7)
              ~T(5)
            auto&& and static_cast
              T(8)
              T(9)
              move T(8)
              r=-8 q=9 moved=8
              ~T(8)
              ~T(9)
              ~T(-8)
            end
            """, RunProgram.stdout("""
            #include <cstdio>
            #include <vector>
            #include <list>
            #include <string>
            #include <utility>
            struct T {
                int v;
                T(int x) : v(x) { printf("  T(%d)\\n", v); }
                T(const T &o) : v(o.v) { printf("  copy T(%d)\\n", v); }
                T(T &&o) : v(o.v) { o.v = -o.v; printf("  move T(%d)\\n", v); }
                ~T() { printf("  ~T(%d)\\n", v); }
            };
            std::vector<int> make() { printf("  make\\n"); std::vector<int> v; v.push_back(1); v.push_back(2); return v; }
            std::list<T> makeList() { std::list<T> l; l.push_back(T(3)); return l; }
            T label(int x) { return T(x); }
            struct Holder {
                std::vector<int> items;
                T tag;
                T copied;
                std::string name;
                Holder(const T &from) : items(make()), tag(T(7)), copied(from), name(std::string("holder-") + "one") { printf("  Holder body\\n"); }
            };
            int main() {
                printf("range over a temporary\\n");
                for (int x : make()) printf("  x=%d\\n", x);
                for (const T &t : makeList()) printf("  t=%d\\n", t.v);
                printf("member initialisers\\n");
                {
                    T src(5);
                    Holder h(src);
                    printf("  items %d tag %d copied %d %s\\n", (int)h.items.size(), h.tag.v, h.copied.v, h.name.c_str());
                }
                printf("auto&& and static_cast\\n");
                {
                    auto &&r = T(8);
                    auto &&q = label(9);
                    T moved = static_cast<T &&>(r);
                    printf("  r=%d q=%d moved=%d\\n", r.v, q.v, moved.v);
                }
                printf("end\\n");
                return 0;
            }
            """));
    }
}
