#include <cstdio>
#include <stdexcept>
#include <vector>
#include <new>
#include <__webcu_functexcept.h>

struct Res {
    int id;
    Res(int i) : id(i) { printf("acquire %d\n", id); }
    ~Res() { printf("release %d\n", id); }
};

struct Widget {
    int size;
    Widget(int s) : size(s) {
        if (s < 0) throw std::invalid_argument("negative size");
        printf("Widget(%d)\n", s);
    }
};

int find(const int *a, int n, int key) {
    for (int i = 0; i < n; i++) {
        Res r(100 + i);
        if (a[i] == key) return i;
    }
    throw std::runtime_error("key not found");
}

int safeDiv(int a, int b) {
    if (b == 0) throw std::domain_error("division by zero");
    return a / b;
}

int tryReturn(int x) {
    try {
        Res r(x);
        return safeDiv(100, x);
    } catch (const std::domain_error &e) {
        printf("tryReturn: %s\n", e.what());
        return -1;
    }
}

struct Base { int v; };
struct Derived : Base { int w; };

int main() {
    int a[4] = {5, 6, 7, 8};
    printf("find 7 -> %d\n", find(a, 4, 7));
    try {
        find(a, 2, 9);
    } catch (std::runtime_error &e) {
        printf("error: %s\n", e.what());
    }
    int r5 = tryReturn(5);
    int r0 = tryReturn(0);
    printf("%d %d\n", r5, r0);
    try {
        Widget ok(3);
        Widget bad(-1);
        printf("not reached\n");
    } catch (const std::invalid_argument &e) {
        printf("construction failed: %s\n", e.what());
    }
    int count = 0;
    while (true) {
        try {
            Res r(count);
            if (count == 2) break;
            if (count % 2 == 0) throw count;
        } catch (int c) {
            printf("caught %d\n", c);
        }
        count++;
    }
    printf("count=%d\n", count);
    try {
        Derived d;
        d.v = 3;
        d.w = 4;
        throw d;
    } catch (Base b) {
        printf("Base by value %d\n", b.v);
    }
    Derived dd;
    dd.v = 9;
    try {
        throw &dd;
    } catch (const Base *b) {
        printf("Base pointer %d\n", b->v);
    }
    try {
        throw 2.5f;
    } catch (double d) {
        printf("wrong: double\n");
    } catch (float f) {
        printf("float %.1f\n", f);
    }
    try {
        std::__throw_out_of_range("vector::_M_range_check");
    } catch (const std::logic_error &e) {
        printf("at: %s\n", e.what());
    }
    int *p = new (std::nothrow) int[4];
    printf("nothrow %s\n", p ? "ok" : "null");
    try {
        try {
            throw std::overflow_error("ovf");
        } catch (const std::runtime_error &e) {
            printf("first %s\n", e.what());
            throw std::underflow_error("second");
        }
    } catch (const std::exception &e) {
        printf("then %s\n", e.what());
    }
    return 0;
}
